#include "envs/lower_bound_mdp.h"

#include <glog/logging.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "envs/testing/tabular_mdp_conformance.h"
#include "envs/value_iteration.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

TabularMdp MakeOrDie(const LowerBoundMdpOptions& options) {
  absl::StatusOr<TabularMdp> mdp = MakeLowerBoundMdp(options);
  CHECK(mdp.ok()) << mdp.status();
  return *std::move(mdp);
}

// n = 3, m = 2, I = (0, 2, 1) (paper states 1, 2, 3), alpha' = 0.2, H = 5.
LowerBoundMdpOptions HandInstance() {
  LowerBoundMdpOptions options;
  options.num_initial_states = 3;
  options.num_arms = 2;
  options.alpha_prime = 0.2;
  options.rewarded_horizon = 5;
  options.instance = {0, 2, 1};
  return options;
}

TEST(LowerBoundMdpTest, DefaultConforms) {
  EXPECT_THAT(LowerBoundMdpOptions().Validate(), IsOk());
  testing::ExpectTabularMdpConforms(MakeOrDie(LowerBoundMdpOptions()));
}

TEST(LowerBoundMdpTest, HandInstanceConforms) {
  testing::ExpectTabularMdpConforms(MakeOrDie(HandInstance()));
}

TEST(LowerBoundMdpTest, ShapeNameIndicesAndInitialDistribution) {
  const TabularMdp mdp = MakeOrDie(HandInstance());
  EXPECT_EQ(mdp.name(), "lower_bound_n3_m2_H5_alpha_prime0.2");
  EXPECT_EQ(mdp.num_states(), 5);   // [3] + {+, -}
  EXPECT_EQ(mdp.num_actions(), 3);  // {0, 1, 2}
  EXPECT_EQ(mdp.horizon(), 6);      // the arm pull + H rewarded steps
  EXPECT_EQ(HandInstance().num_steps(), 6);
  EXPECT_EQ(LowerBoundPlusState(3), 3);
  EXPECT_EQ(LowerBoundMinusState(3), 4);
  const double third = 1.0 / 3.0;
  EXPECT_EQ(mdp.initial_distribution(), std::vector<double>({third, third, third, 0, 0}));
}

// The table of Sec. 6.2 entry by entry, at every step h: rows of initial states only reach + and
// -, + and - are self-loops under every action, reward 1 exactly in +.
TEST(LowerBoundMdpTest, TransitionsAndRewardsFollowSection62) {
  const TabularMdp mdp = MakeOrDie(HandInstance());
  // Pr[+ | s, a] by hand: 1/2 + 0.2/2 = 0.6 for a = 0; 1/2 + 0.2 = 0.7 for a = I_s != 0; else 0.5.
  const double plus_probability[3][3] = {{0.6, 0.5, 0.5}, {0.6, 0.5, 0.7}, {0.6, 0.7, 0.5}};
  for (int h = 0; h < mdp.horizon(); ++h) {
    for (int s = 0; s < 3; ++s) {
      for (int a = 0; a < 3; ++a) {
        const double* row = mdp.TransitionRow(h, s, a);
        EXPECT_DOUBLE_EQ(row[3], plus_probability[s][a]) << h << " " << s << " " << a;
        EXPECT_DOUBLE_EQ(row[4], 1.0 - plus_probability[s][a]);
        for (int t = 0; t < 3; ++t) EXPECT_EQ(row[t], 0.0);
        EXPECT_EQ(mdp.MeanReward(h, s, a), 0.0);
      }
    }
    for (int a = 0; a < 3; ++a) {
      EXPECT_EQ(mdp.TransitionRow(h, 3, a)[3], 1.0);
      EXPECT_EQ(mdp.TransitionRow(h, 4, a)[4], 1.0);
      EXPECT_EQ(mdp.MeanReward(h, 3, a), 1.0);
      EXPECT_EQ(mdp.MeanReward(h, 4, a), 0.0);
    }
  }
  EXPECT_DOUBLE_EQ(LowerBoundPlusProbability(0.2, 0, 0), 0.6);
  EXPECT_DOUBLE_EQ(LowerBoundPlusProbability(0.2, 0, 2), 0.5);
  EXPECT_DOUBLE_EQ(LowerBoundPlusProbability(0.2, 2, 2), 0.7);
  EXPECT_DOUBLE_EQ(LowerBoundPlusProbability(0.2, 2, 1), 0.5);
}

