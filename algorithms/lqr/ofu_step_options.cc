#include "algorithms/lqr/ofu_step_options.h"

#include <cmath>

#include "absl/strings/str_format.h"

namespace dprl {

absl::Status OfuStepOptions::Validate() const {
  if (random_starts < 0) {
    return absl::InvalidArgumentError(
        absl::StrFormat("random_starts must be >= 0, got %d", random_starts));
  }
  if (max_iterations < 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("max_iterations must be >= 1, got %d", max_iterations));
  }
  if (!(std::isfinite(function_tolerance) && function_tolerance > 0.0)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("function_tolerance must be finite and > 0, got %g", function_tolerance));
  }
  return absl::OkStatus();
}

}  // namespace dprl
