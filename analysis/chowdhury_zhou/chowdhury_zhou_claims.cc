// Claims of Chowdhury & Zhou 2022 ("Differentially private regret minimization in episodic Markov
// decision processes", AAAI; arXiv 2112.10599), Table 1, measured on //experiments:jdp_tabular_fig
// (experiments/chowdhury_zhou/jdp_tabular_task.h; docs/claims.md, "Chowdhury & Zhou 2022"):
//   Private-UCB-VI   Regret(T) = O~( sqrt(S A H^3 T)   + S^2 A H^3 / eps ),   eps-JDP
//   PUCB             Regret(T) = O~( sqrt(S^2 A H^3 T) + S^2 A H^3 / eps ),   eps-JDP
// (T = K H steps). Both are O~() upper bounds with unstated constants: no finite run refutes them,
// so their rows give the implied constant of the expression with its log factors evaluated
// (constant 1; bound_tests.h), and the trends within the run as observations:
//   statistical term  sqrt(S' A H^3 T) ln(S A T / delta)      S' = S (Private-UCB-VI), S^2 (PUCB)
//                     (Table 1's term with UCB-VI's Hoeffding width L = ln(S A T / delta) to the
//                     first power)
//   privacy term      S^2 A H^3 / eps * log2(K)^{5/2}
//                     (a tree counter's error grows like log2(K)^{3/2}; summed over the episodes
//                     as E / n, one more log K)
// * implied_constant: per eps, R_s(K) / (the two terms at K), failure probability delta, trivial
//   maximum H K.
// * regret_exponent (observation): the late exponent of the mean cumulative regret over the grid episodes in
//   [K/10, K] minus the larger of the two terms' local exponents over the same episodes; <= 0.
//   (With free constants the exponent of a positive combination is at most its largest term's;
//   the log factors are evaluated, not absorbed, so they are the tolerance.) At the file's largest
//   eps, in the burn-in regime (median first episode whose optimism leaves H <= K/10) and where
//   the shape is not vacuous (<= H K at K/10).
// * privacy_cost_vs_eps (observation): the exponent in eps of the final privacy cost (private minus its
//   non-private reference) over the eps where the cost dominates (>= the reference's regret), the
//   regret is unsaturated (<= H K / 2) and the shape is not vacuous; >= -1 - 0.25 (the eps term's
//   slope is -1; 0.25 for O~'s unstated polylog(1/eps), as for Vietri et al.).
// * privacy_cost_decay_vs_eps (observation): the same exponent over every eps with a positive
//   cost, beside -1 (how tight the bound is at large eps).
// References: PUCB's is PUCB's planner on exact counts (pucb_noiseless); Private-UCB-VI's is its
// own run at the file's largest eps when that run's E is 0 (every release of every counter exact
// on the event of probability >= 1 - delta/2: the algorithm without noise), else none (undefined).
// UCB-VI as printed (bonus 7HL/sqrt(N)) is not the reference: its constant keeps it at the cap H
// for the whole run at these K (docs/private_ucbvi.md), a planner difference, not a privacy cost.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "analysis/claims/bound_tests.h"
#include "analysis/claims/group_readers.h"
#include "analysis/claims/registry.h"
#include "analysis/claims/statistics.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "experiments/chowdhury_zhou/jdp_tabular_task_names.h"
#include "schema/tabular_records.h"

