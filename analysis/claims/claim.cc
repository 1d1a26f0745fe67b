#include "analysis/claims/claim.h"

#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace dprl {

absl::Status BootstrapOptions::Validate() const {
  if (replicates < 100) {
    return absl::InvalidArgumentError(
        absl::StrCat("bootstrap replicates must be >= 100, got ", replicates));
  }
  if (min_seeds < 2) {
    return absl::InvalidArgumentError(absl::StrCat("min_seeds must be >= 2, got ", min_seeds));
  }
  return absl::OkStatus();
}

std::string VerdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::kHolds:
      return "holds";
    case Verdict::kFails:
      return "fails";
    case Verdict::kInconclusive:
      return "inconclusive";
    case Verdict::kOutOfRegime:
      return "out of regime";
    case Verdict::kUndefined:
      return "undefined";
    case Verdict::kNotRun:
      return "not run";
  }
  return "unknown";
}

Verdict Judge(const Measurement& measurement, const Expectation& expectation, int min_seeds) {
  if (!measurement.regime_missed.empty()) return Verdict::kOutOfRegime;
  if (!measurement.defined) return Verdict::kUndefined;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  double accept_low = -kInf, accept_high = kInf;
  switch (expectation.comparison) {
    case Comparison::kNear:
      accept_low = expectation.target - expectation.tolerance;
      accept_high = expectation.target + expectation.tolerance;
      break;
    case Comparison::kAtLeast:
      accept_low = expectation.target - expectation.tolerance;
      break;
    case Comparison::kAtMost:
      accept_high = expectation.target + expectation.tolerance;
      break;
  }
  const double low = measurement.low - measurement.systematic;
  const double high = measurement.high + measurement.systematic;
  const bool enough_seeds = measurement.seeds == 0 || measurement.seeds >= min_seeds;
  if (!enough_seeds) return Verdict::kInconclusive;
  if (low >= accept_low && high <= accept_high) return Verdict::kHolds;
  if (high < accept_low || low > accept_high) return Verdict::kFails;
  return Verdict::kInconclusive;
}

std::string ExpectationText(const Expectation& expectation) {
  switch (expectation.comparison) {
    case Comparison::kNear:
      return absl::StrFormat("%g ± %g", expectation.target, expectation.tolerance);
    case Comparison::kAtLeast:
      return absl::StrFormat(">= %g", expectation.target - expectation.tolerance);
    case Comparison::kAtMost:
      return absl::StrFormat("<= %g", expectation.target + expectation.tolerance);
  }
  return "";
}

}  // namespace dprl
