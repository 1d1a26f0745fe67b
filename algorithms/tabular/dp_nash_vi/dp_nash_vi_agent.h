// DP-Nash-VI for one player (Qiao & Wang 2024, "Differentially Private Reinforcement Learning with
// Self-Play", NeurIPS 2024, Algorithm 1 with B = 1): optimistic value iteration on the private
// counts of a Privatizer, with upper and lower Q-functions and a private Bernstein-type bonus.
// With B = 1 its regret bounds are DP-UCBVI's (Qiao & Wang 2023): Thm. 5.2, eps-JDP (central
// Privatizer): O~(sqrt(H^2 S A T) + H^3 S^2 A / eps); Thm. 5.5, eps-LDP (local Privatizer):
// O~(sqrt(H^2 S A T) + S^2 A sqrt(H^5 T) / eps); T = K H. Both are O~ with unstated constants.
//
// Specification
// -------------
// Episode k (BeginEpisode):
//   1. N^ from the Privatizer (noisy_counts.h), then N~ by the post-processing (8)-(9)
//      (count_post_processing.h) for every cell (h, s, a).
//   2. Backward over h = H-1..0 (0-based steps; V-bar_H = V-under_H = 0): for every (s, a) the
//      backup of lines 7-11 (nash_backup.h) gives Q-bar(s,a,h) and Q-under(s,a,h).
//   3. Line 14 with B = 1: a CCE of (Q-bar, Q-under) is any distribution on argmax_a Q-bar(s,.,h);
//      the policy is the library's greedy one (OptimisticPlan::PlanGreedy: uniform over the exact
//      maximisers of Q-bar), V-bar_h(s) = max_a Q-bar(s,a,h) and, line 15, V-under_h(s) =
//      E_{a ~ pi} Q-under(s,a,h).
//   4. Line 20-21: the gap (V-bar_0 - V-under_0)(s_1) at the episode's initial state s_1; the
//      episode with the smallest gap so far is pi_out (best_gap_episode).
// The plan reads only the Privatizer's noisy counts and the known rewards.
//
// Rewards. The paper assumes r known and deterministic (Sec. 2.1): the agent takes the mean
// rewards r(s, a, h) at creation and ignores the sampled rewards it observes, so rewards are
// neither learnt nor privatized (PUCB and Private-UCB-VI learn theirs from private counters).
//
// Constants. C1 = gap_constant, C2 = bonus_constant (default 3 and 10, fixed by the proof of
// Thm. 4.1, docs/dp_nash_vi.md); iota = ln(30 H S A K / beta); E from dp_nash_vi_options.h.
//
// Privacy (dp_nash_vi_options.h, docs/dp_nash_vi.md): with noise_calibration = kStatedEpsilon,
// kCentral is privacy_epsilon-JDP under neighbour_relation (a user's episode added/removed or
// replaced; the policies sent to the other users are post-processing of the counters' releases,
// billboard lemma); kLocal is privacy_epsilon-LDP for any two trajectories (each user's report is
// the only thing that leaves it). kAsPrinted delivers DpNashViDeliveredEpsilon instead.
#ifndef DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_DP_NASH_VI_AGENT_H_
#define DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_DP_NASH_VI_AGENT_H_

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/statusor.h"
#include "algorithms/tabular/dp_nash_vi/count_post_processing.h"
#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_options.h"
#include "algorithms/tabular/dp_nash_vi/nash_backup.h"
#include "algorithms/tabular/dp_nash_vi/noisy_counts.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "algorithms/tabular/tabular_agent.h"
#include "random/random_stream.h"

namespace dprl {

class DpNashViAgent : public TabularAgent {
 public:
  // mean_rewards: the known r(s, a, h) at shape.Index(h, s, a), S A H values in [0, 1].
  // noise_stream must be reserved for this agent's Privatizer (purpose kPrivacyNoise). Errors
  // name the parameter (shape, options, mean_rewards, the counters' and E's validation).
  static absl::StatusOr<std::unique_ptr<DpNashViAgent>> Create(const TabularShape& shape,
                                                               const DpNashViOptions& options,
                                                               std::vector<double> mean_rewards,
                                                               const RandomStream& noise_stream);

  const TabularShape& shape() const override { return shape_; }
  void BeginEpisode() override;
  void EndEpisode() override;
  // Q-bar, V-bar and the greedy policy of the last BeginEpisode.
  const OptimisticPlan& plan() const override { return plan_; }

  const DpNashViOptions& options() const { return options_; }
  double error_bound() const { return constants_.error_bound; }  // E
  double log_term() const { return constants_.log_term; }        // iota
  // Q-under at shape.Index(h, s, a) and V-under at h S + s ((H + 1) S values), of the last plan.
  const std::vector<double>& lower_q() const { return lower_q_; }
  const std::vector<double>& lower_values() const { return lower_values_; }
  // N~ of every cell and N~(s') (at Index * S + s') used by the last plan.
  const std::vector<double>& private_visits() const { return private_visits_; }
  const std::vector<double>& private_transitions() const { return private_next_; }
  // How (8) was solved in the last BeginEpisode: cells per PostProcessingCase.
  const std::array<int64_t, 4>& post_processing_cases() const { return cases_; }
  // Lines 20-21: the smallest gap so far (H initially, the paper's Delta) and the episode that
  // set it, pi_out (0-based; -1 while no episode's gap was below H).
  double best_gap() const { return best_gap_; }
  int64_t best_gap_episode() const { return best_gap_episode_; }
  const NoisyCounts& noisy_counts() const { return counts_; }

 protected:
  void RecordStep(int h, int s, int a, double reward, int next_state) override;

 private:
  DpNashViAgent(const TabularShape& shape, const DpNashViOptions& options,
                std::vector<double> mean_rewards, NoisyCounts counts, double error_bound);
  // Lines 7-11 for (s, a, h) given V-bar_{h+1}; stores Q-under and returns Q-bar. Computes
  // V-under_{h+1} from the finished step h + 1 the first time step h is backed up.
  double Backup(int h, int s, int a, const double* upper_next);
  // V-under_h(s) = E_{a ~ pi(.|s,h)} Q-under(s,a,h) for every s.
  void FinishLowerValues(int h);

  TabularShape shape_;
  DpNashViOptions options_;
  std::vector<double> mean_rewards_;
  NoisyCounts counts_;
  NashBackupConstants constants_;
  OptimisticPlan plan_;
  std::vector<double> lower_q_;
  std::vector<double> lower_values_;
  int lower_values_step_ = 0;  // the lowest h whose V-under_h is final in this plan
  std::vector<double> private_visits_;
  std::vector<double> private_next_;
  std::array<int64_t, 4> cases_{};
  double best_gap_;
  int64_t best_gap_episode_ = -1;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_DP_NASH_VI_AGENT_H_
