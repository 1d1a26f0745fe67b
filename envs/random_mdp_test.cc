#include "envs/random_mdp.h"

#include <glog/logging.h>
#include <gtest/gtest.h>

#include <algorithm>
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

TabularMdp MakeOrDie(const RandomMdpOptions& options, uint64_t seed) {
  RandomStream stream = TestStream(seed, TestPurpose::kEnvGeneration);
  absl::StatusOr<TabularMdp> mdp = MakeRandomDirichletMdp(options, stream);
  CHECK(mdp.ok()) << mdp.status();
  return *std::move(mdp);
}

TEST(RandomMdpTest, DefaultConforms) {
  EXPECT_THAT(RandomMdpOptions().Validate(), IsOk());
  testing::ExpectTabularMdpConforms(MakeOrDie(RandomMdpOptions(), 1));
}

TEST(RandomMdpTest, SparseTimeHomogeneousConforms) {
  RandomMdpOptions options;
  options.num_states = 7;
  options.num_actions = 3;
  options.horizon = 5;
  options.dirichlet_concentration = 0.05;  // most rows put almost all mass on one state
  options.time_homogeneous = true;
  testing::ExpectTabularMdpConforms(MakeOrDie(options, 2));
}

TEST(RandomMdpTest, ShapeNameAndInitialDistribution) {
  RandomMdpOptions options;
  options.num_states = 4;
  options.num_actions = 3;
  options.horizon = 6;
  options.dirichlet_concentration = 0.5;
  const TabularMdp mdp = MakeOrDie(options, 3);
  EXPECT_EQ(mdp.name(), "random_dirichlet_S4_A3_H6_c0.5");
  EXPECT_EQ(mdp.num_states(), 4);
  EXPECT_EQ(mdp.num_actions(), 3);
  EXPECT_EQ(mdp.horizon(), 6);
  EXPECT_EQ(mdp.initial_distribution(), std::vector<double>(4, 0.25));
}

TEST(RandomMdpTest, SameStreamSameMdpAndTheStreamAdvances) {
  RandomStream a = TestStream(4, TestPurpose::kEnvGeneration),
               b = TestStream(4, TestPurpose::kEnvGeneration);
  absl::StatusOr<TabularMdp> first_a = MakeRandomDirichletMdp(RandomMdpOptions(), a);
  absl::StatusOr<TabularMdp> first_b = MakeRandomDirichletMdp(RandomMdpOptions(), b);
  ASSERT_THAT(first_a, IsOk());
  ASSERT_THAT(first_b, IsOk());
  EXPECT_EQ(first_a->transitions(), first_b->transitions());
  EXPECT_EQ(first_a->mean_rewards(), first_b->mean_rewards());
  absl::StatusOr<TabularMdp> second_a = MakeRandomDirichletMdp(RandomMdpOptions(), a);
  ASSERT_THAT(second_a, IsOk());
  EXPECT_NE(first_a->transitions(), second_a->transitions());
  EXPECT_NE(first_a->mean_rewards(), second_a->mean_rewards());
}

TEST(RandomMdpTest, TimeHomogeneityIsRespected) {
  RandomMdpOptions options;
  options.num_states = 5;
  options.horizon = 4;
  for (bool homogeneous : {true, false}) {
    options.time_homogeneous = homogeneous;
    const TabularMdp mdp = MakeOrDie(options, 5);
    const int S = mdp.num_states(), A = mdp.num_actions();
    for (int h = 1; h < mdp.horizon(); ++h) {
      const std::vector<double> step0(mdp.TransitionRow(0, 0, 0),
                                      mdp.TransitionRow(0, 0, 0) + S * A * S);
      const std::vector<double> step(mdp.TransitionRow(h, 0, 0),
                                     mdp.TransitionRow(h, 0, 0) + S * A * S);
      EXPECT_EQ(step == step0, homogeneous) << "h " << h;
      EXPECT_EQ(mdp.MeanReward(h, 2, 1) == mdp.MeanReward(0, 2, 1), homogeneous) << "h " << h;
    }
  }
}

// Mean rewards are iid Uniform(0, 1): KS distance of the 2000 of an S=50, A=4, H=10 MDP from the
// uniform CDF, threshold from DKW with false-failure probability 1e-6.
TEST(RandomMdpTest, MeanRewardsAreUniform) {
  RandomMdpOptions options;
  options.num_states = 50;
  options.num_actions = 4;
  options.horizon = 10;
  const TabularMdp mdp = MakeOrDie(options, 6);
  std::vector<double> rewards = mdp.mean_rewards();
  std::sort(rewards.begin(), rewards.end());
  const double n = rewards.size();
  double distance = 0.0;
  for (size_t i = 0; i < rewards.size(); ++i) {
    distance =
        std::max({distance, std::abs(rewards[i] - i / n), std::abs(rewards[i] - (i + 1) / n)});
  }
  EXPECT_LT(distance, DkwHalfWidth(n, 1e-6));
}

TEST(RandomMdpOptionsTest, RejectsBadValues) {
  RandomStream stream = TestStream(0, TestPurpose::kEnvGeneration);
  for (int bad : {0, -2}) {
    RandomMdpOptions options;
    options.num_states = bad;
    EXPECT_THAT(options.Validate(), InvalidArgumentWith("num_states = " + std::to_string(bad)));
    EXPECT_THAT(MakeRandomDirichletMdp(options, stream),
                StatusIs(absl::StatusCode::kInvalidArgument));
    options = RandomMdpOptions();
    options.num_actions = bad;
    EXPECT_THAT(options.Validate(), InvalidArgumentWith("num_actions = " + std::to_string(bad)));
    EXPECT_THAT(MakeRandomDirichletMdp(options, stream),
                StatusIs(absl::StatusCode::kInvalidArgument));
    options = RandomMdpOptions();
    options.horizon = bad;
    EXPECT_THAT(options.Validate(), InvalidArgumentWith("horizon = " + std::to_string(bad)));
    EXPECT_THAT(MakeRandomDirichletMdp(options, stream),
                StatusIs(absl::StatusCode::kInvalidArgument));
  }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  for (double bad : {0.0, -1.0, nan, inf}) {
    RandomMdpOptions options;
    options.dirichlet_concentration = bad;
    EXPECT_THAT(options.Validate(), InvalidArgumentWith("dirichlet_concentration"));
    EXPECT_THAT(MakeRandomDirichletMdp(options, stream),
                StatusIs(absl::StatusCode::kInvalidArgument));
  }
  RandomMdpOptions options;
  options.num_states = 100000;  // 1e10 * 2 * 10 transition entries
  EXPECT_THAT(options.Validate(), InvalidArgumentWith("transition entries"));
  EXPECT_THAT(MakeRandomDirichletMdp(options, stream),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace dprl
