// Claims of Vietri, Balle, Krishnamurthy, Wu 2020, "Private Reinforcement Learning with PAC and
// Regret Guarantees" (PUCB, Alg. 2-3; Thms. 3-6), measured on //experiments:vietri_fig and
// //experiments:vietri_lower_bound_fig (docs/hdf5_schema.md).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/claims/registry.h"
#include "analysis/claims/statistics.h"
#include "analysis/lower_bound_summary.h"
#include "analysis/regret_stats.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

constexpr char kPaper[] = "Vietri et al. 2020";
// The environments of vietri_fig at every scale (experiments/vietri_task.h).
const char* const kVietriEnvs[] = {"riverswim", "random_mdp"};

struct PucbRuns {
  std::vector<double> epsilons;          // ascending
  std::vector<std::string> groups;       // same order
  std::vector<SeedRows> first_episodes;  // first_episode_bonus_below_horizon rows
  int64_t episodes = 0;                  // T
};

// PUCB groups of `env` whose error bound was computed by `error_bound_method`, sorted by
// privacy_epsilon.
absl::StatusOr<PucbRuns> ReadPucbRuns(const Hdf5Reader& reader, const std::string& env,
                                      const std::string& error_bound_method) {
  ASSIGN_OR_RETURN(std::vector<std::string> groups,
                   SelectGroups(reader, {{hdf5_names::kEnv, env},
                                         {hdf5_names::kAgent, "pucb"},
                                         {hdf5_names::kErrorBoundMethod, error_bound_method}}));
  ASSIGN_OR_RETURN(auto sorted, SortByNumber(reader, groups, hdf5_names::kPrivacyEpsilon));
  PucbRuns runs;
  for (const auto& [privacy_epsilon, group] : sorted) {
    ASSIGN_OR_RETURN(SeedRows first,
                     ReadSeedRows(reader, group, hdf5_names::kFirstEpisodeBonusBelowHorizon));
    ASSIGN_OR_RETURN(int64_t episodes, reader.ReadIntAttribute(group, hdf5_names::kNumEpisodes));
    runs.epsilons.push_back(privacy_epsilon);
    runs.groups.push_back(group);
    runs.first_episodes.push_back(std::move(first));
    runs.episodes = episodes;
  }
  return runs;
}

absl::StatusOr<std::string> SingleGroup(const Hdf5Reader& reader, const AttributeFilter& filter,
                                        const std::string& what) {
  ASSIGN_OR_RETURN(std::vector<std::string> groups, SelectGroups(reader, filter));
  if (groups.size() != 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s: expected one %s group, found %d", reader.path(), what, groups.size()));
  }
  return groups.front();
}

// Regret gap PUCB - `reference` (ubev, or pucb_noiseless: PUCB's planner on exact counts)
// against eps, over the eps whose median first episode below H exists.
MeasureFunction RegretGapExponent(const std::string& env, const std::string& reference) {
  return [env, reference](const Hdf5Reader& reader, const BootstrapOptions& bootstrap,
                          const std::string& id) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(PucbRuns runs, ReadPucbRuns(reader, env, "paper"));
    ASSIGN_OR_RETURN(
        std::string reference_group,
        SingleGroup(reader, {{hdf5_names::kEnv, env}, {hdf5_names::kAgent, reference}}, reference));
    ASSIGN_OR_RETURN(RegretRows reference_rows, ReadRegretRows(reader, reference_group));
    std::vector<SeedRows> groups = {reference_rows.cumulative};
    std::vector<double> epsilons;
    for (size_t i = 0; i < runs.groups.size(); ++i) {
      if (MedianEpisode(runs.first_episodes[i]) < 0) continue;  // saturated: never left H
      ASSIGN_OR_RETURN(RegretRows rows, ReadRegretRows(reader, runs.groups[i]));
      groups.push_back(rows.cumulative);
      epsilons.push_back(runs.epsilons[i]);
    }
    const std::string detail = absl::StrFormat(
        "slope of log(final regret PUCB - %s) vs log eps over %d eps with optimism below H "
        "(of %d run)",
        reference, epsilons.size(), runs.groups.size());
    return BootstrapMeasurement(
        groups,
        [epsilons](const std::vector<SeedRows>& g) -> std::optional<double> {
          const double reference_final = ColumnMean(g[0], -1);
          std::vector<double> gaps;
          for (size_t i = 1; i < g.size(); ++i) {
            gaps.push_back(ColumnMean(g[i], -1) - reference_final);
          }
          return LogLogSlope(epsilons, gaps);
        },
        bootstrap, id, detail);
  };
}

