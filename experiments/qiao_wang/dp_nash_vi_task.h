// Configurations and task of //experiments:dp_nash_vi_fig: DP-Nash-VI for one player (Qiao & Wang
// 2024, "Differentially Private Reinforcement Learning with Self-Play", Alg. 1 with B = 1;
// algorithms/tabular/dp_nash_vi/dp_nash_vi_agent.h) under joint DP (Central Privatizer) and under
// local DP (Local Privatizer), beside PUCB (Vietri et al. 2020) and Private-UCB-VI (Chowdhury &
// Zhou 2022) at matched privacy_epsilon, and the non-private references.
// Qiao & Wang state (Thm. 5.2 and 5.5 with B = 1, T = K H steps, w.p. >= 1 - beta):
//   eps-JDP   Regret(K) = O~( sqrt(H^2 S A T) + H^3 S^2 A / eps )
//   eps-LDP   Regret(K) = O~( sqrt(H^2 S A T) + S^2 A sqrt(H^5 T) / eps )
// O~ with unstated constants: no finite run decides them (docs/claims.md); the figure shows the
// shapes (docs/dp_nash_vi.md).
//
// Each configuration is (environment, agent variant, privacy level, number of episodes K):
//   environments:  RiverSwim and one random Dirichlet MDP instance (as jdp_tabular_fig)
//   references:    non-private registered agents; by default UCB-VI, Nash-VI (DP-Nash-VI
//                  without a Privatizer) and PUCB's planner on exact counts
//   private variants at every privacy_epsilons value (JDP variants under add_remove):
//     pucb                   PUCB, Alg. 3's E (privatised rewards)
//     private_ucbvi          Private-UCB-VI (privatised rewards)
//     dp_nash_vi_jdp         DP-Nash-VI, Central Privatizer, stated epsilon (known rewards)
//     dp_nash_vi_ldp         DP-Nash-VI, Local Privatizer, stated epsilon (known rewards)
//     <dp_nash_vi variant>_as_printed   the same with the paper's printed noise
//                            (delivered_epsilon records what it gives)
//     <dp_nash_vi variant>_scaled       C1 and C2 multiplied by scaled_constants (outside
//                            Thm. 4.1: the derived C1 = 3, C2 = 10 keep the bounds at the cap
//                            for hundreds of thousands of episodes)
//   and nash_vi_scaled among the references likewise.
// Every DP-Nash-VI group records privacy_epsilon, noise_calibration, delivered_epsilon (under its
// relation: add_remove, or any two trajectories), error_bound (E), gap_constant and
// bonus_constant; PUCB's and Private-UCB-VI's record their guarantee as in jdp_tabular_fig.
// Per task the shared tabular regret task (experiments/tabular/tabular_task.h) records the exact
// per-episode regret on the log-spaced episode grid; every DP-Nash-VI group (nash_vi included)
// also records, per seed, Lemma B.7's bracket (24) with B = 1 at h = 1 on the initial states s
// (p0(s) > 0), V-bar_1(s) >= V*_1(s) >= V^{pi_k}_1(s) >= V-under_1(s), with V* and V^{pi_k}
// exact (value iteration, exact policy evaluation):
//   bracket_violation_episodes  episodes k whose plan breaks it beyond 1e-9 H at some such s
//   total_value_gap             sum_k sum_s p0(s) (V-bar_1 - V-under_1)(s), which bounds the
//                               regret on the paper's events ((49) under p0)
//
// Per scale (every field overridable: --set, --config):
//   smoke    K = 2000,    eps {10, 1000},                     2 seeds (the tests)
//   default  K = 100000,  eps {10, 100, 1000, 10^4, 10^5},    4 seeds
//   paper    K = 10^6,    eps {1, 10, ..., 10^6},             20 seeds (a cluster)
#ifndef DPRL_EXPERIMENTS_QIAO_WANG_DP_NASH_VI_TASK_H_
#define DPRL_EXPERIMENTS_QIAO_WANG_DP_NASH_VI_TASK_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "experiments/runner/experiment.h"
#include "experiments/tabular/tabular_environments.h"

namespace dprl {

// RunTabularRegretTask (tabular_task.h), with the bracket's two scalars (above) for the
// DP-Nash-VI agents.
absl::StatusOr<TaskResult> RunDpNashViRegretTask(const ConfigSpec& config,
                                                 const TaskContext& context);

// The private variants the grid accepts (above).
std::vector<std::string> DpNashViFigPrivateVariants();
// The reference variants beyond the registered non-private agents: nash_vi_scaled.
std::vector<std::string> DpNashViFigReferenceVariants();

// The grid of //experiments:dp_nash_vi_fig. Field documentation: BindFields (printed by --help).
struct DpNashViGrid {
  int64_t num_episodes = 0;
  std::vector<std::string> environments;
  TabularEnvironmentFields environment_parameters;  // riverswim.*, random_mdp.*
  std::vector<std::string> reference_agents;
  std::vector<std::string> private_agents;
  std::vector<double> privacy_epsilons;
  double failure_probability = 0.0;
  double scaled_constants = 0.0;

  static DpNashViGrid ForScale(Scale scale);
  void BindFields(ConfigFields& fields);
  absl::StatusOr<std::vector<ConfigSpec>> MakeConfigs() const;
};

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_QIAO_WANG_DP_NASH_VI_TASK_H_
