// Private-UCB-VI (Chowdhury & Zhou 2022, "Differentially private regret minimization in episodic
// Markov decision processes", AAAI; arXiv 2112.10599): UCB-VI planned on private counts released
// by a tree-based (binary) counting mechanism, eps-JDP.
//
// Specification
// -------------
// Guarantee (their Table 1 / VI theorem): eps-JDP, and w.p. >= 1 - delta
//   Regret(T) = O~( sqrt(S A H^3 T) + S^2 A H^3 / eps ),   T = K H steps.
// Neighbour relation (user k = episode k, its states and rewards): as PUCB (pucb.h),
//   add_remove   user k's episode added or removed: each family of counters (N~, R~, M~ below)
//                changes by l1 <= H (one unit input per step), so counters with
//                eps' = privacy_epsilon / (3H) make the releases privacy_epsilon-DP and, by the
//                billboard lemma, the policies sent to the other users privacy_epsilon-JDP;
//   replacement  user k's episode replaced by another: l1 <= 2H per family, eps' =
//                privacy_epsilon / (6H) for the same privacy_epsilon.
// The planner reads ONLY the counters' releases.
//
// Private counts (the Privatizer, central model; binary_counter.h, exact discrete Laplace node
// noise, exact integer releases), one counter per statistic, all with horizon K:
//   N~_h^k(s,a)     visits,              SAH counters,   inputs in {0, 1}
//   R~_h^k(s,a)     reward sums,         SAH counters,   inputs the rewards rounded to bits
//                                        (reward_rounding.h, unbiased)
//   N~_h^k(s,a,s')  transitions,         S^2AH counters, inputs in {0, 1}
// Every episode feeds every counter once (0 to the triples not visited).
//
// Estimates and bonus, with nbar = max{1, N~_h^k(s,a) + E} (the paper's private denominator:
// N~ + E >= N on the event that every release is within E of its true count):
//   r~(s,a,h)      = R~ / nbar,   P~(s'|s,a,h) = N~(s,a,s') / nbar
//   Q(s,a,h)       = min{ H, r~ + sum_s' P~(s') V_{h+1}(s') + bonus }     (UCB-VI with private
//                    statistics; no 2E threshold: every triple is planned from episode 1)
//   bonus          = (H + 1) L / sqrt(nbar) + (3 + 2H + S H) E / nbar
//   L              = sqrt(2 ln(4 S A H K / delta_c)),   delta_c = delta / 2
//   E              = the exact-tail error bound of every counter at once: the smallest E with
//                    sum_k #{t <= K : popcount(t) = k} P(|S_k| > E) <= (delta / 2) / #counters,
//                    #counters = 2SAH + S^2AH (counter_error_tail.h), so w.p. >= 1 - delta / 2
//                    every release is within E.
// The bonus is the sum of the two confidence widths the regret proof needs on the event above,
// derived term by term (docs/private_ucbvi.md): for the reward, Hoeffding's
// |R - N r| <= sqrt(N ln(2/delta') / 2) with delta' = delta_c / (2 S A H K) (union over the
// reward and transition statistics of every triple and episode) and N <= nbar give
// |R - N r| / nbar <= sqrt(ln(2/delta') / 2) / sqrt(nbar) <= L / sqrt(nbar) (L is twice that
// width: conservative); the denominator change |N - nbar| r / nbar <= 2E / nbar and the noise
// |R~ - R| / nbar <= E / nbar add 3E / nbar; for the transitions times V*_{h+1} in [0, H] (as in
// UCB-VI's analysis): H L / sqrt(nbar), 2 H E / nbar and S H E / nbar (S noisy counts N~(s,a,s')).
// The shape (a statistical term O(H L / sqrt(N~ + E)) plus a privacy term O(S H E / (N~ + E)) on
// the private denominator) is the paper's; the constants of L, of E and of the privacy term are
// this library's choice, fixed by the derivation above (E certified as PUCB's exact_tail, L a
// Hoeffding width with its union bound written out), and tested against hand-computed values
// (private_ucbvi_test).
//
// Parameters (PrivateUcbviOptions): privacy_epsilon (1), failure_probability delta (0.05),
// num_episodes K (10000), neighbour_relation (add_remove).
#ifndef DPRL_ALGORITHMS_TABULAR_PRIVATE_UCBVI_H_
#define DPRL_ALGORITHMS_TABULAR_PRIVATE_UCBVI_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/mechanisms/binary_counter.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "algorithms/tabular/pucb.h"
#include "algorithms/tabular/tabular_agent.h"
#include "random/random_stream.h"

