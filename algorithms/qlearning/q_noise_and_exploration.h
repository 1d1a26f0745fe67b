// Two pieces shared by the continuous-walk Q-learners (Algorithm 1 of Wang & Hegde 2019, the
// authors' loop as run, the linear output-perturbation baseline):
//   EpsilonGreedyRate      the authors' exploration schedule (dpql.py): the probability of a
//                          uniform action at step t is end + (start - end) exp(-t / decay_steps);
//   PerActionNoiseOptions  the Gaussian-process noise of a Q-network: m = kMlpOutputs independent
//                          paths (one per action, Algorithm 1 line 4) of G(0, sigma^2 exp(-beta
//                          |x - y|)).
#ifndef DPRL_ALGORITHMS_QLEARNING_Q_NOISE_AND_EXPLORATION_H_
#define DPRL_ALGORITHMS_QLEARNING_Q_NOISE_AND_EXPLORATION_H_

#include <cmath>
#include <cstdint>

#include "algorithms/mechanisms/ou_functional_noise.h"
#include "algorithms/qlearning/mlp.h"

namespace dprl {

inline double EpsilonGreedyRate(double start, double end, double decay_steps, int64_t step) {
  return end + (start - end) * std::exp(-static_cast<double>(step) / decay_steps);
}

inline OuFunctionalNoiseOptions PerActionNoiseOptions(double noise_stddev, double kernel_rate) {
  OuFunctionalNoiseOptions options;
  options.num_paths = kMlpOutputs;
  options.noise_stddev = noise_stddev;
  options.kernel_rate = kernel_rate;
  return options;
}

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_QLEARNING_Q_NOISE_AND_EXPLORATION_H_
