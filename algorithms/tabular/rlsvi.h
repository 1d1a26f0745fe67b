// RLSVI: Randomized Least Squares Value Iteration for tabular episodic MDPs, exactly as
// Algorithm 1 of H. Lu, P. Gajane, S. Bai, M. S. Talebi, "Randomized Least Squares Value
// Iteration itself is Joint Differentially Private", arXiv:2606.01952 (2026) (Lu et al.).
// RLSVI itself is Osband, Van Roy, Russo, Wen 2019 (JMLR); Lu et al. prove that its exploration
// noise alone makes it joint differentially private.
//
// Algorithm (Lu et al., Alg. 1; paper steps h = 1..H are code steps h = 0..H-1)
// ---------------------------------------------------------------------------------
// Episode k = 1, 2, ... (BeginEpisode plans pi^k from episodes 1..k-1 only):
//   beta_k = beta_scale * (1/2) S H^3 ln(2 H S A k)                          (Alg. 1, Input line)
//   counts of episodes 1..k-1: N = N_h^k(s,a), R = R_h^k(s,a), N(s') = N_h^k(s,a,s')   (Sec. 3)
//   R^_h^k(s,a) = R / N,  P^_h^k(s'|s,a) = N(s') / N;  both = 0 when N = 0              (Eq. 1)
//   V~_{H+1}^k(s) = 0                                                        (Alg. 1, line 5)
//   for h = H..1, for all (s, a):
//     w_h^k(s,a) ~ N(0, beta_k / (N_h^k(s,a) + 1))     independent over (k, h, s, a)
//     Q~_h^k(s,a) = R^_h^k(s,a) + sum_{s'} P^_h^k(s'|s,a) V~_{h+1}^k(s') + w_h^k(s,a)  (line 10)
//                 (computed as (R + sum_{s'} N(s') V~_{h+1}^k(s')) / N + w: equal up to rounding)
//     V~_h^k(s)   = max_a Q~_h^k(s,a)                                      (line 14)
//     pi_h^k(s)   = argmax_a Q~_h^k(s,a)                                   (line 15)
//   roll out pi^k (Act), then update N, R, N(s') with the trajectory (Observe).
//
// Readings of the paper:
//   * Log base of beta_k: natural. The paper writes "log" everywhere and never a base; its
//     privacy analysis is in nats (the Renyi divergence of Gaussians in Lemma 6, log(1/delta) in
//     Lemma 8), and the log(2HSA) of Cor. 14 is the log of beta_1, so ln is the consistent reading.
//   * k in beta_k is the 1-based index of the episode being planned (Alg. 1, line 4: k = 1..K), so
//     the first plan uses beta_1 = (1/2) S H^3 ln(2HSA) > 0 even for S = A = H = 1.
//   * No clipping of Q~ or V~ (Alg. 1 has none; Sec. 4 mentions clipping only as future work).
//     Q~ may be negative or exceed H - h + 1.
//   * When N = 0, Q~ = w with variance beta_k (Sec. 3: "Q~_h^1 ... could be viewed as a prior
//     sample"); the sum over s' is then exactly 0.
//   * Argmax ties (line 15 does not say how to break them; they have probability 0 under
//     continuous noise but can occur in floating point): uniformly at random among the exact
//     maximisers with the agent's policy stream. action_probabilities() is that pi^k exactly
//     (one-hot except on exact ties), so regret is computed by exact policy evaluation.
//   * Initial state: the paper fixes s_1 (Sec. 2.1) and remarks that the results carry over to
//     s_1 drawn from a distribution (Sec. 2.3). Algorithm 1 never reads s_1: Q~ and pi^k are
//     computed for every (h, s), so the agent has no initial-state parameter. The initial state
//     is the environment's: a TabularMdp whose initial_distribution is a point mass on s_1 is the
//     paper's setting; any other p0 is the distributional variant, and episode_loop.h then
//     reports regret rho* - rho^{pi^k} averaged over s_1 ~ p0 (which, pi^k being independent of
//     s_1^k, is the conditional expectation of the paper's V*_1(s_1^k) - V^{pi^k}_1(s_1^k)).
//
// Randomness: w is drawn with SampleGaussian (random/distributions.h, Box-Muller on Philox
// uniforms) from noise_stream.Child(k), in flat order TabularShape::Index(h, s, a) = (h S + s) A +
// a, one draw per triple. The noise of episode k is thus a function of (stream, k) only: same
// stream, same data => same plan, bit for bit; calling BeginEpisode twice in one episode gives the
// same plan. The noise is real-valued because Q~ is (Conventions 9 concern integer counts); note
// that a floating-point Gaussian is not exactly the real Gaussian the analysis assumes (Mironov
// 2012).
//
// Privacy guarantee (Lu et al., Thm. 13 and Cor. 14; beta_scale = 1). The released policies
// {pi^k} are (epsilon(delta), delta)-DP (Lemmas 11, 12 and 8), so by the billboard lemma
// (Lemma 9) the actions sent to all users but one are (epsilon(delta), delta)-JDP (Def. 4):
//   epsilon(delta) = 2AK / (H^2 ln(2HSA)) + 2 sqrt(2AK ln(1/delta) / (H^2 ln(2HSA))),
// K = number of episodes, for every delta in (0, 1). Neighbour relation (Remark 2): user
// sequences that differ in the REWARDS of one user's trajectory only (some or all of its H
// rewards); states and actions are the same in both. Changing a user's states is NOT covered
// (Sec. 4: it would need a bound on Q~, which Alg. 1 does not clip). The guarantee comes from the
// exploration noise alone: no noise is added for privacy. JDP assumes a trusted agent (central
// model). With beta_scale = c every w variance is multiplied by c, so the RDP bound of Lemma 12
// is divided by c: epsilon(delta) = 2AK / (c H^2 ln(2HSA)) + 2 sqrt(2AK ln(1/delta) /
// (c H^2 ln(2HSA))); c < 1 weakens the guarantee, c > 1 strengthens it.
//
// Parameters (RlsviOptions)                                               default
//   beta_scale   multiplier of beta_k (the variance parameter), 1 = paper  1.0
// The other inputs of Alg. 1 are S, A, H (TabularShape) and K (the caller's loop; the agent needs
// no K). Cost per episode: O(S^2 A H) planning plus S A H Gaussian draws; memory O(S^2 A H).
#ifndef DPRL_ALGORITHMS_TABULAR_RLSVI_H_
#define DPRL_ALGORITHMS_TABULAR_RLSVI_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/tabular/empirical_counts.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "algorithms/tabular/tabular_agent.h"
#include "random/random_stream.h"

