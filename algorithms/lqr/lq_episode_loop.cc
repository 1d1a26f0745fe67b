#include "algorithms/lqr/lq_episode_loop.h"

#include <glog/logging.h>

#include <cmath>

#include "algorithms/lqr/private_certainty_equivalence.h"
#include "algorithms/lqr/riccati.h"

namespace dprl {
namespace {

void RecordDiagnostics(const LqEpisodeDiagnostics& diag, const Eigen::MatrixXd& theta_star,
                       const std::vector<Eigen::MatrixXd>& gains, LqRunResult* result) {
  const Eigen::VectorXd eig =
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(diag.v, Eigen::EigenvaluesOnly).eigenvalues();
  result->beta.push_back(diag.beta);
  result->v_lambda_min.push_back(eig(0));
  result->v_lambda_max.push_back(eig(eig.size() - 1));
  result->v_log_det.push_back(eig.array().log().sum());
  result->model_error.push_back((diag.theta_tilde - theta_star).norm());
  result->first_gain_norm.push_back(
      gains[0].size() == 0 ? 0.0 : Eigen::JacobiSVD<Eigen::MatrixXd>(gains[0]).singularValues()(0));
  const double ratio = VNorm(theta_star - diag.theta_hat, diag.v) / diag.beta;
  result->coverage_ratio.push_back(ratio);
  if (ratio > 1.0) ++result->coverage_failures;
  result->zero_dynamics_feasible.push_back(diag.zero_dynamics_feasible ? 1.0 : 0.0);
  if (diag.zero_dynamics_feasible) {
    ++result->zero_dynamics_episodes;
  } else if (result->onset_episode == 0) {
    result->onset_episode = diag.episode;
  }
  if (diag.ofu_random_start_gain > 1e-9 * (1.0 + std::abs(diag.ofu_random_start_gain))) {
    ++result->random_start_wins;
  }
}

}  // namespace

OfuProblem LastOfuProblem(const LqAgent& agent, const LqSystem& system) {
  const LqEpisodeDiagnostics& d = agent.last_episode();
  OfuProblem problem;
  problem.theta_hat = d.theta_hat;
  problem.v = d.v;
  problem.beta = d.beta;
  problem.q = system.q();
  problem.r = system.r();
  problem.noise_covariance = system.NoiseCovariance();
  problem.initial_state = system.initial_state();
  problem.horizon = system.horizon();
  return problem;
}

void SetLqSystemOptions(const LqSystem& system, int64_t episodes, LqAgentOptions& options) {
  options.privacy.episodes = episodes;
  options.privacy.horizon = system.horizon();
  options.privacy.control_bound = system.control_bound();
  options.privacy.state_dim = system.state_dim();
  options.privacy.control_dim = system.control_dim();
  options.privacy.noise_bound = system.noise_bound();
}

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
  Eigen::MatrixXd theta_star(system.state_dim() + system.control_dim(), system.state_dim());
  theta_star << system.a().transpose(), system.b().transpose();
  LqRunResult result;
  result.per_episode_regret.reserve(p.episodes);
  result.per_episode_realized_regret.reserve(p.episodes);
  std::vector<Eigen::VectorXd> states(H + 1), controls(H);
  for (int64_t k = 1; k <= p.episodes; ++k) {
    const std::vector<Eigen::MatrixXd> gains = agent.BeginEpisode(x1);
    const LqEpisodeDiagnostics& diag = agent.last_episode();
    result.per_episode_regret.push_back(DitheredLinearPolicyCost(system.a(), system.b(), system.q(),
                                                                 system.r(), gains, x1, w,
                                                                 diag.dither_std) -
                                        optimal);
    result.ofu_seconds.push_back(diag.ofu_seconds);
    result.ofu_iterations.push_back(diag.ofu_iterations);
    if (!diag.intersection_found) ++result.empty_intersections;
    if (diag.v_repaired) ++result.v_repairs;
    RecordDiagnostics(diag, theta_star, gains, &result);
    states[0] = x1;
    for (int h = 0; h < H; ++h) {
      controls[h] = agent.Control(h, states[h]);
      states[h + 1] = system.Step(states[h], controls[h], env_stream);
    }
    double realized_cost = 0.0;
    for (int h = 0; h < H; ++h) {
      realized_cost +=
          states[h].dot(system.q() * states[h]) + controls[h].dot(system.r() * controls[h]);
    }
    result.per_episode_realized_regret.push_back(realized_cost - optimal);
    agent.EndEpisode(states, controls);
    result.clipped_steps.push_back(agent.last_episode().clipped_steps);
    result.counter_input_clipped_steps += agent.last_episode().counter_input_clipped_steps;
    if (on_episode) on_episode(k);
  }
  return result;
}

}  // namespace dprl
