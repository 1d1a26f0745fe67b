#include "algorithms/qlearning/linear_output_perturbation.h"

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "algorithms/mechanisms/samplers.h"
#include "algorithms/qlearning/walk_training.h"
#include "envs/continuous_walk.h"
#include "random/distributions.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

constexpr uint64_t kSeed = 2016;  // master seed of every stream of this file

LinearOutputPerturbation MakeOrDie(const LinearOutputPerturbationOptions& options) {
  absl::StatusOr<LinearOutputPerturbation> agent =
      LinearOutputPerturbation::Create(options, TestStream(kSeed, TestPurpose::kPolicy),
                                       TestStream(kSeed, TestPurpose::kPrivacyNoise));
  EXPECT_TRUE(agent.ok()) << agent.status();
  return *std::move(agent);
}

struct Sample {
  double state;
  int action;
  double reward;
};

// Feeds `episodes` episodes of 5 steps of fixed data; returns the agent after the last release.
LinearOutputPerturbation Feed(const LinearOutputPerturbationOptions& options,
                              const std::vector<std::vector<Sample>>& episodes) {
  LinearOutputPerturbation agent = MakeOrDie(options);
  for (const auto& episode : episodes) {
    for (size_t t = 0; t < episode.size(); ++t) {
      agent.Act(episode[t].state);
      agent.Observe(episode[t].state, episode[t].action, episode[t].reward, 0.0,
                    t + 1 == episode.size());
    }
  }
  return agent;
}

std::vector<std::vector<Sample>> Data(uint64_t replicate) {
  RandomStream stream = TestStream(kSeed, TestPurpose::kTest, replicate);
  std::vector<std::vector<Sample>> episodes(4);
  for (auto& episode : episodes) {
    for (int t = 0; t < 5; ++t) {
      episode.push_back({stream.NextOpenUniform(), static_cast<int>(stream.UniformInt(2)),
                         0.5 * stream.NextOpenUniform()});
    }
  }
  return episodes;
}

LinearOutputPerturbationOptions SmallOptions() {
  LinearOutputPerturbationOptions options;
  options.num_samples = 20;
  options.batch_size = 10;
  options.episode_length = 5;
  options.num_features = 4;
  options.feature_width = 0.3;
  options.ridge_regularizer = 0.5;
  options.discount = 0.8;
  return options;
}

// Without noise the released weights are the ridge solution (A/n + lambda I)^{-1} b/n on the
// discounted returns, computed here independently.
TEST(LinearOutputPerturbationTest, FitsRidgeRegressionOnReturns) {
  const LinearOutputPerturbationOptions options = SmallOptions();
  const auto episodes = Data(1);
  const LinearOutputPerturbation agent = Feed(options, episodes);
  for (int a = 0; a < 2; ++a) {
    Eigen::MatrixXd x(0, 4);
    Eigen::VectorXd y(0);
    for (const auto& episode : episodes) {
      for (size_t t = 0; t < episode.size(); ++t) {
        double g = 0.0, discount = 1.0;
        for (size_t u = t; u < episode.size(); ++u, discount *= 0.8) {
          g += discount * episode[u].reward;
        }
        if (episode[t].action != a) continue;
        x.conservativeResize(x.rows() + 1, Eigen::NoChange);
        y.conservativeResize(y.size() + 1);
        x.row(x.rows() - 1) = agent.Features(episode[t].state).transpose();
        y[y.size() - 1] = g;
      }
    }
    const double n = x.rows();
    ASSERT_GT(n, 0);
    const Eigen::VectorXd want = (x.transpose() * x / n + 0.5 * Eigen::MatrixXd::Identity(4, 4))
                                     .colPivHouseholderQr()
                                     .solve(x.transpose() * y / n);
    EXPECT_LE((agent.fitted_weights()[a] - want).lpNorm<Eigen::Infinity>(), 1e-12) << a;
    EXPECT_EQ(agent.released_weights()[a], agent.fitted_weights()[a]);
  }
}

