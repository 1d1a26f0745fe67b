#include "algorithms/qlearning/functional_noise_q_learning.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "algorithms/qlearning/walk_training.h"
#include "envs/continuous_walk.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

constexpr uint64_t kSeed = 12;  // master seed of every stream of this file

FunctionalNoiseQLearning MakeOrDie(const FunctionalNoiseQLearningOptions& options,
                                   uint64_t replicate = 0) {
  absl::StatusOr<FunctionalNoiseQLearning> agent =
      FunctionalNoiseQLearning::Create(options, TestStream(kSeed, TestPurpose::kPolicy, replicate),
                                       TestStream(kSeed, TestPurpose::kPrivacyNoise, replicate));
  EXPECT_TRUE(agent.ok()) << agent.status();
  return *std::move(agent);
}

ContinuousWalk Walk() { return *ContinuousWalk::Create(ContinuousWalkOptions()); }

// The settings of the Figure 1 experiment (gamma = 0.9, plain SGD with step 1, B = 50).
FunctionalNoiseQLearningOptions ExperimentOptions() {
  FunctionalNoiseQLearningOptions options;
  options.discount = 0.9;
  options.optimizer.learning_rate = 1.0;
  return options;
}

TEST(FunctionalNoiseQLearningTest, DefaultsAreValid) {
  EXPECT_TRUE(FunctionalNoiseQLearningOptions().Validate().ok());
}

TEST(FunctionalNoiseQLearningTest, BadValuesNamed) {
  auto create = [](const FunctionalNoiseQLearningOptions& options) {
    return FunctionalNoiseQLearning::Create(options, TestStream(kSeed, TestPurpose::kPolicy, 0),
                                            TestStream(kSeed, TestPurpose::kPrivacyNoise, 0));
  };
  FunctionalNoiseQLearningOptions o;
  o.num_samples = 0;
  EXPECT_THAT(o.Validate(), InvalidArgumentWith("num_samples = 0"));
  EXPECT_THAT(create(o), ::testing::Not(IsOk()));
  o = FunctionalNoiseQLearningOptions();
  o.batch_size = 64;  // 64 does not divide 5000
  EXPECT_THAT(o.Validate(),
              InvalidArgumentWith("batch_size = 64, must be >= 1 and divide num_samples = 5000"));
  EXPECT_THAT(create(o), ::testing::Not(IsOk()));
  o.batch_size = 0;
  EXPECT_THAT(o.Validate(), InvalidArgumentWith("batch_size = 0"));
  EXPECT_THAT(create(o), ::testing::Not(IsOk()));
  o = FunctionalNoiseQLearningOptions();
  o.num_resets = 3;  // 3 does not divide 100
  EXPECT_THAT(o.Validate(),
              InvalidArgumentWith(
                  "num_resets = 3, must be >= 1 and divide num_samples / batch_size = 100"));
  EXPECT_THAT(create(o), ::testing::Not(IsOk()));
  o.num_resets = 0;
  EXPECT_THAT(o.Validate(), InvalidArgumentWith("num_resets = 0"));
  EXPECT_THAT(create(o), ::testing::Not(IsOk()));
  for (double bad : {-0.1, std::nan(""), HUGE_VAL}) {
    o = FunctionalNoiseQLearningOptions();
    o.noise_stddev = bad;
    EXPECT_THAT(o.Validate(), InvalidArgumentWith("noise_stddev = "));
    EXPECT_THAT(create(o), ::testing::Not(IsOk()));
  }
  o = FunctionalNoiseQLearningOptions();
  o.kernel_rate = 0.0;
  EXPECT_THAT(o.Validate(),
              InvalidArgumentWith("kernel_rate must be finite and in [1e-100, 1e+100], got 0"));
  EXPECT_THAT(create(o), ::testing::Not(IsOk()));
  o = FunctionalNoiseQLearningOptions();
  o.discount = 1.0;
  EXPECT_THAT(o.Validate(), InvalidArgumentWith("discount = 1"));
  EXPECT_THAT(create(o), ::testing::Not(IsOk()));
  o = FunctionalNoiseQLearningOptions();
  o.exploration_start = 1.5;
  EXPECT_THAT(o.Validate(), InvalidArgumentWith("exploration_start = 1.5"));
  EXPECT_THAT(create(o), ::testing::Not(IsOk()));
  o = FunctionalNoiseQLearningOptions();
  o.exploration_decay_steps = 0.0;
  EXPECT_THAT(o.Validate(), InvalidArgumentWith("exploration_decay_steps = 0"));
  EXPECT_THAT(create(o), ::testing::Not(IsOk()));
  o = FunctionalNoiseQLearningOptions();
  o.l2_clip_norm = -1.0;
  EXPECT_THAT(o.Validate(), InvalidArgumentWith("l2_clip_norm = -1"));
  EXPECT_THAT(create(o), ::testing::Not(IsOk()));
  o = FunctionalNoiseQLearningOptions();
  o.gradient_noise_stddev = 1.0;
  EXPECT_THAT(o.Validate(),
              InvalidArgumentWith("gradient_noise_stddev = 1 needs l2_clip_norm > 0"));
  EXPECT_THAT(create(o), ::testing::Not(IsOk()));
  o = FunctionalNoiseQLearningOptions();
  o.optimizer.learning_rate = -1.0;
  EXPECT_THAT(o.Validate(), InvalidArgumentWith("learning_rate = -1"));
  EXPECT_THAT(create(o), ::testing::Not(IsOk()));
}

