#include "algorithms/lqr/ofu_step_options.h"

#include <cmath>

#include "absl/strings/str_format.h"

namespace dprl {

const char* OfuMinimiserName(OfuMinimiser minimiser) {
  switch (minimiser) {
    case OfuMinimiser::kCeres:
      return "ceres";
    case OfuMinimiser::kLbfgspp:
      return "lbfgspp";
  }
  return "unknown";
}

absl::StatusOr<OfuMinimiser> ParseOfuMinimiser(absl::string_view name) {
  for (const OfuMinimiser minimiser : {OfuMinimiser::kCeres, OfuMinimiser::kLbfgspp}) {
    if (name == OfuMinimiserName(minimiser)) return minimiser;
  }
  return absl::InvalidArgumentError(absl::StrFormat("'%s' is not one of ceres | lbfgspp", name));
}

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
  if (minimiser != OfuMinimiser::kCeres && minimiser != OfuMinimiser::kLbfgspp) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "minimiser must be ceres or lbfgspp, got the value %d", static_cast<int>(minimiser)));
  }
  return absl::OkStatus();
}

}  // namespace dprl
