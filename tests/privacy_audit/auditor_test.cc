#include "tests/privacy_audit/auditor.h"

#include <gtest/gtest.h>

#include <cmath>

#include "absl/status/status.h"
#include "algorithms/mechanisms/samplers.h"
#include "random/random_stream.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

// Every audit below runs at confidence_beta = 1e-6: a statement "eps_lower <= true eps" fails
// with probability <= 1e-6 by construction. Statements "eps_lower > x" are power statements whose
// margins are checked against the exact expected counts in the comments.
constexpr double kBeta = 1e-6;

TEST(AuditOptionsTest, DefaultsValidAndBadValuesNamed) {
  EXPECT_THAT(AuditOptions().Validate(), IsOk());
  AuditOptions options;
  options.num_trials = 1;
  EXPECT_THAT(options.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_trials")));
  options = AuditOptions();
  options.confidence_beta = 0.0;
  EXPECT_THAT(options.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("confidence_beta")));
  options.confidence_beta = std::nan("");
  EXPECT_THAT(options.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("confidence_beta")));
  options = AuditOptions();
  options.target_delta = 1.0;
  EXPECT_THAT(options.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("target_delta")));
  options = AuditOptions();
  options.max_thresholds = 0;
  EXPECT_THAT(options.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("max_thresholds")));
}

// Randomized response with P(truth) = 3/4 is exactly ln 3-DP.
TEST(AuditNeighboursTest, RandomizedResponseIsBoundedByLnThreeAndDetected) {
  auto response = [](int bit) {
    return [bit](RandomStream& stream) {
      return static_cast<double>(stream.UniformInt(4) == 0 ? 1 - bit : bit);
    };
  };
  AuditOptions options;
  options.num_trials = 40000;
  options.confidence_beta = kBeta;
  const AuditResult result = AuditNeighbours(response(1), response(0), options).value();
  SCOPED_TRACE(result.DebugString());
  EXPECT_LE(result.privacy_epsilon_lower, std::log(3.0));
  // Expected counts 15000 vs 5000 of 20000: the bound is ln 3 minus ~0.09 for beta = 1e-6.
  EXPECT_GT(result.privacy_epsilon_lower, 0.9);
}

// Discrete Laplace of scale 1 on a count changed by 1: exactly 1-DP; with scale 2, 0.5-DP.
TEST(AuditNeighboursTest, DiscreteLaplaceBoundedByItsEpsilon) {
  for (int64_t scale : {1, 2}) {
    auto count = [scale](int64_t value) {
      return [scale, value](RandomStream& stream) {
        return static_cast<double>(value + SampleDiscreteLaplace({scale, 1}, stream));
      };
    };
    AuditOptions options;
    options.num_trials = 40000;
    options.confidence_beta = kBeta;
    const AuditResult result = AuditNeighbours(count(0), count(1), options).value();
    SCOPED_TRACE(result.DebugString());
    const double privacy_epsilon = 1.0 / scale;
    EXPECT_LE(result.privacy_epsilon_lower, privacy_epsilon);
    EXPECT_GT(result.privacy_epsilon_lower, 0.6 * privacy_epsilon);
  }
}

// (eps, delta) form: a mechanism that reveals its input with probability 0.2 and is otherwise
// constant is (0, 0.2)-DP and not (eps, delta)-DP for any eps with delta < 0.2.
TEST(AuditNeighboursTest, DeltaFormOfAnOccasionalLeak) {
  auto leak = [](int bit) {
    return [bit](RandomStream& stream) {
      return stream.UniformInt(5) == 0 ? static_cast<double>(bit) : 0.5;
    };
  };
  AuditOptions options;
  options.num_trials = 40000;
  options.confidence_beta = kBeta;
  options.target_delta = 0.2;
  EXPECT_EQ(AuditNeighbours(leak(1), leak(0), options).value().privacy_epsilon_lower, 0.0);
  options.target_delta = 0.1;
  const AuditResult result = AuditNeighbours(leak(1), leak(0), options).value();
  SCOPED_TRACE(result.DebugString());
  // Perfectly separating event of probability 0.2 vs 0: the bound is ln((~0.19 - 0.1) / 7e-4).
  EXPECT_GT(result.privacy_epsilon_lower, 4.0);
  EXPECT_LE(result.privacy_epsilon_lower, MaxReportableEpsilon(options));
}

}  // namespace
}  // namespace dprl
