// Validators of user-supplied numbers: one function per rule, one message format per rule
// (after google/differential-privacy's algorithms/util.h). Each returns OK or an
// InvalidArgument status whose message names the parameter and the bad value:
//
//   ValidateFinitePositive("privacy_epsilon", 0.0)
//     -> InvalidArgument "privacy_epsilon must be finite and > 0, got 0"
//
// `name` is what the user wrote or will look for (an options field such as
// "PucbOptions.privacy_epsilon", or a flag such as "--privacy_epsilon").
#ifndef DPRL_COMMON_VALIDATION_H_
#define DPRL_COMMON_VALIDATION_H_

#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace dprl {

// 0 < value < inf (NaN fails).
absl::Status ValidateFinitePositive(absl::string_view name, double value);

// 0 <= value < inf (NaN fails).
absl::Status ValidateFiniteNonNegative(absl::string_view name, double value);

// lower <= value <= upper, value finite (NaN fails).
absl::Status ValidateFiniteInClosedRange(absl::string_view name, double value, double lower,
                                         double upper);

// A positive scale parameter (a rate, a ridge, a regularizer) lies in [kMinScale, kMaxScale]:
// outside it the products, quotients and logarithms it enters (1 / lambda, rate x distance, a
// k H / lambda inside a log) overflow or underflow double (at 5e-324 a regularizer gave an
// infinite confidence radius), and no model needs such a value.
inline constexpr double kMinScale = 1e-100;
inline constexpr double kMaxScale = 1e100;
// kMinScale <= value <= kMaxScale (NaN fails).
absl::Status ValidateScale(absl::string_view name, double value);

// 0 < value < 1 (NaN fails): probabilities such as target_delta or a failure probability.
absl::Status ValidateOpenUnitInterval(absl::string_view name, double value);

// value >= 1.
absl::Status ValidateAtLeastOne(absl::string_view name, int64_t value);

}  // namespace dprl

#endif  // DPRL_COMMON_VALIDATION_H_
