// Claims of Lu, Gajane, Bai, Talebi 2026, "Randomized Least Squares Value Iteration itself is
// Joint Differentially Private" (Thm. 13, Cor. 14), measured on the privacy-curve groups of
// //experiments:rlsvi_privacy_fig (docs/hdf5_schema.md). The values are deterministic (closed
// forms), so the measured interval is a point or the range over the file's curves.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/accounting/conversions.h"
#include "algorithms/accounting/rlsvi_privacy.h"
#include "analysis/claims/group_readers.h"
#include "analysis/claims/registry.h"
#include "analysis/claims/statistics.h"
#include "analysis/regret_stats.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "experiments/lu/rlsvi_privacy_task_names.h"
#include "schema/rlsvi_privacy_records.h"
#include "schema/tabular_records.h"

namespace dprl {
namespace {

// The experiment whose results files these claims read.

constexpr char kPaper[] = "Lu et al. 2026";

struct Curve {
  std::string group;
  RlsviPrivacyOptions options;  // S, A, H (num_episodes set per point)
  double target_delta = 0;
  std::vector<double> episodes, paper, improved;  // row 0 of each dataset
};

absl::StatusOr<std::vector<Curve>> ReadCurves(const Hdf5Reader& reader) {
  ASSIGN_OR_RETURN(std::vector<std::string> groups,
                   SelectGroups(reader, {{hdf5_names::kKind, "privacy_curve"}}));
  std::vector<Curve> curves;
  for (const std::string& group : groups) {
    Curve curve;
    curve.group = group;
    ASSIGN_OR_RETURN(const PrivacyCurveSettings settings,
                     reader.ReadRecord(group, PrivacyCurveBinding()));
    curve.options.num_states = settings.shape.num_states;
    curve.options.num_actions = settings.shape.num_actions;
    curve.options.horizon = settings.shape.horizon;
    curve.target_delta = settings.target_delta;
    for (auto [name, field] : {std::pair{hdf5_names::kEpisodes, &curve.episodes},
                               std::pair{hdf5_names::kPrivacyEpsilonPaper, &curve.paper},
                               std::pair{hdf5_names::kPrivacyEpsilonImproved, &curve.improved}}) {
      ASSIGN_OR_RETURN(SeedRows rows, ReadSeedRows(reader, group, name));
      *field = rows.front();  // identical rows (checked by rlsvi_privacy_figure)
    }
    if (curve.episodes.size() != curve.paper.size() ||
        curve.episodes.size() != curve.improved.size() || curve.episodes.empty()) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s: group '%s': episodes and privacy_epsilon_* differ in length", reader.path(), group));
    }
    curves.push_back(std::move(curve));
  }
  return curves;
}

// max over curves and K of |Cor. 14 (file) - inf_alpha Thm. 13 (numerical)| / Cor. 14.
absl::StatusOr<Measurement> Corollary14MatchesTheorem13(const Hdf5Reader& reader,
                                                        const BootstrapOptions&,
                                                        const std::string&) {
  ASSIGN_OR_RETURN(std::vector<Curve> curves, ReadCurves(reader));
  if (curves.empty()) return UndefinedMeasurement("no privacy_curve group in the file");
  double worst = 0;
  int points = 0;
  for (const Curve& curve : curves) {
    for (size_t i = 0; i < curve.episodes.size(); ++i) {
      RlsviPrivacyOptions options = curve.options;
      options.num_episodes = static_cast<int64_t>(curve.episodes[i]);
      ASSIGN_OR_RETURN(RdpCurve rdp, RlsviRdpCurve(options));
      ASSIGN_OR_RETURN(OptimizedDpGuarantee optimum,
                       OptimizeRenyiOrder(rdp, DpConversion::kBasic, curve.target_delta));
      worst = std::max(worst, std::abs(curve.paper[i] - optimum.privacy_epsilon) / curve.paper[i]);
      ++points;
    }
  }
  return ExactMeasurement(
      worst, absl::StrFormat("max relative difference over %d (S, A, H, delta, K) points of %d "
                             "curves; Thm. 13 minimised over alpha numerically",
                             points, curves.size()));
}

// Range over curves of the log-log slope of eps_paper in K over the last decade of K.
absl::StatusOr<Measurement> EpsilonLinearInEpisodes(const Hdf5Reader& reader,
                                                    const BootstrapOptions&, const std::string&) {
  ASSIGN_OR_RETURN(std::vector<Curve> curves, ReadCurves(reader));
  double low = std::numeric_limits<double>::infinity(), high = -low;
  double max_episodes = 0;
  for (const Curve& curve : curves) {
    const double last = curve.episodes.back();
    max_episodes = std::max(max_episodes, last);
    std::vector<double> x, y;
    for (size_t i = 0; i < curve.episodes.size(); ++i) {
      if (curve.episodes[i] >= last / 10) {
        x.push_back(curve.episodes[i]);
        y.push_back(curve.paper[i]);
      }
    }
    const absl::StatusOr<double> slope = StrictLogLogFit(x, y);
    if (!slope.ok()) {
      return UndefinedMeasurement(
          absl::StrCat("curve ", curve.group, ": ", slope.status().message()));
    }
    low = std::min(low, *slope);
    high = std::max(high, *slope);
  }
  if (!(low <= high)) return UndefinedMeasurement("no curve with two K in its last decade");
  Measurement measurement = ExactMeasurement(
      (low + high) / 2,
      absl::StrFormat("slope of log eps(delta) vs log K over K in [K_max/10, K_max] (K_max up to "
                      "%g); interval = range over %d curves",
                      max_episodes, curves.size()));
  measurement.low = low;
  measurement.high = high;
  return measurement;
}

// min over curves and K of 1 - eps_improved / eps_paper (the relative improvement).
absl::StatusOr<Measurement> ImprovedConversionSmaller(const Hdf5Reader& reader,
                                                      const BootstrapOptions&, const std::string&) {
  ASSIGN_OR_RETURN(std::vector<Curve> curves, ReadCurves(reader));
  if (curves.empty()) return UndefinedMeasurement("no privacy_curve group in the file");
  double smallest = std::numeric_limits<double>::infinity();
  int points = 0;
  for (const Curve& curve : curves) {
    for (size_t i = 0; i < curve.episodes.size(); ++i) {
      smallest = std::min(smallest, 1 - curve.improved[i] / curve.paper[i]);
      ++points;
    }
  }
  return ExactMeasurement(
      smallest, absl::StrFormat("min of 1 - eps_improved / eps_paper over %d points of %d curves",
                                points, curves.size()));
}

// Largest eps(delta) this report calls informative: e^10 ~ 2.2e4 already bounds the likelihood
// ratio of any event only by that factor (docs/claims.md states the convention).
constexpr double kInformativeEpsilon = 10.0;

// The RLSVI runs (kind = regret) and the agents run at RLSVI's eps, per env.
struct RegretRun {
  std::string group, env, agent, protects;
  RlsviPrivacyOptions options;  // S, A, H, K
  double privacy_epsilon = 0, target_delta = 0;
};

absl::StatusOr<std::vector<RegretRun>> ReadRegretRuns(const Hdf5Reader& reader,
                                                      const std::string& agent) {
  ASSIGN_OR_RETURN(std::vector<std::string> groups,
                   SelectGroups(reader, {{hdf5_names::kKind, "regret"},
                                         {hdf5_names::kAgent, agent}}));
  std::vector<RegretRun> runs;
  for (const std::string& group : groups) {
    RegretRun run;
    run.group = group;
    run.agent = agent;
    ASSIGN_OR_RETURN(const TabularTypeNames names,
                     reader.ReadRecord(group, TabularEnvironmentNameBinding()));
    run.env = names.env;
    ASSIGN_OR_RETURN(const PrivacyRecord claim, reader.ReadRecord(group, PrivacyClaimBinding()));
    run.protects = claim.privacy_protects;
    ASSIGN_OR_RETURN(const TabularShape shape, reader.ReadRecord(group, TabularShapeBinding()));
    ASSIGN_OR_RETURN(const TabularRegretSettings settings,
                     reader.ReadRecord(group, TabularRegretSettingsBinding()));
    run.options.num_states = shape.num_states;
    run.options.num_actions = shape.num_actions;
    run.options.horizon = shape.horizon;
    run.options.num_episodes = settings.num_episodes;
    ASSIGN_OR_RETURN(const TabularAgentParameters parameters,
                     reader.ReadRecord(group, TabularAgentParametersBinding()));
    if (!(parameters.privacy_epsilon > 0)) {
      return RecordsNo(reader, group, hdf5_names::kPrivacyEpsilon);
    }
    run.privacy_epsilon = parameters.privacy_epsilon;
    ASSIGN_OR_RETURN(const PrivacyRecord accounting,
                     reader.ReadRecord(group, PrivacyAccountingBinding()));
    run.target_delta = accounting.target_delta;
    runs.push_back(std::move(run));
  }
  return runs;
}

// Cor. 14's eps(delta) at the K, S, A, H, delta of each RLSVI run of the file (recomputed, and
// compared with the run's privacy_epsilon): the smallest of them. Above kInformativeEpsilon the
// guarantee is vacuous at the experiment's K ("out of regime", naming it).
absl::StatusOr<Measurement> EpsilonAtExperimentEpisodes(const Hdf5Reader& reader,
                                                        const BootstrapOptions&,
                                                        const std::string&) {
  ASSIGN_OR_RETURN(std::vector<RegretRun> runs, ReadRegretRuns(reader, "rlsvi"));
  if (runs.empty()) return UndefinedMeasurement("no RLSVI regret run in the file");
  double smallest = std::numeric_limits<double>::infinity(), worst_difference = 0;
  std::string values;
  for (const RegretRun& run : runs) {
    ASSIGN_OR_RETURN(double epsilon, RlsviCorollary14Epsilon(run.options, run.target_delta));
    smallest = std::min(smallest, epsilon);
    worst_difference =
        std::max(worst_difference, std::abs(run.privacy_epsilon - epsilon) / epsilon);
    absl::StrAppendFormat(&values, "%s%s: eps(%g) = %.4g at K = %d (S = %d, A = %d, H = %d)",
                          values.empty() ? "" : "; ", run.env, run.target_delta, epsilon,
                          run.options.num_episodes, run.options.num_states,
                          run.options.num_actions, run.options.horizon);
  }
  Measurement out = ExactMeasurement(
      smallest, absl::StrFormat("min over %d RLSVI runs of Cor. 14's eps(delta) at their own K: "
                                "%s; the files' privacy_epsilon differs by <= %.2g (relative)",
                                runs.size(), values, worst_difference));
  if (smallest > kInformativeEpsilon) {
    out.regime_missed = absl::StrFormat(
        "vacuous at the experiments' K: eps(delta) >= %.4g > %g (rho = 2AK/(H^2 ln(2HSA)) grows "
        "linearly in K)",
        smallest, kInformativeEpsilon);
  }
  return out;
}

// Per env of the file: does RLSVI's run protect different data than the PUCB run at RLSVI's eps
// (attribute privacy_protects)? Share of envs where it does.
absl::StatusOr<Measurement> ComparedProtectionsDiffer(const Hdf5Reader& reader,
                                                      const BootstrapOptions&,
                                                      const std::string&) {
  ASSIGN_OR_RETURN(std::vector<RegretRun> rlsvi, ReadRegretRuns(reader, "rlsvi"));
  ASSIGN_OR_RETURN(std::vector<RegretRun> pucb, ReadRegretRuns(reader, "pucb"));
  int pairs = 0, different = 0;
  std::string detail;
  for (const RegretRun& r : rlsvi) {
    for (const RegretRun& p : pucb) {
      if (p.env != r.env) continue;
      ++pairs;
      if (p.protects != r.protects) ++different;
      absl::StrAppendFormat(&detail, "%s%s: RLSVI protects %s, PUCB at eps = %.4g protects %s",
                            detail.empty() ? "" : "; ", r.env, r.protects, p.privacy_epsilon,
                            p.protects);
    }
  }
  if (pairs == 0) return UndefinedMeasurement("no env with both an RLSVI and a PUCB regret run");
  return ExactMeasurement(static_cast<double>(different) / pairs,
                          absl::StrFormat("share of %d envs whose comparison at equal eps "
                                          "protects different data: %s",
                                          pairs, detail));
}

std::vector<Claim> LuClaims() {
  // All three are closed forms of the code's own accounting (Cor. 14 against a bisection of the
  // same algebra; rho ~ K by formula; two conversions of the same RDP curve): consistency checks.
  std::vector<Claim> claims = {
      {"lu.cor14_equals_thm13",
       kPaper,
       "Thm. 13 / Cor. 14 (App. A)",
       "Cor. 14's closed form rho + 2 sqrt(rho ln(1/delta)) is Thm. 13 optimised over alpha",
       experiment_names::kRlsviPrivacyFig,
       "relative difference of the file's Cor. 14 values and inf_alpha Thm. 13",
       {Comparison::kAtMost, 0.0, 1e-9},
       false,
       Corollary14MatchesTheorem13},
      {"lu.epsilon_linear_in_k",
       kPaper,
       "Cor. 14 (rho ~ K, Lemma 12)",
       "eps(delta) of RLSVI grows linearly in the number of episodes K",
       experiment_names::kRlsviPrivacyFig,
       "log-log slope of eps(delta) in K over the last decade of K",
       {Comparison::kNear, 1.0, 0.15},
       true,
       EpsilonLinearInEpisodes},
      {"lu.improved_conversion_smaller",
       kPaper,
       "Thm. 13 (Lemma 8 conversion)",
       "the improved RDP conversion (CKS 2020 Prop. 12) never gives a larger eps than Lemma 8's",
       experiment_names::kRlsviPrivacyFig,
       "min relative improvement 1 - eps_improved / eps_paper",
       {Comparison::kAtLeast, 0.0, 0.0},
       false,
       ImprovedConversionSmaller},
  };
  for (Claim& claim : claims) claim.kind = ClaimKind::kConsistencyCheck;
  Claim at_k{"lu.epsilon_at_experiment_k",
             kPaper,
             "Cor. 14 at the experiments' K",
             "RLSVI's (eps(delta), delta)-JDP guarantee (Cor. 14) at the number of episodes the "
             "regret runs use is informative (eps(delta) <= 10)",
             experiment_names::kRlsviPrivacyFig,
             "min over the RLSVI regret runs of Cor. 14's eps(delta) at their S, A, H, K, delta",
             {Comparison::kAtMost, kInformativeEpsilon, 0.0},
             false,
             EpsilonAtExperimentEpisodes};
  at_k.kind = ClaimKind::kConsistencyCheck;  // a closed form of the run's parameters
  at_k.regime = "eps(delta) <= 10 (else the row reports the guarantee vacuous at this K)";
  claims.push_back(at_k);
  Claim protections{"lu.pucb_comparison_protects_differently",
                    kPaper,
                    "Remark 2 (neighbours differ only in one trajectory's rewards) / Vietri et "
                    "al. Def. 3",
                    "RLSVI is private for rewards only (states are assumed public), PUCB for "
                    "states and rewards: 'PUCB at RLSVI's eps' compares different protections, "
                    "and the results say so",
                    experiment_names::kRlsviPrivacyFig,
                    "share of envs whose RLSVI and PUCB runs record different privacy_protects",
                    {Comparison::kAtLeast, 1.0, 0.0},
                    false,
                    ComparedProtectionsDiffer};
  protections.kind = ClaimKind::kConsistencyCheck;  // labels of the experiment's own runs
  claims.push_back(protections);
  return claims;
}

const bool kRegistered = RegisterClaims(RegisteredClaims{/*order=*/20, LuClaims});

}  // namespace
}  // namespace dprl
