// gMock matchers for absl::Status and absl::StatusOr<T> (testonly), after the matchers of
// google/differential-privacy's cc/testing/status_matchers.h:
//
//   EXPECT_THAT(status_or_value, IsOk());
//   EXPECT_THAT(Create(options), IsOkAndHolds(Field(&Foo::size, 3)));
//   EXPECT_THAT(options.Validate(),
//               StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("privacy_epsilon")));
//   EXPECT_THAT(options.Validate(), InvalidArgumentWith("privacy_epsilon = 0"));  // the same
//
// Each matcher accepts both an absl::Status and an absl::StatusOr<T>; on a mismatch it prints the
// status (code and message).
#ifndef DPRL_TESTING_STATUS_MATCHERS_H_
#define DPRL_TESTING_STATUS_MATCHERS_H_

#include <gmock/gmock.h>

#include <ostream>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace dprl {
namespace testing_internal {

inline const absl::Status& GetStatus(const absl::Status& status) { return status; }
template <typename T>
const absl::Status& GetStatus(const absl::StatusOr<T>& status_or) {
  return status_or.status();
}

MATCHER(IsOkMatcher, "is OK") {
  const absl::Status& status = GetStatus(arg);
  if (!status.ok()) *result_listener << "status is " << status;
  return status.ok();
}

template <typename InnerMatcher>
class IsOkAndHoldsMatcher {
 public:
  explicit IsOkAndHoldsMatcher(InnerMatcher inner) : inner_(std::move(inner)) {}

  template <typename StatusOrT>
  operator ::testing::Matcher<StatusOrT>() const {  // NOLINT: implicit by design
    using Value = typename std::decay_t<StatusOrT>::value_type;
    const ::testing::Matcher<const Value&> inner = ::testing::SafeMatcherCast<const Value&>(inner_);
    return ::testing::MakeMatcher(new Impl<StatusOrT, Value>(inner));
  }

 private:
  template <typename StatusOrT, typename Value>
  class Impl : public ::testing::MatcherInterface<StatusOrT> {
   public:
    explicit Impl(::testing::Matcher<const Value&> inner) : inner_(std::move(inner)) {}
    void DescribeTo(std::ostream* os) const override {
      *os << "is OK and has a value that ";
      inner_.DescribeTo(os);
    }
    void DescribeNegationTo(std::ostream* os) const override {
      *os << "is not OK or has a value that ";
      inner_.DescribeNegationTo(os);
    }
    bool MatchAndExplain(StatusOrT actual,
                         ::testing::MatchResultListener* listener) const override {
      if (!actual.ok()) {
        *listener << "status is " << actual.status();
        return false;
      }
      return inner_.MatchAndExplain(*actual, listener);
    }

   private:
    ::testing::Matcher<const Value&> inner_;
  };

  InnerMatcher inner_;
};

MATCHER_P2(StatusIsMatcher, code, message_matcher,
           std::string("has code ") + absl::StatusCodeToString(code) + " and a message that " +
               ::testing::DescribeMatcher<std::string>(message_matcher, negation)) {
  const absl::Status& status = GetStatus(arg);
  *result_listener << "status is " << status;
  return status.code() == code &&
         ::testing::Matcher<std::string>(message_matcher).Matches(std::string(status.message()));
}

}  // namespace testing_internal

// Matches an OK absl::Status or absl::StatusOr<T>.
inline auto IsOk() { return testing_internal::IsOkMatcher(); }

// Matches an OK absl::StatusOr<T> whose value matches `inner` (a matcher or a value).
template <typename InnerMatcher>
testing_internal::IsOkAndHoldsMatcher<InnerMatcher> IsOkAndHolds(InnerMatcher inner) {
  return testing_internal::IsOkAndHoldsMatcher<InnerMatcher>(std::move(inner));
}

// Matches a status (or the status of a StatusOr) with this code and a message matching
// `message` (a string matcher such as HasSubstr("horizon"), or an exact string).
template <typename MessageMatcher>
auto StatusIs(absl::StatusCode code, MessageMatcher message) {
  return testing_internal::StatusIsMatcher(code, ::testing::Matcher<std::string>(message));
}

// Matches a status (or the status of a StatusOr) with this code, whatever its message.
inline auto StatusIs(absl::StatusCode code) { return StatusIs(code, ::testing::_); }

// Matches an InvalidArgument status (or the status of a StatusOr) whose message contains `text`:
// StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr(text)), the check of a bad value refused
// with a message naming the parameter and the value (one test per bad value class).
inline auto InvalidArgumentWith(const std::string& text) {
  return StatusIs(absl::StatusCode::kInvalidArgument, ::testing::HasSubstr(text));
}

}  // namespace dprl

#endif  // DPRL_TESTING_STATUS_MATCHERS_H_