// Median first episode whose optimistic value leaves H, against eps.
MeasureFunction OptimismExponent(const std::string& env) {
  return [env](const Hdf5Reader& reader, const BootstrapOptions& bootstrap,
               const std::string& id) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(PucbRuns runs, ReadPucbRuns(reader, env, "paper"));
    std::vector<SeedRows> groups;
    std::vector<double> epsilons;
    for (size_t i = 0; i < runs.groups.size(); ++i) {
      if (MedianEpisode(runs.first_episodes[i]) < 0) continue;
      groups.push_back(runs.first_episodes[i]);
      epsilons.push_back(runs.epsilons[i]);
    }
    const std::string detail = absl::StrFormat(
        "slope of log(median first episode with optimism below H) vs log eps over %d eps (of %d "
        "run; 'never' excluded)",
        epsilons.size(), runs.groups.size());
    return BootstrapMeasurement(
        groups,
        [epsilons](const std::vector<SeedRows>& g) -> std::optional<double> {
          std::vector<double> medians;
          for (const SeedRows& rows : g) medians.push_back(MedianEpisode(rows));  // -1 dropped
          return LogLogSlope(epsilons, medians);
        },
        bootstrap, id, detail);
  };
}

// Late-episode exponent of PUCB at its largest eps minus UBEV's.
MeasureFunction LateSlopeDifference(const std::string& env) {
  return [env](const Hdf5Reader& reader, const BootstrapOptions& bootstrap,
               const std::string& id) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(PucbRuns runs, ReadPucbRuns(reader, env, "paper"));
    if (runs.groups.empty()) return UndefinedMeasurement("no PUCB run in the file");
    ASSIGN_OR_RETURN(
        std::string ubev,
        SingleGroup(reader, {{hdf5_names::kEnv, env}, {hdf5_names::kAgent, "ubev"}}, "ubev"));
    ASSIGN_OR_RETURN(RegretRows ubev_rows, ReadRegretRows(reader, ubev));
    ASSIGN_OR_RETURN(RegretRows pucb_rows, ReadRegretRows(reader, runs.groups.back()));
    const std::vector<double> episodes = ubev_rows.episodes;
    if (pucb_rows.episodes != episodes) {
      return absl::InvalidArgumentError(absl::StrCat(reader.path(), ": groups '", ubev, "' and '",
                                                     runs.groups.back(),
                                                     "' have different episode counts"));
    }
    const std::string detail =
        absl::StrFormat("late-episode exponent (last decade) of PUCB at eps = %g minus UBEV's",
                        runs.epsilons.back());
    return BootstrapMeasurement(
        {pucb_rows.cumulative, ubev_rows.cumulative},
        [episodes](const std::vector<SeedRows>& g) -> std::optional<double> {
          const std::optional<double> pucb = LateEpisodeExponent(episodes, g[0]);
          const std::optional<double> ubev = LateEpisodeExponent(episodes, g[1]);
          if (!pucb.has_value() || !ubev.has_value()) return std::nullopt;
          return *pucb - *ubev;
        },
        bootstrap, id, detail);
  };
}

