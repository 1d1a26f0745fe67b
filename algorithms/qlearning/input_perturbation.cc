#include "algorithms/qlearning/input_perturbation.h"

#include <cmath>

#include "absl/strings/str_format.h"
#include "algorithms/mechanisms/samplers.h"
#include "common/status_macros.h"
#include "random/distributions.h"

namespace dprl {

absl::StatusOr<InputPerturbationQLearning> InputPerturbationQLearning::Create(
    const FunctionalNoiseQLearningOptions& learner, double reward_noise_stddev,
    RandomStream policy_stream, const RandomStream& noise_stream) {
  if (!(std::isfinite(reward_noise_stddev) && reward_noise_stddev >= 0.0)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("reward_noise_stddev = %g, must be finite and >= 0", reward_noise_stddev));
  }
  ASSIGN_OR_RETURN(
      FunctionalNoiseQLearning inner,
      FunctionalNoiseQLearning::Create(learner, std::move(policy_stream), noise_stream.Child(0)));
  return InputPerturbationQLearning(std::move(inner), reward_noise_stddev, noise_stream.Child(1));
}

void InputPerturbationQLearning::Observe(double state, int action, double reward, double next_state,
                                         bool episode_end) {
  const double noisy = reward + SampleGaussian(reward_noise_stddev_, reward_noise_);
  learner_.Observe(state, action, noisy, next_state, episode_end);
}

}  // namespace dprl
