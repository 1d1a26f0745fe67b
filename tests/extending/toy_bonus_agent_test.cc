// The algorithm's own behaviour (the shared TabularAgent contract on every registered
// environment is toy_bonus_agent_contract_test).
#include "tests/extending/toy_bonus_agent.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "absl/status/status.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::DoubleNear;
using ::testing::HasSubstr;

TEST(ToyBonusOptionsTest, RejectsBadValuesNamingTheParameter) {
  EXPECT_THAT(ToyBonusOptions().Validate(), IsOk());
  for (double delta : {0.0, 1.0, -0.5, std::nan(""), std::numeric_limits<double>::infinity()}) {
    ToyBonusOptions options;
    options.failure_probability = delta;
    EXPECT_THAT(options.Validate(),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("failure_probability")))
        << delta;
  }
  ToyBonusOptions options;
  options.num_episodes = 0;
  EXPECT_THAT(options.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_episodes")));
  EXPECT_THAT(ToyBonusAgent::Create({0, 2, 3}, {}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_states")));
}

// S = 2, A = 3, H = 4, K = 100, delta = 0.05: L = ln(2 * 2 * 3 * 400 / 0.05) = ln(96000)
// = 11.472103470449973; b(16) = 4 sqrt(L / 32) = 2.3950055814600906.
TEST(ToyBonusTest, BonusMatchesHandComputedValue) {
  ToyBonusOptions options;
  options.num_episodes = 100;
  EXPECT_THAT(ToyBonus({2, 3, 4}, options, 16.0), DoubleNear(2.3950055814600906, 1e-12));
}

TEST(ToyBonusTest, UnvisitedTriplesAreAtTheCap) {
  auto agent = ToyBonusAgent::Create({3, 2, 4}, {}).value();
  agent->BeginEpisode();
  for (double q : agent->plan().optimistic_q()) EXPECT_EQ(q, 4.0);
}

// S = A = H = 1, reward 0.5 on each of n = 10000 visits, K = 20000, delta = 0.5:
// Q = 0.5 + sqrt(ln(80000) / 20000) = 0.5237589792643287.
TEST(ToyBonusTest, PlansTheEmpiricalMeanPlusTheBonus) {
  ToyBonusOptions options;
  options.num_episodes = 20000;
  options.failure_probability = 0.5;
  auto agent = ToyBonusAgent::Create({1, 1, 1}, options).value();
  for (int t = 0; t < 10000; ++t) {
    agent->BeginEpisode();
    ASSERT_THAT(agent->Observe(0, 0, 0, 0.5, 0), IsOk());
    agent->EndEpisode();
  }
  agent->BeginEpisode();
  EXPECT_THAT(agent->plan().optimistic_q()[0], DoubleNear(0.5237589792643287, 1e-12));
}

}  // namespace
}  // namespace dprl
