#include "common/validation.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "absl/status/status.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr absl::StatusCode kInvalid = absl::StatusCode::kInvalidArgument;

TEST(ValidationTest, FinitePositive) {
  EXPECT_THAT(ValidateFinitePositive("privacy_epsilon", 0.5), IsOk());
  EXPECT_THAT(ValidateFinitePositive("privacy_epsilon", 0.0),
              StatusIs(kInvalid, "privacy_epsilon must be finite and > 0, got 0"));
  EXPECT_THAT(ValidateFinitePositive("x", -1.0),
              StatusIs(kInvalid, "x must be finite and > 0, got -1"));
  EXPECT_THAT(ValidateFinitePositive("x", kInf),
              StatusIs(kInvalid, "x must be finite and > 0, got inf"));
  EXPECT_THAT(ValidateFinitePositive("x", kNan),
              StatusIs(kInvalid, "x must be finite and > 0, got nan"));
}

TEST(ValidationTest, FiniteNonNegative) {
  EXPECT_THAT(ValidateFiniteNonNegative("noise_stddev", 0.0), IsOk());
  EXPECT_THAT(ValidateFiniteNonNegative("noise_stddev", -0.5),
              StatusIs(kInvalid, "noise_stddev must be finite and >= 0, got -0.5"));
  EXPECT_THAT(ValidateFiniteNonNegative("x", kInf), StatusIs(kInvalid));
  EXPECT_THAT(ValidateFiniteNonNegative("x", kNan), StatusIs(kInvalid));
}

TEST(ValidationTest, FiniteInClosedRange) {
  EXPECT_THAT(ValidateFiniteInClosedRange("p", 0.0, 0.0, 1.0), IsOk());
  EXPECT_THAT(ValidateFiniteInClosedRange("p", 1.0, 0.0, 1.0), IsOk());
  EXPECT_THAT(ValidateFiniteInClosedRange("p", 1.5, 0.0, 1.0),
              StatusIs(kInvalid, "p must be finite and in [0, 1], got 1.5"));
  EXPECT_THAT(ValidateFiniteInClosedRange("p", kNan, 0.0, 1.0), StatusIs(kInvalid));
}

TEST(ValidationTest, OpenUnitInterval) {
  EXPECT_THAT(ValidateOpenUnitInterval("target_delta", 1e-5), IsOk());
  EXPECT_THAT(ValidateOpenUnitInterval("target_delta", 0.0),
              StatusIs(kInvalid, "target_delta must be in (0, 1), got 0"));
  EXPECT_THAT(ValidateOpenUnitInterval("target_delta", 1.0), StatusIs(kInvalid));
  EXPECT_THAT(ValidateOpenUnitInterval("target_delta", kNan), StatusIs(kInvalid));
}

TEST(ValidationTest, AtLeastOne) {
  EXPECT_THAT(ValidateAtLeastOne("horizon", 1), IsOk());
  EXPECT_THAT(ValidateAtLeastOne("horizon", 0), StatusIs(kInvalid, "horizon must be >= 1, got 0"));
}

}  // namespace
}  // namespace dprl
