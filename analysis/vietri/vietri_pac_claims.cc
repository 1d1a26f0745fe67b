// Claims of Vietri, Balle, Krishnamurthy, Wu 2020 about its PAC bound (Thms. 3 and 5) measured on
// //experiments:vietri_lower_bound_fig: the ORDERS of the bound's eps-dependent term and the
// vacuity of Thm. 3 at the runs' scale (docs/claims.md, "Vietri et al. 2020: orders, vacuity,
// calibration"). The claims measured on vietri_fig (Thm. 4's vacuity, the calibration) are
// vietri_bound_claims.cc's.
//
// The PAC excess of a private PUCB run is its number of non-optimal episodes (the count at the
// largest grid alpha below the instance gap g: every mistake on this family costs >= g, so that
// count is the number of episodes that are not g-optimal) minus the same count of PUCB's planner on
// exact counts (pucb_noiseless) on the same instance: the part of Thm. 3's bound that carries eps,
// S^2AH^4/(eps alpha), without its eps-free SAH^4/alpha^2 term. Regime of a run: median burn-in
// <= T/10 (else its optimism never or only late left H and the count is censored by T) and mean
// count <= T/2 (else the count is saturated by T and cannot follow 1/eps any more).
#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "algorithms/tabular/vietri_bounds.h"
#include "analysis/claims/bound_tests.h"
#include "analysis/claims/group_readers.h"
#include "analysis/claims/registry.h"
#include "analysis/claims/statistics.h"
#include "analysis/regret_stats.h"
#include "analysis/vietri/lower_bound_group.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "experiments/vietri/vietri_lower_bound_task_names.h"
#include "schema/lower_bound_records.h"
#include "schema/tabular_records.h"

