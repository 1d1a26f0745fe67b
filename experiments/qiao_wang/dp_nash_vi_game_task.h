// Configurations and task of //experiments:dp_nash_vi_game_fig: DP-Nash-VI in self-play on
// two-player zero-sum Markov games (Qiao & Wang 2024, "Differentially Private Reinforcement
// Learning with Self-Play", Alg. 1 with B = 2 players' actions; the agent is
// algorithms/tabular/dp_nash_vi/dp_nash_vi_game_agent.h) under joint DP (Central Privatizer) and
// local DP (Local Privatizer), beside the non-private Nash-VI (Liu et al. 2021: the same
// algorithm with E = 0). The paper has no experiments; these are the first.
// Regret (Sec. 2.3): sum_k [V^{dagger, nu_k} - V^{mu_k, dagger}](s_1), the exact best responses
// to the marginals of episode k's correlated policy (envs/markov_game_values.h). Qiao & Wang
// state (Thm. 5.2 and 5.5, T = K H steps, w.p. >= 1 - beta):
//   eps-JDP   Regret(K) = O~( sqrt(H^2 S A B T) + H^3 S^2 A B / eps )
//   eps-LDP   Regret(K) = O~( sqrt(H^2 S A B T) + S^2 A B sqrt(H^5 T) / eps )
// O~ with unstated constants: no finite run decides them (docs/claims.md); the figure shows the
// shapes as observations (docs/dp_nash_vi.md).
//
// Each configuration is (game, agent variant, privacy level, number of episodes K):
//   games:      matching_pennies (S = 1, A = B = 2, Nash value (H - h)/2 in closed form) and
//               random_game (envs/markov_game.h: Dirichlet transitions, uniform rewards, one
//               instance per master seed; S, A, B, H and the concentration are fields)
//   references: nash_vi (C1 = 3, C2 = 10) and nash_vi_scaled (C1, C2 x scaled_constants)
//   private:    the DP-Nash-VI variants of experiments/qiao_wang/dp_nash_vi_variants.h
//               (dp_nash_vi_jdp, dp_nash_vi_ldp, each also _as_printed and _scaled) at every
//               privacy_epsilons value; the user of the neighbour relations is the pair of
//               users of an episode; JDP under add_remove.
// A group records the game (env = its family name, num_states, num_max_actions,
// num_min_actions, horizon, and dirichlet_concentration for random_game), the agent's
// attributes as the variant writes them (privacy_epsilon, noise_calibration, delivered_epsilon,
// error_bound, gap_constant, bonus_constant, ...) and the regret on the log-spaced episode grid
// (experiments/core/episode_grid.h), computed exactly every episode, with the agent's value gap
// and its bracket checked every episode (below).
//
// Per scale (every field overridable: --set, --config):
//   smoke    K = 300,     eps {10, 1000},            2 seeds (the tests)
//   default  K = 20000,   eps {10, 1000, 100000},    4 seeds
//   paper    K = 10^6,    eps {1, 10, ..., 10^6},    20 seeds (a cluster)
#ifndef DPRL_EXPERIMENTS_QIAO_WANG_DP_NASH_VI_GAME_TASK_H_
#define DPRL_EXPERIMENTS_QIAO_WANG_DP_NASH_VI_GAME_TASK_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "envs/markov_game.h"
#include "experiments/runner/experiment.h"

namespace dprl {

// The grid of //experiments:dp_nash_vi_game_fig. Field documentation: BindFields (printed by
// --help).
struct DpNashViGameGrid {
  int64_t num_episodes = 0;
  std::vector<std::string> games;
  int64_t matching_pennies_horizon = 0;
  int64_t random_game_num_states = 0;
  int64_t random_game_num_max_actions = 0;
  int64_t random_game_num_min_actions = 0;
  int64_t random_game_horizon = 0;
  double random_game_dirichlet_concentration = 0.0;
  std::vector<std::string> reference_agents;
  std::vector<std::string> private_agents;
  std::vector<double> privacy_epsilons;
  double failure_probability = 0.0;
  double scaled_constants = 0.0;

  static DpNashViGameGrid ForScale(Scale scale);
  void BindFields(ConfigFields& fields);
  absl::StatusOr<std::vector<ConfigSpec>> MakeConfigs() const;
};

// The game of a configuration's attributes (above); random_game drawn from the stream
// TaskStreams::Instance(master_seed, "random_game"). Errors name the configuration.
absl::StatusOr<MarkovGame> MakeConfiguredGame(const ConfigSpec& config, uint64_t master_seed);

// One task: the game, DpNashViGameAgent with the configuration's options, K episodes of
// RunGameEpisodes (environment stream keyed by the game's name, policy and privacy-noise streams
// by the group's). Result: RegretOnGridResult and the scalars total_value_gap (sum_k of the
// agent's (V-bar_0 - V-under_0)(s_1)) and bracket_violation_episodes (episodes breaking Lemma
// B.7's bracket at s_1 beyond 1e-9 H; common/hdf5_names.h). Errors name the configuration.
absl::StatusOr<TaskResult> RunDpNashViGameTask(const ConfigSpec& config,
                                               const TaskContext& context);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_QIAO_WANG_DP_NASH_VI_GAME_TASK_H_