// Lines 7-9: J resets over T/B batches, one update per batch.
TEST(FunctionalNoiseQLearningTest, ResetsAndUpdatesCount) {
  for (int resets : {1, 4, 100}) {
    FunctionalNoiseQLearningOptions options = ExperimentOptions();
    options.noise_stddev = 0.3;
    options.num_resets = resets;
    FunctionalNoiseQLearning agent = MakeOrDie(options);
    RandomStream env_stream = TestStream(kSeed, TestPurpose::kEnvironment, 0);
    TrainOnWalk(Walk(), options.num_samples, agent, env_stream);
    EXPECT_EQ(agent.resets_done(), resets);
    EXPECT_EQ(agent.updates_done(), 100);
    EXPECT_EQ(agent.samples_seen(), 5000);
  }
}

// Line 12 without exploration: the action maximises Q + g at the state.
TEST(FunctionalNoiseQLearningTest, ActsGreedilyOnTheNoisyQ) {
  FunctionalNoiseQLearningOptions options;
  options.noise_stddev = 2.0;  // noise dominates the initial network
  options.exploration_start = 0.0;
  options.exploration_end = 0.0;
  options.num_samples = 1000;
  FunctionalNoiseQLearning agent = MakeOrDie(options);
  RandomStream stream = TestStream(kSeed, TestPurpose::kTest, 0);
  int differs_from_network = 0;
  for (int i = 0; i < 200; ++i) {
    const double s = stream.NextOpenUniform();
    const int action = agent.Act(s);
    const MlpOutputs noisy = agent.NoisyQ(s);  // stored: the values Act used
    EXPECT_EQ(action, noisy[1] > noisy[0] ? 1 : 0);
    const MlpOutputs clean = agent.q_network().Forward(s);
    differs_from_network += action != (clean[1] > clean[0] ? 1 : 0);
    agent.Observe(s, action, 0.0, s, true);
  }
  EXPECT_GT(differs_from_network, 20);
}

