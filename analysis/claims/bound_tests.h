// What a finite run can say about an upper bound that holds with a stated probability (claim.h):
// the test of an explicit bound (ClaimKind::kExplicitBound) and the implied constant of an O(.) /
// O~(.) bound (ClaimKind::kImpliedConstant).
//
// Specification
// -------------
// Explicit bound: an inequality with every constant stated (or fixed by the proof), holding with
// probability >= 1 - alpha, checked on each seed of one or several runs (m runs: the test of each
// is at level 0.05 / m, Bonferroni, so that the row refutes with probability <= 0.05 when the
// inequality holds in every run). Per run, v of n seeds violate it; the run refutes it when
// P(Bin(n, alpha) >= v) < 0.05 / m. A row that does not refute reports the largest one-sided
// Clopper-Pearson upper bound of the violation share at level 0.05 / m ("violation share < x
// (95%)"), never "holds".
//
// A theorem "with probability >= 1 - alpha, R(T) <= C f(T)" with C unstated cannot be refuted by
// a finite run; what a run can say is which constants it does not contradict. For one run (one
// instance, system, eps, calibration) with seeds s = 1..n at the algorithm's own horizon (an
// algorithm that takes T or K as input is tested at that T or K only), ratios r_s = R_s / f and
// the theorem's failure probability alpha, the one-sided binomial test at level `level` rejects
// "P(R > C f) <= alpha" when P(Bin(n, alpha) >= #{s : r_s > C}) < level. The implied constant is
// the smallest C it does not reject:
//     k* = max{ k in [0, n] : P(Bin(n, alpha) >= k) >= level },
//     C^ = the (k* + 1)-th largest r_s   (0 when k* >= n: the test rejects no constant).
// At n = 20, alpha = 0.05, level = 0.05: P(Bin >= 3) = 0.0755, P(Bin >= 4) = 0.0159, so k* = 3
// and C^ is the 4th-largest ratio.
// Vacuity annotation: where R has a trivial maximum R_max at this horizon (H T for a tabular
// regret, T for a count of episodes, K H (||Q|| + ||R|| gamma^2) for an LQ policy with clipped
// inputs), the constants at which the bound both fits the data and says something are
// [C^, R_max / f] (R_max / f < 1: the expression with constant 1 is already vacuous). Measured
// values never exceed R_max, so the interval is empty only where the recorded value is not the
// one R_max bounds (an LQ regret recorded for the unclipped linear policy). A reference value (e.g. the regret of playing u = 0 for all K episodes) is shown beside
// it in units of f; it is not a maximum (an agent can do worse).
#ifndef DPRL_ANALYSIS_CLAIMS_BOUND_TESTS_H_
#define DPRL_ANALYSIS_CLAIMS_BOUND_TESTS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/claims/claim.h"
#include "analysis/claims/statistics.h"

namespace dprl {

// The family level of the binomial tests above, for every explicit bound and implied constant of
// the report.
inline constexpr double kImpliedConstantLevel = 0.05;

// One run's count for an explicit bound.
struct ViolationCount {
  std::string label;  // e.g. "private_ofu_rl at eps = 100"
  int64_t violations = 0;
  int64_t trials = 0;
  double allowed_probability = 0.0;  // the statement's alpha, in (0, 1)
};

// The row's measurement (Measurement::binomial set to the run with the smallest p-value, at level
// kImpliedConstantLevel / m): value = its violation share, low = 0, high = the largest
// Clopper-Pearson upper bound of a run's share at that level, seeds = the fewest trials; the
// detail lists every run's count and p-value after `what`. Undefined for no runs, a run without
// trials, or a probability outside (0, 1).
Measurement ExplicitBoundMeasurement(const std::vector<ViolationCount>& runs,
                                     const std::string& what);

struct ImpliedConstant {
  double constant = 0.0;           // C^
  int64_t allowed_exceedances = 0;  // k*: seeds above C^ f the test accepts
  double largest_ratio = 0.0;      // max_s r_s
};

// C^ of `ratios` (n >= 1 finite values) for a bound of failure probability `failure_probability`
// in (0, 1) (CHECKed: the callers validate what they read).
ImpliedConstant ImpliedConstantOf(std::vector<double> ratios, double failure_probability,
                                  double level = kImpliedConstantLevel);

// One run's data for an implied constant.
struct BoundRun {
  std::string label;             // e.g. "eps = 100"
  std::vector<double> measured;  // R_s of each seed at the run's horizon
  double expression = 0.0;       // f at that horizon, every constant 1
  double failure_probability = 0.0;  // the theorem's alpha (beta, delta), in (0, 1)
  std::optional<double> trivial_maximum;  // R_max, where one exists
  // A reference value shown in units of f (reference_name empty: none).
  std::string reference_name;
  double reference = 0.0;
};

// BoundRun::measured from per-seed rows: each seed's value in column `column` of `rows`
// (negative = counted from the end; the default -1, the last column of a RegretRows' cumulative
// regret, group_readers.h, is each seed's final regret at the run's horizon). Every row must have
// that column (CHECK).
std::vector<double> MeasuredAtColumn(const SeedRows& rows, int column = -1);

// The claim's measurement: value = the largest C^ over `runs` (deterministic given the seeds:
// low = high = value, seeds = the fewest seeds of a run); the detail names what f is (`what`)
// and lists every run's C^, k* of n, the largest ratio, the vacuity annotation and the reference.
// Undefined (the reason named) for no runs, a run without seeds, or an expression, value or
// failure probability that is not finite and positive (probability in (0, 1)).
Measurement ImpliedConstantMeasurement(const std::vector<BoundRun>& runs, const std::string& what);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_CLAIMS_BOUND_TESTS_H_
