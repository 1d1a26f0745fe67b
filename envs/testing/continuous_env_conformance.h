// Shared conformance suite for continuous-state environments (testonly, GoogleTest).
//
// A continuous-state environment's test describes it once as a ContinuousEnvUnderTest and calls,
// in one line:
//
//   ExpectContinuousEnvConforms(env_under_test);
//
// Checks (each failure is a gtest non-fatal failure naming the environment and the offending
// state/action):
//   1. Shape: num_actions >= 1, episode_length >= 1, state_low < state_high, reward_low <=
//      reward_high, all finite; name not empty.
//   2. Reset/step contract: initial states and every next state are finite and in
//      [state_low, state_high]; rewards are finite and in [reward_low, reward_high]; when
//      reward_of_transition is given, every sampled reward equals it exactly.
//   3. Determinism: two streams with the same key produce identical sequences of initial states,
//      next states and rewards (a whole episode of episode_length steps per action pattern).
//   4. Distributions, with options.samples draws each:
//      - initial states against initial_state_cdf;
//      - next states from each state of options.probe_states (clamped into the state space; the
//        ends are always probed) and each action against next_state_cdf.
//      Test: sup over a grid of options.cdf_grid_points points x (plus the ends) of
//      |F_n(x) - F(x)| <= DkwHalfWidth(samples, tail), the Dvoretzky-Kiefer-Wolfowitz-Massart
//      bound, valid for ANY distribution (atoms from clamping included) because the grid sup is at
//      most the full sup; tail = failure_probability / (number of distributions tested)
//      (Bonferroni). The CDFs are optional; without them only checks 1-3 run.
// False-failure probability of a correct environment: at most options.failure_probability (1e-6
// by default), exact (no asymptotic approximation); the stream key is fixed, so every run is
// deterministic.
#ifndef DPRL_ENVS_TESTING_CONTINUOUS_ENV_CONFORMANCE_H_
#define DPRL_ENVS_TESTING_CONTINUOUS_ENV_CONFORMANCE_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "random/random_stream.h"

namespace dprl {
namespace testing {

struct ContinuousTransition {
  double next_state;
  double reward;
};

// The environment as the suite sees it. Required fields first; the CDFs and the reward function
// are optional (empty std::function) and enable the corresponding checks.
struct ContinuousEnvUnderTest {
  std::string name;
  int num_actions = 0;
  int episode_length = 0;
  double state_low = 0.0;
  double state_high = 0.0;
  double reward_low = 0.0;
  double reward_high = 0.0;
  std::function<double(RandomStream&)> sample_initial_state;
  std::function<ContinuousTransition(double state, int action, RandomStream&)> sample_step;

  std::function<double(double x)> initial_state_cdf;                         // P(s_0 <= x)
  std::function<double(double state, int action, double x)> next_state_cdf;  // P(s' <= x | s, a)
  std::function<double(double state, int action, double next_state)> reward_of_transition;
};

struct ContinuousEnvConformanceOptions {
  int samples = 20000;                                           // draws per tested distribution
  std::vector<double> probe_states = {0.1, 0.3, 0.5, 0.7, 0.9};  // plus both ends
  int cdf_grid_points = 1000;         // evaluation grid of the CDF comparison
  double failure_probability = 1e-6;  // of the whole distribution family (Bonferroni)
  uint64_t seed = 20190101;           // master_seed of the kTest stream used
};

void ExpectContinuousEnvConforms(const ContinuousEnvUnderTest& env);
void ExpectContinuousEnvConforms(const ContinuousEnvUnderTest& env,
                                 const ContinuousEnvConformanceOptions& options);

// sup over the grid (state_low + i (state_high - state_low) / grid_points, i = 0..grid_points) of
// |F_n(x) - cdf(x)| for the empirical CDF F_n of `samples` (sorted in place).
double GridCdfDistance(std::vector<double>& samples, const std::function<double(double)>& cdf,
                       double state_low, double state_high, int grid_points);

}  // namespace testing
}  // namespace dprl

#endif  // DPRL_ENVS_TESTING_CONTINUOUS_ENV_CONFORMANCE_H_
