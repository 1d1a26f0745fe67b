#include "common/validation.h"

#include <cmath>

#include "absl/strings/str_cat.h"

namespace dprl {
namespace {

absl::Status Invalid(absl::string_view name, absl::string_view rule, double value) {
  return absl::InvalidArgumentError(absl::StrCat(name, " must be ", rule, ", got ", value));
}

}  // namespace

absl::Status ValidateFinitePositive(absl::string_view name, double value) {
  if (std::isfinite(value) && value > 0.0) return absl::OkStatus();
  return Invalid(name, "finite and > 0", value);
}

absl::Status ValidateFiniteNonNegative(absl::string_view name, double value) {
  if (std::isfinite(value) && value >= 0.0) return absl::OkStatus();
  return Invalid(name, "finite and >= 0", value);
}

absl::Status ValidateFiniteInClosedRange(absl::string_view name, double value, double lower,
                                         double upper) {
  if (std::isfinite(value) && value >= lower && value <= upper) return absl::OkStatus();
  return Invalid(name, absl::StrCat("finite and in [", lower, ", ", upper, "]"), value);
}

absl::Status ValidateScale(absl::string_view name, double value) {
  return ValidateFiniteInClosedRange(name, value, kMinScale, kMaxScale);
}

absl::Status ValidateOpenUnitInterval(absl::string_view name, double value) {
  if (value > 0.0 && value < 1.0) return absl::OkStatus();
  return Invalid(name, "in (0, 1)", value);
}

absl::Status ValidateAtLeastOne(absl::string_view name, int64_t value) {
  if (value >= 1) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(name, " must be >= 1, got ", value));
}

}  // namespace dprl