namespace dprl {
namespace {

// The experiment whose results files these claims read.

constexpr char kPaper[] = "Vietri et al. 2020";
// Burn-in regime factor (as in vietri_claims.cc): median burn-in <= T / kBurnInFactor.
constexpr double kBurnInFactor = 10.0;
// A count above this share of T is saturated by T.
constexpr double kSaturatedShare = 0.5;

// One private PUCB run of the lower-bound file with its reference.
struct ExcessRun {
  std::string group;
  double privacy_epsilon = 0, gap = 0;                  // gap = the instance gap g (pac_alpha_unit)
  double num_states = 0, num_actions = 0, horizon = 0;  // S, A, the paper's H
  int column = 0;                                       // the largest grid alpha below g
  int reference = 0;          // index of the reference (pucb_noiseless) rows
  std::string regime_missed;  // empty: in regime
};

struct ExcessData {
  std::vector<ExcessRun> runs;
  std::vector<SeedRows> rows;  // counts of every run, then of every reference
  int num_runs = 0;
};

// Reads every private PUCB run (error_bound_method = paper) and its instance's pucb_noiseless
// counts. A run without a grid alpha below g is a malformed file for this experiment.
absl::StatusOr<ExcessData> ReadExcessData(const Hdf5Reader& reader) {
  ASSIGN_OR_RETURN(std::vector<std::string> groups,
                   SelectGroups(reader, {{hdf5_names::kAgent, "pucb"},
                                         {hdf5_names::kErrorBoundMethod, "paper"}}));
  ExcessData data;
  std::vector<SeedRows> references;
  // (env, gap) -> index into references. A file with several alpha' holds one pucb_noiseless
  // group per (env, alpha'): env names the instance vector, alpha' (the gap) the MDP's rewards.
  std::map<std::pair<std::string, double>, int> reference_index;
  for (const std::string& group : groups) {
    ASSIGN_OR_RETURN(LowerBoundGroupData run, ReadLowerBoundGroup(reader, group));
    ExcessRun excess;
    excess.group = group;
    ASSIGN_OR_RETURN(const TabularAgentParameters agent,
                     reader.ReadRecord(group, TabularAgentParametersBinding()));
    if (!(agent.privacy_epsilon > 0)) {
      return RecordsNo(reader, group, hdf5_names::kPrivacyEpsilon);
    }
    excess.privacy_epsilon = agent.privacy_epsilon;
    excess.gap = run.pac_alpha_unit;
    excess.num_states = static_cast<double>(run.num_states);
    excess.num_actions = static_cast<double>(run.num_actions);
    excess.horizon = static_cast<double>(run.rewarded_horizon);
    excess.column = -1;
    for (size_t k = 0; k < run.alpha_grid.size(); ++k) {
      if (run.alpha_grid[k] < excess.gap) excess.column = static_cast<int>(k);
    }
    if (excess.column < 0) {
      return absl::InvalidArgumentError(
          absl::StrFormat("%s: group '%s' has no pac_alpha_grid value below the instance gap %g",
                          reader.path(), group, excess.gap));
    }
    const std::string& env = run.regret.env;
    const std::pair<std::string, double> instance_key{env, excess.gap};
    if (reference_index.find(instance_key) == reference_index.end()) {
      ASSIGN_OR_RETURN(
          std::vector<std::string> noiseless,
          SelectGroups(reader, {{hdf5_names::kEnv, env}, {hdf5_names::kAgent, "pucb_noiseless"}}));
      std::vector<std::string> same_gap;
      for (const std::string& candidate : noiseless) {
        ASSIGN_OR_RETURN(const PacSettings pac, reader.ReadRecord(candidate, PacSettingsBinding()));
        if (pac.pac_alpha_unit == excess.gap) same_gap.push_back(candidate);
      }
      if (same_gap.size() != 1) {
        return absl::NotFoundError(absl::StrFormat(
            "%s: expected one pucb_noiseless group of env '%s' with pac_alpha_unit %g, found %d",
            reader.path(), env, excess.gap, same_gap.size()));
      }
      ASSIGN_OR_RETURN(SeedRows counts, ReadSeedRows(reader, same_gap.front(),
                                                     hdf5_names::kNonAlphaOptimalEpisodes));
      reference_index[instance_key] = static_cast<int>(references.size());
      references.push_back(std::move(counts));
    }
    excess.reference = reference_index[instance_key];
    ASSIGN_OR_RETURN(SeedRows counts,
                     ReadSeedRows(reader, group, hdf5_names::kNonAlphaOptimalEpisodes));
    const double episodes = run.regret.episode_grid.back();
    if (!run.regret.first_episode_bonus_below_horizon.has_value()) {
      return absl::InvalidArgumentError(absl::StrCat(reader.path(), ": group '", group,
                                                     "' has no first_episode_bonus_below_horizon"));
    }
    const double burn_in = MedianEpisodeOrNever(*run.regret.first_episode_bonus_below_horizon);
    const double count = ColumnMean(counts, excess.column);
    if (burn_in < 0 || burn_in * kBurnInFactor > episodes) {
      excess.regime_missed =
          absl::StrFormat("%s: median burn-in %s > T/%g (censored)", group,
                          burn_in < 0 ? "never" : absl::StrCat(burn_in), kBurnInFactor);
    } else if (count > kSaturatedShare * episodes) {
      excess.regime_missed = absl::StrFormat("%s: count %.4g > T/2 (saturated by T)", group, count);
    }
    data.runs.push_back(excess);
    data.rows.push_back(std::move(counts));
  }
  data.num_runs = static_cast<int>(data.runs.size());
  for (SeedRows& rows : references) data.rows.push_back(std::move(rows));
  return data;
}

// Which parameter the order is measured in, with the others held fixed.
enum class OrderIn { kEpsilon, kGap, kStates };

double Parameter(const ExcessRun& run, OrderIn order) {
  switch (order) {
    case OrderIn::kEpsilon:
      return run.privacy_epsilon;
    case OrderIn::kGap:
      return run.gap;
    case OrderIn::kStates:
      return run.num_states;
  }
  return 0;
}

// The values held fixed while the parameter moves.
std::vector<double> FixedKey(const ExcessRun& run, OrderIn order) {
  switch (order) {
    case OrderIn::kEpsilon:
      return {run.num_states, run.num_actions, run.horizon, run.gap};
    case OrderIn::kGap:
      return {run.num_states, run.num_actions, run.horizon, run.privacy_epsilon};
    case OrderIn::kStates:
      return {run.num_actions, run.horizon, run.gap, run.privacy_epsilon};
  }
  return {};
}

// FixedKey as text, e.g. "S=4 A=2 H=2 eps=1000" (order in g).
std::string FixedKeyText(const ExcessRun& run, OrderIn order) {
  const std::string states = absl::StrFormat("S=%g ", run.num_states);
  const std::string gap = absl::StrFormat(" g=%.3g", run.gap);
  const std::string eps = absl::StrFormat(" eps=%g", run.privacy_epsilon);
  return absl::StrCat(order == OrderIn::kStates ? "" : states,
                      absl::StrFormat("A=%g H=%g", run.num_actions, run.horizon),
                      order == OrderIn::kGap ? "" : gap, order == OrderIn::kEpsilon ? "" : eps);
}

// The points (parameter, mean excess) of the runs `runs`, from `rows` laid out as ExcessData::rows.
void ExcessPoints(const ExcessData& data, OrderIn order, const std::vector<SeedRows>& rows,
                  const std::vector<int>& runs, std::vector<double>* x, std::vector<double>* y) {
  for (int i : runs) {
    const ExcessRun& run = data.runs[i];
    x->push_back(Parameter(run, order));
    y->push_back(ColumnMean(rows[i], run.column) -
                 ColumnMean(rows[data.num_runs + run.reference], run.column));
  }
}

// Log-log slope of the PAC excess in one parameter, on every set of in-regime runs that share the
// other parameters and have >= 2 distinct values of it (>= `min_points` runs); the statistic is
// the largest slope (`largest` = true: an upper bound's order tested from above) or the smallest.
MeasureFunction PacExcessOrder(OrderIn order, int min_points, bool largest, std::string what,
                               std::string rerun) {
  return [=](const Hdf5Reader& reader, const BootstrapOptions& bootstrap,
             const std::string& id) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(ExcessData data, ReadExcessData(reader));
    std::map<std::vector<double>, std::vector<int>> sets;  // fixed key -> runs (ascending param)
    std::vector<std::string> misses;
    for (int i = 0; i < data.num_runs; ++i) {
      if (!data.runs[i].regime_missed.empty()) {
        misses.push_back(data.runs[i].regime_missed);
        continue;
      }
      sets[FixedKey(data.runs[i], order)].push_back(i);
    }
    std::vector<std::vector<int>> fits;
    for (auto& [key, runs] : sets) {
      std::sort(runs.begin(), runs.end(), [&](int a, int b) {
        return Parameter(data.runs[a], order) < Parameter(data.runs[b], order);
      });
      const bool spread =
          Parameter(data.runs[runs.front()], order) < Parameter(data.runs[runs.back()], order);
      if (static_cast<int>(runs.size()) >= min_points && spread) fits.push_back(runs);
    }
    // A slope through 2 points has no measurable window systematic: where some set has >= 3
    // points, the 2-point sets stay out of the fit (named); where none has, the claim is
    // inconclusive (MarkFewFitPoints below).
    std::vector<std::string> two_point_sets;
    if (std::any_of(fits.begin(), fits.end(), [](const auto& f) { return f.size() >= 3; })) {
      std::vector<std::vector<int>> kept;
      for (std::vector<int>& runs : fits) {
        if (runs.size() >= 3) {
          kept.push_back(std::move(runs));
        } else {
          two_point_sets.push_back(FixedKeyText(data.runs[runs.front()], order));
        }
      }
      fits = std::move(kept);
    }
    std::string detail = absl::StrFormat(
        "%s slope of log(non-optimal episodes PUCB - PUCB on exact counts) vs log %s over %d "
        "set(s) of in-regime runs sharing the other parameters (%d private runs in the file)",
        largest ? "largest" : "smallest", what, fits.size(), data.num_runs);
    if (!two_point_sets.empty()) {
      absl::StrAppend(&detail, "; 2-point sets left out (sets of >= 3 exist): ",
                      absl::StrJoin(two_point_sets, ", "));
    }
    if (!misses.empty())
      absl::StrAppend(&detail, "; outside the regime: ", absl::StrJoin(misses, ", "));
    if (fits.empty()) {
      Measurement out = UndefinedMeasurement(detail);
      out.regime_missed = absl::StrFormat(
          "no %d in-regime runs differing only in %s (the file's runs: %s); %s", min_points, what,
          absl::StrJoin(data.runs, "; ",
                        [](std::string* out, const ExcessRun& run) {
                          absl::StrAppendFormat(out, "S=%g A=%g H=%g g=%.3g eps=%g", run.num_states,
                                                run.num_actions, run.horizon, run.gap,
                                                run.privacy_epsilon);
                        }),
          rerun);
      return out;
    }
    const ExcessData* source = &data;
    // Per-set slopes, combined by max or min.
    auto combined = [source, fits, order,
                     largest](const std::vector<SeedRows>& g) -> absl::StatusOr<double> {
      double result = largest ? -INFINITY : INFINITY;
      for (const std::vector<int>& runs : fits) {
        std::vector<double> x, y;
        ExcessPoints(*source, order, g, runs, &x, &y);
        ASSIGN_OR_RETURN(double slope, StrictLogLogFit(x, y));
        result = largest ? std::max(result, slope) : std::min(result, slope);
      }
      return result;
    };
    Measurement measurement =
        BootstrapMeasurement(data.rows, ExplainedStatistic(combined), bootstrap, id, detail);
    if (!measurement.defined) return measurement;
    double systematic = 0;
    for (const std::vector<int>& runs : fits) {
      std::vector<double> x, y;
      ExcessPoints(data, order, data.rows, runs, &x, &y);
      systematic = std::max(systematic, FitWindowSystematic(x, y, StrictLogLogFit));
      absl::StrAppendFormat(&measurement.detail, "; set %s: %s = %s",
                            FixedKeyText(data.runs[runs.front()], order), what,
                            absl::StrJoin(x, ",", [](std::string* out, double v) {
                              absl::StrAppendFormat(out, "%g", v);
                            }));
    }
    measurement.systematic = systematic;
    absl::StrAppendFormat(&measurement.detail,
                          "; window systematic %.3g (the fit range minus an end point); T-window "
                          "systematic not measurable (the counts are recorded at T only)",
                          systematic);
    size_t fewest = fits.front().size();
    for (const std::vector<int>& runs : fits) fewest = std::min(fewest, runs.size());
    MarkFewFitPoints(fewest, &measurement);
    return measurement;
  };
}

// Thm. 3's parameters of a private PUCB run at alpha = the instance gap g, with its T and beta.
absl::StatusOr<VietriBoundsParameters> Theorem3Parameters(const Hdf5Reader& reader,
                                                          const ExcessRun& run) {
  ASSIGN_OR_RETURN(const TabularRegretSettings settings,
                   reader.ReadRecord(run.group, TabularRegretSettingsBinding()));
  ASSIGN_OR_RETURN(const TabularAgentParameters agent,
                   reader.ReadRecord(run.group, TabularAgentParametersBinding()));
  VietriBoundsParameters p;
  p.num_states = static_cast<int64_t>(run.num_states);
  p.num_actions = static_cast<int64_t>(run.num_actions);
  p.horizon = static_cast<int64_t>(run.horizon);
  p.num_episodes = settings.num_episodes;
  p.privacy_epsilon = run.privacy_epsilon;
  p.failure_probability = agent.failure_probability;
  p.alpha = run.gap;
  RETURN_IF_ERROR(p.Validate());
  return p;
}

// Thm. 3's implied constant: per private PUCB run (instance, alpha', eps), R_s = the seed's
// episodes that are not g-optimal (the count at the largest grid alpha below g), f = Thm. 3's
// shape SAH^4/g^2 + S^2AH^4/(eps g) without its unstated polylog, failure probability beta, trivial
// maximum T.
absl::StatusOr<Measurement> Theorem3ImpliedConstant(const Hdf5Reader& reader,
                                                    const BootstrapOptions&, const std::string&) {
  ASSIGN_OR_RETURN(ExcessData data, ReadExcessData(reader));
  std::vector<BoundRun> runs;
  for (int i = 0; i < data.num_runs; ++i) {
    const ExcessRun& run = data.runs[i];
    ASSIGN_OR_RETURN(const VietriBoundsParameters p, Theorem3Parameters(reader, run));
    BoundRun bound;
    bound.label = absl::StrFormat("%s (S=%g g=%.3g eps=%g)", run.group, run.num_states, run.gap,
                                  run.privacy_epsilon);
    bound.measured = MeasuredAtColumn(data.rows[i], run.column);
    bound.expression = PucbPacUpperBound(p).total();
    bound.failure_probability = p.failure_probability;
    bound.trivial_maximum = static_cast<double>(p.num_episodes);
    runs.push_back(std::move(bound));
  }
  return ImpliedConstantMeasurement(
      runs, "private PUCB, f = Thm. 3's shape SAH^4/g^2 + S^2AH^4/(eps g) at alpha = g WITHOUT "
            "its polylog factor (its exponent is unstated), R = episodes not g-optimal");
}

// The same for Thm. 3 on the lower-bound file: (SAH^4/g^2 + S^2AH^4/(eps g)) / T at alpha = the
// instance gap g.
absl::StatusOr<Measurement> Theorem3Vacuity(const Hdf5Reader& reader, const BootstrapOptions&,
                                            const std::string&) {
  ASSIGN_OR_RETURN(ExcessData data, ReadExcessData(reader));
  if (data.runs.empty()) return UndefinedMeasurement("no private PUCB run in the file");
  double worst = 0;
  std::string worst_run;
  std::vector<std::string> vacuous;
  for (const ExcessRun& run : data.runs) {
    ASSIGN_OR_RETURN(const VietriBoundsParameters p, Theorem3Parameters(reader, run));
    const int64_t episodes = p.num_episodes;
    const BoundShape shape = PucbPacUpperBound(p);
    const double ratio = shape.total() / static_cast<double>(episodes);
    if (ratio > worst) {
      worst = ratio;
      worst_run = absl::StrFormat("%s: SAH^4/g^2 = %.4g, S^2AH^4/(eps g) = %.4g, T = %d", run.group,
                                  shape.non_private_term, shape.privacy_term, episodes);
    }
    if (ratio > 1) vacuous.push_back(run.group);
  }
  Measurement out = ExactMeasurement(
      worst, absl::StrFormat("max over %d private PUCB runs of Thm. 3 shape at alpha = g / T; "
                             "largest: %s",
                             data.runs.size(), worst_run));
  if (!vacuous.empty()) {
    out.regime_missed =
        absl::StrCat("vacuous at this scale (shape > T): ", absl::StrJoin(vacuous, ", "));
  }
  return out;
}

std::vector<Claim> VietriPacClaims() {
  std::vector<Claim> claims;
  Claim constant{"vietri.implied_constant.thm3",
                 kPaper,
                 "Thm. 3",
                 "with probability >= 1 - beta, PUCB's episodes that are not alpha-optimal are "
                 "O~(SAH^4/alpha^2 + S^2AH^4/(eps alpha)): the implied constant of the shape "
                 "without its polylog, at alpha = the instance gap g, per instance, alpha' and eps",
                 experiment_names::kVietriLowerBoundFig,
                 "implied constant of (non-g-optimal episodes of each seed) / (Thm. 3's shape at "
                 "alpha = g, no polylog)",
                 {},
                 true,
                 Theorem3ImpliedConstant};
  constant.kind = ClaimKind::kImpliedConstant;
  constant.regime = "any (a count of episodes is at most T: R_max = T)";
  claims.push_back(constant);
  const std::string excess_regime =
      "runs with median burn-in <= T/10 (not censored) and mean count <= T/2 (not saturated); "
      "alpha = the instance gap g (the count at the largest grid alpha below g: every mistake "
      "costs >= g); >= 3 such eps on one instance";
  Claim eps_order{"vietri.pac_excess_vs_eps",
                  kPaper,
                  "Thm. 3 (trend)",
                  "the smallest slope in eps, over instances, of PUCB's excess of non-optimal "
                  "episodes over its planner on exact counts, beside the slope -1 of Thm. 3's "
                  "term S^2AH^4/(eps alpha): the trend within the run, not a test (an O~() bound "
                  "with free constants does not limit a slope over a finite window)",
                  experiment_names::kVietriLowerBoundFig,
                  "smallest over instances of the exponent in eps of (non-optimal episodes PUCB - "
                  "PUCB on exact counts), in-regime eps",
                  {Comparison::kAtLeast, -1.0, 0.25},
                  true,
                  PacExcessOrder(OrderIn::kEpsilon, 3, false, "eps", "")};
  eps_order.regime = excess_regime;
  claims.push_back(eps_order);
  Claim eps_decay{"vietri.pac_excess_decay_vs_eps",
                  kPaper,
                  "Thm. 3 (tightness)",
                  "how fast PUCB's PAC excess over its planner on exact counts vanishes at large "
                  "eps, beside the slope -1 of the bound's term S^2AH^4/(eps alpha)",
                  experiment_names::kVietriLowerBoundFig,
                  "largest over instances of the exponent in eps of (non-optimal episodes PUCB - "
                  "PUCB on exact counts), in-regime eps",
                  {Comparison::kNear, -1.0, 0.0},
                  true,
                  PacExcessOrder(OrderIn::kEpsilon, 3, true, "eps", "")};
  eps_decay.kind = ClaimKind::kObservation;
  eps_decay.regime = excess_regime;
  claims.push_back(eps_decay);

  Claim alpha_order{
      "vietri.pac_excess_vs_alpha",
      kPaper,
      "Thm. 3 (alpha' tuned to alpha, App.; trend)",
      "the smallest exponent in the instance gap g (g = H alpha'/(2n), alpha' = alpha) of PUCB's "
      "PAC excess over its planner on exact counts, beside the -1 of Thm. 3's 1/alpha: the trend "
      "within the run, not a test",
      experiment_names::kVietriLowerBoundFig,
      "smallest exponent in the instance gap g of the excess at fixed (S, A, H, eps)",
      {Comparison::kAtLeast, -1.0, 0.25},
      true,
      PacExcessOrder(OrderIn::kGap, 2, false, "the instance gap g",
                     "the 1/alpha order needs runs at >= 2 values of alpha' on the same instance "
                     "shape and eps, each in regime (vietri_lower_bound_fig "
                     "--set=alpha_primes=..., as the claims profiles run it; a smaller alpha' "
                     "saturates at smaller eps)")};
  alpha_order.regime = absl::StrCat(
      "as pac_excess_vs_eps, with >= 2 gaps g (values of alpha') at the same (S, A, H, eps)");
  claims.push_back(alpha_order);

  Claim s_order{
      "vietri.pac_excess_vs_states",
      kPaper,
      "Thm. 3 (S^2 A H^4/(eps alpha); trend)",
      "the largest exponent in S of PUCB's PAC excess over its planner on exact counts at fixed "
      "A, H, alpha, eps, beside the 2 of Thm. 3's S^2: the trend within the run, not a test",
      experiment_names::kVietriLowerBoundFig,
      "largest exponent in S of the excess over instances that differ only in n (S = n + 2)",
      {Comparison::kAtMost, 2.0, 0.25},
      true,
      PacExcessOrder(OrderIn::kStates, 2, true, "S",
                     "the S-order needs instances differing only in n at the same gap g = "
                     "H alpha'/(2n), i.e. alpha' proportional to n (e.g. vietri_lower_bound_fig "
                     "--set=instances=n2_m1_H2,n4_m1_H2 --set=alpha_primes=0.25,0.5), as the "
                     "claims profile runs them; claims_reduced does not)")};
  s_order.regime = "as pac_excess_vs_eps, with >= 2 instances of equal (m, H) and gap g at one eps";
  claims.push_back(s_order);
  Claim thm3_vacuity{
      "vietri.thm3_shape_below_t",
      kPaper,
      "Thm. 3",
      "PUCB's PAC bound (shape, constant 1, no polylog) is below T at the lower-bound "
      "runs' scale, i.e. not shown vacuous",
      experiment_names::kVietriLowerBoundFig,
      "max over private PUCB runs of (SAH^4/g^2 + S^2AH^4/(eps g)) / T",
      {Comparison::kAtMost, 1.0, 0.0},
      true,
      Theorem3Vacuity};
  thm3_vacuity.kind = ClaimKind::kConsistencyCheck;  // a closed form of the run's parameters
  thm3_vacuity.regime = "shape <= T at every run (else the row reports the bound vacuous)";
  claims.push_back(thm3_vacuity);
  return claims;
}

const bool kRegistered = RegisterClaims(RegisteredClaims{/*order=*/14, VietriPacClaims});

}  // namespace
}  // namespace dprl
