#include "common/resource_limits.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

TEST(ResourceLimitsTest, PhysicalMemoryIsPositive) { EXPECT_GT(PhysicalMemoryBytes(), 0.0); }

TEST(ResourceLimitsTest, HumanBytesUsesDecimalUnits) {
  EXPECT_EQ(HumanBytes(640), "640 B");
  EXPECT_EQ(HumanBytes(4.8e11), "480 GB");
  EXPECT_EQ(HumanBytes(3.2e9), "3.2 GB");
  EXPECT_EQ(HumanBytes(3.2e18), "3.2 EB");
}

TEST(ResourceLimitsTest, AnEstimateAboveTheMachineIsRefusedNamingSubjectEstimateAndLimit) {
  EXPECT_THAT(CheckMemoryEstimate("field 'x' = 1", 1.0), IsOk());
  EXPECT_THAT(CheckMemoryEstimate("field 'x' = 1e20", 1e20),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("field 'x' = 1e20: needs at least 1e+20 bytes (100 EB) of "
                                 "memory, above this machine's")));
}

}  // namespace
}  // namespace dprl
