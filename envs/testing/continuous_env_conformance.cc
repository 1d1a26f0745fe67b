#include "envs/testing/continuous_env_conformance.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "envs/testing/tabular_mdp_conformance.h"
#include "testing/random_streams.h"

namespace dprl {
namespace testing {
namespace {

constexpr int kMaxReportedFailures = 5;

bool InRange(double x, double low, double high) {
  return std::isfinite(x) && x >= low && x <= high;
}

void ExpectShape(const ContinuousEnvUnderTest& env) {
  EXPECT_FALSE(env.name.empty());
  EXPECT_GE(env.num_actions, 1) << env.name;
  EXPECT_GE(env.episode_length, 1) << env.name;
  EXPECT_TRUE(std::isfinite(env.state_low) && std::isfinite(env.state_high) &&
              env.state_low < env.state_high)
      << env.name << ": state space [" << env.state_low << ", " << env.state_high << "]";
  EXPECT_TRUE(std::isfinite(env.reward_low) && std::isfinite(env.reward_high) &&
              env.reward_low <= env.reward_high)
      << env.name << ": reward range [" << env.reward_low << ", " << env.reward_high << "]";
  ASSERT_TRUE(env.sample_initial_state) << env.name;
  ASSERT_TRUE(env.sample_step) << env.name;
}

// Episodes with every action pattern (constant action a, and alternating), checking ranges.
void ExpectContract(const ContinuousEnvUnderTest& env, const ContinuousEnvConformanceOptions& o) {
  RandomStream stream = TestStream(o.seed, TestPurpose::kTest, 1);
  int failures = 0;
  for (int episode = 0; episode < 200 && failures < kMaxReportedFailures; ++episode) {
    double state = env.sample_initial_state(stream);
    if (!InRange(state, env.state_low, env.state_high)) {
      ADD_FAILURE() << env.name << ": initial state " << state << " outside the state space";
      ++failures;
      continue;
    }
    for (int t = 0; t < env.episode_length && failures < kMaxReportedFailures; ++t) {
      const int pattern = episode % (env.num_actions + 1);
      const int action = pattern < env.num_actions ? pattern : t % env.num_actions;
      const ContinuousTransition step = env.sample_step(state, action, stream);
      if (!InRange(step.next_state, env.state_low, env.state_high)) {
        ADD_FAILURE() << env.name << ": step(" << state << ", " << action << ") -> next state "
                      << step.next_state << " outside the state space";
        ++failures;
        break;
      }
      if (!InRange(step.reward, env.reward_low, env.reward_high)) {
        ADD_FAILURE() << env.name << ": step(" << state << ", " << action << ") -> reward "
                      << step.reward << " outside [" << env.reward_low << ", " << env.reward_high
                      << "]";
        ++failures;
      }
      if (env.reward_of_transition &&
          step.reward != env.reward_of_transition(state, action, step.next_state)) {
        ADD_FAILURE() << env.name << ": step(" << state << ", " << action << ") -> reward "
                      << step.reward << " differs from the reward function's "
                      << env.reward_of_transition(state, action, step.next_state);
        ++failures;
      }
      state = step.next_state;
    }
  }
}

void ExpectDeterminism(const ContinuousEnvUnderTest& env,
                       const ContinuousEnvConformanceOptions& o) {
  RandomStream first = TestStream(o.seed, TestPurpose::kTest, 2);
  RandomStream second = TestStream(o.seed, TestPurpose::kTest, 2);
  for (int episode = 0; episode < 20; ++episode) {
    double a = env.sample_initial_state(first);
    double b = env.sample_initial_state(second);
    ASSERT_EQ(a, b) << env.name << ": initial states differ for equal streams";
    for (int t = 0; t < env.episode_length; ++t) {
      const int action = (t + episode) % env.num_actions;
      const ContinuousTransition x = env.sample_step(a, action, first);
      const ContinuousTransition y = env.sample_step(b, action, second);
      ASSERT_EQ(x.next_state, y.next_state) << env.name << ": next states differ, t = " << t;
      ASSERT_EQ(x.reward, y.reward) << env.name << ": rewards differ, t = " << t;
      a = x.next_state;
      b = y.next_state;
    }
  }
}

void ExpectDistributions(const ContinuousEnvUnderTest& env,
                         const ContinuousEnvConformanceOptions& o) {
  std::vector<double> probes = {env.state_low, env.state_high};
  for (double s : o.probe_states) probes.push_back(std::clamp(s, env.state_low, env.state_high));
  const int tests = (env.initial_state_cdf ? 1 : 0) +
                    (env.next_state_cdf ? static_cast<int>(probes.size()) * env.num_actions : 0);
  if (tests == 0) return;
  const double half_width = DkwHalfWidth(o.samples, o.failure_probability / tests);
  std::vector<double> samples(o.samples);
  if (env.initial_state_cdf) {
    RandomStream stream = TestStream(o.seed, TestPurpose::kTest, 3);
    for (double& x : samples) x = env.sample_initial_state(stream);
    const double distance = GridCdfDistance(samples, env.initial_state_cdf, env.state_low,
                                            env.state_high, o.cdf_grid_points);
    EXPECT_LE(distance, half_width)
        << env.name << ": initial-state CDF distance " << distance << " > DKW bound " << half_width;
  }
  if (!env.next_state_cdf) return;
  RandomStream root = TestStream(o.seed, TestPurpose::kTest, 4);
  uint64_t index = 0;
  for (double s : probes) {
    for (int a = 0; a < env.num_actions; ++a) {
      RandomStream stream = root.Child(index++);
      for (double& x : samples) x = env.sample_step(s, a, stream).next_state;
      const double distance = GridCdfDistance(
          samples, [&](double x) { return env.next_state_cdf(s, a, x); }, env.state_low,
          env.state_high, o.cdf_grid_points);
      EXPECT_LE(distance, half_width)
          << env.name << ": next-state CDF distance from (s = " << s << ", a = " << a << ") is "
          << distance << " > DKW bound " << half_width;
    }
  }
}

}  // namespace

double GridCdfDistance(std::vector<double>& samples, const std::function<double(double)>& cdf,
                       double state_low, double state_high, int grid_points) {
  std::sort(samples.begin(), samples.end());
  const double n = static_cast<double>(samples.size());
  double distance = 0.0;
  for (int i = 0; i <= grid_points; ++i) {
    const double x =
        i == grid_points ? state_high : state_low + (state_high - state_low) * i / grid_points;
    const double empirical =
        static_cast<double>(std::upper_bound(samples.begin(), samples.end(), x) - samples.begin()) /
        n;
    distance = std::max(distance, std::abs(empirical - cdf(x)));
  }
  return distance;
}

void ExpectContinuousEnvConforms(const ContinuousEnvUnderTest& env) {
  ExpectContinuousEnvConforms(env, ContinuousEnvConformanceOptions());
}

void ExpectContinuousEnvConforms(const ContinuousEnvUnderTest& env,
                                 const ContinuousEnvConformanceOptions& options) {
  ExpectShape(env);
  if (::testing::Test::HasFatalFailure()) return;
  ExpectContract(env, options);
  ExpectDeterminism(env, options);
  ExpectDistributions(env, options);
}

}  // namespace testing
}  // namespace dprl
