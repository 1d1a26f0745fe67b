// The suite accepts a correct environment and reports each class of defect.
#include "envs/testing/continuous_env_conformance.h"

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace dprl {
namespace testing {
namespace {

// Runs the suite on `env`, capturing its failures; returns whether one of them contains `text`.
bool SuiteReports(const ContinuousEnvUnderTest& env, const std::string& text) {
  ::testing::TestPartResultArray results;
  {
    ::testing::ScopedFakeTestPartResultReporter reporter(
        ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &results);
    ExpectContinuousEnvConforms(env);
  }
  for (int i = 0; i < results.size(); ++i) {
    if (std::string(results.GetTestPartResult(i).message()).find(text) != std::string::npos) {
      return true;
    }
  }
  return false;
}

// s' = s + U[0, 0.1] clamped at 1, reward s', s_0 ~ U[0, 1].
ContinuousEnvUnderTest Drift() {
  ContinuousEnvUnderTest env;
  env.name = "drift";
  env.num_actions = 1;
  env.episode_length = 10;
  env.state_low = 0.0;
  env.state_high = 1.0;
  env.reward_low = 0.0;
  env.reward_high = 1.0;
  env.sample_initial_state = [](RandomStream& stream) { return stream.NextOpenUniform(); };
  env.sample_step = [](double s, int, RandomStream& stream) {
    const double next = std::min(s + 0.1 * stream.NextOpenUniform(), 1.0);
    return ContinuousTransition{next, next};
  };
  env.initial_state_cdf = [](double x) { return std::clamp(x, 0.0, 1.0); };
  env.next_state_cdf = [](double s, int, double x) {
    if (x < s) return 0.0;
    if (x >= 1.0) return 1.0;
    return std::min((x - s) / 0.1, 1.0);
  };
  env.reward_of_transition = [](double, int, double next) { return next; };
  return env;
}

TEST(ContinuousEnvConformanceTest, AcceptsCorrectEnvironment) {
  ExpectContinuousEnvConforms(Drift());
}

TEST(ContinuousEnvConformanceTest, RejectsStateOutsideTheSpace) {
  ContinuousEnvUnderTest env = Drift();
  env.sample_step = [](double s, int, RandomStream& stream) {
    const double next = s + 0.1 * stream.NextOpenUniform();  // no clamping
    return ContinuousTransition{next, std::min(next, 1.0)};
  };
  env.next_state_cdf = nullptr;
  env.reward_of_transition = nullptr;
  EXPECT_TRUE(SuiteReports(env, "outside the state space"));
}

TEST(ContinuousEnvConformanceTest, RejectsRewardOutOfRange) {
  ContinuousEnvUnderTest env = Drift();
  env.reward_high = 0.5;
  EXPECT_TRUE(SuiteReports(env, "outside [0, 0.5]"));
}

TEST(ContinuousEnvConformanceTest, RejectsNondeterminism) {
  ContinuousEnvUnderTest env = Drift();
  int calls = 0;
  env.sample_initial_state = [calls](RandomStream& stream) mutable {
    return ++calls % 2 == 0 ? 0.5 : stream.NextOpenUniform();
  };
  env.initial_state_cdf = nullptr;
  EXPECT_TRUE(SuiteReports(env, "initial states differ"));
}

TEST(ContinuousEnvConformanceTest, RejectsWrongNextStateDistribution) {
  ContinuousEnvUnderTest env = Drift();
  env.sample_step = [](double s, int, RandomStream& stream) {
    const double next = std::min(s + 0.12 * stream.NextOpenUniform(), 1.0);  // wrong width
    return ContinuousTransition{next, next};
  };
  EXPECT_TRUE(SuiteReports(env, "next-state CDF distance"));
}

TEST(ContinuousEnvConformanceTest, GridCdfDistanceIsExactOnASmallCase) {
  std::vector<double> samples = {0.75, 0.25};
  // Uniform CDF; grid {0, 0.5, 1}: F_n = 0, 0.5, 1 and F = 0, 0.5, 1.
  EXPECT_EQ(GridCdfDistance(
                samples, [](double x) { return x; }, 0.0, 1.0, 2),
            0.0);
  // Grid {0, 0.25, 0.5, 0.75, 1}: at 0.25, F_n = 0.5 vs 0.25.
  EXPECT_DOUBLE_EQ(GridCdfDistance(
                       samples, [](double x) { return x; }, 0.0, 1.0, 4),
                   0.25);
}

}  // namespace
}  // namespace testing
}  // namespace dprl
