#include "algorithms/tabular/episode_loop.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "envs/value_iteration.h"

namespace dprl {

PacAccumulator::PacAccumulator(const std::vector<double>& alphas) {
  measurements_.reserve(alphas.size());
  for (double alpha : alphas) {
    CHECK(std::isfinite(alpha) && alpha >= 0.0)
        << "PAC accuracy alpha must be finite, >= 0: " << alpha;
    PacMeasurement measurement;
    measurement.alpha = alpha;
    measurements_.push_back(measurement);
  }
}

void PacAccumulator::Add(double regret) {
  ++episodes_;
  for (PacMeasurement& measurement : measurements_) {
    if (regret > measurement.alpha) {
      ++measurement.non_alpha_optimal_episodes;
      measurement.alpha_optimal_from_episode = episodes_ + 1;
    }
  }
}

std::vector<PacMeasurement> MeasurePac(const std::vector<double>& per_episode_regret,
                                       const std::vector<double>& alphas) {
  PacAccumulator accumulator(alphas);
  for (double regret : per_episode_regret) accumulator.Add(regret);
  return accumulator.measurements();
}

absl::StatusOr<EpisodeLoopResult> RunEpisodes(const TabularMdp& mdp, TabularAgent& agent,
                                              int64_t num_episodes, RandomStream environment_stream,
                                              RandomStream policy_stream,
                                              const std::function<void(double)>& progress,
                                              const std::vector<double>& pac_alphas,
                                              const RegretObserver& on_regret,
                                              const std::function<bool()>& stop_requested) {
  const TabularShape& shape = agent.shape();
  CHECK_EQ(shape.num_states, mdp.num_states());
  CHECK_EQ(shape.num_actions, mdp.num_actions());
  CHECK_EQ(shape.horizon, mdp.horizon());
  const double optimal_value = SolveOptimal(mdp).initial_value;

  EpisodeLoopResult result;
  PacAccumulator pac(pac_alphas);
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
    const double regret = std::max(0.0, optimal_value - evaluated_value);
    result.total_regret += regret;
    pac.Add(regret);
    if (on_regret) on_regret(regret);
    if (result.first_episode_below_cap < 0 && agent.num_below_cap() > 0) {
      result.first_episode_below_cap = t + 1;
    }
    int state = mdp.SampleInitialState(environment_stream);
    for (int h = 0; h < shape.horizon; ++h) {
      const int action = agent.Act(h, state, policy_stream);
      const TabularMdp::Transition step = mdp.SampleStep(h, state, action, environment_stream);
      if (absl::Status status = agent.Observe(h, state, action, step.reward, step.next_state);
          !status.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat("environment ", mdp.name(), ", episode ", t + 1, ": ", status.message()));
      }
      state = step.next_state;
    }
    agent.EndEpisode();
    result.episodes = t + 1;
    if (progress && (t + 1) % progress_every == 0) {
      progress(static_cast<double>(t + 1) / num_episodes);
    }
    if (stop_requested && stop_requested()) break;
  }
  result.pac = pac.measurements();
  return result;
}

}  // namespace dprl