namespace dprl {

struct RlsviOptions {
  // c in beta_k = c * (1/2) S H^3 ln(2HSAk): scales the variance of every w_h^k(s,a).
  // 1 reproduces Alg. 1 and its privacy guarantee. Finite, > 0.
  double beta_scale = 1.0;

  absl::Status Validate() const;
};

// beta_k = beta_scale * (1/2) S H^3 ln(2 H S A k) for episode k >= 1 (Alg. 1, Input line).
double RlsviBeta(const TabularShape& shape, const RlsviOptions& options, int64_t episode);

class RlsviAgent : public TabularAgent {
 public:
  // noise_stream must be reserved for this agent's perturbations (purpose kPrivacyNoise: the
  // exploration noise is also the privacy noise).
  static absl::StatusOr<std::unique_ptr<RlsviAgent>> Create(const TabularShape& shape,
                                                            const RlsviOptions& options,
                                                            const RandomStream& noise_stream);

  const TabularShape& shape() const override { return shape_; }
  // Draws w^k and plans Q~^k, V~^k, pi^k for episode k = episodes_done() + 1.
  void BeginEpisode() override;
  void EndEpisode() override { ++episodes_done_; }

  // Completed episodes (k - 1 during episode k).
  int64_t episodes_done() const { return episodes_done_; }
  // beta_k of the last BeginEpisode.
  double beta() const { return beta_; }
  // w_h^k(s,a) of the last BeginEpisode, at TabularShape::Index(h, s, a).
  const std::vector<double>& perturbations() const { return perturbations_; }
  // Q~ at Index(h, s, a); V~ at h * S + s (size (H + 1) S, V~_{H+1} = 0); pi^k(a | s, h) one-hot
  // on argmax_a Q~ (uniform over exact ties). Its num_below_cap (Q~ < H) is a diagnostic only:
  // Q~ is not clipped.
  const OptimisticPlan& plan() const override { return plan_; }
  // Exact statistics N, R, N(s') of the completed episodes.
  const EmpiricalCounts& counts() const { return counts_; }

 protected:
  // Adds (s, a, r, s') at step h to N, R and N(s') (used from episode k + 1 on).
  void RecordStep(int h, int s, int a, double reward, int next_state) override;

 private:
  RlsviAgent(const TabularShape& shape, const RlsviOptions& options,
             const RandomStream& noise_stream);

  TabularShape shape_;
  RlsviOptions options_;
  RandomStream noise_stream_;
  EmpiricalCounts counts_;
  std::vector<double> perturbations_;
  double beta_ = 0.0;
  int64_t episodes_done_ = 0;
  OptimisticPlan plan_;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_RLSVI_H_
