#include "algorithms/tabular/ubev.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "absl/status/status.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

TEST(UbevOptionsTest, DefaultsAreValid) { EXPECT_TRUE(UbevOptions().Validate().ok()); }

TEST(UbevOptionsTest, RejectsFailureProbabilityOutsideUnitInterval) {
  for (double delta :
       {0.0, 1.0, -0.5, 2.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
    UbevOptions options;
    options.failure_probability = delta;
    absl::Status status = options.Validate();
    EXPECT_FALSE(status.ok()) << delta;
    EXPECT_THAT(std::string(status.message()), HasSubstr("failure_probability")) << delta;
  }
}

TEST(UbevAgentTest, RejectsBadShape) {
  EXPECT_THAT(UbevAgent::Create({0, 2, 3}, {}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_states")));
  EXPECT_THAT(UbevAgent::Create({2, -1, 3}, {}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_actions")));
  EXPECT_THAT(UbevAgent::Create({2, 2, 0}, {}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("horizon")));
}

TEST(UbevTest, LlnpIsLnLnClippedAtZero) {
  EXPECT_EQ(Llnp(0.5), 0.0);
  EXPECT_EQ(Llnp(1.0), 0.0);
  EXPECT_EQ(Llnp(2.0), 0.0);  // ln ln 2 < 0
  EXPECT_EQ(Llnp(std::exp(1.0)), 0.0);
  EXPECT_NEAR(Llnp(std::exp(std::exp(1.0))), 1.0, 1e-15);
  EXPECT_NEAR(Llnp(100.0), std::log(std::log(100.0)), 1e-15);
}

// Unvisited pairs: Q~_t = 1 + max V~_{t+1}, so Q~ = H - t + 1 = H - h (0-based h).
TEST(UbevAgentTest, UnvisitedPairsGetOnePlusMaxNextValue) {
  auto agent = UbevAgent::Create({3, 2, 4}, {}).value();
  agent->BeginEpisode();
  for (int h = 0; h < 4; ++h) {
    for (int s = 0; s < 3; ++s) {
      for (int a = 0; a < 2; ++a) {
        EXPECT_EQ(agent->plan().optimistic_q()[agent->shape().Index(h, s, a)], 4.0 - h);
      }
    }
  }
}

// One state, one action, H = 2, reward 1 at t = 1 and 0 at t = 2, n episodes. By hand from
// Alg. 1 with delta' = delta / 18: phi = sqrt((2 llnp(n) + ln(54 / delta)) / n),
//   t = 2: Q~ = min{1, 0 + phi} + min{0, 0 + 0 phi} = phi
//   t = 1: Q~ = min{1, 1 + phi} + min{phi, phi + 1 phi} = 1 + phi.
TEST(UbevAgentTest, ValuesMatchAlgorithm1ByHand) {
  UbevOptions options;
  options.failure_probability = 0.1;
  auto agent = UbevAgent::Create({1, 1, 2}, options).value();
  const int n = 10000;
  for (int k = 0; k < n; ++k) {
    agent->BeginEpisode();
    ASSERT_TRUE(agent->Observe(0, 0, 0, 1.0, 0).ok());
    ASSERT_TRUE(agent->Observe(1, 0, 0, 0.0, 0).ok());
    agent->EndEpisode();
  }
  agent->BeginEpisode();
  const double phi = std::sqrt((2 * std::log(std::log(n)) + std::log(54 / 0.1)) / n);
  EXPECT_NEAR(agent->Phi(n), phi, 1e-15);
  EXPECT_NEAR(agent->plan().optimistic_q()[1], phi, 1e-12);
  EXPECT_NEAR(agent->plan().optimistic_q()[0], 1.0 + phi, 1e-12);
}

// Two states, one action, H = 2; after few visits the caps bind: with n = 1 visit of each pair,
// phi = sqrt(ln(27 * 4 / 0.05)) > 1, so min{1, r^ + phi} = 1 and the next-state term is
// max V~_{t+1}.
TEST(UbevAgentTest, CapsBindWithFewVisits) {
  auto agent = UbevAgent::Create({2, 1, 2}, {}).value();
  agent->BeginEpisode();
  ASSERT_TRUE(agent->Observe(0, 0, 0, 0.0, 1).ok());
  ASSERT_TRUE(agent->Observe(1, 1, 0, 0.0, 0).ok());
  agent->EndEpisode();
  agent->BeginEpisode();
  ASSERT_GT(agent->Phi(1.0), 1.0);
  const auto& q = agent->plan().optimistic_q();
  // t = 2: visited (s=1): min{1, 0 + phi} + min{0, ...} = 1; unvisited (s=0): 1 + 0 = 1.
  EXPECT_EQ(q[agent->shape().Index(1, 0, 0)], 1.0);
  EXPECT_EQ(q[agent->shape().Index(1, 1, 0)], 1.0);
  // t = 1: visited (s=0): 1 + min{max V~_2 = 1, 1 * 1 + 1 * phi} = 2; unvisited (s=1): 1 + 1.
  EXPECT_EQ(q[agent->shape().Index(0, 0, 0)], 2.0);
  EXPECT_EQ(q[agent->shape().Index(0, 1, 0)], 2.0);
}

// The two transition bonuses by hand. Two states, one action, H = 3, n episodes of
// (t=1: s0 -> s0), (t=2: s0 -> s1), (t=3: s1 -> s0), all rewards 0. At t = 3: V~_4 = 0, so
// V~_3(s1) = min{1, 0 + phi} = phi (visited) and V~_3(s0) = 1 + 0 = 1 (unvisited). At t = 2,
// state s0 (visited, next state s1):
//   paper's Alg. 1   phi + min{1, phi + (H - t) phi} = phi + 2 phi            (H - t = 1)
//   authors' code    phi + min{1, phi + (1 - phi) phi} = 3 phi - phi^2        (range 1 - phi)
TEST(UbevAgentTest, TransitionBonusVariantsByHand) {
  const int n = 10000;
  double q[2] = {0, 0};
  const UbevTransitionBonus bonuses[2] = {UbevTransitionBonus::kRemainingSteps,
                                          UbevTransitionBonus::kObservedValueRange};
  for (int variant = 0; variant < 2; ++variant) {
    UbevOptions options;
    options.transition_bonus = bonuses[variant];
    auto agent = UbevAgent::Create({2, 1, 3}, options).value();
    for (int k = 0; k < n; ++k) {
      agent->BeginEpisode();
      ASSERT_TRUE(agent->Observe(0, 0, 0, 0.0, 0).ok());
      ASSERT_TRUE(agent->Observe(1, 0, 0, 0.0, 1).ok());
      ASSERT_TRUE(agent->Observe(2, 1, 0, 0.0, 0).ok());
      agent->EndEpisode();
    }
    agent->BeginEpisode();
    EXPECT_NEAR(agent->plan().optimistic_q()[agent->shape().Index(2, 1, 0)], agent->Phi(n), 1e-12);
    EXPECT_EQ(agent->plan().optimistic_q()[agent->shape().Index(2, 0, 0)], 1.0);
    q[variant] = agent->plan().optimistic_q()[agent->shape().Index(1, 0, 0)];
  }
  auto reference = UbevAgent::Create({2, 1, 3}, {}).value();
  const double phi = reference->Phi(n);
  EXPECT_NEAR(q[0], 3 * phi, 1e-12);
  EXPECT_NEAR(q[1], 3 * phi - phi * phi, 1e-12);
}

TEST(UbevAgentTest, ObserveRejectsRewardsOutsideTheUnitInterval) {
  auto agent = UbevAgent::Create({2, 2, 2}, {}).value();
  agent->BeginEpisode();
  const absl::Status status = agent->Observe(0, 0, 0, 1.0001, 1);
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(status.message()), HasSubstr("reward must be in [0, 1], got 1.0001"));
  EXPECT_EQ(agent->counts().Visits(0), 0.0);
}

}  // namespace
}  // namespace dprl
