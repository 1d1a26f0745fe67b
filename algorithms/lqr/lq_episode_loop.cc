#include "algorithms/lqr/lq_episode_loop.h"

#include <glog/logging.h>

#include "algorithms/lqr/riccati.h"

namespace dprl {

LqRunResult RunLqEpisodes(const LqSystem& system, LqAgent& agent, RandomStream env_stream,
                          const std::function<void(int64_t)>& on_episode) {
  const PrivateOfuOptions& p = agent.options().privacy;
  CHECK_EQ(p.state_dim, system.state_dim());
  CHECK_EQ(p.control_dim, system.control_dim());
  CHECK_EQ(p.horizon, system.horizon());
  const int H = system.horizon();
  const Eigen::VectorXd& x1 = system.initial_state();
  const Eigen::MatrixXd w = system.NoiseCovariance();
  const double optimal =
      OptimalCost<double>(system.a(), system.b(), system.q(), system.r(), H, x1, w);
  LqRunResult result;
  result.per_episode_regret.reserve(p.episodes);
  std::vector<Eigen::VectorXd> states(H + 1), controls(H);
  for (int64_t k = 1; k <= p.episodes; ++k) {
    const std::vector<Eigen::MatrixXd> gains = agent.BeginEpisode(x1);
    result.per_episode_regret.push_back(
        LinearPolicyCost(system.a(), system.b(), system.q(), system.r(), gains, x1, w) - optimal);
    const LqEpisodeDiagnostics& diag = agent.last_episode();
    result.ofu_seconds.push_back(diag.ofu_seconds);
    result.ofu_iterations.push_back(diag.ofu_iterations);
    if (!diag.intersection_found) ++result.empty_intersections;
    if (diag.v_repaired) ++result.v_repairs;
    states[0] = x1;
    for (int h = 0; h < H; ++h) {
      controls[h] = gains[h] * states[h];
      states[h + 1] = system.Step(states[h], controls[h], env_stream);
    }
    agent.EndEpisode(states, controls);
    if (on_episode) on_episode(k);
  }
  return result;
}

}  // namespace dprl
