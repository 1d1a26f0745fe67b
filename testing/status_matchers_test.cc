#include "testing/status_matchers.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace dprl {
namespace {

using ::testing::Ge;
using ::testing::HasSubstr;
using ::testing::Not;

TEST(StatusMatchersTest, IsOk) {
  EXPECT_THAT(absl::OkStatus(), IsOk());
  EXPECT_THAT(absl::StatusOr<int>(3), IsOk());
  EXPECT_THAT(absl::InvalidArgumentError("bad"), Not(IsOk()));
  EXPECT_THAT(absl::StatusOr<int>(absl::InternalError("bad")), Not(IsOk()));
}

TEST(StatusMatchersTest, IsOkAndHolds) {
  EXPECT_THAT(absl::StatusOr<int>(3), IsOkAndHolds(3));
  EXPECT_THAT(absl::StatusOr<int>(3), IsOkAndHolds(Ge(2)));
  EXPECT_THAT(absl::StatusOr<int>(3), Not(IsOkAndHolds(4)));
  EXPECT_THAT(absl::StatusOr<int>(absl::InternalError("x")), Not(IsOkAndHolds(3)));
  EXPECT_THAT(absl::StatusOr<std::string>("horizon"), IsOkAndHolds(HasSubstr("hor")));
}

TEST(StatusMatchersTest, StatusIs) {
  const absl::Status status = absl::InvalidArgumentError("horizon must be >= 1, got 0");
  EXPECT_THAT(status, StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(status, StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("horizon")));
  EXPECT_THAT(status, StatusIs(absl::StatusCode::kInvalidArgument, "horizon must be >= 1, got 0"));
  EXPECT_THAT(status, Not(StatusIs(absl::StatusCode::kOutOfRange)));
  EXPECT_THAT(status, Not(StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("episodes"))));
  EXPECT_THAT(absl::StatusOr<int>(status), StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT(absl::StatusOr<int>(1), Not(StatusIs(absl::StatusCode::kInvalidArgument)));
  EXPECT_THAT(absl::OkStatus(), StatusIs(absl::StatusCode::kOk));
}

TEST(StatusMatchersTest, InvalidArgumentWith) {
  const absl::Status status = absl::InvalidArgumentError("horizon must be >= 1, got 0");
  EXPECT_THAT(status, InvalidArgumentWith("horizon"));
  EXPECT_THAT(status, InvalidArgumentWith("must be >= 1, got 0"));
  EXPECT_THAT(status, Not(InvalidArgumentWith("episodes")));
  EXPECT_THAT(absl::OutOfRangeError("horizon"), Not(InvalidArgumentWith("horizon")));
  EXPECT_THAT(absl::StatusOr<int>(status), InvalidArgumentWith("horizon"));
  EXPECT_THAT(absl::StatusOr<int>(1), Not(InvalidArgumentWith("")));
}

TEST(StatusMatchersTest, ExplainsTheStatusOnMismatch) {
  const ::testing::Matcher<absl::Status> matcher = IsOk();
  ::testing::StringMatchResultListener listener;
  EXPECT_FALSE(matcher.MatchAndExplain(absl::InvalidArgumentError("bad horizon"), &listener));
  EXPECT_THAT(listener.str(), HasSubstr("bad horizon"));
}

}  // namespace
}  // namespace dprl
