#include "experiments/core/claims_profile.h"

#include <algorithm>
#include <map>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace dprl {
namespace {

using FlagTable = std::map<std::string, std::vector<std::string>>;

const FlagTable& FullProfile() {
  static const FlagTable* const table = new FlagTable{
      {"vietri_fig",
       {"--scale=default", "--seeds=20", "--set=num_episodes=10000000",
        "--set=privacy_epsilons=10,30,100,300,1000,3000,10000,30000",
        "--set=exact_tail_privacy_epsilons=1000"}},
      {"vietri_lower_bound_fig",
       {"--scale=default", "--seeds=20", "--set=instances=n2_m1_H2,n3_m2_H2,n3_m1_H2,n4_m1_H2",
        "--set=alpha_primes=0.5,0.375,0.25"}},
      {"rlsvi_privacy_fig", {"--scale=default"}},  // closed forms: seeds do not matter
      {"private_ofu_fig",
       {"--scale=default", "--seeds=20", "--set=privacy_epsilons=10,30,100,300,1000,10000,1000000"}},
      {"wang_hegde_fig1", {"--scale=default", "--seeds=20"}},
      {"wang_hegde_fig2", {"--scale=default", "--seeds=20"}},
  };
  return *table;
}

const FlagTable& ReducedProfile() {
  static const FlagTable* const table = new FlagTable{
      {"vietri_fig",
       {"--scale=default", "--seeds=20", "--set=privacy_epsilons=1000,3000,10000,30000",
        "--set=exact_tail_privacy_epsilons=1000"}},
      {"vietri_lower_bound_fig",
       {"--scale=default", "--seeds=20", "--set=num_episodes=50000",
        "--set=alpha_primes=0.5,0.35"}},
      {"rlsvi_privacy_fig", {"--scale=smoke"}},
      {"private_ofu_fig", {"--scale=smoke", "--seeds=20"}},
      {"wang_hegde_fig1", {"--scale=default", "--seeds=20"}},
      {"wang_hegde_fig2", {"--scale=default", "--seeds=20"}},
  };
  return *table;
}

// ProfileFlagsOf, sorted.
std::vector<std::string> SortedProfileFlags(absl::string_view command_line) {
  std::vector<std::string> flags = ProfileFlagsOf(command_line);
  std::sort(flags.begin(), flags.end());
  return flags;
}

}  // namespace

std::vector<std::string> ProfileFlagsOf(absl::string_view command_line) {
  std::vector<std::string> flags;
  for (absl::string_view token : absl::StrSplit(command_line, ' ', absl::SkipEmpty())) {
    if (absl::StartsWith(token, "--scale=") || absl::StartsWith(token, "--seeds=") ||
        absl::StartsWith(token, "--set=")) {
      flags.emplace_back(token);
    }
  }
  return flags;
}

std::string MatchClaimsProfile(absl::string_view experiment, absl::string_view command_line) {
  const std::vector<std::string> recorded = SortedProfileFlags(command_line);
  std::vector<std::string> matches;
  for (const auto& [name, table] :
       {std::pair{"claims", &FullProfile()}, std::pair{"claims_reduced", &ReducedProfile()}}) {
    auto it = table->find(std::string(experiment));
    if (it != table->end() && SortedProfileFlags(absl::StrJoin(it->second, " ")) == recorded) {
      matches.push_back(name);
    }
  }
  if (matches.size() == 2) return "claims or claims_reduced";
  return matches.empty() ? "" : matches.front();
}

bool IsClaimsProfile(absl::string_view scale) {
  return scale == "claims" || scale == "claims_reduced";
}

absl::StatusOr<std::vector<ProfileStep>> ClaimsProfile(
    absl::string_view name, const std::vector<std::string>& experiments) {
  if (!IsClaimsProfile(name)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--scale: '", name, "' is not a claims profile (claims | claims_reduced)"));
  }
  const FlagTable& table = name == "claims" ? FullProfile() : ReducedProfile();
  std::vector<ProfileStep> steps;
  for (const std::string& experiment : experiments) {
    auto it = table.find(experiment);
    if (it == table.end()) {
      return absl::InternalError(
          absl::StrCat("claims profile '", name, "' has no entry for ", experiment));
    }
    steps.push_back({experiment, it->second});
  }
  return steps;
}

}  // namespace dprl