// Return is exactly H or 0. Proof: every mean reward is 0 or 1 (checked above), so every sampled
// reward equals its mean; step 0 is in an initial state (reward 0); steps 1..H are all in + (reward
// 1 each, total H) or all in - (total 0), since both are absorbing under every action. Checked
// here by sampling 2000 episodes per (initial state, first action) with arbitrary later actions.
TEST(LowerBoundMdpTest, EveryEpisodeReturnsExactlyHOrZero) {
  const LowerBoundMdpOptions options = HandInstance();
  const TabularMdp mdp = MakeOrDie(options);
  for (double mean : mdp.mean_rewards()) EXPECT_TRUE(mean == 0.0 || mean == 1.0);
  RandomStream env = TestStream(7);
  RandomStream actions = TestStream(8);
  int plus_episodes = 0;
  int episodes = 0;
  for (int s0 = 0; s0 < 3; ++s0) {
    for (int a0 = 0; a0 < 3; ++a0) {
      for (int episode = 0; episode < 2000; ++episode) {
        int s = s0;
        double total = 0.0;
        int first_absorbing = -1;
        for (int h = 0; h < mdp.horizon(); ++h) {
          const int a = h == 0 ? a0 : static_cast<int>(actions.UniformInt(3));
          const TabularMdp::Transition step = mdp.SampleStep(h, s, a, env);
          if (h == 0) {
            EXPECT_EQ(step.reward, 0.0);
            first_absorbing = step.next_state;
          }
          total += step.reward;
          s = step.next_state;
        }
        ASSERT_TRUE(total == 0.0 || total == options.rewarded_horizon) << total;
        EXPECT_EQ(total == options.rewarded_horizon, first_absorbing == LowerBoundPlusState(3));
        EXPECT_EQ(s, first_absorbing);
        plus_episodes += total > 0.0;
        ++episodes;
      }
    }
  }
  EXPECT_GT(plus_episodes, 0);
  EXPECT_LT(plus_episodes, episodes);
}

// Closed forms (hand instance, H = 5, n = 3):
//   Q*_0(s, a) = 0 + sum_s' P(s'|s,a) V*_1(s') = Pr[+|s,a] * V*_1(+) = 5 Pr[+|s,a], because
//   V*_h(+) = (H + 1) - h (one reward per remaining step, code steps h..H) and V*_h(-) = 0:
//     s = 1 (I = 0): (3.0, 2.5, 2.5)   s = 2 (I = 2): (3.0, 2.5, 3.5)   s = 3 (I = 1):
//     (3.0, 3.5, 2.5)
//   V*_0 = (3, 3.5, 3.5),  greedy arms (0, 2, 1) = I,  rho* = (3 + 3.5 + 3.5) / 3 = 10/3;
//   in general rho* = (H/n) sum_s (1/2 + alpha' (I_s != 0 ? 1 : 1/2)).
TEST(LowerBoundMdpTest, OptimalValueByHand) {
  const TabularMdp mdp = MakeOrDie(HandInstance());
  const OptimalSolution solution = SolveOptimal(mdp);
  EXPECT_NEAR(solution.initial_value, 10.0 / 3.0, 1e-14);
  const double q[3][3] = {{3.0, 2.5, 2.5}, {3.0, 2.5, 3.5}, {3.0, 3.5, 2.5}};
  for (int s = 0; s < 3; ++s) {
    for (int a = 0; a < 3; ++a) {
      EXPECT_NEAR(solution.q_values[mdp.Index(0, s, a)], q[s][a], 1e-14) << s << " " << a;
    }
  }
  EXPECT_EQ(solution.greedy_actions[0], 0);
  EXPECT_EQ(solution.greedy_actions[1], 2);
  EXPECT_EQ(solution.greedy_actions[2], 1);
  const int S = mdp.num_states();
  for (int h = 0; h <= mdp.horizon(); ++h) {
    EXPECT_NEAR(solution.values[h * S + 3], 6.0 - h, 1e-14) << h;  // V*_h(+) = H + 1 - h
    EXPECT_EQ(solution.values[h * S + 4], 0.0) << h;               // V*_h(-) = 0
  }
}