// Lines 19-22 by hand: B = 2 samples, one SGD step with the mean gradient of
// (Q(s_t, a_t) + g_{a_t}(s_t) - y_t) dQ(s_t, a_t)/dtheta at the acting theta, noisy targets.
TEST(FunctionalNoiseQLearningTest, OneStepMatchesHandComputation) {
  FunctionalNoiseQLearningOptions options;
  options.num_samples = 2;
  options.batch_size = 2;
  options.noise_stddev = 0.5;
  options.discount = 0.9;
  options.optimizer.learning_rate = 0.1;
  FunctionalNoiseQLearning agent = MakeOrDie(options);
  const Mlp before = agent.q_network();
  const double s[3] = {0.3, 0.45, 0.62};
  const double r[2] = {0.3, 0.45};
  int a[2];
  a[0] = agent.Act(s[0]);
  agent.Observe(s[0], a[0], r[0], s[1], false);
  a[1] = agent.Act(s[1]);
  EXPECT_EQ(agent.updates_done(), 0);
  agent.Observe(s[1], a[1], r[1], s[2], true);  // terminal: y = r
  EXPECT_EQ(agent.updates_done(), 1);
  // g(s) = NoisyQ(s) - Q_after(s) at stored points.
  auto g = [&](double x) -> MlpOutputs {
    const MlpOutputs noisy = agent.NoisyQ(x);
    return noisy - agent.q_network().Forward(x);
  };
  const MlpOutputs noisy0 = before.Forward(s[0]) + g(s[0]);
  const MlpOutputs noisy1 = before.Forward(s[1]) + g(s[1]);
  const double y0 = r[0] + 0.9 * noisy1.maxCoeff();
  const double y1 = r[1];
  const MlpParameters gradient = 0.5 * ((noisy0[a[0]] - y0) * before.QGradient(s[0], a[0]) +
                                        (noisy1[a[1]] - y1) * before.QGradient(s[1], a[1]));
  const MlpParameters expected = before.parameters() - 0.1 * gradient;
  EXPECT_LE((agent.q_network().parameters() - expected).lpNorm<Eigen::Infinity>(), 1e-14);
  EXPECT_GT(g(s[0]).cwiseAbs().maxCoeff(), 0.0);
}

// DP-SGD clipping: with B = 1 and no gradient noise, one update moves theta by at most
// learning_rate * C in l2 norm, however large the reward; and a two-sample step equals
// theta - lr (1/B) sum_t clip(g_t) computed by hand.
TEST(FunctionalNoiseQLearningTest, DpSgdClippingBound) {
  FunctionalNoiseQLearningOptions options;
  options.num_samples = 200;
  options.batch_size = 1;
  options.l2_clip_norm = 0.3;
  options.optimizer.learning_rate = 0.5;
  FunctionalNoiseQLearning agent = MakeOrDie(options);
  RandomStream stream = TestStream(kSeed, TestPurpose::kTest, 1);
  int clipped = 0;
  for (int t = 0; t < 200; ++t) {
    const MlpParameters before = agent.q_network().parameters();
    const double s = stream.NextOpenUniform();
    const int a = agent.Act(s);
    const double reward = (t % 2 == 0 ? 1000.0 : -1000.0) * stream.NextOpenUniform();
    const MlpOutputs q = agent.q_network().Forward(s);
    const double raw_norm = std::abs(q[a] - reward) * agent.q_network().QGradient(s, a).norm();
    agent.Observe(s, a, reward, s, true);
    const double moved = (agent.q_network().parameters() - before).norm();
    EXPECT_LE(moved, 0.5 * 0.3 * (1 + 1e-12)) << t;
    if (raw_norm > 0.3) {
      ++clipped;
      EXPECT_NEAR(moved, 0.5 * 0.3, 1e-9) << t;
    }
  }
  EXPECT_GT(clipped, 150);
}

