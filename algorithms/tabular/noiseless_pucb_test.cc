#include "algorithms/tabular/noiseless_pucb.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "absl/status/status.h"
#include "algorithms/tabular/pucb.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

TEST(NoiselessPucbOptionsTest, DefaultsAreValid) {
  EXPECT_THAT(NoiselessPucbOptions().Validate(), IsOk());
}

TEST(NoiselessPucbOptionsTest, RejectsFailureProbabilityOutsideUnitInterval) {
  for (double beta : {0.0, 1.0, -0.5, 2.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
    NoiselessPucbOptions options;
    options.failure_probability = beta;
    EXPECT_THAT(options.Validate(),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("failure_probability")))
        << beta;
  }
}

TEST(NoiselessPucbAgentTest, RejectsBadShape) {
  EXPECT_THAT(NoiselessPucbAgent::Create({0, 2, 3}, {}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_states")));
  EXPECT_THAT(NoiselessPucbAgent::Create({2, -1, 3}, {}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_actions")));
  EXPECT_THAT(NoiselessPucbAgent::Create({2, 2, 0}, {}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("horizon")));
}

TEST(NoiselessPucbAgentTest, UnvisitedTriplesAreOptimisticAtH) {
  auto agent = NoiselessPucbAgent::Create({3, 2, 4}, {}).value();
  agent->BeginEpisode();
  for (double q : agent->plan().optimistic_q()) EXPECT_EQ(q, 4.0);
}

// One state, one action, horizon 2, self-loop. After 10000 episodes with reward 1 at h=0 and 0 at
// h=1 the Q+ values follow Sec. 3 at E = 0: phi = sqrt((2 ln n + 2 ln(SAH/beta)) / n).
TEST(NoiselessPucbAgentTest, BonusIsPucbsAtZeroError) {
  NoiselessPucbOptions options;
  options.failure_probability = 0.1;
  auto agent = NoiselessPucbAgent::Create({1, 1, 2}, options).value();
  const int n = 10000;
  for (int t = 0; t < n; ++t) {
    agent->BeginEpisode();
    ASSERT_THAT(agent->Observe(0, 0, 0, 1.0, 0), IsOk());
    ASSERT_THAT(agent->Observe(1, 0, 0, 0.0, 0), IsOk());
    agent->EndEpisode();
  }
  agent->BeginEpisode();
  const double phi = std::sqrt((2 * std::log(n) + 2 * std::log(2 / 0.1)) / n);
  EXPECT_NEAR(PucbConfidence(n, 0.0, 2 * std::log(2 / 0.1), 1, 2), 3 * phi, 1e-15);
  const double q1 = std::min(2.0, 0.0 + 3 * phi);
  const double q0 = std::min(2.0, 1.0 + q1 + 3 * phi);
  EXPECT_NEAR(agent->plan().optimistic_q()[1], q1, 1e-12);
  EXPECT_NEAR(agent->plan().optimistic_q()[0], q0, 1e-12);
  EXPECT_LT(q0, 2.0);  // the test exercises the unclipped branch
  EXPECT_EQ(agent->num_below_cap(), 2);
}

TEST(NoiselessPucbAgentTest, ObserveRejectsRewardsOutsideTheUnitInterval) {
  auto agent = NoiselessPucbAgent::Create({2, 2, 2}, {}).value();
  agent->BeginEpisode();
  for (double reward : {-0.1, 1.5, std::nan("")}) {
    const absl::Status status = agent->Observe(0, 0, 0, reward, 1);
    EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(std::string(status.message()), HasSubstr("reward must be in [0, 1]"));
  }
  EXPECT_THAT(std::string(agent->Observe(2, 0, 0, 0.5, 1).message()),
              HasSubstr("h must be in [0, 2), got 2"));
  EXPECT_THAT(std::string(agent->Observe(0, 0, 0, 0.5, -1).message()),
              HasSubstr("next_state must be in [0, 2), got -1"));
  EXPECT_EQ(agent->counts().Visits(0), 0.0);  // nothing recorded
}

}  // namespace
}  // namespace dprl
