// A paper claim as a checked number: what the paper states, which results file and statistic
// measure it, the expected value or inequality, and what a finite run can say about it.
//
// What can be decided (the only place it is stated; docs/claims.md repeats it):
//   * An EXPLICIT BOUND (ClaimKind::kExplicitBound): an inequality that the theorem states, or that
//     its proof makes explicit, with every constant, holding with probability >= 1 - alpha at the
//     theorem's own horizon (or uniformly in k, as stated). It is tested on the run's seeds by a
//     one-sided binomial test of the number of seeds that violate it against alpha
//     (Measurement::binomial): "refuted" when P(Bin(n, alpha) >= violations) < level, otherwise
//     "not refuted", with the one-sided Clopper-Pearson upper bound of the violation share. Never
//     "holds": a refutation refutes theorem, assumptions and implementation together, and a pass
//     only fails to refute them (the row names the premises it checked in the run).
//   * An O(.) or O~(.) UPPER BOUND with unstated constants (ClaimKind::kImpliedConstant): no finite
//     run can refute it, so it gets NO VERDICT. The row reports the implied constant: for
//     R_s <= C f (f the theorem's expression with every constant 1, at the run's horizon), the
//     smallest C that the binomial test above would not reject (ImpliedConstantOf, bound_tests.h),
//     per instance, system, eps and calibration, with where it exists the vacuity annotation
//     [C^, R_max / f]: the constants at which the bound both fits the data and says something.
//     The trends of the ratio within the run (exponents, slopes) are OBSERVATIONS.
//   * The paper's EMPIRICAL statement (ClaimKind::kEmpirical, "performs similarly", "the return
//     falls with sigma"): "reproduced" / "not reproduced" by the interval rule below, with its
//     premises in the statement.
// Interval rule (empirical statements, the paper's arithmetic, consistency checks, lower bounds):
//   Let [low, high] be the measured interval (coverage stated in `interval_method`; a point for
//   deterministic statistics), widened on both sides by the measurement's systematic term (the
//   fit-window sensitivity of a slope, statistics.h), and A the acceptance region:
//     kNear     A = [target - tolerance, target + tolerance]
//     kAtLeast  A = [target - tolerance, +inf)
//     kAtMost   A = (-inf, target + tolerance]
//   holds (reproduced) the widened interval is inside A; fails (not reproduced) it does not meet
//   A; inconclusive it straddles a boundary of A, or rests on fewer than
//   BootstrapOptions::min_seeds seeds, or the measurement names a reason no interval can settle it
//   (Measurement::inconclusive_reason, e.g. a slope fitted through 2 points).
// Every kind:
//   not run        the experiment's results file is missing (nothing is guessed);
//   out of regime  the results do not cover the regime the statement needs; the row names the
//                  condition that was missed. Never "fails": the paper says nothing there;
//   undefined      the statistic cannot be computed on these results (a non-positive value in a
//                  log-log fit, a censored value, too few points); the row gives the reason.
//
// Widening: the interval is widened by `systematic` (fit window) plus `time_systematic` (the same
// fit at T/3), each on both sides.
//
// The other kinds, each reported in a section of its own, outside the decided count:
// OBSERVATION (measured and predicted side by side, verdict "observed": the trend of an O(.)
// bound's ratio within the run, how tight a bound is), LOWER BOUND (a minimax lower bound can be
// refuted only by an algorithm that beats it, which the agent under test cannot; the row says
// whether it is "not a counterexample"), ARITHMETIC (the paper's own numbers recomputed) and
// CONSISTENCY CHECK (a number that follows from the code's own formulas).
//
// A claim the paper states without a constant is marked `shape_check`: an exponent, or an
// inequality with the constant set to 1; the report marks such rows.
#ifndef DPRL_ANALYSIS_CLAIMS_CLAIM_H_
#define DPRL_ANALYSIS_CLAIMS_CLAIM_H_

#include <cstdint>
#include <functional>
#include <optional>
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

