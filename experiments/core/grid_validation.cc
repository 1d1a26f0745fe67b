#include "experiments/core/grid_validation.h"

#include <algorithm>
#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "common/status_macros.h"
#include "common/validation.h"

namespace dprl {

std::string GridFieldName(const std::string& field) { return absl::StrCat("field '", field, "'"); }

std::string GroupNameNumber(double value) {
  std::string text;
  for (int digits = 6; digits <= 17; ++digits) {
    text = absl::StrFormat("%.*g", digits, value);
    if (std::strtod(text.c_str(), nullptr) == value) break;
  }
  text.erase(std::remove(text.begin(), text.end(), '+'), text.end());
  return text;
}

absl::Status ValidateFieldAtLeast(const std::string& field, int64_t value, int64_t minimum) {
  if (value >= minimum) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat(GridFieldName(field), " must be >= ", minimum, ", got ", value));
}

absl::Status ValidateFieldAtMost(const std::string& field, int64_t value, int64_t maximum) {
  if (value <= maximum) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat(GridFieldName(field), " must be <= ", maximum, ", got ", value));
}

absl::Status ValidateEachFinitePositive(const std::string& field,
                                        const std::vector<double>& values) {
  for (size_t i = 0; i < values.size(); ++i) {
    RETURN_IF_ERROR(
        ValidateFinitePositive(absl::StrCat(GridFieldName(field), " value #", i + 1), values[i]));
    const auto earlier = std::find(values.begin(), values.begin() + i, values[i]);
    if (earlier != values.begin() + i) {
      return absl::InvalidArgumentError(
          absl::StrCat(GridFieldName(field), " lists ", GroupNameNumber(values[i]),
                       " twice (values #", earlier - values.begin() + 1, " and #", i + 1, ")"));
    }
  }
  return absl::OkStatus();
}

absl::Status ValidateGridFailureProbability(const std::string& field, double value) {
  if (value >= kMinGridFailureProbability && value < 1.0) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(GridFieldName(field), " must be in [",
                                                 kMinGridFailureProbability, ", 1), got ", value));
}

absl::Status ValidateNotEmpty(const std::string& field, size_t size, const std::string& why) {
  if (size > 0) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(GridFieldName(field), " is empty: ", why));
}

absl::Status ValidateChoices(const std::string& field, const std::vector<std::string>& values,
                             const std::vector<std::string>& allowed) {
  for (size_t i = 0; i < values.size(); ++i) {
    if (std::find(allowed.begin(), allowed.end(), values[i]) == allowed.end()) {
      return absl::InvalidArgumentError(absl::StrCat(GridFieldName(field), ": '", values[i],
                                                     "' is not one of ",
                                                     absl::StrJoin(allowed, ", ")));
    }
    if (std::find(values.begin(), values.begin() + i, values[i]) != values.begin() + i) {
      return absl::InvalidArgumentError(
          absl::StrCat(GridFieldName(field), " lists '", values[i], "' twice"));
    }
  }
  return absl::OkStatus();
}

}  // namespace dprl
