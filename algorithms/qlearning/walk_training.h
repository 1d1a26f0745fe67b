// The training loop of the continuous-walk experiments (Wang & Hegde 2019, Sec. 4, App. E.1):
// episodes of env.episode_length() steps from s_0 ~ U[0, 1] until `num_samples` steps, the agent
// acting and observing every step. Returns the undiscounted return (sum of rewards) of every
// training episode, the quantity Figures 1 and 2 plot against the number of samples.
//
// Agent concept: int Act(double state); void Observe(double state, int action, double reward,
// double next_state, bool episode_end). num_samples must be a multiple of episode_length
// (CHECKed; the experiments validate it as user input first).
#ifndef DPRL_ALGORITHMS_QLEARNING_WALK_TRAINING_H_
#define DPRL_ALGORITHMS_QLEARNING_WALK_TRAINING_H_

#include <glog/logging.h>

#include <cstdint>
#include <vector>

#include "envs/continuous_walk.h"
#include "random/random_stream.h"

namespace dprl {

template <typename Agent>
std::vector<double> TrainOnWalk(const ContinuousWalk& env, int64_t num_samples, Agent& agent,
                                RandomStream& env_stream) {
  const int length = env.episode_length();
  CHECK(num_samples > 0 && num_samples % length == 0)
      << "num_samples = " << num_samples << " is not a positive multiple of " << length;
  std::vector<double> returns;
  returns.reserve(num_samples / length);
  for (int64_t episode = 0; episode < num_samples / length; ++episode) {
    double state = env.SampleInitialState(env_stream);
    double total = 0.0;
    for (int t = 0; t < length; ++t) {
      const int action = agent.Act(state);
      const ContinuousWalk::Transition step = env.SampleStep(state, action, env_stream);
      agent.Observe(state, action, step.reward, step.next_state, t + 1 == length);
      total += step.reward;
      state = step.next_state;
    }
    returns.push_back(total);
  }
  return returns;
}

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_QLEARNING_WALK_TRAINING_H_
