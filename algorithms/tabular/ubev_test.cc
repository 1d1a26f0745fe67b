#include "algorithms/tabular/ubev.h"

#include <cmath>
#include <limits>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace dprl {
namespace {

using ::testing::HasSubstr;

TEST(UbevOptionsTest, DefaultsAreValid) { EXPECT_TRUE(UbevOptions().Validate().ok()); }

TEST(UbevOptionsTest, RejectsFailureProbabilityOutsideUnitInterval) {
  for (double beta : {0.0, 1.0, -0.5, 2.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
    UbevOptions options;
    options.failure_probability = beta;
    absl::Status status = options.Validate();
    EXPECT_FALSE(status.ok()) << beta;
    EXPECT_THAT(std::string(status.message()), HasSubstr("failure_probability")) << beta;
  }
}

TEST(UbevAgentTest, RejectsBadShape) {
  EXPECT_THAT(std::string(UbevAgent::Create({0, 2, 3}, {}).status().message()),
              HasSubstr("num_states"));
  EXPECT_THAT(std::string(UbevAgent::Create({2, -1, 3}, {}).status().message()),
              HasSubstr("num_actions"));
  EXPECT_THAT(std::string(UbevAgent::Create({2, 2, 0}, {}).status().message()),
              HasSubstr("horizon"));
}

TEST(UbevAgentTest, UnvisitedTriplesAreOptimisticAtH) {
  auto agent = UbevAgent::Create({3, 2, 4}, {}).value();
  agent->BeginEpisode();
  for (double q : agent->plan().optimistic_q()) EXPECT_EQ(q, 4.0);
}

// One state, one action, horizon 2, self-loop. After 10000 episodes with reward 1 at h=0 and 0 at
// h=1 the Q+ values follow Sec. 5 exactly: phi = sqrt((2 ln n + 2 ln(SAH/beta)) / n).
TEST(UbevAgentTest, BonusMatchesSection5) {
  UbevOptions options;
  options.failure_probability = 0.1;
  auto agent = UbevAgent::Create({1, 1, 2}, options).value();
  const int n = 10000;
  for (int t = 0; t < n; ++t) {
    agent->BeginEpisode();
    agent->Observe(0, 0, 0, 1.0, 0);
    agent->Observe(1, 0, 0, 0.0, 0);
    agent->EndEpisode();
  }
  agent->BeginEpisode();
  const double phi = std::sqrt((2 * std::log(n) + 2 * std::log(2 / 0.1)) / n);
  const double q1 = std::min(2.0, 0.0 + 3 * phi);
  const double q0 = std::min(2.0, 1.0 + q1 + 3 * phi);
  EXPECT_NEAR(agent->plan().optimistic_q()[1], q1, 1e-12);
  EXPECT_NEAR(agent->plan().optimistic_q()[0], q0, 1e-12);
  EXPECT_LT(q0, 2.0);  // the test exercises the unclipped branch
  EXPECT_EQ(agent->num_below_cap(), 2);
}

}  // namespace
}  // namespace dprl