// Delta bounds the change of the fitted weights when one trajectory's rewards change by <= 1,
// and the released noise is output_noise_multiplier * Delta times the noise stream's Gaussians.
TEST(LinearOutputPerturbationTest, SensitivityBoundAndNoise) {
  LinearOutputPerturbationOptions options = SmallOptions();
  for (uint64_t replicate = 0; replicate < 20; ++replicate) {
    auto episodes = Data(replicate);
    int64_t counts[2] = {0, 0};
    for (const auto& episode : episodes) {
      for (const Sample& s : episode) ++counts[s.action];
    }
    const LinearOutputPerturbation base = Feed(options, episodes);
    // m sqrt(d) G_max / (lambda min_a n_a) with m = 5, d = 4, G_max = min(5, 1 / 0.2) = 5.
    EXPECT_NEAR(base.last_sensitivity(),
                5.0 * 2.0 * 5.0 / (0.5 * std::max<int64_t>(1, std::min(counts[0], counts[1]))),
                1e-12);
    RandomStream change = TestStream(kSeed, TestPurpose::kTest, 100 + replicate);
    for (Sample& s : episodes[replicate % 4]) s.reward += 2.0 * change.NextOpenUniform() - 1.0;
    const LinearOutputPerturbation moved = Feed(options, episodes);
    double distance = 0.0;
    for (int a = 0; a < 2; ++a) {
      distance += (base.fitted_weights()[a] - moved.fitted_weights()[a]).squaredNorm();
    }
    EXPECT_LE(std::sqrt(distance), base.last_sensitivity()) << replicate;
  }
  options.output_noise_multiplier = 0.7;
  const LinearOutputPerturbation noisy = Feed(options, Data(3));
  RandomStream replay = TestStream(kSeed, TestPurpose::kPrivacyNoise);
  // Two releases happened; replay the first one's 8 draws to reach the second.
  const double stddev = 0.7 * noisy.last_sensitivity();
  for (int i = 0; i < 8; ++i) SampleGaussian(1.0, replay);
  for (int a = 0; a < 2; ++a) {
    for (int i = 0; i < 4; ++i) {
      EXPECT_DOUBLE_EQ(noisy.released_weights()[a][i] - noisy.fitted_weights()[a][i],
                       SampleGaussian(stddev, replay));
    }
  }
}

// On the walk without noise the linear learner beats the uniform policy (10.9) over 5 seeds.
TEST(LinearOutputPerturbationTest, LearnsWithoutNoise) {
  const ContinuousWalk walk = *ContinuousWalk::Create(ContinuousWalkOptions());
  double mean = 0.0;
  for (uint64_t seed = 0; seed < 5; ++seed) {
    absl::StatusOr<LinearOutputPerturbation> agent = LinearOutputPerturbation::Create(
        LinearOutputPerturbationOptions(), TestStream(kSeed, TestPurpose::kPolicy, seed),
        TestStream(kSeed, TestPurpose::kPrivacyNoise, seed));
    ASSERT_TRUE(agent.ok());
    RandomStream env = TestStream(kSeed, TestPurpose::kEnvironment, seed);
    const std::vector<double> returns = TrainOnWalk(walk, 5000, *agent, env);
    for (size_t i = returns.size() - 10; i < returns.size(); ++i) mean += returns[i] / 50;
  }
  EXPECT_GT(mean, 13.0);
}

TEST(LinearOutputPerturbationTest, BadValuesNamed) {
  EXPECT_TRUE(LinearOutputPerturbationOptions().Validate().ok());
  LinearOutputPerturbationOptions o;
  o.batch_size = 64;
  EXPECT_THAT(o.Validate(),
              InvalidArgumentWith("batch_size = 64, must be >= 1 and divide num_samples = 5000"));
  o = LinearOutputPerturbationOptions();
  o.num_features = 1;
  EXPECT_THAT(o.Validate(), InvalidArgumentWith("num_features = 1"));
  o = LinearOutputPerturbationOptions();
  o.ridge_regularizer = 0.0;
  EXPECT_THAT(o.Validate(), InvalidArgumentWith("ridge_regularizer = 0"));
  o = LinearOutputPerturbationOptions();
  o.output_noise_multiplier = -1.0;
  EXPECT_THAT(o.Validate(), InvalidArgumentWith("output_noise_multiplier = -1"));
  o = LinearOutputPerturbationOptions();
  o.discount = 1.0;
  EXPECT_THAT(o.Validate(), InvalidArgumentWith("discount = 1"));
}

}  // namespace
}  // namespace dprl