namespace dprl {
namespace {

namespace names = hdf5_names;

constexpr char kPaper[] = "Chowdhury & Zhou 2022";
// Burn-in regime: median burn-in <= K / kBurnInFactor (Vietri et al.'s burn-in regime factor).
constexpr double kBurnInFactor = 10.0;
// A regret above this share of H K is saturated (Vietri et al.'s kUnsaturatedShare).
constexpr double kUnsaturatedShare = 0.5;
// Fewest eps in a privacy-cost fit.
constexpr size_t kMinEpsilons = 3;
// Tolerance of the eps exponent (O~'s unstated polylog(1/eps)).
constexpr double kEpsilonTolerance = 0.25;
// The environments of jdp_tabular_fig at every scale.
const char* const kEnvs[] = {"riverswim", "random_mdp"};

// What a private group's claims read of its attributes, through the records the grid wrote them
// with (schema/tabular_records.h).
struct RunRecord {
  int64_t num_states = 0;
  int64_t num_actions = 0;
  int64_t horizon = 0;
  int64_t num_episodes = 0;  // K
  double failure_probability = 0.0;
  double privacy_epsilon = 0.0;
  double error_bound = 0.0;  // E of the bonuses
};

absl::StatusOr<RunRecord> ReadRunRecord(const Hdf5Reader& reader, const std::string& group) {
  ASSIGN_OR_RETURN(const TabularShape shape, reader.ReadRecord(group, TabularShapeBinding()));
  ASSIGN_OR_RETURN(const TabularRegretSettings settings,
                   reader.ReadRecord(group, TabularRegretSettingsBinding()));
  ASSIGN_OR_RETURN(const TabularAgentParameters agent,
                   reader.ReadRecord(group, TabularAgentParametersBinding()));
  ASSIGN_OR_RETURN(const PucbGuarantee guarantee,
                   reader.ReadRecord(group, PucbGuaranteeBinding()));
  // The agent's record is optional field by field (0: not recorded); a private group has both.
  if (!(agent.failure_probability > 0.0)) {
    return RecordsNo(reader, group, absl::StrCat(names::kFailureProbability, " > 0"));
  }
  if (!(agent.privacy_epsilon > 0.0)) {
    return RecordsNo(reader, group, absl::StrCat(names::kPrivacyEpsilon, " > 0"));
  }
  RunRecord record;
  record.num_states = shape.num_states;
  record.num_actions = shape.num_actions;
  record.horizon = shape.horizon;
  record.num_episodes = settings.num_episodes;
  record.failure_probability = agent.failure_probability;
  record.privacy_epsilon = agent.privacy_epsilon;
  record.error_bound = guarantee.error_bound;
  return record;
}

// One private agent of the figure and its reference.
struct Variant {
  std::string key;     // in claim ids
  std::string agent;   // the `agent` attribute
  std::string method;  // the `error_bound_method` attribute ("" = none)
  std::string name;    // in statements
  bool squared_states = false;  // S^2 (PUCB) or S (Private-UCB-VI) in the statistical term
};

const std::vector<Variant>& Variants() {
  static const auto* variants = new std::vector<Variant>{
      {"private_ucbvi", "private_ucbvi", "", "Private-UCB-VI", false},
      {"pucb", "pucb", "paper", "PUCB", true},
  };
  return *variants;
}

// Table 1's shape (constant 1, log factors as above) at episode k.
double StatisticalTerm(const RunRecord& r, const Variant& v, double k) {
  const double s = static_cast<double>(r.num_states), a = static_cast<double>(r.num_actions),
               h = static_cast<double>(r.horizon);
  const double steps = k * h;
  return std::sqrt((v.squared_states ? s * s : s) * a * h * h * h * steps) *
         std::log(s * a * steps / r.failure_probability);
}
double PrivacyTerm(const RunRecord& r, double k) {
  const double s = static_cast<double>(r.num_states), a = static_cast<double>(r.num_actions),
               h = static_cast<double>(r.horizon);
  return s * s * a * h * h * h / r.privacy_epsilon * std::pow(std::max(1.0, std::log2(k)), 2.5);
}
double Shape(const RunRecord& r, const Variant& v, double k) {
  return StatisticalTerm(r, v, k) + PrivacyTerm(r, k);
}

struct PrivateRuns {
  std::vector<std::string> groups;  // ascending eps
  std::vector<RunRecord> records;
};

absl::StatusOr<PrivateRuns> ReadPrivateRuns(const Hdf5Reader& reader, const std::string& env,
                                            const Variant& v) {
  AttributeFilter filter = {{names::kEnv, env}, {names::kAgent, v.agent}};
  if (!v.method.empty()) filter.push_back({names::kErrorBoundMethod, v.method});
  ASSIGN_OR_RETURN(std::vector<std::string> groups, SelectGroups(reader, filter));
  ASSIGN_OR_RETURN(auto sorted, SortByNumber(reader, groups, names::kPrivacyEpsilon));
  PrivateRuns runs;
  for (const auto& [eps, group] : sorted) {
    ASSIGN_OR_RETURN(RunRecord record, ReadRunRecord(reader, group));
    runs.groups.push_back(group);
    runs.records.push_back(record);
  }
  if (runs.groups.empty()) {
    return absl::NotFoundError(absl::StrCat(reader.path(), ": no ", v.name, " group on ", env));
  }
  return runs;
}

// The reference group of `v` on `env` (header), or a reason there is none.
absl::StatusOr<std::string> ReferenceGroup(const Hdf5Reader& reader, const std::string& env,
                                           const Variant& v, const PrivateRuns& runs) {
  if (v.agent == "pucb") {
    ASSIGN_OR_RETURN(std::vector<std::string> groups,
                     SelectGroups(reader, {{names::kEnv, env}, {names::kAgent, "pucb_noiseless"}}));
    if (groups.size() != 1) {
      return absl::NotFoundError(absl::StrFormat("expected one pucb_noiseless group on %s, found %d",
                                                 env, groups.size()));
    }
    return groups.front();
  }
  if (runs.records.back().error_bound != 0.0) {
    return absl::NotFoundError(absl::StrFormat(
        "no noise-free Private-UCB-VI run: E = %g at the largest eps %g (needs E = 0)",
        runs.records.back().error_bound, runs.records.back().privacy_epsilon));
  }
  return runs.groups.back();
}

// ---- implied_constant --------------------------------------------------------------------------

MeasureFunction ImpliedConstant(const std::string& env, const Variant& v) {
  return [env, v](const Hdf5Reader& reader, const BootstrapOptions&,
                  const std::string&) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(PrivateRuns runs, ReadPrivateRuns(reader, env, v));
    std::vector<BoundRun> bound_runs;
    for (size_t i = 0; i < runs.groups.size(); ++i) {
      const RunRecord& record = runs.records[i];
      ASSIGN_OR_RETURN(RegretRows rows, ReadRegretRows(reader, runs.groups[i]));
      BoundRun run;
      run.label = absl::StrFormat("eps = %g", record.privacy_epsilon);
      run.measured = MeasuredAtColumn(rows.cumulative);
      run.expression = Shape(record, v, static_cast<double>(record.num_episodes));
      run.failure_probability = record.failure_probability;
      run.trivial_maximum =
          static_cast<double>(record.horizon) * static_cast<double>(record.num_episodes);
      bound_runs.push_back(std::move(run));
    }
    return ImpliedConstantMeasurement(
        bound_runs,
        absl::StrCat(v.name, " on ", env,
                     ", f = sqrt(S'AH^3T) ln(SAT/delta) + S^2AH^3/eps log2(K)^(5/2) at K"));
  };
}

// ---- regret_exponent ---------------------------------------------------------------------------

MeasureFunction RegretExponent(const std::string& env, const Variant& v) {
  return [env, v](const Hdf5Reader& reader, const BootstrapOptions& bootstrap,
                  const std::string& id) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(PrivateRuns runs, ReadPrivateRuns(reader, env, v));
    const std::string& group = runs.groups.back();
    const RunRecord& record = runs.records.back();
    ASSIGN_OR_RETURN(RegretRows rows, ReadRegretRows(reader, group));
    ASSIGN_OR_RETURN(SeedRows first,
                     ReadSeedRows(reader, group, names::kFirstEpisodeBonusBelowHorizon));
    std::vector<double> shape;
    for (double k : rows.episodes) shape.push_back(Shape(record, v, k));
    std::vector<double> statistical, privacy;
    for (double k : rows.episodes) {
      statistical.push_back(StatisticalTerm(record, v, k));
      privacy.push_back(PrivacyTerm(record, k));
    }
    ASSIGN_OR_RETURN(double statistical_exponent, StrictLogLogFit(rows.episodes, statistical));
    ASSIGN_OR_RETURN(double privacy_exponent, StrictLogLogFit(rows.episodes, privacy));
    const double bound_exponent = std::max(statistical_exponent, privacy_exponent);
    const double k_total = static_cast<double>(record.num_episodes);
    const double burn_in = MedianEpisode(first);
    std::string detail = absl::StrFormat(
        "%s at eps = %g (E = %g), K = %d, t in [%g, %g] (%d grid points); bound's term exponents "
        "%.3f (sqrt term with ln) and %.3f (eps term); median burn-in %g",
        group, record.privacy_epsilon, record.error_bound, record.num_episodes,
        rows.episodes.front(), rows.episodes.back(), rows.episodes.size(), statistical_exponent,
        privacy_exponent, burn_in);
    // The reference's own exponent over the same window, for comparison (not a claim).
    absl::StatusOr<std::string> reference = ReferenceGroup(reader, env, v, runs);
    if (reference.ok() && *reference != group) {
      ASSIGN_OR_RETURN(RegretRows reference_rows, ReadRegretRows(reader, *reference));
      absl::StatusOr<double> reference_exponent =
          LateEpisodeExponent(reference_rows.episodes, reference_rows.cumulative);
      if (reference_exponent.ok()) {
        absl::StrAppendFormat(&detail, "; reference %s's exponent %.3f", *reference,
                              *reference_exponent);
      }
    }
    auto statistic = [&rows, bound_exponent](const std::vector<SeedRows>& groups)
        -> absl::StatusOr<double> {
      ASSIGN_OR_RETURN(double exponent, LateEpisodeExponent(rows.episodes, groups[0]));
      return exponent - bound_exponent;
    };
    Measurement m = BootstrapMeasurement({rows.cumulative}, statistic, bootstrap, id, detail);
    const std::vector<double> means = ColumnMeans(rows.cumulative);
    m.systematic = FitWindowSystematic(rows.episodes, means, StrictLogLogFit);
    absl::StatusOr<RegretRows> third = ReadRegretRows(reader, group, kTimeWindowFraction);
    if (third.ok()) {
      std::vector<double> third_shape_statistical, third_shape_privacy;
      for (double k : third->episodes) {
        third_shape_statistical.push_back(StatisticalTerm(record, v, k));
        third_shape_privacy.push_back(PrivacyTerm(record, k));
      }
      absl::StatusOr<double> a = StrictLogLogFit(third->episodes, third_shape_statistical);
      absl::StatusOr<double> b = StrictLogLogFit(third->episodes, third_shape_privacy);
      absl::StatusOr<double> at_third = LateEpisodeExponent(third->episodes, third->cumulative);
      absl::StatusOr<double> third_statistic =
          (a.ok() && b.ok() && at_third.ok())
              ? absl::StatusOr<double>(*at_third - std::max(*a, *b))
              : absl::StatusOr<double>(absl::InternalError("undefined at K/3"));
      m.time_systematic = TimeSystematic(statistic({rows.cumulative}), third_statistic);
    }
    absl::StrAppendFormat(&m.detail, "; window systematic %.3f, K/3 systematic %.3f",
                          m.systematic, m.time_systematic);
    const double h = static_cast<double>(record.horizon);
    if (burn_in < 0 || burn_in * kBurnInFactor > k_total) {
      m.regime_missed = absl::StrFormat("median burn-in %g not <= K/%g = %g", burn_in,
                                        kBurnInFactor, k_total / kBurnInFactor);
    } else if (Shape(record, v, rows.episodes.front()) > h * rows.episodes.front()) {
      m.regime_missed = absl::StrFormat("the bound's shape %.4g > H k = %.4g at k = %g (vacuous)",
                                        Shape(record, v, rows.episodes.front()),
                                        h * rows.episodes.front(), rows.episodes.front());
    }
    return m;
  };
}

