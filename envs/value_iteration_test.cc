#include "envs/value_iteration.h"

#include <glog/logging.h>
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "envs/random_mdp.h"
#include "envs/riverswim.h"
#include "envs/tabular_mdp.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

TabularMdp CreateOrDie(int S, int A, int H, std::vector<double> transitions,
                       std::vector<double> rewards, std::vector<double> initial) {
  absl::StatusOr<TabularMdp> mdp = TabularMdp::Create("test", S, A, H, std::move(transitions),
                                                      std::move(rewards), std::move(initial));
  CHECK(mdp.ok()) << mdp.status();
  return *std::move(mdp);
}

// S = 2, A = 2, H = 2, p0 = (0.25, 0.75):
//   h = 0: (s0,a0) P = (0.5, 0.5) r = 0.2   (s0,a1) P = (0, 1) r = 0
//          (s1,a0) P = (1, 0)     r = 0.6   (s1,a1) P = (0.3, 0.7) r = 0.4
//   h = 1: rewards (s0,a0) 0.3, (s0,a1) 0.1, (s1,a0) 0.5, (s1,a1) 0.9; P = (1, 0) (irrelevant).
TabularMdp HandMdp() {
  return CreateOrDie(2, 2, 2,
                     {0.5, 0.5, 0.0, 1.0, 1.0, 0.0, 0.3, 0.7,   // h = 0
                      1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0},  // h = 1
                     {0.2, 0.0, 0.6, 0.4, 0.3, 0.1, 0.5, 0.9}, {0.25, 0.75});
}

// By hand:
//   h = 1: V*_1 = (max(0.3, 0.1), max(0.5, 0.9)) = (0.3, 0.9), greedy (a0, a1)
//   h = 0: Q*(s0,a0) = 0.2 + 0.5*0.3 + 0.5*0.9 = 0.8     Q*(s0,a1) = 0 + 0.9 = 0.9
//          Q*(s1,a0) = 0.6 + 0.3 = 0.9                   Q*(s1,a1) = 0.4 + 0.3*0.3 + 0.7*0.9 = 1.12
//          V*_0 = (0.9, 1.12), greedy (a1, a1)
//   rho* = 0.25*0.9 + 0.75*1.12 = 1.065
TEST(SolveOptimalTest, TwoStateTwoActionHorizonTwoByHand) {
  const OptimalSolution solution = SolveOptimal(HandMdp());
  const std::vector<double> values = {0.9, 1.12, 0.3, 0.9, 0.0, 0.0};
  const std::vector<double> q = {0.8, 0.9, 0.9, 1.12, 0.3, 0.1, 0.5, 0.9};
  ASSERT_EQ(solution.values.size(), values.size());
  ASSERT_EQ(solution.q_values.size(), q.size());
  for (size_t i = 0; i < values.size(); ++i) EXPECT_NEAR(solution.values[i], values[i], 1e-15);
  for (size_t i = 0; i < q.size(); ++i) EXPECT_NEAR(solution.q_values[i], q[i], 1e-15);
  EXPECT_EQ(solution.greedy_actions, std::vector<int>({1, 1, 0, 1}));
  EXPECT_NEAR(solution.initial_value, 1.065, 1e-15);
}

// Uniform policy by hand on HandMdp:
//   h = 1: V_1 = ((0.3 + 0.1)/2, (0.5 + 0.9)/2) = (0.2, 0.7)
//   h = 0: V_0(s0) = 0.5*(0.2 + 0.5*0.2 + 0.5*0.7) + 0.5*(0 + 0.7) = 0.325 + 0.35 = 0.675
//          V_0(s1) = 0.5*(0.6 + 0.2) + 0.5*(0.4 + 0.3*0.2 + 0.7*0.7) = 0.4 + 0.475 = 0.875
//   rho = 0.25*0.675 + 0.75*0.875 = 0.825
TEST(EvaluatePolicyTest, UniformPolicyByHand) {
  const TabularMdp mdp = HandMdp();
  const std::vector<double> uniform(8, 0.5);
  EXPECT_NEAR(EvaluatePolicy(mdp, uniform), 0.825, 1e-15);
  const std::vector<double> values = EvaluatePolicyValues(mdp, uniform);
  const std::vector<double> expected = {0.675, 0.875, 0.2, 0.7, 0.0, 0.0};
  ASSERT_EQ(values.size(), expected.size());
  for (size_t i = 0; i < values.size(); ++i) EXPECT_NEAR(values[i], expected[i], 1e-15);
}

