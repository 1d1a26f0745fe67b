// A paper claim as a checked number: what the paper states, which results file and statistic
// measure it, the expected value or inequality with its tolerance, and the verdict rule.
//
// Verdict rules (the only place they are stated; docs/claims.md repeats them):
//   Let [low, high] be the measured interval (coverage stated in `interval_method`; a point for
//   deterministic statistics), widened on both sides by the measurement's systematic term (the
//   fit-window sensitivity of a slope, statistics.h), and A the acceptance region:
//     kNear     A = [target - tolerance, target + tolerance]
//     kAtLeast  A = [target - tolerance, +inf)
//     kAtMost   A = (-inf, target + tolerance]
//   not run        the experiment's results file is missing (nothing is guessed);
//   out of regime  the results do not cover the regime the paper's statement needs (e.g. T far
//                  above the privacy burn-in, alpha above the instance gap), or a bound is
//                  vacuous at the run's scale (its shape exceeds the trivial bound, e.g. H T);
//                  the row names the condition that was missed. Never "fails": the paper says
//                  nothing there;
//   undefined      the statistic cannot be computed on these results (a non-positive value in a
//                  log-log fit, a censored value, too few points); the row gives the reason;
//   inconclusive   the interval straddles a boundary of A, or it rests on fewer seeds than
//                  BootstrapOptions::min_seeds (verdicts are drawn from >= 20 seeds), or the
//                  measurement names a reason no interval can settle it
//                  (Measurement::inconclusive_reason, e.g. a slope fitted through 2 points);
//   holds          the widened interval is inside A;
//   fails          the widened interval does not meet A.
//
// Widening: the interval is widened by `systematic` (fit window) plus `time_systematic` (the same
// fit at T/3), each on both sides.
//
// Direction (docs/claims.md, "The rule"): an upper bound R <= A + B g(x) is refuted only where
// B g dominates, by R growing FASTER than g as x moves toward that regime (regret as eps
// decreases, as T or K grows); the expected value is the local exponent of the theorem's own
// expression over the same window as the data, evaluated with the code's conversions. How fast a
// privacy cost vanishes at large eps (the tightness of the bound's shape) is an OBSERVATION.
//
// Evidence and consistency checks (ClaimKind): a claim is EVIDENCE for the paper only if the
// measured number could have refuted it (it comes from runs of the algorithms, or from a
// computation the paper's statement does not fix); `why_evidence` says what could have come out
// differently. A number that follows from the code's own formulas (a closed form equal to its
// own optimisation, an exponent implied by a calibration) is a CONSISTENCY CHECK: reported in
// its own section, never counted in the headline.
//
// Three more kinds are reported in sections of their own, outside the evidence count:
// OBSERVATION (measured and predicted side by side, verdict "observed", never holds/fails),
// LOWER BOUND (a minimax lower bound can be refuted only by an algorithm that beats it, which
// the agent under test cannot; the row says whether it is "not a counterexample") and
// ARITHMETIC (the paper's own numbers recomputed).
//
// A claim the paper states without a constant ("regret is O(sqrt K)", "a lower bound of order
// ...") is checked as a SHAPE: an exponent, or an inequality with the constant set to 1
// (`shape_check` = true); the report marks such rows.
#ifndef DPRL_ANALYSIS_CLAIMS_CLAIM_H_
#define DPRL_ANALYSIS_CLAIMS_CLAIM_H_

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "analysis/hdf5_reader.h"

namespace dprl {

// Seeded BCa bootstrap over seed indices, paired across groups (statistics.h). Deterministic for
// a given seed.
struct BootstrapOptions {
  // Bootstrap resamples per claim; >= 100. The interval is the BCa 95% interval.
  int replicates = 2000;
  // Master seed of the resampling; each claim derives its stream from (seed, claim id).
  uint64_t seed = 20201;
  // Fewest seeds a bootstrap interval may rest on for a holds/fails verdict; fewer give
  // "inconclusive" (the row says so). >= 2.
  int min_seeds = 20;
  // Near a boundary the report re-measures a claim with more resamples until the Monte Carlo
  // error of the interval ends (MonteCarloError) is <= 1/3 of the margin to the boundary
  // (BoundaryMargin), up to this many; a claim still within its Monte Carlo error there is
  // "inconclusive" with that reason. >= replicates.
  int max_replicates = 64000;

