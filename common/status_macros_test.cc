#include "common/status_macros.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

absl::Status Check(int value) {
  if (value < 0) return absl::InvalidArgumentError("value must be >= 0");
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<int>> Make(int value) {
  RETURN_IF_ERROR(Check(value));
  return std::make_unique<int>(value);
}

int calls_after_error = 0;

absl::Status CheckBoth(int a, int b) {
  RETURN_IF_ERROR(Check(a));
  ++calls_after_error;
  RETURN_IF_ERROR(Check(b));
  return absl::OkStatus();
}

absl::StatusOr<int> Twice(int value) {
  ASSIGN_OR_RETURN(std::unique_ptr<int> made, Make(value));  // move-only value
  int result = 0;
  ASSIGN_OR_RETURN(result, absl::StatusOr<int>(2 * *made));  // assignment to an existing name
  return result;
}

TEST(StatusMacrosTest, ReturnIfErrorReturnsTheFirstError) {
  calls_after_error = 0;
  EXPECT_THAT(CheckBoth(1, 2), IsOk());
  EXPECT_EQ(calls_after_error, 1);
  EXPECT_THAT(CheckBoth(-1, 2), StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr(">= 0")));
  EXPECT_EQ(calls_after_error, 1);  // returned before the second check
  EXPECT_THAT(CheckBoth(1, -2), StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(StatusMacrosTest, AssignOrReturn) {
  EXPECT_THAT(Twice(4), IsOkAndHolds(8));
  EXPECT_THAT(Twice(-4), StatusIs(absl::StatusCode::kInvalidArgument, "value must be >= 0"));
}

}  // namespace
}  // namespace dprl
