// A paper claim as a checked number: what the paper states, which results file and statistic
// measure it, the expected value or inequality with its tolerance, and the verdict rule.
//
// Verdict rules (the only place they are stated; docs/claims.md repeats them):
//   Let [low, high] be the measured 95% interval (a point for deterministic statistics) and
//   A the acceptance region of the expectation:
//     kNear     A = [target - tolerance, target + tolerance]
//     kAtLeast  A = [target - tolerance, +inf)
//     kAtMost   A = (-inf, target + tolerance]
//   holds         [low, high] is inside A;
//   fails         [low, high] does not meet A;
//   inconclusive  [low, high] straddles a boundary of A, or the statistic is undefined at this
//                 scale (e.g. fewer than two usable points for a fit) — the detail says which;
//   not run       the experiment's results file is missing (nothing is guessed).
//
// A claim the paper states without a constant ("regret is O(sqrt K)", "a lower bound of order
// ...") is checked as a SHAPE: an exponent, or an inequality with the constant set to 1
// (`shape_check` = true); the report marks such rows.
#ifndef DPRL_ANALYSIS_CLAIMS_CLAIM_H_
#define DPRL_ANALYSIS_CLAIMS_CLAIM_H_

#include <cstdint>
#include <functional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "analysis/hdf5_reader.h"

namespace dprl {

// Seeded percentile bootstrap over seeds (statistics.h). Deterministic for a given seed.
struct BootstrapOptions {
  // Bootstrap resamples per claim; >= 100. The 95% interval is the 2.5% and 97.5% percentiles.
  int replicates = 2000;
  // Master seed of the resampling; each claim derives its stream from (seed, claim id).
  uint64_t seed = 20201;

  absl::Status Validate() const;
};

struct Measurement {
  bool defined = false;  // false: the statistic cannot be computed at this scale (see detail)
  double value = 0.0;    // point estimate on the seeds as run
  double low = 0.0;      // 95% interval; low == high == value for deterministic statistics
  double high = 0.0;
  std::string detail;  // what was measured (groups, points), or why it is undefined
};

enum class Comparison { kNear, kAtLeast, kAtMost };

struct Expectation {
  Comparison comparison = Comparison::kNear;
  double target = 0.0;
  double tolerance = 0.0;  // >= 0
};

enum class Verdict { kHolds, kFails, kInconclusive, kNotRun };

// "holds", "fails", "inconclusive", "not run".
std::string VerdictName(Verdict verdict);

// The rule above. An undefined measurement is inconclusive.
Verdict Judge(const Measurement& measurement, const Expectation& expectation);

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
};

}  // namespace dprl

#endif  // DPRL_ANALYSIS_CLAIMS_CLAIM_H_
