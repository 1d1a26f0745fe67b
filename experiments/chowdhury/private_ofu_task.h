// Configurations and task of //experiments:private_ofu_fig: the first empirical study of
// Private-OFU-RL (S. R. Chowdhury, X. Zhou, N. Shroff, "Adaptive Control of Differentially Private
// Linear Quadratic Systems", ISIT 2021, Alg. 1; Thm. 1 and Thm. 3 regret bounds).
//
// Each configuration is (LQ system, agent, privacy level):
//   systems: named LqSystems (envs/lq_system.h), n = 2, d = 1 at smoke/default scale
//            (chain_n2, rotation_n2, and relay_n2 where doing nothing costs 43% above J*), plus
//            chain_n4, rotation_n4 at paper scale;
//   agents:  the LQ agents registry (experiments/lq/lq_registry.h, lq_agent_presets.cc): ofu_rl
//            (non-private, H_k = lambda I, lambda = 1), private_ofu_rl (Alg. 1), its tight
//            calibration private_ofu_rl_tight, private_ce (certainty equivalence on the same
//            private statistics), and the baselines not in the paper private_ce_ridge (certainty
//            equivalence with a small ridge lambda_ce = ce_ridge on the same private counters) and
//            private_ce_dither (the same plus Gaussian input dithering sigma_k = dither_scale
//            gamma k^{-1/4}; algorithms/lqr/private_certainty_equivalence.h) at each
//            privacy_epsilon of the grid, target_delta = 1e-5, neighbour = one episode replaced
//            (algorithms/lqr/ofu_agent.h, private_ofu_params.h); every private agent has the same
//            guarantee and noise.
// Every attribute of a configuration is written by the grid and read by the task through the
// OptionBindings of lq_registry.h; each group records its agent's display label (`label`).
// Per task (config, seed) it records the exact per-episode regret
//   J_1^{pi_k}(Theta*, x_1) - J_1*(Theta*, x_1)  (algorithms/lqr/lq_episode_loop.h)
// and the Ceres iterations of each episode's OFU step, both summed over episodes on the
// log-spaced episode grid (episode_grid, cumulative_regret, total_regret,
// cumulative_ofu_iterations; experiments/core/episode_grid.h); scalars: episodes whose C_k cap S
// was not found and whose private V_k needed repair. Wall time is not stored (it would break bit-identical
// results across runs); see the benchmark //algorithms/lqr:private_ofu_benchmark.
//
// The grid is PrivateOfuGrid below (every field overridable: --set, --config). Scales (episodes K,
// horizon H, privacy_epsilon grid, seeds):
//   smoke    K = 64,     H = 5, {1, 1000},                         2 seeds   (tests)
//   default  K = 65536,  H = 5, {10, 100, 1e3, 1e4, 1e6},           4 seeds   (2 cores, ~35 min)
//   paper    K = 65536,  H = 5, {0.1, 1, 10, 100, 1e3, 1e4, 1e6},  20 seeds  (cluster)
// The default is sized so that every eps of its grid is past the onset of learning (the first
// episode with no A = 0 model in C_k cap S) for at least one calibration: before the onset the
// private agents play u = 0 and their regret is linear, and a privacy cost fitted across the
// onset describes no power law. Very weak privacy (eps = 1e4, 1e6) shows the regime of early
// onset.
// Streams (experiments/core/task_streams.h, as the tabular experiments): environment keyed by the
// system name (common random numbers across agents), policy and privacy noise keyed by the group.
#ifndef DPRL_EXPERIMENTS_CHOWDHURY_PRIVATE_OFU_TASK_H_
#define DPRL_EXPERIMENTS_CHOWDHURY_PRIVATE_OFU_TASK_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "experiments/runner/experiment.h"

namespace dprl {

// The grid of //experiments:private_ofu_fig. Field documentation: BindFields (printed by --help);
// defaults per scale in ForScale (the scales table above).
struct PrivateOfuGrid {
  int64_t num_episodes = 0;
  int64_t horizon = 0;
  std::vector<std::string> systems;
  std::vector<std::string> agents;
  std::vector<double> privacy_epsilons;
  double target_delta = 0.0;
  double confidence_alpha = 0.0;
  double regularizer_lambda = 0.0;
  double ce_ridge = 0.0;
  double dither_scale = 0.0;
  std::string ofu_minimiser = "ceres";

  static PrivateOfuGrid ForScale(Scale scale);
  void BindFields(ConfigFields& fields);
  // Validates every field (errors name it) and lists the configurations: per system the
  // non-private agents of `agents`, then per privacy_epsilons value the private ones (each in the
  // order of `agents`).
  absl::StatusOr<std::vector<ConfigSpec>> MakeConfigs() const;
};

absl::StatusOr<TaskResult> RunPrivateOfuTask(const ConfigSpec& config, const TaskContext& context);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_CHOWDHURY_PRIVATE_OFU_TASK_H_