// ---- privacy_cost_vs_eps -----------------------------------------------------------------------

// Exponent in eps of (final regret of the private agent) - (its reference's), over the eps of the
// dominating window (`dominating`) or over every eps with a positive cost.
MeasureFunction PrivacyCostExponent(const std::string& env, const Variant& v, bool dominating) {
  return [env, v, dominating](const Hdf5Reader& reader, const BootstrapOptions& bootstrap,
                              const std::string& id) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(PrivateRuns runs, ReadPrivateRuns(reader, env, v));
    absl::StatusOr<std::string> reference = ReferenceGroup(reader, env, v, runs);
    if (!reference.ok()) return UndefinedMeasurement(std::string(reference.status().message()));
    ASSIGN_OR_RETURN(RegretRows reference_rows, ReadRegretRows(reader, *reference));
    const double reference_final = ColumnMean(reference_rows.cumulative, -1);
    std::vector<SeedRows> groups = {reference_rows.cumulative};
    std::vector<double> epsilons, costs;
    std::vector<std::string> used, missed;
    for (size_t i = 0; i < runs.groups.size(); ++i) {
      if (runs.groups[i] == *reference) continue;
      const RunRecord& record = runs.records[i];
      ASSIGN_OR_RETURN(RegretRows rows, ReadRegretRows(reader, runs.groups[i]));
      const double regret = ColumnMean(rows.cumulative, -1);
      const double cost = regret - reference_final;
      const double trivial = static_cast<double>(record.horizon * record.num_episodes);
      const double k_total = static_cast<double>(record.num_episodes);
      std::string miss;
      if (cost <= 0) {
        miss = absl::StrFormat("eps = %g: cost %.4g <= 0", record.privacy_epsilon, cost);
      } else if (dominating && cost < reference_final) {
        miss = absl::StrFormat("eps = %g: cost %.4g < reference regret %.4g (not dominating)",
                               record.privacy_epsilon, cost, reference_final);
      } else if (dominating && regret > kUnsaturatedShare * trivial) {
        miss = absl::StrFormat("eps = %g: regret %.4g > %g H K (saturated)",
                               record.privacy_epsilon, regret, kUnsaturatedShare);
      } else if (dominating && Shape(record, v, k_total) > trivial) {
        miss = absl::StrFormat("eps = %g: shape %.4g > H K (vacuous)", record.privacy_epsilon,
                               Shape(record, v, k_total));
      }
      if (!miss.empty()) {
        missed.push_back(miss);
        continue;
      }
      epsilons.push_back(record.privacy_epsilon);
      costs.push_back(cost);
      used.push_back(runs.groups[i]);
      groups.push_back(rows.cumulative);
    }
    const std::string detail = absl::StrFormat(
        "cost = final regret - %s's (%.4g) at eps {%s}%s%s", *reference, reference_final,
        absl::StrJoin(epsilons, ", "), missed.empty() ? "" : "; left out: ",
        absl::StrJoin(missed, "; "));
    if (epsilons.size() < (dominating ? kMinEpsilons : size_t{2})) {
      Measurement m = UndefinedMeasurement(
          absl::StrFormat("%s: %d eps in the window (need %d)", detail, epsilons.size(),
                          dominating ? kMinEpsilons : 2));
      if (dominating) m.regime_missed = m.detail;
      return m;
    }
    auto slope_at = [epsilons](int column) {
      return [epsilons, column](const std::vector<SeedRows>& g) -> absl::StatusOr<double> {
        return StrictLogLogFit(epsilons, GapsToFirstGroup(g, column));
      };
    };
    Measurement m = BootstrapMeasurement(groups, slope_at(-1), bootstrap, id, detail);
    AddSlopeSystematics(
        epsilons, [&groups](int column) { return GapsToFirstGroup(groups, column); },
        reference_rows.episodes, &m);
    MarkFewFitPoints(epsilons.size(), &m);
    return m;
  };
}

