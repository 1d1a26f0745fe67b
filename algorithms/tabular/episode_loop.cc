#include "algorithms/tabular/episode_loop.h"

#include <algorithm>

#include <glog/logging.h>

#include "algorithms/tabular/value_iteration.h"

namespace dprl {

EpisodeLoopResult RunEpisodes(const TabularMdp& mdp, TabularAgent& agent, int64_t num_episodes,
                              RandomStream environment_stream, RandomStream policy_stream,
                              const std::function<void(double)>& progress) {
  const TabularShape& shape = agent.shape();
  CHECK_EQ(shape.num_states, mdp.num_states());
  CHECK_EQ(shape.num_actions, mdp.num_actions());
  CHECK_EQ(shape.horizon, mdp.horizon());
  const double optimal_value = SolveOptimal(mdp).initial_value;

  EpisodeLoopResult result;
  result.per_episode_regret.resize(num_episodes);
  std::vector<double> evaluated_policy;  // policy whose value is cached
  double evaluated_value = 0.0;
  const int64_t progress_every = std::max<int64_t>(1, num_episodes / 200);

  for (int64_t t = 0; t < num_episodes; ++t) {
    agent.BeginEpisode();
    const std::vector<double>& policy = agent.action_probabilities();
    if (policy != evaluated_policy) {  // exact evaluation only when pi_t changed
      evaluated_policy = policy;
      evaluated_value = EvaluatePolicy(mdp, policy);
    }
    // rho* >= rho^pi exactly; allow only floating-point rounding below zero.
    CHECK_GE(optimal_value - evaluated_value, -1e-9 * (1.0 + optimal_value));
    result.per_episode_regret[t] = std::max(0.0, optimal_value - evaluated_value);
    if (result.first_episode_below_cap < 0 && agent.num_below_cap() > 0) {
      result.first_episode_below_cap = t + 1;
    }
    int state = mdp.SampleInitialState(environment_stream);
    for (int h = 0; h < shape.horizon; ++h) {
      const int action = agent.Act(h, state, policy_stream);
      const TabularMdp::Transition step = mdp.SampleStep(h, state, action, environment_stream);
      agent.Observe(h, state, action, step.reward, step.next_state);
      state = step.next_state;
    }
    agent.EndEpisode();
    if (progress && (t + 1) % progress_every == 0) {
      progress(static_cast<double>(t + 1) / num_episodes);
    }
  }
  return result;
}

}  // namespace dprl
