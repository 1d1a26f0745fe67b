// DP-Nash-VI for two-player zero-sum Markov games (Qiao & Wang 2024, "Differentially Private
// Reinforcement Learning with Self-Play", Algorithm 1 with B >= 1): self-play, one central agent
// recommending a joint action (a, b) to the pair of users of each episode.
// Regret (Thm. 5.2, eps-JDP: O~(sqrt(H^2 S A B T) + H^3 S^2 A B / eps); Thm. 5.5, eps-LDP:
// O~(sqrt(H^2 S A B T) + S^2 A B sqrt(H^5 T) / eps); T = K H) of
//   Regret(K) = sum_k [V_1^{dagger, nu_k}(s_1) - V_1^{mu_k, dagger}(s_1)],
// mu_k, nu_k the marginals of episode k's correlated policy (envs/markov_game_values.h).
//
// Specification
// -------------
// Cells (h, s, j), j = a B + b, carry the same Privatizer counts, post-processing and backup as
// the one-player agent (dp_nash_vi_agent.h: noisy_counts.h, count_post_processing.h,
// nash_backup.h); the calibrations and their guarantees are dp_nash_vi_options.h's with the
// pair of users of an episode as the one user of the neighbour relations (Def. 2.2, 2.3).
// Episode k (BeginEpisode), backward over h = H-1..0 (V-bar_H = V-under_H = 0):
//   lines 7-11   Q-bar_h(s, a, b), Q-under_h(s, a, b) for every (s, a, b);
//   line 14      pi_h(., . | s) = CoarseCorrelatedEquilibrium(Q-bar_h(s,.,.), Q-under_h(s,.,.))
//                (cce.h: the CCE minimising E_pi [Q-bar - Q-under]);
//   line 15      V-bar_h(s) = E_pi Q-bar_h(s), V-under_h(s) = E_pi Q-under_h(s).
// Lines 20-21: the gap (V-bar_0 - V-under_0)(s_1) at the episode's initial state; the episode
// with the smallest gap below H is pi_out. Act samples (a, b) from pi_h(., . | s) with the
// caller's policy stream (one uniform draw, inverse CDF over j). Rewards are known (the game's
// deterministic r); Observe records only (h, s, a, b, s').
#ifndef DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_DP_NASH_VI_GAME_AGENT_H_
#define DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_DP_NASH_VI_GAME_AGENT_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_options.h"
#include "algorithms/tabular/dp_nash_vi/nash_backup.h"
#include "algorithms/tabular/dp_nash_vi/noisy_counts.h"
#include "envs/markov_game.h"
#include "envs/markov_game_values.h"
#include "random/random_stream.h"

namespace dprl {

class DpNashViGameAgent {
 public:
  // noise_stream must be reserved for this agent's Privatizer (purpose kPrivacyNoise). Errors
  // name the parameter.
  static absl::StatusOr<std::unique_ptr<DpNashViGameAgent>> Create(
      const MarkovGame& game, const DpNashViOptions& options, const RandomStream& noise_stream);

  // Plans pi_k from the Privatizer's counts (above). Errors: the CCE's LP (never for a feasible
  // problem).
  absl::Status BeginEpisode();
  // (a, b) ~ pi_h(., . | s).
  std::pair<int, int> Act(int h, int s, RandomStream& policy_stream) const;
  // Step h of the episode: (s, a, b) led to next_state. InvalidArgument naming a value outside
  // the game.
  absl::Status Observe(int h, int s, int a, int b, int next_state);
  void EndEpisode();

  // pi_h(a, b | s) at (h S + s) A B + a B + b, of the last plan.
  const std::vector<double>& joint_policy() const { return joint_policy_; }
  // Its marginals: mu_h(a | s) at (h S + s) A + a, nu_h(b | s) at (h S + s) B + b.
  std::vector<double> MaxMarginal() const;
  std::vector<double> MinMarginal() const;
  // V-bar and V-under at h S + s ((H + 1) S values).
  const std::vector<double>& upper_values() const { return upper_values_; }
  const std::vector<double>& lower_values() const { return lower_values_; }
  double error_bound() const { return constants_.error_bound; }
  double best_gap() const { return best_gap_; }
  int64_t best_gap_episode() const { return best_gap_episode_; }
  int64_t episodes_done() const { return counts_.episodes_done(); }

 private:
  DpNashViGameAgent(const MarkovGame& game, const DpNashViOptions& options, NoisyCounts counts,
                    double error_bound);

  int num_states_, num_max_actions_, num_min_actions_, horizon_;
  TabularShape cells_;  // (S, A B, H)
  DpNashViOptions options_;
  std::vector<double> mean_rewards_;
  NoisyCounts counts_;
  NashBackupConstants constants_;
  std::vector<double> private_visits_, private_next_;
  std::vector<double> upper_q_, lower_q_, joint_policy_;
  std::vector<double> upper_values_, lower_values_;
  double best_gap_;
  int64_t best_gap_episode_ = -1;
};

// What one episode of RunGameEpisodes measured of its plan pi_k, at the initial distribution p0:
// the exact best responses to its marginals (envs/markov_game_values.h) and the agent's own
// bounds V-bar_0, V-under_0 (sum_s p0(s) V_0(s)). On the events of the paper's Assumption 3.1
// and Lemma B.4, Lemma B.7 (24) brackets the first between the second:
//   V-bar_0 >= V^{dagger, nu_k} >= V^{mu_k, dagger} >= V-under_0.
struct GameEpisode {
  BestResponseValues best_responses;
  double upper_value = 0.0;
  double lower_value = 0.0;
  // The episode's regret V^{dagger, nu_k} - V^{mu_k, dagger}.
  double regret() const { return best_responses.gap(); }
  // The gap of the agent's bounds, V-bar_0 - V-under_0 (its sum over k bounds the regret, (49)).
  double value_gap() const { return upper_value - lower_value; }
  // Whether (24) fails at p0 by more than `tolerance`.
  bool BracketViolated(double tolerance) const {
    return best_responses.max_best_response > upper_value + tolerance ||
           best_responses.min_best_response < lower_value - tolerance;
  }
};

// Runs num_episodes episodes of `agent` on `game` (environment and policy streams as the tabular
// episode loop's) and passes each episode's GameEpisode to on_episode, in episode order;
// `progress` (may be empty) is called about every 0.5% of the episodes with the fraction done.
absl::Status RunGameEpisodes(const MarkovGame& game, DpNashViGameAgent& agent, int64_t num_episodes,
                             RandomStream environment_stream, RandomStream policy_stream,
                             const std::function<void(const GameEpisode&)>& on_episode,
                             const std::function<void(double)>& progress = {});

// The same, returning the regrets in episode order.
absl::StatusOr<std::vector<double>> RunGameEpisodes(const MarkovGame& game,
                                                    DpNashViGameAgent& agent, int64_t num_episodes,
                                                    RandomStream environment_stream,
                                                    RandomStream policy_stream);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_DP_NASH_VI_GAME_AGENT_H_
