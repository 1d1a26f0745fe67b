// Configurations and task of //experiments:jdp_tabular_fig: tabular eps-JDP regret of PUCB (Vietri
// et al. 2020, Alg. 2-3) and Private-UCB-VI (Chowdhury & Zhou 2022, AAAI; arXiv 2112.10599) at
// matched privacy_epsilon and neighbour relation, beside their non-private references.
// Chowdhury & Zhou's Table 1 states, for T = K H steps, w.p. >= 1 - delta:
//   Private-UCB-VI   Regret(T) = O~( sqrt(S A H^3 T)   + S^2 A H^3 / eps )
//   PUCB             Regret(T) = O~( sqrt(S^2 A H^3 T) + S^2 A H^3 / eps )
// (docs/private_ucbvi.md: the agent, its constants and its guarantee; docs/paper_results.md: the
// figure).
//
// Each configuration is (environment, agent, privacy level, number of episodes K):
//   environments:  RiverSwim (envs/riverswim.h) and one random Dirichlet MDP instance
//                  (envs/random_mdp.h, drawn once from --master_seed, shared by all agents)
//   references:    non-private registered agents, by default UCB-VI (Azar et al. 2017, Hoeffding
//                  bonus: the algorithm Private-UCB-VI privatises) and PUCB's planner on exact
//                  counts (pucb_noiseless: PUCB's reference for its privacy cost)
//   private agents at every privacy_epsilons value, all eps-JDP for adding or removing one user's
//                  episode (add_remove; 2 eps under replacement, attribute
//                  privacy_epsilon_replacement):
//                    pucb             PUCB with Alg. 3's E_eps (error_bound_method = paper)
//                    pucb_exact_tail  PUCB with the exact-tail E (same counters and privacy)
//                    private_ucbvi    Private-UCB-VI (algorithms/tabular/private_ucbvi.h)
// Every private group records privacy_epsilon, neighbour_relation, privacy_epsilon_replacement,
// counter_epsilon and error_bound (the E its bonuses use).
// Per task (config, seed) the shared tabular regret task (experiments/tabular/tabular_task.h)
// records the exact per-episode regret summed on the log-spaced episode grid, its exact total and
// the first episode whose optimistic value leaves H.
//
// Cost estimates (--dry_run): TabularTaskCoreSeconds (tabular_task.h), each agent at its row of
// the cost model (experiments/core/task_cost_model.h; Private-UCB-VI, which reads all of its
// 2SAH + S^2AH counters every episode, per episode x S^2 A H).
//
// The grid is JdpTabularGrid below (every field overridable: --set, --config); per scale:
//   smoke    K = 2000,   eps {10, 1000},                    2 seeds (the tests)
//   default  K = 50000,  eps {10, 100, 1000, 10^4, 10^5},   4 seeds (minutes on 2 cores)
//   paper    K = 10^6,   eps {1, 10, ..., 10^5},            20 seeds (a cluster)
// Large eps (10^4, 10^5) is in every grid beyond smoke on purpose: there the privacy cost should
// vanish and each private agent approach its non-private reference.
#ifndef DPRL_EXPERIMENTS_CHOWDHURY_ZHOU_JDP_TABULAR_TASK_H_
#define DPRL_EXPERIMENTS_CHOWDHURY_ZHOU_JDP_TABULAR_TASK_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "experiments/runner/experiment.h"
#include "experiments/tabular/tabular_environments.h"

namespace dprl {

// The grid of //experiments:jdp_tabular_fig. Field documentation: BindFields (printed by --help).
struct JdpTabularGrid {
  int64_t num_episodes = 0;
  std::vector<std::string> environments;
  TabularEnvironmentFields environment_parameters;  // riverswim.*, random_mdp.*
  std::vector<std::string> reference_agents;
  std::vector<std::string> private_agents;
  std::vector<double> privacy_epsilons;
  double failure_probability = 0.0;

  static JdpTabularGrid ForScale(Scale scale);
  void BindFields(ConfigFields& fields);
  // Validates every field (errors name it) and lists the configurations: per environment the
  // reference agents, then each private agent at each privacy_epsilons value.
  absl::StatusOr<std::vector<ConfigSpec>> MakeConfigs() const;
};

// The names private_agents accepts.
std::vector<std::string> JdpTabularPrivateAgentNames();


}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_CHOWDHURY_ZHOU_JDP_TABULAR_TASK_H_
