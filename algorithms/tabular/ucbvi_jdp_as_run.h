// UCB-VI-JDP as run: the noise of the authors' published code for Private-UCB-VI
// (Chowdhury & Zhou 2022; the `UCBVI_JDP` agent of their public tabular-RL repository,
// src/agent.py), reproduced so that its privacy can be audited. NOT differentially private as
// claimed (tests/privacy_audit measures it); never a baseline in a figure.
//
// Specification
// -------------
// What the code does, episode k = 1, 2, ... (update_policy(k) before the episode):
//   Statistics per (s, a), pooled over the steps h (a time-homogeneous learner), with the code's
//   initial values: a reward count Nr(s,a) starting at 1 with reward sum 1 (the initial mean 1 on
//   one pseudo-visit), and transition counts Np(s,a,s') starting at 1 for every s'. Every step
//   adds 1 to Nr and its reward to the reward sum; a transition is added to Np only when the
//   episode continues (not at the last step h = H - 1).
//   Fresh noise at every episode: with K_k = floor(ln k) + 1 and b = 1 / privacy_epsilon, draw for
//   every (s, a) n1 = sum of K_k Laplace(b), n2(s') = sums of K_k Laplace(b), n3 = sum of K_k
//   Laplace(b) ("fresh noise to mimic the tree-based algorithm"), all floating point, and
//     e        = sqrt(K_k) / privacy_epsilon
//     d_p      = max{1, sum_s' Np(s,a,s') + n1 + e},   d_r = max{1, Nr + n1 + e}
//     P^(s')   = (Np(s,a,s') + n2(s')) / d_p,          r^ = (reward sum + n3) / d_r
//     b_p      = sqrt(2 ln 3 / d_p) + S e / d_p,       b_r = sqrt(2 ln 3 / d_r) + S e / d_r
//     Q(s,a,h) = r^ + b_r + sum_s' P^(s') V_{h+1}(s') + b_p (H - 1 - h),  V_h = max_a Q (no clip)
//   and acts greedily. Differences that change no distribution: doubles for the code's float32
//   value arrays (rounding only), ties of Q broken uniformly instead of by np.argmax's first
//   maximiser (ties have probability 0 under continuous noise), and the order of the draws.
//   The released quantities are the noisy counts (the billboard the policy is
//   computed from): released_reward_counts() = Nr + n1 of the last BeginEpisode.
// Why this is not privacy_epsilon-JDP: a count that no longer changes is released again at every
// episode with FRESH noise, so K releases of it can be averaged; the privacy loss of one user's
// visit grows with the number of episodes after it (sequential composition: up to
// sum_k privacy_epsilon over the releases), where the tree-based counter it mimics releases
// each node's noise once. The noise is also floating-point Laplace on integer counts.
//
// Parameters (UcbviJdpAsRunOptions): privacy_epsilon (the code's privEps, 1).
#ifndef DPRL_ALGORITHMS_TABULAR_UCBVI_JDP_AS_RUN_H_
#define DPRL_ALGORITHMS_TABULAR_UCBVI_JDP_AS_RUN_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "algorithms/tabular/tabular_agent.h"
#include "random/random_stream.h"

namespace dprl {

struct UcbviJdpAsRunOptions {
  // The code's privEps: Laplace scale 1 / privacy_epsilon of every noise term. Finite, > 0.
  double privacy_epsilon = 1.0;

  absl::Status Validate() const;
};

class UcbviJdpAsRunAgent : public TabularAgent {
 public:
  // noise_stream: the fresh Laplace noise of every episode (purpose kPrivacyNoise).
  static absl::StatusOr<std::unique_ptr<UcbviJdpAsRunAgent>> Create(
      const TabularShape& shape, const UcbviJdpAsRunOptions& options,
      const RandomStream& noise_stream);

  const TabularShape& shape() const override { return shape_; }
  void BeginEpisode() override;
  void EndEpisode() override { ++episodes_done_; }
  const OptimisticPlan& plan() const override { return plan_; }

  // Nr(s,a) + n1(s,a) of the last BeginEpisode, index s * A + a (the noisy visit count).
  const std::vector<double>& released_reward_counts() const { return released_reward_counts_; }

 protected:
  void RecordStep(int h, int s, int a, double reward, int next_state) override;

 private:
  UcbviJdpAsRunAgent(const TabularShape& shape, const UcbviJdpAsRunOptions& options,
                     const RandomStream& noise_stream);

  TabularShape shape_;
  UcbviJdpAsRunOptions options_;
  RandomStream noise_stream_;
  int64_t episodes_done_ = 0;
  std::vector<double> reward_counts_;      // Nr(s,a), from 1
  std::vector<double> reward_sums_;        // from 1
  std::vector<double> transition_counts_;  // Np(s,a,s'), from 1
  std::vector<double> released_reward_counts_;
  // The estimates and bonuses of the current episode, per (s, a) (and s').
  std::vector<double> reward_estimate_plus_bonus_;
  std::vector<double> transition_estimates_;
  std::vector<double> transition_bonus_;
  OptimisticPlan plan_;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_UCBVI_JDP_AS_RUN_H_