// Values of simple policies (the action taken in + and - is irrelevant):
//   always arm 0:  rho = 5 * 0.6 = 3;
//   always arm 1:  rho = (5/3)(0.5 + 0.5 + 0.7) = 17/6;  always arm 2: (5/3)(0.5 + 0.7 + 0.5) =
//   17/6; uniform over arms: rho = (5/3)(1.6 + 1.8 + 1.8)/3 = 26/9; optimal except arm 1 in state
//   2: rho* - (H/n)(0.7 - 0.5) = 10/3 - 1/3 = 3.
TEST(LowerBoundMdpTest, PolicyValuesByHand) {
  const TabularMdp mdp = MakeOrDie(HandInstance());
  const int cells = mdp.horizon() * mdp.num_states();
  for (int arm = 0; arm < 3; ++arm) {
    const double expected = arm == 0 ? 3.0 : 17.0 / 6.0;
    EXPECT_NEAR(EvaluateDeterministicPolicy(mdp, std::vector<int>(cells, arm)), expected, 1e-14);
  }
  const std::vector<double> uniform(static_cast<size_t>(cells) * 3, 1.0 / 3.0);
  EXPECT_NEAR(EvaluatePolicy(mdp, uniform), 26.0 / 9.0, 1e-14);
  std::vector<int> almost_optimal = SolveOptimal(mdp).greedy_actions;
  almost_optimal[1] = 1;
  EXPECT_NEAR(EvaluateDeterministicPolicy(mdp, almost_optimal), 3.0, 1e-14);
}

TEST(LowerBoundMdpTest, GeneralOptimalValueFormula) {
  LowerBoundMdpOptions options;
  options.num_initial_states = 4;
  options.num_arms = 3;
  options.alpha_prime = 0.5;  // the largest gap: Pr[+ | s, I_s] = 1
  options.rewarded_horizon = 7;
  options.instance = {3, 0, 0, 1};
  // (7/4) * ((1/2 + 1/2) + 2 (1/2 + 1/4) + (1/2 + 1/2)) = (7/4) * 3.5 = 6.125.
  EXPECT_NEAR(SolveOptimal(MakeOrDie(options)).initial_value, 6.125, 1e-14);
}

TEST(LowerBoundMdpTest, RandomInstanceIsDeterministicUniformAndConforms) {
  RandomStream a = TestStream(11);
  RandomStream b = TestStream(11);
  const absl::StatusOr<std::vector<int>> first = SampleLowerBoundInstance(5, 4, a);
  const absl::StatusOr<std::vector<int>> second = SampleLowerBoundInstance(5, 4, b);
  ASSERT_THAT(first, IsOk());
  ASSERT_THAT(second, IsOk());
  EXPECT_EQ(*first, *second);
  LowerBoundMdpOptions options;
  options.num_initial_states = 5;
  options.num_arms = 4;
  options.rewarded_horizon = 3;
  options.instance = *first;
  testing::ExpectTabularMdpConforms(MakeOrDie(options));

  // I_s uniform on {0..3}: chi-square goodness of fit over 40000 draws, false-failure
  // probability 1e-6.
  RandomStream stream = TestStream(12);
  const absl::StatusOr<std::vector<int>> many = SampleLowerBoundInstance(40000, 3, stream);
  ASSERT_THAT(many, IsOk());
  int64_t counts[4] = {0, 0, 0, 0};
  for (int arm : *many) {
    ASSERT_GE(arm, 0);
    ASSERT_LE(arm, 3);
    ++counts[arm];
  }
  const double probabilities[4] = {0.25, 0.25, 0.25, 0.25};
  EXPECT_EQ(ChiSquareGoodnessOfFitFailure(probabilities, counts, 4, 1e-6), "");
}