namespace dprl {

struct PrivateUcbviOptions {
  // epsilon of the epsilon-JDP guarantee under neighbour_relation. Finite, > 0.
  double privacy_epsilon = 1.0;
  // delta: half for the counters' error bound E, half for the Hoeffding widths (L). In (0, 1).
  double failure_probability = 0.05;
  // K: number of episodes, the horizon of every counter. >= 1.
  int64_t num_episodes = 10000;
  // The relation privacy_epsilon holds for: add_remove eps' = eps / (3H), replacement eps / (6H)
  // (the relation and its names are PUCB's, pucb.h).
  PucbNeighbourRelation neighbour_relation = PucbNeighbourRelation::kAddRemove;

  absl::Status Validate() const;
};

// eps' of every counter (above).
double PrivateUcbviCounterEpsilon(const TabularShape& shape, const PrivateUcbviOptions& options);
// The options of its counters: eps' above, horizon K = num_episodes, inputs in {0, 1}.
BinaryCounterOptions PrivateUcbviCounterOptions(const TabularShape& shape,
                                                const PrivateUcbviOptions& options);
// L = sqrt(2 ln(4 S A H K / (delta / 2))).
double PrivateUcbviLogTerm(const TabularShape& shape, const PrivateUcbviOptions& options);
// The bonus above for the private denominator nbar = max{1, N~ + E} (>= 1).
double PrivateUcbviBonus(double denominator, double error_bound, double log_term, int num_states,
                         int horizon);
// E (above), with every check Create makes on shape and options; errors are Create's.
absl::StatusOr<double> PrivateUcbviErrorBound(const TabularShape& shape,
                                              const PrivateUcbviOptions& options);

class PrivateUcbviAgent : public TabularAgent {
 public:
  // noise_stream must be reserved for this agent's counters (purpose kPrivacyNoise).
  static absl::StatusOr<std::unique_ptr<PrivateUcbviAgent>> Create(
      const TabularShape& shape, const PrivateUcbviOptions& options,
      const RandomStream& noise_stream);

  const TabularShape& shape() const override { return shape_; }
  void BeginEpisode() override;
  void EndEpisode() override;
  const OptimisticPlan& plan() const override { return plan_; }

  double error_bound() const { return error_bound_; }
  // The private releases N~ used by the last BeginEpisode (index TabularShape::Index).
  const std::vector<double>& released_visit_counts() const { return counts_.released_visits(); }
  const BinaryCounterBank& visit_counters() const { return counts_.visit_counters(); }
  const BinaryCounterBank& reward_counters() const { return counts_.reward_counters(); }
  const BinaryCounterBank& transition_counters() const { return counts_.transition_counters(); }

 protected:
  void RecordStep(int h, int s, int a, double reward, int next_state) override;

 private:
  class PrivateStatistics;
  PrivateUcbviAgent(const TabularShape& shape, const PrivateUcbviOptions& options,
                    double error_bound, PrivateTabularCounts counts);

  TabularShape shape_;
  PrivateUcbviOptions options_;
  double error_bound_;           // E
  double log_term_;              // L
  PrivateTabularCounts counts_;  // N~, R~, M~ and the rewards' rounding
  OptimisticPlan plan_;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_PRIVATE_UCBVI_H_
