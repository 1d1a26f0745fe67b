#include "envs/tabular_mdp.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "envs/testing/tabular_mdp_conformance.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

// S = 3, A = 2, H = 2, with zero-probability outcomes, a deterministic row and time dependence.
struct SmallMdpParts {
  int S = 3, A = 2, H = 2;
  std::vector<double> transitions = {
      // h = 0
      0.2, 0.3, 0.5,  // s0 a0
      0.0, 1.0, 0.0,  // s0 a1
      0.5, 0.0, 0.5,  // s1 a0
      0.1, 0.1, 0.8,  // s1 a1
      1.0, 0.0, 0.0,  // s2 a0
      0.0, 0.7, 0.3,  // s2 a1
      // h = 1
      0.6, 0.2, 0.2,              // s0 a0
      0.0, 0.0, 1.0,              // s0 a1
      1.0 / 3, 1.0 / 3, 1.0 / 3,  // s1 a0
      0.9, 0.0, 0.1,              // s1 a1
      0.25, 0.25, 0.5,            // s2 a0
      0.05, 0.9, 0.05,            // s2 a1
  };
  std::vector<double> mean_rewards = {0.0, 1.0, 0.25, 0.5, 0.9, 0.1,
                                      0.3, 0.6, 0.75, 0.0, 1.0, 0.45};
  std::vector<double> initial = {0.5, 0.0, 0.5};

  absl::StatusOr<TabularMdp> Create() const {
    return TabularMdp::Create("small", S, A, H, transitions, mean_rewards, initial);
  }
};

TEST(TabularMdpTest, SmallMdpConforms) {
  absl::StatusOr<TabularMdp> mdp = SmallMdpParts().Create();
  ASSERT_THAT(mdp, IsOk());
  testing::ExpectTabularMdpConforms(*mdp);
}

TEST(TabularMdpTest, SingleStateSingleActionConforms) {
  absl::StatusOr<TabularMdp> mdp = TabularMdp::Create("trivial", 1, 1, 1, {1.0}, {0.3}, {1.0});
  ASSERT_THAT(mdp, IsOk());
  testing::ExpectTabularMdpConforms(*mdp);
}

TEST(TabularMdpTest, AccessorsFollowTheDocumentedLayout) {
  const SmallMdpParts parts;
  absl::StatusOr<TabularMdp> mdp = parts.Create();
  ASSERT_THAT(mdp, IsOk());
  EXPECT_EQ(mdp->name(), "small");
  EXPECT_EQ(mdp->num_states(), 3);
  EXPECT_EQ(mdp->num_actions(), 2);
  EXPECT_EQ(mdp->horizon(), 2);
  // Row (h=1, s=2, a=0) starts at ((1*3 + 2)*2 + 0)*3 = 30.
  EXPECT_EQ(mdp->TransitionRow(1, 2, 0)[0], 0.25);
  EXPECT_EQ(mdp->TransitionRow(1, 2, 0)[2], 0.5);
  EXPECT_EQ(mdp->MeanReward(1, 2, 0), 1.0);
  EXPECT_EQ(mdp->MeanReward(0, 1, 1), 0.5);
  EXPECT_EQ(mdp->initial_distribution(), parts.initial);
}

TEST(TabularMdpTest, DeterministicRowsAndRewardsAreExact) {
  absl::StatusOr<TabularMdp> mdp = SmallMdpParts().Create();
  ASSERT_THAT(mdp, IsOk());
  RandomStream stream = TestStream(3);
  for (int i = 0; i < 10000; ++i) {
    // (h=0, s=0, a=1): next state 1 surely, reward 1 surely.
    const TabularMdp::Transition t = mdp->SampleStep(0, 0, 1, stream);
    ASSERT_EQ(t.next_state, 1);
    ASSERT_EQ(t.reward, 1.0);
    // (h=1, s=1, a=1): reward 0 surely, next state never 1.
    const TabularMdp::Transition u = mdp->SampleStep(1, 1, 1, stream);
    ASSERT_NE(u.next_state, 1);
    ASSERT_EQ(u.reward, 0.0);
    ASSERT_NE(mdp->SampleInitialState(stream), 1);
  }
}

TEST(TabularMdpTest, SamplingReadsAFixedNumberOfWords) {
  absl::StatusOr<TabularMdp> mdp = SmallMdpParts().Create();
  ASSERT_THAT(mdp, IsOk());
  RandomStream used = TestStream(4);
  RandomStream reference = TestStream(4);
  mdp->SampleStep(0, 1, 1, used);
  reference.NextU64();
  reference.NextU64();
  EXPECT_EQ(used.NextU64(), reference.NextU64());
  mdp->SampleInitialState(used);
  reference.NextU64();
  EXPECT_EQ(used.NextU64(), reference.NextU64());
}

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(TabularMdpCreateTest, RejectsBadDimensions) {
  for (int bad : {0, -1}) {
    SmallMdpParts parts;
    parts.S = bad;
    EXPECT_THAT(parts.Create(), InvalidArgumentWith("num_states = " + std::to_string(bad)));
    parts = SmallMdpParts();
    parts.A = bad;
    EXPECT_THAT(parts.Create(), InvalidArgumentWith("num_actions = " + std::to_string(bad)));
    parts = SmallMdpParts();
    parts.H = bad;
    EXPECT_THAT(parts.Create(), InvalidArgumentWith("horizon = " + std::to_string(bad)));
  }
  const SmallMdpParts parts;
  EXPECT_THAT(TabularMdp::Create("", parts.S, parts.A, parts.H, parts.transitions,
                                 parts.mean_rewards, parts.initial),
              InvalidArgumentWith("name"));
}