  absl::Status Validate() const;
};

struct Measurement {
  bool defined = false;  // false: the statistic cannot be computed at this scale (see detail)
  double value = 0.0;    // point estimate on the seeds as run
  double low = 0.0;      // 95% interval; low == high == value for deterministic statistics
  double high = 0.0;
  std::string detail;  // what was measured (groups, points), or why it is undefined
  // Non-empty: the regime condition of the claim that these results miss (verdict "out of
  // regime"); `defined` and the numbers may still be set, for information.
  std::string regime_missed;
  // Systematic half-width added to both ends of [low, high] for the verdict: the largest change of
  // the statistic when the fit window (eps range, T range) moves by one point (statistics.h).
  double systematic = 0.0;
  // Seeds the interval rests on; 0 for a deterministic statistic.
  int seeds = 0;
  // How [low, high] was obtained, with its coverage, e.g. "95% BCa bootstrap, 24 seeds paired
  // across 5 groups"; empty for deterministic statistics.
  std::string interval_method;
  // Systematic half-width from the horizon: |statistic at T/3 (K/3) - statistic at T (K)| for the
  // same fit (statistics.h); added to `systematic` for the verdict. 0 where not applicable (the
  // detail says so for slope claims whose data hold no curve).
  double time_systematic = 0.0;
  // Non-empty: no interval can decide the claim (e.g. a slope through 2 points, whose window
  // systematic cannot be measured); the verdict is "inconclusive" with this reason.
  std::string inconclusive_reason;
  // The sorted bootstrap resamples of the statistic (empty for deterministic statistics): the
  // one-sided p-values of the family-wise count (FamilyWiseCounts) and the Monte Carlo error of
  // the interval ends (MonteCarloError) come from them.
  std::vector<double> resamples;
};

enum class Comparison { kNear, kAtLeast, kAtMost };

struct Expectation {
  Comparison comparison = Comparison::kNear;
  double target = 0.0;
  double tolerance = 0.0;  // >= 0
};

enum class Verdict {
  kHolds,
  kFails,
  kInconclusive,
  kOutOfRegime,
  kUndefined,
  kNotRun,
  kObserved,  // an observation (ClaimKind::kObservation) measured in its regime: no verdict
};

// "holds", "fails", "inconclusive", "out of regime", "undefined", "not run", "observed".
std::string VerdictName(Verdict verdict);

// The rule above, with min_seeds = BootstrapOptions::min_seeds. (Observations are judged by the
// report, which turns a holds / fails / inconclusive of theirs into kObserved.)
Verdict Judge(const Measurement& measurement, const Expectation& expectation, int min_seeds = 20);

// Evidence for the paper (could have failed), a consistency check of the code's own formulas, an
// observation (tightness; no verdict), a lower bound the agent cannot refute, or the paper's own
// arithmetic recomputed. Only kEvidence enters the headline count.
enum class ClaimKind { kEvidence, kConsistencyCheck, kObservation, kLowerBound, kArithmetic };

// "evidence", "consistency", "observation", "lower_bound", "arithmetic".
std::string KindName(ClaimKind kind);

// The acceptance region of `expectation` as [low, high] (infinite ends for one-sided ones).
std::pair<double, double> AcceptanceRegion(const Expectation& expectation);

// The distance from the widened interval of `measurement` to the nearest finite boundary of the
// acceptance region (>= 0; +inf when the region has no finite boundary or the measurement is
// deterministic): how far the verdict is from changing.
double BoundaryMargin(const Measurement& measurement, const Expectation& expectation);

// The Monte Carlo standard error of a 95% interval end from R = resamples.size() resamples with
// bootstrap standard deviation s: s sqrt(0.025 * 0.975 / R) / phi(1.96) (the asymptotic standard
// error of a sample quantile); 0 for a deterministic measurement.
double MonteCarloError(const Measurement& measurement);

// Makes a holds / fails verdict independent of the number of bootstrap resamples: near a
// boundary, the Monte Carlo error of the interval ends is brought to <= 1/3 of the margin.
// `measured` was measured with `bootstrap`. While Judge(measured, expected, min_seeds) is holds or
// fails and MonteCarloError > BoundaryMargin / 3, the claim is measured again by `remeasure` with
// more resamples, R' = min(max_replicates, max(2 R, ceil(R (3 error / margin)^2))). Every other
// verdict (inconclusive, undefined, ...) is returned as measured. A measurement still within 3
// Monte Carlo errors of the boundary at max_replicates gets an inconclusive_reason saying so.
// An error of `remeasure` is returned as it is.
using RemeasureFunction =
    std::function<absl::StatusOr<Measurement>(const BootstrapOptions& bootstrap)>;
absl::StatusOr<Measurement> RefineToMonteCarloPrecision(Measurement measured,
                                                        const RemeasureFunction& remeasure,
                                                        const Expectation& expected,
                                                        const BootstrapOptions& bootstrap);

// One-sided bootstrap p-values of the two null hypotheses of a claim, from the resamples shifted
// by the systematic in the null's favour (p = (1 + #resamples consistent with the null) / (1 + R)):
//   refuted:   H0 "the statistic is inside the acceptance region" (small p: the theorem fails)
//   supported: H0 "the statistic is outside it" (small p: the claim holds).
// Both 1 for a measurement without resamples that is not decided exactly (see FamilyWiseCounts).
struct ClaimPValues {
  double refuted = 1.0;
  double supported = 1.0;
};
ClaimPValues BootstrapPValues(const Measurement& measurement, const Expectation& expectation);

// Holm's step-down procedure at family-wise level `level` over the evidence claims given (their
// measurement and expectation): how many are refuted, and how many supported, with the
// probability of any false refutation (resp. any false support) <= level. A deterministic
// measurement counts with p = 0 where its verdict is holds / fails and is otherwise left out;
// undefined, out-of-regime and not-run claims are left out of the family (`family` says how many
// entered).
struct FamilyWiseCount {
  int family = 0;
  int refuted = 0;
  int supported = 0;
};
FamilyWiseCount FamilyWiseCounts(const std::vector<std::pair<Measurement, Expectation>>& claims,
                                 int min_seeds, double level = 0.05);

// E.g. "-1 ± 0.25", ">= 1", "<= 1e-09".
std::string ExpectationText(const Expectation& expectation);

// Measures the claim on the opened results file of `experiment`. An error is a malformed file
// (missing group or dataset the experiment always writes); an undefined Measurement is a file
// that is well-formed but too small for the statistic.
using MeasureFunction = std::function<absl::StatusOr<Measurement>(
    const Hdf5Reader& reader, const BootstrapOptions& bootstrap, const std::string& claim_id)>;

struct Claim {
  std::string id;          // unique, e.g. "vietri.regret_gap_vs_eps.riverswim"
  std::string paper;       // e.g. "Vietri et al. 2020"
  std::string location;    // theorem / figure / section, e.g. "Thm. 4"
  std::string statement;   // what the paper states, in words
  std::string experiment;  // results file DIR/<experiment>/<experiment>.h5
  std::string statistic;   // how the number is computed from the file
  Expectation expected;
  bool shape_check = false;  // the paper gives no constant: exponent or constant-1 inequality
  MeasureFunction measure;
  ClaimKind kind = ClaimKind::kEvidence;
  // The regime the paper's statement needs, in words (empty: the statement has no regime
  // condition); the measure function checks it and sets Measurement::regime_missed.
  std::string regime;
  // Evidence only: what could have come out differently, i.e. why a pass is support.
  std::string why_evidence;
};

}  // namespace dprl

#endif  // DPRL_ANALYSIS_CLAIMS_CLAIM_H_
