#include "envs/continuous_walk.h"

#include <glog/logging.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "absl/status/status.h"
#include "envs/testing/continuous_env_conformance.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

testing::ContinuousEnvUnderTest Describe(const ContinuousWalk& walk) {
  testing::ContinuousEnvUnderTest env;
  env.name = walk.name();
  env.num_actions = walk.num_actions();
  env.episode_length = walk.episode_length();
  env.state_low = ContinuousWalk::kStateLow;
  env.state_high = ContinuousWalk::kStateHigh;
  env.reward_low = ContinuousWalk::kRewardLow;
  env.reward_high = ContinuousWalk::kRewardHigh;
  env.sample_initial_state = [walk](RandomStream& s) { return walk.SampleInitialState(s); };
  env.sample_step = [walk](double state, int action, RandomStream& s) {
    const ContinuousWalk::Transition t = walk.SampleStep(state, action, s);
    return testing::ContinuousTransition{t.next_state, t.reward};
  };
  env.initial_state_cdf = [](double x) { return std::clamp(x, 0.0, 1.0); };
  env.next_state_cdf = [walk](double state, int action, double x) {
    return walk.NextStateCdf(state, action, x);
  };
  env.reward_of_transition = [](double, int, double next) { return ContinuousWalk::Reward(next); };
  return env;
}

ContinuousWalk MakeOrDie(const ContinuousWalkOptions& options) {
  absl::StatusOr<ContinuousWalk> walk = ContinuousWalk::Create(options);
  CHECK(walk.ok()) << walk.status();
  return *std::move(walk);
}

TEST(ContinuousWalkTest, DefaultConforms) {
  testing::ExpectContinuousEnvConforms(Describe(MakeOrDie(ContinuousWalkOptions())));
}

TEST(ContinuousWalkTest, LongStepsConform) {
  ContinuousWalkOptions options;
  options.max_step = 1.0;
  options.episode_length = 3;
  testing::ExpectContinuousEnvConforms(Describe(MakeOrDie(options)));
}

TEST(ContinuousWalkTest, DefaultsAreAppendixE1) {
  const ContinuousWalkOptions options;
  EXPECT_THAT(options.Validate(), IsOk());
  EXPECT_EQ(options.max_step, 0.25);
  EXPECT_EQ(options.episode_length, 50);
  const ContinuousWalk walk = MakeOrDie(options);
  EXPECT_EQ(walk.name(), "continuous_walk_step0.25_len50");
  EXPECT_EQ(walk.num_actions(), 2);
}

TEST(ContinuousWalkTest, RewardPeaksInTheMiddle) {
  EXPECT_EQ(ContinuousWalk::Reward(0.5), 0.5);
  EXPECT_EQ(ContinuousWalk::Reward(0.0), 0.0);
  EXPECT_EQ(ContinuousWalk::Reward(1.0), 0.0);
  EXPECT_EQ(ContinuousWalk::Reward(0.25), 0.25);
  EXPECT_EQ(ContinuousWalk::Reward(0.75), 0.25);
}

TEST(ContinuousWalkTest, ActionOneMovesRightAndActionZeroLeftWithClamping) {
  const ContinuousWalk walk = MakeOrDie(ContinuousWalkOptions());
  RandomStream stream = TestStream(7);
  for (int i = 0; i < 1000; ++i) {
    const double s = stream.NextOpenUniform();
    const double right = walk.SampleStep(s, kWalkRight, stream).next_state;
    const double left = walk.SampleStep(s, kWalkLeft, stream).next_state;
    EXPECT_GE(right, s);
    EXPECT_LE(right, std::min(s + 0.25, 1.0));
    EXPECT_LE(left, s);
    EXPECT_GE(left, std::max(s - 0.25, 0.0));
  }
  EXPECT_EQ(walk.SampleStep(1.0, kWalkRight, stream).next_state, 1.0);
  EXPECT_EQ(walk.SampleStep(0.0, kWalkLeft, stream).next_state, 0.0);
  // From 0.9 moving right, P(s' = 1) = P(u >= 0.1) = 0.6: the atom of the CDF.
  EXPECT_DOUBLE_EQ(walk.NextStateCdf(0.9, kWalkRight, 0.999), 0.4 * 0.099 / 0.1);
  EXPECT_EQ(walk.NextStateCdf(0.9, kWalkRight, 1.0), 1.0);
}

TEST(ContinuousWalkOptionsTest, RejectsBadValues) {
  for (double bad : {0.0, -0.1, 1.5, std::nan(""), HUGE_VAL}) {
    ContinuousWalkOptions options;
    options.max_step = bad;
    EXPECT_THAT(options.Validate(),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("max_step = ")));
    EXPECT_THAT(ContinuousWalk::Create(options), StatusIs(absl::StatusCode::kInvalidArgument));
  }
  for (int bad : {0, -2}) {
    ContinuousWalkOptions options;
    options.episode_length = bad;
    EXPECT_THAT(options.Validate(), StatusIs(absl::StatusCode::kInvalidArgument,
                                             HasSubstr("episode_length = " + std::to_string(bad))));
  }
}

}  // namespace
}  // namespace dprl