TEST(FunctionalNoiseQLearningTest, DpSgdStepMatchesHandComputation) {
  FunctionalNoiseQLearningOptions options;
  options.num_samples = 2;
  options.batch_size = 2;
  options.l2_clip_norm = 0.05;
  options.optimizer.learning_rate = 0.1;
  options.exploration_start = options.exploration_end = 0.0;
  FunctionalNoiseQLearning agent = MakeOrDie(options);
  const Mlp before = agent.q_network();
  const double s[2] = {0.2, 0.7}, r[2] = {3.0, 0.001};
  MlpParameters sum = MlpParameters::Zero();
  for (int t = 0; t < 2; ++t) {
    const int a = agent.Act(s[t]);
    agent.Observe(s[t], a, r[t], s[t], true);
    const MlpParameters g = (before.Forward(s[t])[a] - r[t]) * before.QGradient(s[t], a);
    sum += g * std::min(1.0, 0.05 / g.norm());
  }
  const MlpParameters expected = before.parameters() - 0.1 * sum / 2.0;
  EXPECT_LE((agent.q_network().parameters() - expected).lpNorm<Eigen::Infinity>(), 1e-15);
}

// The gradient noise is N(0, (noise / B)^2) per coordinate of the mean gradient: with a zero
// learning signal (clip norm tiny) the update is -lr * noise / B; its empirical variance over the
// 338 coordinates and 50 updates (16 900 draws) is within 5% of (lr noise / B)^2: 5% is 4.6
// standard errors of the variance estimate (sqrt(2 / 16 900) = 1.09%), so a correct sampler fails
// with probability < 1e-5 (fixed streams: the run is deterministic).
TEST(FunctionalNoiseQLearningTest, DpSgdGradientNoiseScale) {
  FunctionalNoiseQLearningOptions options;
  options.num_samples = 100;
  options.batch_size = 2;
  options.l2_clip_norm = 1e-300;
  options.gradient_noise_stddev = 4.0;
  options.optimizer.learning_rate = 0.5;
  FunctionalNoiseQLearning agent = MakeOrDie(options);
  double sum_squares = 0.0;
  for (int t = 0; t < 100; ++t) {
    const MlpParameters before = agent.q_network().parameters();
    const int a = agent.Act(0.5);
    agent.Observe(0.5, a, 0.0, 0.5, true);
    if (t % 2 == 1) sum_squares += (agent.q_network().parameters() - before).squaredNorm();
  }
  const double variance = sum_squares / (50.0 * kMlpNumParameters);
  EXPECT_NEAR(variance, 1.0, 0.05);  // (0.5 * 4 / 2)^2 = 1
}

TEST(FunctionalNoiseQLearningTest, SameStreamsSameRun) {
  FunctionalNoiseQLearningOptions options = ExperimentOptions();
  options.noise_stddev = 0.4;
  options.num_resets = 100;
  std::vector<double> returns[2];
  MlpParameters parameters[2];
  for (int run = 0; run < 2; ++run) {
    FunctionalNoiseQLearning agent = MakeOrDie(options, 5);
    RandomStream env_stream = TestStream(kSeed, TestPurpose::kEnvironment, 5);
    returns[run] = TrainOnWalk(Walk(), options.num_samples, agent, env_stream);
    parameters[run] = agent.q_network().parameters();
  }
  EXPECT_EQ(returns[0], returns[1]);
  EXPECT_EQ(parameters[0], parameters[1]);
}

// Without noise the agent learns to walk to the middle: over 5 seeds the mean return of the last
// 10 episodes is far above the uniform-random policy's (10.9; scripted "move to 0.5": 20.7).
TEST(FunctionalNoiseQLearningTest, LearnsWithoutNoise) {
  double mean = 0.0;
  for (uint64_t seed = 0; seed < 5; ++seed) {
    FunctionalNoiseQLearning agent = MakeOrDie(ExperimentOptions(), seed);
    RandomStream env_stream = TestStream(kSeed, TestPurpose::kEnvironment, seed);
    const std::vector<double> returns = TrainOnWalk(Walk(), 5000, agent, env_stream);
    ASSERT_EQ(returns.size(), 100u);
    mean += std::accumulate(returns.end() - 10, returns.end(), 0.0) / 10 / 5;
  }
  EXPECT_GT(mean, 15.0);
}

}  // namespace
}  // namespace dprl
