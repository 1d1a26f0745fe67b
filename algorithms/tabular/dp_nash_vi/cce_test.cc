#include "algorithms/tabular/dp_nash_vi/cce.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

// GLPK's primal feasibility tolerance is 1e-7 (relative); the checks allow a little more.
constexpr double kTolerance = 1e-6;

void ExpectCce(const std::vector<double>& pi, const std::vector<double>& upper,
               const std::vector<double>& lower, int A, int B) {
  double total = 0.0;
  for (const double p : pi) {
    EXPECT_GE(p, 0.0);
    total += p;
  }
  EXPECT_NEAR(total, 1.0, 1e-12);
  double upper_value = 0.0, lower_value = 0.0;
  for (int j = 0; j < A * B; ++j) {
    upper_value += pi[j] * upper[j];
    lower_value += pi[j] * lower[j];
  }
  for (int deviation = 0; deviation < A; ++deviation) {
    double value = 0.0;
    for (int a = 0; a < A; ++a) {
      for (int b = 0; b < B; ++b) value += pi[a * B + b] * upper[deviation * B + b];
    }
    EXPECT_GE(upper_value, value - kTolerance) << "max-player gains by deviating to " << deviation;
  }
  for (int deviation = 0; deviation < B; ++deviation) {
    double value = 0.0;
    for (int a = 0; a < A; ++a) {
      for (int b = 0; b < B; ++b) value += pi[a * B + b] * lower[a * B + deviation];
    }
    EXPECT_LE(lower_value, value + kTolerance) << "min-player gains by deviating to " << deviation;
  }
}

// Matching pennies with Q-bar = Q-under: in a zero-sum game the marginals of every CCE are Nash
// equilibria, here uniform, and the value is 1/2.
TEST(CceTest, MatchingPenniesMarginalsAreUniform) {
  const std::vector<double> q{1, 0, 0, 1};
  const std::vector<double> pi = CoarseCorrelatedEquilibrium(q, q, 2, 2).value();
  ExpectCce(pi, q, q, 2, 2);
  EXPECT_NEAR(pi[0] + pi[1], 0.5, kTolerance);
  EXPECT_NEAR(pi[0] + pi[2], 0.5, kTolerance);
  EXPECT_NEAR(pi[0] + pi[3], 0.5, kTolerance);
}

// One player (B = 1): the CCE is supported on the maximisers of Q-bar; among them the objective
// picks the one with the smallest Q-bar - Q-under.
TEST(CceTest, OnePlayerPicksAMaximiserWithTheSmallestGap) {
  const std::vector<double> upper{2.0, 3.0, 3.0, 1.0}, lower{0.0, 0.5, 2.0, 0.0};
  const std::vector<double> pi = CoarseCorrelatedEquilibrium(upper, lower, 4, 1).value();
  EXPECT_NEAR(pi[2], 1.0, kTolerance);
}

TEST(CceTest, RandomBoundsGiveACce) {
  RandomStream stream = TestStream(14, TestPurpose::kTest);
  for (int trial = 0; trial < 200; ++trial) {
    const int A = 1 + static_cast<int>(stream.UniformInt(4));
    const int B = 1 + static_cast<int>(stream.UniformInt(4));
    std::vector<double> upper(A * B), lower(A * B);
    for (int j = 0; j < A * B; ++j) {
      const double x = 5.0 * stream.NextOpenUniform(), y = 5.0 * stream.NextOpenUniform();
      upper[j] = std::max(x, y);
      lower[j] = std::min(x, y);
    }
    const std::vector<double> pi = CoarseCorrelatedEquilibrium(upper, lower, A, B).value();
    SCOPED_TRACE(trial);
    ExpectCce(pi, upper, lower, A, B);
  }
}

TEST(CceTest, RefusesBadInput) {
  EXPECT_THAT(CoarseCorrelatedEquilibrium({1, 2}, {1, 2}, 2, 2),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("A B entries")));
  EXPECT_THAT(CoarseCorrelatedEquilibrium({1, std::nan("")}, {1, 2}, 2, 1),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("not finite")));
}

}  // namespace
}  // namespace dprl
