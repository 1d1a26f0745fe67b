#include "envs/riverswim.h"

#include <glog/logging.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "envs/testing/tabular_mdp_conformance.h"
#include "envs/value_iteration.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

TabularMdp MakeOrDie(int num_states, int horizon) {
  RiverSwimOptions options;
  options.num_states = num_states;
  options.horizon = horizon;
  absl::StatusOr<TabularMdp> mdp = MakeRiverSwim(options);
  CHECK(mdp.ok()) << mdp.status();
  return *std::move(mdp);
}

TEST(RiverSwimTest, DefaultConforms) { testing::ExpectTabularMdpConforms(MakeOrDie(6, 20)); }

TEST(RiverSwimTest, TwoStatesConform) { testing::ExpectTabularMdpConforms(MakeOrDie(2, 3)); }

TEST(RiverSwimTest, DefaultsAreOsbandEtAl2013) {
  const RiverSwimOptions options;
  EXPECT_THAT(options.Validate(), IsOk());
  EXPECT_EQ(options.num_states, 6);
  EXPECT_EQ(options.horizon, 20);
  absl::StatusOr<TabularMdp> mdp = MakeRiverSwim(options);
  ASSERT_THAT(mdp, IsOk());
  EXPECT_EQ(mdp->name(), "riverswim_N6_H20");
  EXPECT_EQ(mdp->num_actions(), 2);
  EXPECT_EQ(mdp->initial_distribution(), std::vector<double>({1, 0, 0, 0, 0, 0}));
  for (int h : {0, 7, 19}) {
    // Swimming left always succeeds.
    for (int s = 0; s < 6; ++s) {
      const double* left = mdp->TransitionRow(h, s, kRiverSwimLeft);
      for (int t = 0; t < 6; ++t) EXPECT_EQ(left[t], t == std::max(s - 1, 0) ? 1.0 : 0.0);
    }
    const std::vector<std::vector<double>> right = {
        {0.4, 0.6, 0, 0, 0, 0},     {0.05, 0.6, 0.35, 0, 0, 0}, {0, 0.05, 0.6, 0.35, 0, 0},
        {0, 0, 0.05, 0.6, 0.35, 0}, {0, 0, 0, 0.05, 0.6, 0.35}, {0, 0, 0, 0, 0.4, 0.6}};
    for (int s = 0; s < 6; ++s) {
      const double* row = mdp->TransitionRow(h, s, kRiverSwimRight);
      for (int t = 0; t < 6; ++t) EXPECT_DOUBLE_EQ(row[t], right[s][t]) << s << " -> " << t;
      EXPECT_EQ(mdp->MeanReward(h, s, kRiverSwimLeft), s == 0 ? 0.005 : 0.0);
      EXPECT_EQ(mdp->MeanReward(h, s, kRiverSwimRight), s == 5 ? 1.0 : 0.0);
    }
  }
}

// N = 2, H = 2 by hand (r(0, left) = 0.005, r(1, right) = 1):
//   h = 1: Q(0, L) = 0.005, Q(0, R) = 0, Q(1, L) = 0, Q(1, R) = 1  => V_1 = (0.005, 1)
//   h = 0: Q(0, L) = 0.005 + V_1(0) = 0.01
//          Q(0, R) = 0 + 0.4 * 0.005 + 0.6 * 1 = 0.602
//          Q(1, L) = 0 + V_1(0) = 0.005
//          Q(1, R) = 1 + 0.4 * 0.005 + 0.6 * 1 = 1.602               => V_0 = (0.602, 1.602)
//   rho* = V_0(0) = 0.602 (start at the left end), optimal first action: right.
TEST(RiverSwimTest, TwoStateOptimalValueByHand) {
  const TabularMdp mdp = MakeOrDie(2, 2);
  const OptimalSolution solution = SolveOptimal(mdp);
  EXPECT_NEAR(solution.initial_value, 0.602, 1e-15);
  const std::vector<double> expected_values = {0.602, 1.602, 0.005, 1.0, 0.0, 0.0};
  const std::vector<double> expected_q = {0.01, 0.602, 0.005, 1.602, 0.005, 0.0, 0.0, 1.0};
  for (size_t i = 0; i < expected_values.size(); ++i) {
    EXPECT_NEAR(solution.values[i], expected_values[i], 1e-15) << i;
  }
  for (size_t i = 0; i < expected_q.size(); ++i) {
    EXPECT_NEAR(solution.q_values[i], expected_q[i], 1e-15) << i;
  }
  EXPECT_EQ(solution.greedy_actions,
            std::vector<int>({kRiverSwimRight, kRiverSwimRight, kRiverSwimLeft, kRiverSwimRight}));
}