// "Always a0" by hand: V_1 = (0.3, 0.5); V_0(s0) = 0.2 + 0.5*0.3 + 0.5*0.5 = 0.6,
// V_0(s1) = 0.6 + 0.3 = 0.9; rho = 0.25*0.6 + 0.75*0.9 = 0.825 < rho* = 1.065.
TEST(EvaluatePolicyTest, SuboptimalPolicyIsStrictlyWorse) {
  const TabularMdp mdp = HandMdp();
  const std::vector<int> always_zero(4, 0);
  const double value = EvaluateDeterministicPolicy(mdp, always_zero);
  EXPECT_NEAR(value, 0.825, 1e-15);
  EXPECT_NEAR(EvaluatePolicy(mdp, DeterministicPolicyProbabilities(mdp, always_zero)), 0.825,
              1e-15);
  EXPECT_LT(value, SolveOptimal(mdp).initial_value - 0.2);
}

// Deterministic cycle s -> s+1 mod S under every action, every mean reward r: V*_h(s) = (H-h) r,
// Q*_h(s, a) = (H-h) r, rho* = H r, and every policy is optimal.
TEST(SolveOptimalTest, DeterministicChainValueIsHTimesReward) {
  constexpr int S = 4, A = 3, H = 7;
  constexpr double r = 0.35;
  std::vector<double> transitions(H * S * A * S, 0.0);
  for (int h = 0; h < H; ++h) {
    for (int s = 0; s < S; ++s) {
      for (int a = 0; a < A; ++a) transitions[((h * S + s) * A + a) * S + (s + 1) % S] = 1.0;
    }
  }
  const TabularMdp mdp =
      CreateOrDie(S, A, H, transitions, std::vector<double>(H * S * A, r), {0.1, 0.2, 0.3, 0.4});
  const OptimalSolution solution = SolveOptimal(mdp);
  EXPECT_NEAR(solution.initial_value, H * r, 1e-14);
  for (int h = 0; h <= H; ++h) {
    for (int s = 0; s < S; ++s) EXPECT_NEAR(solution.values[h * S + s], (H - h) * r, 1e-14);
  }
  for (int h = 0; h < H; ++h) {
    for (int s = 0; s < S; ++s) {
      EXPECT_EQ(solution.greedy_actions[h * S + s], 0);  // exact ties: lowest index
      for (int a = 0; a < A; ++a) {
        EXPECT_NEAR(solution.q_values[mdp.Index(h, s, a)], (H - h) * r, 1e-14);
      }
    }
  }
  const std::vector<double> uniform(H * S * A, 1.0 / 3);
  EXPECT_NEAR(EvaluatePolicy(mdp, uniform), H * r, 1e-14);
}

TEST(SolveOptimalTest, TiesGoToTheLowestIndex) {
  // S = 1, A = 3, H = 1: rewards (0.5, 0.7, 0.7); a1 and a2 tie for the maximum.
  const TabularMdp mdp = CreateOrDie(1, 3, 1, {1.0, 1.0, 1.0}, {0.5, 0.7, 0.7}, {1.0});
  const OptimalSolution solution = SolveOptimal(mdp);
  EXPECT_EQ(solution.greedy_actions, std::vector<int>({1}));
  EXPECT_EQ(solution.initial_value, 0.7);
}

