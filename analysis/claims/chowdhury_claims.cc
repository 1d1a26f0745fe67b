// Claims of Chowdhury, Zhou, Shroff 2021, "Adaptive Control of Differentially Private Linear
// Quadratic Systems" (Private-OFU-RL, Thms. 1 and 3), measured on //experiments:private_ofu_fig
// (docs/hdf5_schema.md). Regret is the exact expected regret of each episode (Riccati).
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "analysis/claims/registry.h"
#include "analysis/lq_onset.h"
#include "analysis/claims/statistics.h"
#include "analysis/regret_stats.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

constexpr char kPaper[] = "Chowdhury et al. 2021";
// The LQ systems of private_ofu_fig's default grid (experiments/chowdhury/private_ofu_task.h);
// a system absent from a results file makes its claims undefined, with the reason.
const char* const kLqSystems[] = {"chain_n2", "rotation_n2", "relay_n2"};

// The two calibrations of Alg. 1 with the same (eps, delta)-JDP (one episode replaced): the
// paper's and the tight one (docs/private_ofu_rl.md). Thms. 1 and 3 bound the regret of the
// algorithm whatever the noise calibration that meets the privacy accounting, so each claim is
// tested for both.
struct PrivateAgent {
  const char* agent;     // the `agent` attribute
  const char* id_infix;  // "" for the paper's calibration (the historical claim ids), else ".tight"
  const char* what;      // in statements
};
const PrivateAgent kPrivateAgents[] = {
    {"private_ofu_rl", "", "Private-OFU-RL"},
    {"private_ofu_rl_tight", ".tight", "Private-OFU-RL with the tight calibration"},
};

// The ofu_rl group of `env`: empty when the file has none (a results file of a grid without that
// system: its claims are undefined, not an error); more than one is an error.
absl::StatusOr<std::optional<std::string>> OfuRlGroup(const Hdf5Reader& reader,
                                                      const std::string& env) {
  ASSIGN_OR_RETURN(std::vector<std::string> groups,
                   SelectGroups(reader, {{hdf5_names::kEnv, env}, {hdf5_names::kAgent, "ofu_rl"}}));
  if (groups.empty()) return std::nullopt;
  if (groups.size() != 1) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: expected one ofu_rl group of env '%s', found %d", reader.path(), env, groups.size()));
  }
  return groups.front();
}

Measurement NoSystem(const std::string& env) {
  return UndefinedMeasurement(absl::StrCat("no ofu_rl run of ", env, " in the file"));
}

