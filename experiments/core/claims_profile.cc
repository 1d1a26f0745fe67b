#include "experiments/core/claims_profile.h"

#include <cmath>
#include <memory>
#include <type_traits>
#include <variant>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/status_macros.h"
#include "glog/logging.h"

namespace dprl {
namespace {

// A profile value in --set syntax: ConfigFields' text syntax, except that an integral float below
// 2^53 is written in plain digits (1000000, not 1e+06), as the profiles' commands have always
// been written (the two texts parse to the same value).
std::string ProfileNumberText(double value) {
  if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 9007199254740992.0) {
    return absl::StrCat(static_cast<int64_t>(value));
  }
  return "";  // not integral: the field's own text
}

std::string ProfileText(const ConfigFields::Field& field) {
  return std::visit(
      [&field](const auto* target) -> std::string {
        using T = std::decay_t<decltype(*target)>;
        if constexpr (std::is_same_v<T, double>) {
          const std::string text = ProfileNumberText(*target);
          if (!text.empty()) return text;
        } else if constexpr (std::is_same_v<T, std::vector<double>>) {
          std::vector<std::string> items;
          for (double value : *target) {
            std::string text = ProfileNumberText(value);
            if (text.empty()) return ConfigFields::FormatText(field);
            items.push_back(std::move(text));
          }
          return absl::StrJoin(items, ",");
        }
        return ConfigFields::FormatText(field);
      },
      field.target);
}

}  // namespace

bool IsClaimsProfile(absl::string_view scale) {
  return scale == "claims" || scale == "claims_reduced";
}

const ClaimsProfileRun& ProfileRun(const ClaimsProfiles& profiles, absl::string_view name) {
  CHECK(IsClaimsProfile(name)) << name;
  return name == "claims" ? profiles.claims : profiles.claims_reduced;
}

absl::StatusOr<ResolvedProfileRun> ResolveProfileRun(const ExperimentDefinition& experiment,
                                                     const ClaimsProfileRun& run) {
  if (run.seeds < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(experiment.name, ": claims profile seeds ", run.seeds, " < 0"));
  }
  ResolvedProfileRun resolved;
  resolved.scale = ScaleName(run.scale);
  resolved.seeds = run.seeds > 0 ? run.seeds : DefaultSeeds(experiment, run.scale);
  resolved.flags.push_back("--scale=" + resolved.scale);
  if (run.seeds > 0) resolved.flags.push_back(absl::StrCat("--seeds=", run.seeds));
  std::unique_ptr<ExperimentGrid> grid = experiment.make_grid(run.scale);
  for (const auto& [name, value] : run.grid) {
    if (absl::Status status = grid->fields().SetValue(name, value); !status.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(experiment.name, ": claims profile: ", status.message()));
    }
    resolved.flags.push_back(
        absl::StrCat("--set=", name, "=", ProfileText(*grid->fields().Find(name))));
  }
  if (absl::StatusOr<std::vector<ConfigSpec>> configs = grid->MakeConfigs(); !configs.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(experiment.name, ": claims profile: ", configs.status().message()));
  }
  resolved.resolved_config = grid->fields().ToToml();
  return resolved;
}

std::string MatchClaimsProfile(const ExperimentDefinition& experiment,
                               const ClaimsProfiles& profiles, const RecordedRun& recorded) {
  std::vector<std::string> matches;
  for (const char* name : {"claims", "claims_reduced"}) {
    absl::StatusOr<ResolvedProfileRun> run =
        ResolveProfileRun(experiment, ProfileRun(profiles, name));
    if (run.ok() && run->scale == recorded.scale && run->seeds == recorded.seeds &&
        run->resolved_config == recorded.resolved_config) {
      matches.push_back(name);
    }
  }
  if (matches.size() == 2) return "claims or claims_reduced";
  return matches.empty() ? "" : matches.front();
}

}  // namespace dprl