std::vector<Claim> ChowdhuryZhouClaims() {
  std::vector<Claim> claims;
  for (const Variant& v : Variants()) {
    const std::string bound = v.squared_states ? "sqrt(S^2AH^3T) + S^2AH^3/eps"
                                               : "sqrt(SAH^3T) + S^2AH^3/eps";
    for (const char* env : kEnvs) {
      Claim constant{
          absl::StrCat("chowdhury_zhou.implied_constant.", v.key, ".", env),
          kPaper,
          "Table 1",
          absl::StrCat("with probability >= 1 - delta, ", v.name, "'s regret is O~(", bound,
                       "): the implied constant of the expression with its log "
                       "factors evaluated, at K, per eps (",
                       env, ")"),
          experiment_names::kJdpTabularFig,
          "implied constant of R_s(K) / (sqrt(S'AH^3T) ln(SAT/delta) + S^2AH^3/eps "
          "log2(K)^(5/2))",
          {},
          true,
          ImpliedConstant(env, v)};
      constant.kind = ClaimKind::kImpliedConstant;
      constant.regime = "any (a regret is at most H K)";
      claims.push_back(constant);
      Claim exponent{absl::StrCat("chowdhury_zhou.regret_exponent.", v.key, ".", env),
                     kPaper,
                     "Table 1 (trend)",
                     absl::StrCat(v.name,
                                  "'s late exponent in K at the largest eps beside the "
                                  "larger local exponent of O~(",
                                  bound,
                                  ")'s terms (log factors evaluated): the trend within the run, "
                                  "not a test (",
                                  env, ")"),
                     experiment_names::kJdpTabularFig,
                     "late exponent of the mean cumulative regret over [K/10, K] minus the larger "
                     "local exponent of the bound's two terms over the same grid episodes",
                     {Comparison::kAtMost, 0.0, 0.0},
                     true,
                     RegretExponent(env, v)};
      exponent.regime = absl::StrFormat(
          "median burn-in <= K/%g; the bound's shape <= H k at k = K/10 (not vacuous)",
          kBurnInFactor);
      claims.push_back(exponent);
      Claim cost{absl::StrCat("chowdhury_zhou.privacy_cost_vs_eps.", v.key, ".", env),
                 kPaper,
                 "Table 1 (trend)",
                 absl::StrCat("the slope in eps of ", v.name,
                              "'s privacy cost where it "
                              "dominates, beside the slope -1 of the bound's S^2AH^3/eps: the "
                              "trend within the run, not a test (",
                              env, ")"),
                 experiment_names::kJdpTabularFig,
                 "exponent in eps of (final regret - the non-private reference's) over the eps "
                 "where the cost dominates and the regret is unsaturated",
                 {Comparison::kAtLeast, -1.0, kEpsilonTolerance},
                 true,
                 PrivacyCostExponent(env, v, /*dominating=*/true)};
      cost.regime = absl::StrFormat(
          "every eps in the fit: cost >= the reference's regret, regret <= %g H K, shape <= H K; "
          ">= %d such eps",
          kUnsaturatedShare, kMinEpsilons);
      claims.push_back(cost);
      Claim decay{absl::StrCat("chowdhury_zhou.privacy_cost_decay_vs_eps.", v.key, ".", env),
                  kPaper,
                  "Table 1 (tightness)",
                  absl::StrCat("how fast ", v.name,
                               "'s privacy cost vanishes at large eps, beside the slope -1 of "
                               "the bound's S^2AH^3/eps (",
                               env, ")"),
                  experiment_names::kJdpTabularFig,
                  "exponent in eps of (final regret - the reference's) over every eps with a "
                  "positive cost",
                  {Comparison::kNear, -1.0, 0.0},
                  true,
                  PrivacyCostExponent(env, v, /*dominating=*/false)};
      decay.kind = ClaimKind::kObservation;
      claims.push_back(decay);
    }
  }
  return claims;
}

const bool kRegistered = RegisterClaims(RegisteredClaims{/*order=*/50, ChowdhuryZhouClaims});

}  // namespace
}  // namespace dprl