// Late-episode regret exponent in K of ofu_rl (private_agent empty) or of the private agent
// `private_agent` at its largest eps.
MeasureFunction RegretExponent(const std::string& env, const std::string& private_agent) {
  return [env, private_agent](const Hdf5Reader& reader, const BootstrapOptions& bootstrap,
                              const std::string& id) -> absl::StatusOr<Measurement> {
    std::string group;
    std::string what = "OFU-RL";
    if (!private_agent.empty()) {
      ASSIGN_OR_RETURN(
          std::vector<std::string> groups,
          SelectGroups(reader, {{hdf5_names::kEnv, env}, {hdf5_names::kAgent, private_agent}}));
      ASSIGN_OR_RETURN(auto sorted, SortByNumber(reader, groups, hdf5_names::kPrivacyEpsilon));
      if (sorted.empty()) {
        return UndefinedMeasurement(
            absl::StrCat("no ", private_agent, " run of ", env, " in the file"));
      }
      group = sorted.back().second;
      what = absl::StrFormat("%s at eps = %g", private_agent, sorted.back().first);
    } else {
      ASSIGN_OR_RETURN(std::optional<std::string> ofu, OfuRlGroup(reader, env));
      if (!ofu) return NoSystem(env);
      group = *ofu;
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

// Slope of log(final regret of the private agent - final regret of ofu_rl) against log eps, over
// the eps PAST THE ONSET only. Regime: a group's eps counts when every seed left u = 0 within the first
// decade of episodes, 1 <= onset_episode <= K / 10 (onset_episode: the first episode with no A = 0
// model in C_k cap S; before it the optimistic policy is exactly u = 0 and the cost does not
// depend on eps, and just after it optimism can cost MORE than u = 0, so a power law fitted across
// the onset boundary is meaningless). Fewer than two such eps: out of regime.
MeasureFunction PrivacyCostExponent(const std::string& env, const std::string& private_agent) {
  return [env, private_agent](const Hdf5Reader& reader, const BootstrapOptions& bootstrap,
               const std::string& id) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(std::optional<std::string> ofu, OfuRlGroup(reader, env));
    if (!ofu) return NoSystem(env);
    ASSIGN_OR_RETURN(RegretRows reference, ReadRegretRows(reader, *ofu));
    ASSIGN_OR_RETURN(
        std::vector<std::string> groups,
        SelectGroups(reader, {{hdf5_names::kEnv, env}, {hdf5_names::kAgent, private_agent}}));
    ASSIGN_OR_RETURN(auto sorted, SortByNumber(reader, groups, hdf5_names::kPrivacyEpsilon));
    std::vector<SeedRows> rows = {reference.cumulative};
    std::vector<double> epsilons;
    std::vector<std::string> skipped;
    for (const auto& [privacy_epsilon, group] : sorted) {
      ASSIGN_OR_RETURN(RegretRows regret, ReadRegretRows(reader, group));
      const std::string onset_path = absl::StrCat(group, "/", hdf5_names::kOnsetEpisode);
      if (!reader.HasObject(onset_path)) {
        return UndefinedMeasurement(absl::StrCat(
            group, " has no ", hdf5_names::kOnsetEpisode,
            " (results file older than the onset diagnostics): rerun private_ofu_fig"));
      }
      ASSIGN_OR_RETURN(std::vector<double> onsets, reader.ReadVector(onset_path));
      if (!EverySeedPastOnset(onsets, regret.episodes.back())) {
        skipped.push_back(absl::StrFormat("%g", privacy_epsilon));
        continue;
      }
      rows.push_back(regret.cumulative);
      epsilons.push_back(privacy_epsilon);
    }
    const std::string regime = absl::StrFormat(
        "eps with onset <= K/10 on every seed: {%s}; before onset (excluded): {%s}",
        absl::StrJoin(epsilons, ", ",
                      [](std::string* out, double e) { absl::StrAppendFormat(out, "%g", e); }),
        absl::StrJoin(skipped, ", "));
    if (epsilons.size() < 2) {
      Measurement out = UndefinedMeasurement(regime);
      out.regime_missed = absl::StrFormat("%d eps past the onset (onset <= K/10 on every seed), 2 "
                                          "needed",
                                          epsilons.size());
      return out;
    }
    // Final-regret costs over OFU-RL of the mean curves; a cost <= 0 makes the fit undefined
    // (StrictLogLogFit names the point), never silently dropped.
    auto costs = [](const std::vector<SeedRows>& g) {
      std::vector<double> out;
      const double reference_final = ColumnMean(g[0], -1);
      for (size_t i = 1; i < g.size(); ++i) out.push_back(ColumnMean(g[i], -1) - reference_final);
      return out;
    };
    Measurement measurement = BootstrapMeasurement(
        rows, ExplainedStatistic([epsilons, costs](const std::vector<SeedRows>& g) {
          return StrictLogLogFit(epsilons, costs(g));
        }),
        bootstrap, id,
        absl::StrCat("slope of log(final regret ", private_agent,
                     " - OFU-RL) vs log eps past the onset; ", regime));
    if (!measurement.defined) return measurement;
    measurement.systematic = FitWindowSystematic(epsilons, costs(rows), StrictLogLogFit);
    absl::StrAppendFormat(&measurement.detail, "; window systematic %.3g (eps range minus an end "
                          "point)", measurement.systematic);
    return measurement;
  };
}

}  // namespace

std::vector<Claim> ChowdhuryClaims() {
  std::vector<Claim> claims;
  for (const char* env : kLqSystems) {
    // Thms. 1 and 3 are upper bounds: tested in their falsifiable direction, regret growing no
    // faster than sqrt(K) up to polylog (exponent <= 0.5 + 0.1). A smaller exponent (an easy
    // system, or regret settling faster) does not contradict an upper bound.
    Claim ofu{absl::StrCat("chowdhury.ofu_rl_exponent.", env),
              kPaper,
              "Thm. 1",
              absl::StrCat("non-private OFU-RL has regret O~(sqrt K): its late exponent in K is at "
                           "most 1/2 up to polylog (",
                           env, ")"),
              "private_ofu_fig",
              "late-episode regret exponent in K of OFU-RL",
              {Comparison::kAtMost, 0.5, 0.1},
              true,
              RegretExponent(env, /*private_agent=*/"")};
    ofu.why_evidence =
        "measured regret of the agent; an exponent above 0.6 (e.g. linear regret of a controller "
        "that does not learn) would contradict any C sqrt(K) polylog(K) bound at large K";
    claims.push_back(ofu);
    for (const PrivateAgent& agent : kPrivateAgents) {
      Claim private_exponent{
          absl::StrCat("chowdhury.private_exponent", agent.id_infix, ".", env),
          kPaper,
          "Thm. 3",
          absl::StrCat(agent.what,
                       " has regret O~(sqrt K) under (eps, delta)-JDP: its late exponent in K is "
                       "at most 1/2 up to polylog (",
                       env, ")"),
          "private_ofu_fig",
          absl::StrCat("late-episode regret exponent in K of ", agent.agent, ", largest eps"),
          {Comparison::kAtMost, 0.5, 0.1},
          true,
          RegretExponent(env, agent.agent)};
      private_exponent.why_evidence =
          "measured regret of the private agent; an exponent above 0.6 would contradict any "
          "C sqrt(K) polylog(K) bound at large K";
      claims.push_back(private_exponent);
      Claim cost{absl::StrCat("chowdhury.privacy_cost_vs_eps", agent.id_infix, ".", env),
                 kPaper,
                 "Thm. 3 (Sec. IV)",
                 absl::StrCat("the cost of privacy of ", agent.what,
                              " is O~(ln(1/delta)^(1/4) / eps^(1/2)): it falls at least as fast as "
                              "eps^(-1/2) (",
                              env, ")"),
                 "private_ofu_fig",
                 absl::StrCat("exponent of (final regret ", agent.agent,
                              " - OFU-RL) in eps, over the eps whose onset of learning is within "
                              "the first decade of episodes on every seed"),
                 {Comparison::kAtMost, -0.5, 0.15},
                 true,
                 PrivacyCostExponent(env, agent.agent)};
      cost.regime = "every eps in the fit past the onset (first episode with no A = 0 model in "
                    "C_k cap S <= K/10 on every seed); >= 2 such eps";
      cost.why_evidence =
          "measured regret of two agents; a cost falling slower than eps^(-1/2) (exponent > "
          "-0.35) would exceed any C eps^(-1/2) bound at large eps";
      claims.push_back(cost);
    }
  }
  return claims;
}

}  // namespace dprl