// min over eps of (median first episode below H with the paper's E) / (with the exact-tail E);
// 'never' counts as episode T + 1 (so the ratio is a lower bound there).
MeasureFunction ExactTailLearnsEarlier(const std::string& env) {
  return [env](const Hdf5Reader& reader, const BootstrapOptions& bootstrap,
               const std::string& id) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(PucbRuns paper, ReadPucbRuns(reader, env, "paper"));
    ASSIGN_OR_RETURN(PucbRuns exact, ReadPucbRuns(reader, env, "exact_tail"));
    std::vector<SeedRows> groups;  // pairs (paper, exact) at the same eps
    std::vector<double> epsilons;
    for (size_t j = 0; j < exact.groups.size(); ++j) {
      if (MedianEpisode(exact.first_episodes[j]) < 0) continue;  // exact-tail never left H
      for (size_t i = 0; i < paper.groups.size(); ++i) {
        if (paper.epsilons[i] != exact.epsilons[j]) continue;
        groups.push_back(paper.first_episodes[i]);
        groups.push_back(exact.first_episodes[j]);
        epsilons.push_back(exact.epsilons[j]);
      }
    }
    const double never = static_cast<double>(paper.episodes + 1);
    std::string detail = absl::StrFormat(
        "min over %d eps of median first episode below H, paper E / exact-tail E ('never' = T + 1)",
        epsilons.size());
    return BootstrapMeasurement(
        groups,
        [never](const std::vector<SeedRows>& g) -> std::optional<double> {
          if (g.empty()) return std::nullopt;
          double ratio = std::numeric_limits<double>::infinity();
          for (size_t i = 0; i + 1 < g.size(); i += 2) {
            double paper_median = MedianEpisode(g[i]);
            const double exact_median = MedianEpisode(g[i + 1]);
            if (exact_median <= 0) return std::nullopt;
            if (paper_median < 0) paper_median = never;
            ratio = std::min(ratio, paper_median / exact_median);
          }
          return ratio;
        },
        bootstrap, id, detail);
  };
}

// Over the private PUCB groups of the lower-bound file: min of measured / bound shape, where
// `pac` selects Thm. 5 (non-alpha-optimal episodes at every alpha of the grid) or Thm. 6 (final
// cumulative regret).
MeasureFunction LowerBoundRatio(bool pac) {
  return [pac](const Hdf5Reader& reader, const BootstrapOptions& bootstrap,
               const std::string& id) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(std::vector<std::string> groups,
                     SelectGroups(reader, {{hdf5_names::kAgent, "pucb"}}));
    std::vector<SeedRows> rows;
    std::vector<std::vector<double>> shapes;  // per group: per column of its rows
    for (const std::string& group : groups) {
      ASSIGN_OR_RETURN(LowerBoundGroupData data, ReadLowerBoundGroup(reader, group));
      const LowerBoundGroupSummary summary = SummarizeLowerBoundGroup(data, 2);
      if (pac) {
        ASSIGN_OR_RETURN(SeedRows counts,
                         ReadSeedRows(reader, group, hdf5_names::kNonAlphaOptimalEpisodes));
        rows.push_back(std::move(counts));
        shapes.push_back(summary.pac_lower_shape);
      } else {
        ASSIGN_OR_RETURN(RegretRows regret, ReadRegretRows(reader, group));
        SeedRows finals;
        for (const std::vector<double>& row : regret.cumulative) finals.push_back({row.back()});
        rows.push_back(std::move(finals));
        shapes.push_back({summary.regret_lower_shape_final});
      }
    }
    const std::string detail = absl::StrFormat(
        "min over %d private PUCB runs%s of mean %s / %s shape (constant 1)", groups.size(),
        pac ? " and every alpha of the grid" : "",
        pac ? "non-alpha-optimal episodes" : "final regret", pac ? "Thm. 5" : "Thm. 6");
    return BootstrapMeasurement(
        rows,
        [shapes](const std::vector<SeedRows>& g) -> std::optional<double> {
          if (g.empty()) return std::nullopt;
          double ratio = std::numeric_limits<double>::infinity();
          for (size_t i = 0; i < g.size(); ++i) {
            const std::vector<double> means = ColumnMeans(g[i]);
            for (size_t c = 0; c < means.size(); ++c) {
              ratio = std::min(ratio, means[c] / shapes[i][c]);
            }
          }
          return ratio;
        },
        bootstrap, id, detail);
  };
}

}  // namespace