// N = 3, H = 2 by hand: the right end is two steps away, so the optimum stays left.
//   h = 1: V_1 = (0.005, 0, 1)
//   h = 0: Q(0, L) = 0.005 + 0.005 = 0.01,  Q(0, R) = 0.4 * 0.005 + 0.6 * 0 = 0.002
//          Q(1, L) = V_1(0) = 0.005,         Q(1, R) = 0.05 * 0.005 + 0.6 * 0 + 0.35 * 1 = 0.35025
//   rho* = V_0(0) = 0.01, optimal first action: left.
TEST(RiverSwimTest, ThreeStateOptimalValueByHand) {
  const TabularMdp mdp = MakeOrDie(3, 2);
  const OptimalSolution solution = SolveOptimal(mdp);
  EXPECT_NEAR(solution.initial_value, 0.01, 1e-15);
  EXPECT_NEAR(solution.q_values[mdp.Index(0, 0, kRiverSwimRight)], 0.002, 1e-15);
  EXPECT_NEAR(solution.values[1], 0.35025, 1e-15);
  EXPECT_EQ(solution.greedy_actions[0], kRiverSwimLeft);
  EXPECT_EQ(solution.greedy_actions[1], kRiverSwimRight);
}

// Always swimming left from the left end collects 0.005 on each of the H steps: 20 * 0.005 = 0.1.
// On the default chain trying to reach the right end is worth more than that.
TEST(RiverSwimTest, AlwaysLeftEarnsHTimesTheSmallReward) {
  const TabularMdp mdp = MakeOrDie(6, 20);
  const std::vector<int> always_left(20 * 6, kRiverSwimLeft);
  EXPECT_NEAR(EvaluateDeterministicPolicy(mdp, always_left), 0.1, 1e-15);
  const OptimalSolution solution = SolveOptimal(mdp);
  EXPECT_GT(solution.initial_value, 0.1);
  EXPECT_EQ(solution.greedy_actions[0], kRiverSwimRight);
}

// The (S = 6, H = 20) instance of Osband et al. 2013 / TabulaRL: V*_1(s = 0) computed
// independently in exact rational arithmetic (Python fractions, backward induction over the
// transition table of TabulaRL's make_riverSwim) and rounded to double: 3.397263959150841.
TEST(RiverSwimTest, OptimalValueOfTheStandardInstanceIsPinned) {
  const OptimalSolution solution = SolveOptimal(MakeOrDie(6, 20));
  EXPECT_NEAR(solution.initial_value, 3.397263959150841, 1e-13);
}

TEST(RiverSwimTest, DeterministicRewardsAreTheMeansAndBernoulliConforms) {
  const TabularMdp deterministic = MakeOrDie(4, 3);
  EXPECT_EQ(deterministic.reward_model(), RewardModel::kDeterministic);
  RandomStream stream(StreamKey{});
  for (int i = 0; i < 100; ++i) {
    EXPECT_EQ(deterministic.SampleStep(0, 0, kRiverSwimLeft, stream).reward, 0.005);
    EXPECT_EQ(deterministic.SampleStep(0, 3, kRiverSwimRight, stream).reward, 1.0);
    EXPECT_EQ(deterministic.SampleStep(0, 1, kRiverSwimRight, stream).reward, 0.0);
  }
  RiverSwimOptions options;
  options.reward_model = RewardModel::kBernoulli;
  const TabularMdp bernoulli = MakeRiverSwim(options).value();
  EXPECT_EQ(bernoulli.reward_model(), RewardModel::kBernoulli);
  testing::ExpectTabularMdpConforms(bernoulli);
  // Same means, so the same optimal value.
  EXPECT_EQ(SolveOptimal(bernoulli).initial_value, SolveOptimal(MakeOrDie(6, 20)).initial_value);
}

TEST(RiverSwimOptionsTest, RejectsBadValues) {
  for (int bad : {1, 0, -3}) {
    RiverSwimOptions options;
    options.num_states = bad;
    EXPECT_THAT(options.Validate(), StatusIs(absl::StatusCode::kInvalidArgument,
                                             HasSubstr("num_states = " + std::to_string(bad))));
    EXPECT_THAT(MakeRiverSwim(options), StatusIs(absl::StatusCode::kInvalidArgument));
  }
  for (int bad : {0, -1}) {
    RiverSwimOptions options;
    options.horizon = bad;
    EXPECT_THAT(options.Validate(), StatusIs(absl::StatusCode::kInvalidArgument,
                                             HasSubstr("horizon = " + std::to_string(bad))));
    EXPECT_THAT(MakeRiverSwim(options), StatusIs(absl::StatusCode::kInvalidArgument));
  }
}

}  // namespace
}  // namespace dprl
