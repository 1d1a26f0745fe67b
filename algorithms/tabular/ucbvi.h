// UCB-VI with the Hoeffding bonus (Azar, Osband, Munos 2017, "Minimax regret bounds for
// reinforcement learning", ICML; Alg. 1 UCBVI with Alg. 2's Q-values and bonus_1, "UCBVI-CH").
// Not private: the non-private reference of Private-UCB-VI (private_ucbvi.h), whose planner and
// bonus shape it shares.
//
// Specification
// -------------
// Guarantee (Azar et al. 2017, Thm. 1): w.p. >= 1 - delta, Regret(K) = O~(H sqrt(SAT) + H^2 S^2 A)
// with T = KH steps, for a time-homogeneous MDP with known rewards. No privacy (no neighbour
// relation): every statistic is exact.
// With N = N(s,a,h) >= 1 visits, R = the sum of their rewards, M(s') the transitions to s':
//   L          = ln(5 S A T / delta),  T = K H      (Alg. 2 / Thm. 1: L = ln(5SAT/delta))
//   b(s,a,h)   = 7 H L sqrt(1 / N)                  (bonus_1, UCBVI-CH)
//   Q(s,a,h)   = min{ H, R / N + sum_s' M(s') V_{h+1}(s') / N + b }   (Alg. 2)
//   Q(s,a,h)   = H                                  if N = 0
//   V_h(s)     = max_a Q(s,a,h), V_H = 0; the greedy policy of optimistic_planner.h.
// Choices where the paper is silent for this library's setting (documented in docs/):
//   - Statistics per step h (N(s,a,h), M(s,a,s',h)): the MDPs here may be time-inhomogeneous, as
//     in Chowdhury & Zhou 2022, whose Private-UCB-VI this agent is the reference of. Azar et al.
//     pool over h (time-homogeneous P); pooling would only shrink the counts' H-fold split.
//   - Unknown rewards: Azar et al. assume r known; the empirical mean R / N is used. Its Hoeffding
//     width sqrt(ln(2/delta') / (2N)) is below b for every N, so the optimism argument is intact.
//   - Alg. 2's extra min with the previous episode's Q_{k-1,h} is omitted (it only makes Q
//     monotone in k; the regret proof's optimism holds without it), so the plan is a pure function
//     of the counts and planning is incremental (optimistic_planner.h).
//
// Parameters (UcbviOptions): failure_probability delta (default 0.05), num_episodes K (T = KH).
#ifndef DPRL_ALGORITHMS_TABULAR_UCBVI_H_
#define DPRL_ALGORITHMS_TABULAR_UCBVI_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/tabular/empirical_counts.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "algorithms/tabular/tabular_agent.h"

namespace dprl {

struct UcbviOptions {
  // delta: the failure probability in L = ln(5 S A T / delta). In (0, 1).
  double failure_probability = 0.05;
  // K: the number of episodes (T = K H in L). >= 1.
  int64_t num_episodes = 10000;

  absl::Status Validate() const;
};

// L = ln(5 S A T / delta) with T = K H (Azar et al. 2017, Alg. 2).
double UcbviLogTerm(const TabularShape& shape, const UcbviOptions& options);
// bonus_1 = 7 H L sqrt(1 / visits) for visits >= 1 (Azar et al. 2017, UCBVI-CH).
double UcbviHoeffdingBonus(double visits, double log_term, int horizon);

class UcbviAgent : public TabularAgent {
 public:
  static absl::StatusOr<std::unique_ptr<UcbviAgent>> Create(const TabularShape& shape,
                                                            const UcbviOptions& options);

  const TabularShape& shape() const override { return shape_; }
  void BeginEpisode() override;
  void EndEpisode() override {}
  const OptimisticPlan& plan() const override { return plan_; }
  const EmpiricalCounts& counts() const { return counts_; }

 protected:
  void RecordStep(int h, int s, int a, double reward, int next_state) override;

 private:
  UcbviAgent(const TabularShape& shape, const UcbviOptions& options);

  TabularShape shape_;
  double log_term_;  // L
  EmpiricalCounts counts_;
  std::vector<double> bonus_;  // per triple with N >= 1: b(N)
  OptimisticPlan plan_;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_UCBVI_H_