std::vector<Claim> VietriClaims() {
  std::vector<Claim> claims;
  for (const char* env : kVietriEnvs) {
    claims.push_back(
        {absl::StrCat("vietri.regret_gap_vs_eps.", env),
         kPaper,
         "Thm. 4",
         absl::StrCat("PUCB's regret exceeds its non-private counterpart (UBEV) by a privacy term "
                      "~ 1/eps (",
                      env, ")"),
         "vietri_fig",
         "exponent of (final regret PUCB - UBEV) in eps, runs whose optimism left H",
         {Comparison::kNear, -1.0, 0.25},
         true,
         RegretGapExponent(env, "ubev")});
    claims.push_back(
        {absl::StrCat("vietri.privacy_cost_vs_eps.", env),
         kPaper,
         "Thm. 4",
         absl::StrCat("the price of the private counters, PUCB minus its planner on exact counts, "
                      "falls like 1/eps (",
                      env, ")"),
         "vietri_fig",
         "exponent of (final regret PUCB - PUCB on exact counts) in eps, runs whose optimism "
         "left H",
         {Comparison::kNear, -1.0, 0.25},
         true,
         RegretGapExponent(env, "pucb_noiseless")});
    claims.push_back(
        {absl::StrCat("vietri.optimism_leaves_h_vs_eps.", env),
         kPaper,
         "Alg. 3 / Sec. 5",
         absl::StrCat("PUCB's optimism stays at H until counts pass 2E_eps, E_eps ~ 1/eps (", env,
                      ")"),
         "vietri_fig",
         "exponent of the median episode whose optimistic value leaves H, in eps",
         {Comparison::kNear, -1.0, 0.25},
         true,
         OptimismExponent(env)});
    claims.push_back(
        {absl::StrCat("vietri.late_slope_matches_ubev.", env),
         kPaper,
         "Thm. 4",
         absl::StrCat("the privacy term is lower order: PUCB's late regret exponent approaches "
                      "UBEV's (",
                      env, ")"),
         "vietri_fig",
         "late exponent of PUCB at the largest eps minus UBEV's",
         {Comparison::kNear, 0.0, 0.1},
         true,
         LateSlopeDifference(env)});
    claims.push_back(
        {absl::StrCat("vietri.exact_tail_learns_earlier.", env),
         kPaper,
         "Alg. 3 (E_eps) / Sec. 2.3",
         absl::StrCat("an exact tail bound E at the same eps lets PUCB leave H earlier than the "
                      "paper's E_eps (",
                      env, ")"),
         "vietri_fig",
         "median first episode below H, paper E / exact-tail E",
         {Comparison::kAtLeast, 1.0, 0.0},
         false,
         ExactTailLearnsEarlier(env)});
  }
  claims.push_back({"vietri.pac_above_thm5",
                    kPaper,
                    "Thm. 5 / Fig. 1",
                    "any eps-JDP agent has >= SAH^2/alpha^2 + SAH ln(1/beta)/(alpha eps) "
                    "non-alpha-optimal episodes on the hard family",
                    "vietri_lower_bound_fig",
                    "min over private PUCB runs and alphas of count / Thm. 5 shape",
                    {Comparison::kAtLeast, 1.0, 0.0},
                    true,
                    LowerBoundRatio(true)});
  claims.push_back({"vietri.regret_above_thm6",
                    kPaper,
                    "Thm. 6",
                    "any eps-JDP agent has regret >= sqrt(HSAT) + SAH ln(T)/eps on the hard family",
                    "vietri_lower_bound_fig",
                    "min over private PUCB runs of final regret / Thm. 6 shape",
                    {Comparison::kAtLeast, 1.0, 0.0},
                    true,
                    LowerBoundRatio(false)});
  return claims;
}

}  // namespace dprl