// On random MDPs: the greedy policy attains rho* exactly (in one-hot stochastic form too), and
// random stochastic policies never exceed it.
TEST(EvaluatePolicyTest, GreedyPolicyAttainsOptimumOnRandomMdps) {
  RandomStream stream = TestStream(0);
  for (int trial = 0; trial < 20; ++trial) {
    RandomMdpOptions options;
    options.num_states = 2 + trial % 7;
    options.num_actions = 1 + trial % 4;
    options.horizon = 1 + trial % 9;
    options.dirichlet_concentration = 0.2 + 0.3 * (trial % 5);
    absl::StatusOr<TabularMdp> mdp = MakeRandomDirichletMdp(options, stream);
    ASSERT_THAT(mdp, IsOk());
    const OptimalSolution solution = SolveOptimal(*mdp);
    EXPECT_NEAR(EvaluateDeterministicPolicy(*mdp, solution.greedy_actions), solution.initial_value,
                1e-12);
    EXPECT_NEAR(
        EvaluatePolicy(*mdp, DeterministicPolicyProbabilities(*mdp, solution.greedy_actions)),
        solution.initial_value, 1e-12);
    const int A = mdp->num_actions();
    std::vector<double> random_policy(mdp->mean_rewards().size());
    for (size_t row = 0; row < random_policy.size(); row += A) {
      double sum = 0.0;
      for (int a = 0; a < A; ++a) sum += random_policy[row + a] = stream.NextOpenUniform();
      for (int a = 0; a < A; ++a) random_policy[row + a] /= sum;
    }
    EXPECT_LE(EvaluatePolicy(*mdp, random_policy), solution.initial_value + 1e-12);
    const std::vector<double> values = EvaluatePolicyValues(*mdp, random_policy);
    for (size_t i = 0; i < values.size(); ++i) {
      EXPECT_LE(values[i], solution.values[i] + 1e-12);
    }
  }
}

// Exact evaluation agrees with simulation: the mean return of 200000 sampled RiverSwim episodes
// (N = 4, H = 8) under a fixed stochastic policy. Returns lie in [0, H], so by Hoeffding the mean
// is within H * sqrt(ln(2 / 1e-6) / (2 * 200000)) of rho^pi except with probability 1e-6.
TEST(EvaluatePolicyTest, MatchesMonteCarloReturns) {
  RiverSwimOptions options;
  options.num_states = 4;
  options.horizon = 8;
  absl::StatusOr<TabularMdp> mdp = MakeRiverSwim(options);
  ASSERT_THAT(mdp, IsOk());
  const int S = 4, A = 2, H = 8;
  std::vector<double> policy(H * S * A);
  for (int h = 0; h < H; ++h) {
    for (int s = 0; s < S; ++s) {
      const double right = 0.3 + 0.1 * s + 0.05 * h;  // in [0.3, 0.95]
      policy[mdp->Index(h, s, kRiverSwimRight)] = right;
      policy[mdp->Index(h, s, kRiverSwimLeft)] = 1.0 - right;
    }
  }
  RandomStream env_stream = TestStream(9).Child(0);
  RandomStream policy_stream = TestStream(9).Child(1);
  constexpr int kEpisodes = 200000;
  double total = 0.0;
  for (int episode = 0; episode < kEpisodes; ++episode) {
    int s = mdp->SampleInitialState(env_stream);
    for (int h = 0; h < H; ++h) {
      const int a = policy_stream.NextOpenUniform() < policy[mdp->Index(h, s, kRiverSwimRight)]
                        ? kRiverSwimRight
                        : kRiverSwimLeft;
      const TabularMdp::Transition t = mdp->SampleStep(h, s, a, env_stream);
      total += t.reward;
      s = t.next_state;
    }
  }
  const double half_width = H * std::sqrt(std::log(2.0 / 1e-6) / (2.0 * kEpisodes));
  EXPECT_NEAR(total / kEpisodes, EvaluatePolicy(*mdp, policy), half_width);
}

TEST(EvaluatePolicyDeathTest, MalformedPoliciesAreBugs) {
  const TabularMdp mdp = HandMdp();
  EXPECT_DEATH(EvaluatePolicy(mdp, std::vector<double>(7, 0.5)), "size H\\*S\\*A");
  std::vector<double> bad_row(8, 0.5);
  bad_row[3] = 0.6;  // row (h=0, s=1) sums to 1.1
  EXPECT_DEATH(EvaluatePolicy(mdp, bad_row), "sums to");
  std::vector<double> negative(8, 0.5);
  negative[0] = -0.5;
  negative[1] = 1.5;
  EXPECT_DEATH(EvaluatePolicy(mdp, negative), "not in \\[0, 1\\]");
  EXPECT_DEATH(EvaluateDeterministicPolicy(mdp, {0, 1, 2, 0}), "not in \\[0, 2\\)");
}

}  // namespace
}  // namespace dprl
