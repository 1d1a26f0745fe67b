// Configurations and task of //experiments:vietri_fig: Vietri, Balle, Krishnamurthy, Wu 2020,
// "Private Reinforcement Learning with PAC and Regret Guarantees" (ICML), Theorem 4 / Sec. 5:
// PUCB's regret is UBEV's plus a privacy term of lower order, S^2AH^4/eps up to logs, which is
// paid early (while the private counts are below 2E_eps and PUCB's optimism is saturated at H).
//
// Each configuration is (environment, agent, privacy level, number of episodes T):
//   environments: RiverSwim (envs/riverswim.h) and one random Dirichlet MDP instance
//                 (envs/random_mdp.h, drawn once from --master_seed and shared by all agents)
//   agents:       UBEV as published (Dann et al. 2017, non-private); PUCB's planner on exact
//                 counts (pucb_noiseless, "PUCB at eps = infinity", non-private); PUCB at several
//                 privacy_epsilon (eps-JDP for adding/removing one user's episode, Alg. 2's
//                 eps/(3H); 2 eps-JDP for replacing it, attribute privacy_epsilon_replacement)
//                 with the paper's E_eps (error_bound_method = paper) and with the exact-tail E
//                 (error_bound_method = exact_tail, algorithms/mechanisms/counter_error_tail.h:
//                 same privacy, ~17x smaller E here)
// Per task (config, seed) it records the exact per-episode regret rho* - rho^{pi_t}
// (algorithms/tabular/episode_loop.h), summed into the cumulative regret on the log-spaced episode
// grid plus its exact total (experiments/core/episode_grid.h, RegretOnGridResult), and the first
// episode in which some optimistic value drops below H ("the bonus leaves H").
//
// The grid is VietriGrid below (every field overridable: --set, --config; defaults per scale in
// VietriGrid::ForScale: T = 3000 / 300000 / 10^7 at smoke / default / paper; seeds 2 / 4 / 20).
// Large eps (1000, 10000: weak privacy) is in the grid on purpose: it shows the privacy cost as a
// delay that shrinks like E_eps ~ 1/eps, PUCB's curve joining UBEV's, within T. At eps <= 10 the
// paper's E_eps exceeds the number of visits a triple can get in T episodes (PUCB never leaves
// the cap H and its regret is linear); that is the paper's bound, measured, not a bug.
// Random streams are keyed by (master seed, hash of the config group name, seed, purpose); the
// environment stream is keyed by the environment (not the agent), so all agents of one seed
// face the same environment randomness (common random numbers).
#ifndef DPRL_EXPERIMENTS_VIETRI_VIETRI_TASK_H_
#define DPRL_EXPERIMENTS_VIETRI_VIETRI_TASK_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "experiments/runner/experiment.h"
#include "experiments/tabular/tabular_environments.h"

namespace dprl {

// The grid of //experiments:vietri_fig. Field documentation: BindFields (printed by --help).
struct VietriGrid {
  int64_t num_episodes = 0;
  std::vector<std::string> environments;
  TabularEnvironmentFields environment_parameters;  // riverswim.*, random_mdp.*
  std::vector<std::string> reference_agents;
  std::vector<double> privacy_epsilons;
  std::vector<double> exact_tail_privacy_epsilons;
  double failure_probability = 0.0;

  // RiverSwim (4 states, H = 5) and a random Dirichlet MDP (S = 4, A = 2, H = 4) at every scale
  // (tabular_environments.h). Paper's-E grids: smoke {10, 1000}, default {1, 10, ..., 10^4}, paper
  // {0.1, 1, ..., 10^4}; exact-tail grids: smoke {10}, default {1, ..., 1000}, paper {0.1, ...,
  // 1000}.
  static VietriGrid ForScale(Scale scale);
  void BindFields(ConfigFields& fields);
  // Validates every field (errors name it) and lists the configurations: per environment the
  // reference agents, then PUCB at each privacy_epsilons value, then PUCB with the exact-tail E.
  absl::StatusOr<std::vector<ConfigSpec>> MakeConfigs() const;
};


}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_VIETRI_VIETRI_TASK_H_
