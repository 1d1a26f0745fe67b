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
    case Verdict::kNotRun:
      return "not run";
  }
  return "unknown";
}

Verdict Judge(const Measurement& measurement, const Expectation& expectation) {
  if (!measurement.defined) return Verdict::kInconclusive;
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
  if (measurement.low >= accept_low && measurement.high <= accept_high) return Verdict::kHolds;
  if (measurement.high < accept_low || measurement.low > accept_high) return Verdict::kFails;
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