// An explicit bound's test (ClaimKind::kExplicitBound): of `trials` seeds, `violations` violate an
// inequality that holds with probability >= 1 - allowed_probability. Refuted when
// P(Bin(trials, allowed_probability) >= violations) < level (BinomialUpperTail).
struct BinomialTest {
  int64_t violations = 0;
  int64_t trials = 0;
  // The theorem's failure probability (alpha, beta, delta as it states it), in (0, 1).
  double allowed_probability = 0.0;
  // One-sided level of the test, in (0, 1): 0.05, divided by the number of runs the row tests
  // (Bonferroni) where it tests several.
  double level = 0.05;
};

// P(Bin(trials, allowed_probability) >= violations): the test's p-value.
double BinomialPValue(const BinomialTest& test);

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
  // Set for an explicit bound: the binomial test that decides it (value = the violation share,
  // high = its one-sided Clopper-Pearson upper bound at the test's level, low = 0).
  std::optional<BinomialTest> binomial;
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
  kRefuted,        // an explicit bound violated on more seeds than its probability allows
  kNotRefuted,     // an explicit bound within it
  kReproduced,     // an empirical statement of the paper, reproduced (interval inside A)
  kNotReproduced,  // ... not reproduced (interval outside A)
  kNoVerdict,      // an O(.) bound measured (its implied constant): constant unstated
};

// "holds", "fails", "inconclusive", "out of regime", "undefined", "not run", "observed",
// "refuted", "not refuted", "reproduced", "not reproduced", "no verdict".
std::string VerdictName(Verdict verdict);

// The rules above for a measurement of any kind, as holds / fails / inconclusive / out of regime /
// undefined (min_seeds = BootstrapOptions::min_seeds): the binomial test where the measurement
// has one (holds = not refuted), else the interval rule. VerdictOfKind names the outcome.
Verdict Judge(const Measurement& measurement, const Expectation& expectation, int min_seeds = 20);

// An explicit bound decided by a run, an O(.) bound's implied constant (no verdict), the paper's
// empirical statement, an observation, a lower bound the agent cannot refute, the paper's own
// arithmetic recomputed, or a consistency check of the code's own formulas. Only kExplicitBound
// and kEmpirical enter the headline ("decided") count.
enum class ClaimKind {
  kExplicitBound,
  kImpliedConstant,
  kEmpirical,
  kObservation,
  kLowerBound,
  kArithmetic,
  kConsistencyCheck,
};

// "explicit_bound", "implied_constant", "empirical", "observation", "lower_bound", "arithmetic",
// "consistency".
std::string KindName(ClaimKind kind);

// True for the kinds a finite run decides and the headline counts: kExplicitBound, kEmpirical.
bool IsDecidedKind(ClaimKind kind);

// The verdict a claim of `kind` reports for Judge's `judged`: an explicit bound's holds / fails
// are "not refuted" / "refuted", an empirical statement's "reproduced" / "not reproduced"; an
// implied constant measured in regime (holds, fails or inconclusive) has "no verdict", an
// observation "observed"; every other verdict, and every verdict of the other kinds, as judged.
Verdict VerdictOfKind(ClaimKind kind, Verdict judged);

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

// Holm's step-down procedure at family-wise level `level` over the decided claims given (their
// measurement and expectation): how many are refuted (an explicit bound refuted, an empirical
// statement not reproduced), and how many supported (reproduced), with the probability of any
// false refutation (resp. any false support) <= level. An explicit bound enters with its binomial
// p-value for refutation and p = 1 for support (a pass is never support). A deterministic
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
  // The interval rule's acceptance region (empirical statements, observations, ...); unused by
  // an explicit bound (its binomial test) and an implied constant (no verdict).
  Expectation expected;
  bool shape_check = false;  // the paper gives no constant: exponent or constant-1 inequality
  MeasureFunction measure;
  ClaimKind kind = ClaimKind::kObservation;
  // The regime the paper's statement needs, in words (empty: the statement has no regime
  // condition); the measure function checks it and sets Measurement::regime_missed.
  std::string regime;
  // Decided kinds: what could have come out differently, i.e. why the run can refute it.
  std::string why_evidence;
};

}  // namespace dprl

#endif  // DPRL_ANALYSIS_CLAIMS_CLAIM_H_