TEST(LowerBoundMdpTest, RandomInstanceRejectsBadSizes) {
  RandomStream stream = TestStream(1);
  EXPECT_THAT(SampleLowerBoundInstance(0, 2, stream),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_initial_states = 0")));
  EXPECT_THAT(SampleLowerBoundInstance(2, 0, stream),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_arms = 0")));
}

TEST(LowerBoundMdpOptionsTest, RejectsBadValues) {
  for (int bad : {0, -2}) {
    LowerBoundMdpOptions options;
    options.num_initial_states = bad;
    EXPECT_THAT(options.Validate(),
                InvalidArgumentWith("num_initial_states = " + std::to_string(bad)));
    EXPECT_THAT(MakeLowerBoundMdp(options), StatusIs(absl::StatusCode::kInvalidArgument));
  }
  for (int bad : {0, -1}) {
    LowerBoundMdpOptions options;
    options.num_arms = bad;
    EXPECT_THAT(options.Validate(), InvalidArgumentWith("num_arms = " + std::to_string(bad)));
    EXPECT_THAT(MakeLowerBoundMdp(options), StatusIs(absl::StatusCode::kInvalidArgument));
  }
  for (double bad : {0.0, -0.1, 0.6, std::numeric_limits<double>::quiet_NaN(),
                     std::numeric_limits<double>::infinity()}) {
    LowerBoundMdpOptions options;
    options.alpha_prime = bad;
    EXPECT_THAT(options.Validate(), InvalidArgumentWith("alpha_prime = "));
    EXPECT_THAT(MakeLowerBoundMdp(options), StatusIs(absl::StatusCode::kInvalidArgument));
  }
  LowerBoundMdpOptions nan_gap;
  nan_gap.alpha_prime = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THAT(nan_gap.Validate(), InvalidArgumentWith("alpha_prime = nan"));
  EXPECT_THAT(MakeLowerBoundMdp(nan_gap), StatusIs(absl::StatusCode::kInvalidArgument));
  for (int bad : {0, -5}) {
    LowerBoundMdpOptions options;
    options.rewarded_horizon = bad;
    EXPECT_THAT(options.Validate(),
                InvalidArgumentWith("rewarded_horizon = " + std::to_string(bad)));
    EXPECT_THAT(MakeLowerBoundMdp(options), StatusIs(absl::StatusCode::kInvalidArgument));
  }
  LowerBoundMdpOptions short_instance;
  short_instance.instance = {1};
  EXPECT_THAT(short_instance.Validate(),
              InvalidArgumentWith("instance has 1 entries, must have num_initial_states = 2"));
  EXPECT_THAT(MakeLowerBoundMdp(short_instance), StatusIs(absl::StatusCode::kInvalidArgument));
  LowerBoundMdpOptions negative_arm;
  negative_arm.instance = {0, -1};
  EXPECT_THAT(negative_arm.Validate(), InvalidArgumentWith("instance[1] = -1"));
  EXPECT_THAT(MakeLowerBoundMdp(negative_arm), StatusIs(absl::StatusCode::kInvalidArgument));
  LowerBoundMdpOptions arm_too_large;
  arm_too_large.instance = {3, 0};
  EXPECT_THAT(arm_too_large.Validate(),
              InvalidArgumentWith("instance[0] = 3, must be in {0, .., num_arms = 2}"));
  EXPECT_THAT(MakeLowerBoundMdp(arm_too_large), StatusIs(absl::StatusCode::kInvalidArgument));
  LowerBoundMdpOptions huge;
  huge.rewarded_horizon = std::numeric_limits<int>::max();
  EXPECT_THAT(huge.Validate(), InvalidArgumentWith("transition entries"));
  EXPECT_THAT(MakeLowerBoundMdp(huge), StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(LowerBoundMdpOptionsTest, LargestGapIsValid) {
  LowerBoundMdpOptions options;
  options.alpha_prime = 0.5;
  EXPECT_THAT(options.Validate(), IsOk());
}

}  // namespace
}  // namespace dprl