TEST(TabularMdpCreateTest, RejectsWrongSizes) {
  SmallMdpParts parts;
  parts.transitions.pop_back();
  EXPECT_THAT(parts.Create(), InvalidArgumentWith("transitions has size 35"));
  parts = SmallMdpParts();
  parts.mean_rewards.push_back(0.5);
  EXPECT_THAT(parts.Create(), InvalidArgumentWith("mean_rewards has size 13"));
  parts = SmallMdpParts();
  parts.initial = {1.0};
  EXPECT_THAT(parts.Create(), InvalidArgumentWith("initial_distribution has size 1"));
  parts = SmallMdpParts();
  parts.H = 3;  // the vectors are sized for H = 2
  EXPECT_THAT(parts.Create(), InvalidArgumentWith("transitions has size 36"));
}

TEST(TabularMdpCreateTest, RejectsBadTransitionEntries) {
  for (double bad : {kNan, kInf, -0.1, 1.5}) {
    SmallMdpParts parts;
    parts.transitions[4] = bad;  // (h=0, s=0, a=1, s'=1)
    EXPECT_THAT(parts.Create(), InvalidArgumentWith("transitions[h=0, s=0, a=1, s'=1]"));
  }
}

TEST(TabularMdpCreateTest, RejectsTransitionRowsNotSummingToOne) {
  SmallMdpParts parts;
  parts.transitions[33] = 0.06;  // row (h=1, s=2, a=1) sums to 1.01
  EXPECT_THAT(parts.Create(), InvalidArgumentWith("transitions row [h=1, s=2, a=1] sums to 1.01"));
  parts = SmallMdpParts();
  parts.transitions[0] = 0.2 - 1e-8;  // off by 1e-8 > 1e-9
  EXPECT_THAT(parts.Create(), InvalidArgumentWith("transitions row [h=0, s=0, a=0]"));
  parts = SmallMdpParts();
  parts.transitions[0] = 0.2 + 1e-12;  // within tolerance: accepted
  EXPECT_THAT(parts.Create(), IsOk());
}

TEST(TabularMdpCreateTest, RejectsBadMeanRewards) {
  for (double bad : {kNan, -kInf, -0.5, 1.0 + 1e-12}) {
    SmallMdpParts parts;
    parts.mean_rewards[9] = bad;  // (h=1, s=1, a=1)
    EXPECT_THAT(parts.Create(), InvalidArgumentWith("mean_rewards[h=1, s=1, a=1]"));
  }
}

TEST(TabularMdpCreateTest, RejectsBadInitialDistribution) {
  for (double bad : {kNan, kInf, -0.5}) {
    SmallMdpParts parts;
    parts.initial[1] = bad;
    EXPECT_THAT(parts.Create(), InvalidArgumentWith("initial_distribution[s=1]"));
  }
  SmallMdpParts parts;
  parts.initial = {0.5, 0.25, 0.2};
  EXPECT_THAT(parts.Create(), InvalidArgumentWith("initial_distribution sums to 0.95"));
}

// kDeterministic returns the mean itself, reads the same two words per step as kBernoulli (so the
// next states agree step by step), and conforms; the names round-trip and bad values are refused.
TEST(TabularMdpTest, DeterministicRewardModel) {
  SmallMdpParts parts;
  const TabularMdp bernoulli = parts.Create().value();
  const TabularMdp deterministic =
      TabularMdp::Create("small", parts.S, parts.A, parts.H, parts.transitions, parts.mean_rewards,
                         parts.initial, RewardModel::kDeterministic)
          .value();
  EXPECT_EQ(bernoulli.reward_model(), RewardModel::kBernoulli);
  testing::ExpectTabularMdpConforms(deterministic);
  RandomStream a = TestStream(3), b = TestStream(3);
  for (int i = 0; i < 200; ++i) {
    const int h = i % 2, s = (i / 2) % 3, act = (i / 6) % 2;
    const TabularMdp::Transition x = deterministic.SampleStep(h, s, act, a);
    const TabularMdp::Transition y = bernoulli.SampleStep(h, s, act, b);
    ASSERT_EQ(x.reward, deterministic.MeanReward(h, s, act));
    ASSERT_EQ(x.next_state, y.next_state);
  }
  for (RewardModel model : {RewardModel::kBernoulli, RewardModel::kDeterministic}) {
    EXPECT_EQ(ParseRewardModel(RewardModelName(model)).value(), model);
  }
  EXPECT_THAT(ParseRewardModel("gaussian"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       "reward_model must be one of bernoulli, deterministic, got 'gaussian'"));
  EXPECT_THAT(TabularMdp::Create("small", parts.S, parts.A, parts.H, parts.transitions,
                                 parts.mean_rewards, parts.initial, static_cast<RewardModel>(9)),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("reward_model = 9")));
}

}  // namespace
}  // namespace dprl
