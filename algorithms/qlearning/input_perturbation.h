// Input-perturbation baseline of Wang & Hegde 2019 (App. E.2): Venkitasubramaniam 2013,
// "Privacy in stochastic control: a Markov decision process perspective" (Allerton), as used by
// the paper: every observed reward gets independent Gaussian noise N(0, reward_noise_stddev^2)
// before the learner sees it, and the learner (here the loop of Algorithm 1 with noise_stddev = 0,
// functional_noise_q_learning.h) is post-processing of the noisy rewards.
//
// Privacy: each noisy reward is a Gaussian mechanism with sensitivity 1 under the neighbour
// relation sup |r - r'| <= 1; over T samples the run is the T-fold composition, calibrated in
// algorithms/accounting/q_learning_baselines_privacy.h (CalibrateInputPerturbation).
//
// Randomness: the learner's policy stream as given; the learner's own noise stream is
// noise_stream.Child(0) and the reward noise noise_stream.Child(1).
#ifndef DPRL_ALGORITHMS_QLEARNING_INPUT_PERTURBATION_H_
#define DPRL_ALGORITHMS_QLEARNING_INPUT_PERTURBATION_H_

#include "absl/status/statusor.h"
#include "algorithms/qlearning/functional_noise_q_learning.h"
#include "random/random_stream.h"

namespace dprl {

class InputPerturbationQLearning {
 public:
  // `learner` options as for FunctionalNoiseQLearning; reward_noise_stddev finite, >= 0 (an
  // error naming it otherwise).
  static absl::StatusOr<InputPerturbationQLearning> Create(
      const FunctionalNoiseQLearningOptions& learner, double reward_noise_stddev,
      RandomStream policy_stream, const RandomStream& noise_stream);

  int Act(double state) { return learner_.Act(state); }
  void Observe(double state, int action, double reward, double next_state, bool episode_end);

  const FunctionalNoiseQLearning& learner() const { return learner_; }

 private:
  InputPerturbationQLearning(FunctionalNoiseQLearning learner, double reward_noise_stddev,
                             RandomStream reward_noise)
      : learner_(std::move(learner)),
        reward_noise_stddev_(reward_noise_stddev),
        reward_noise_(std::move(reward_noise)) {}

  FunctionalNoiseQLearning learner_;
  double reward_noise_stddev_;
  RandomStream reward_noise_;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_QLEARNING_INPUT_PERTURBATION_H_
