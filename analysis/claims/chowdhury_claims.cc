// Claims of Chowdhury, Zhou, Shroff 2021, "Adaptive Control of Differentially Private Linear
// Quadratic Systems" (Private-OFU-RL, Thms. 1 and 3), measured on //experiments:private_ofu_fig
// (docs/hdf5_schema.md). Regret is the exact expected regret of each episode (Riccati).
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/claims/registry.h"
#include "analysis/claims/statistics.h"
#include "analysis/regret_stats.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

constexpr char kPaper[] = "Chowdhury et al. 2021";
// The LQ systems of private_ofu_fig at every scale (experiments/private_ofu_task.h).
const char* const kLqSystems[] = {"chain_n2", "rotation_n2"};

absl::StatusOr<std::string> OfuRlGroup(const Hdf5Reader& reader, const std::string& env) {
  ASSIGN_OR_RETURN(std::vector<std::string> groups,
                   SelectGroups(reader, {{hdf5_names::kEnv, env}, {hdf5_names::kAgent, "ofu_rl"}}));
  if (groups.size() != 1) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: expected one ofu_rl group of env '%s', found %d", reader.path(), env, groups.size()));
  }
  return groups.front();
}

// Late-episode regret exponent in K of ofu_rl (private = false) or of private_ofu_rl at its
// largest eps (private = true).
MeasureFunction RegretExponent(const std::string& env, bool private_agent) {
  return [env, private_agent](const Hdf5Reader& reader, const BootstrapOptions& bootstrap,
                              const std::string& id) -> absl::StatusOr<Measurement> {
    std::string group;
    std::string what = "OFU-RL";
    if (private_agent) {
      ASSIGN_OR_RETURN(
          std::vector<std::string> groups,
          SelectGroups(reader, {{hdf5_names::kEnv, env}, {hdf5_names::kAgent, "private_ofu_rl"}}));
      ASSIGN_OR_RETURN(auto sorted, SortByNumber(reader, groups, hdf5_names::kPrivacyEpsilon));
      if (sorted.empty()) return UndefinedMeasurement("no private_ofu_rl run in the file");
      group = sorted.back().second;
      what = absl::StrFormat("Private-OFU-RL at eps = %g", sorted.back().first);
    } else {
      ASSIGN_OR_RETURN(std::string ofu, OfuRlGroup(reader, env));
      group = ofu;
    }
    ASSIGN_OR_RETURN(RegretRows rows, ReadRegretRows(reader, group));
    const std::vector<double> episodes = rows.episodes;
    return BootstrapMeasurement(
        {rows.cumulative},
        [episodes](const std::vector<SeedRows>& g) { return LateEpisodeExponent(episodes, g[0]); },
        bootstrap, id,
        absl::StrFormat("late-episode exponent in K of %s, K = %g", what, episodes.back()));
  };
}

// Slope of log(final regret of private_ofu_rl - final regret of ofu_rl) against log eps.
MeasureFunction PrivacyCostExponent(const std::string& env) {
  return [env](const Hdf5Reader& reader, const BootstrapOptions& bootstrap,
               const std::string& id) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(std::string ofu, OfuRlGroup(reader, env));
    ASSIGN_OR_RETURN(RegretRows reference, ReadRegretRows(reader, ofu));
    ASSIGN_OR_RETURN(
        std::vector<std::string> groups,
        SelectGroups(reader, {{hdf5_names::kEnv, env}, {hdf5_names::kAgent, "private_ofu_rl"}}));
    ASSIGN_OR_RETURN(auto sorted, SortByNumber(reader, groups, hdf5_names::kPrivacyEpsilon));
    std::vector<SeedRows> rows = {reference.cumulative};
    std::vector<double> epsilons;
    for (const auto& [privacy_epsilon, group] : sorted) {
      ASSIGN_OR_RETURN(RegretRows regret, ReadRegretRows(reader, group));
      rows.push_back(regret.cumulative);
      epsilons.push_back(privacy_epsilon);
    }
    return BootstrapMeasurement(
        rows,
        [epsilons](const std::vector<SeedRows>& g) -> std::optional<double> {
          const double reference_final = ColumnMean(g[0], -1);
          std::vector<double> costs;
          for (size_t i = 1; i < g.size(); ++i)
            costs.push_back(ColumnMean(g[i], -1) - reference_final);
          return LogLogSlope(epsilons, costs);  // costs <= 0 are dropped
        },
        bootstrap, id,
        absl::StrFormat("slope of log(final regret Private-OFU-RL - OFU-RL) vs log eps over %d eps",
                        epsilons.size()));
  };
}

}  // namespace

std::vector<Claim> ChowdhuryClaims() {
  std::vector<Claim> claims;
  for (const char* env : kLqSystems) {
    claims.push_back({absl::StrCat("chowdhury.ofu_rl_exponent.", env),
                      kPaper,
                      "Thm. 1",
                      absl::StrCat("non-private OFU-RL has regret O~(sqrt K) (", env, ")"),
                      "private_ofu_fig",
                      "late-episode regret exponent in K of OFU-RL",
                      {Comparison::kNear, 0.5, 0.1},
                      true,
                      RegretExponent(env, false)});
    claims.push_back(
        {absl::StrCat("chowdhury.private_exponent.", env),
         kPaper,
         "Thm. 3",
         absl::StrCat("Private-OFU-RL has regret O~(sqrt K) under (eps, delta)-JDP (", env, ")"),
         "private_ofu_fig",
         "late-episode regret exponent in K of Private-OFU-RL, largest eps",
         {Comparison::kNear, 0.5, 0.1},
         true,
         RegretExponent(env, true)});
    claims.push_back(
        {absl::StrCat("chowdhury.privacy_cost_vs_eps.", env),
         kPaper,
         "Thm. 3 (Sec. IV)",
         absl::StrCat("the cost of privacy grows as ln(1/delta)^(1/4) / eps^(1/2) (", env, ")"),
         "private_ofu_fig",
         "exponent of (final regret Private-OFU-RL - OFU-RL) in eps",
         {Comparison::kNear, -0.5, 0.15},
         true,
         PrivacyCostExponent(env)});
  }
  return claims;
}

}  // namespace dprl
