// UBEV, non-private, as Vietri et al. 2020 describe it (Sec. 5, after Dann, Lattimore and
// Brunskill 2017, "Unifying PAC and regret", NeurIPS).
//
// Statistics after episodes 1..t-1 (exact, not private):
//   n^(s,a,h) visits, r^(s,a,h) reward sum, m^(s,a,s',h) transition counts.
// Planning (shared with PUCB, see optimistic_planner.h), for n^ >= 1:
//   Q^(s,a,h)   = (r^ + sum_s' V+_{h+1}(s') m^(s,a,s',h)) / n^
//   phi^(s,a,h) = sqrt( (2 ln n^ + 2 ln(SAH / beta)) / n^ )                      (Sec. 5)
//   Q^+(s,a,h)  = min{ H, Q^ + (H + 1) phi^ }                                     (Sec. 5)
// and Q^+ = H when n^ = 0. The clip at H is the one PrivQ (Alg. 3) applies; Q* <= H always,
// so clipping never breaks optimism.
//
// Parameters
//   failure_probability  beta in phi^            default 0.05
#ifndef DPRL_ALGORITHMS_TABULAR_UBEV_H_
#define DPRL_ALGORITHMS_TABULAR_UBEV_H_

#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/tabular/empirical_counts.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "algorithms/tabular/tabular_agent.h"

namespace dprl {

struct UbevOptions {
  // beta: the confidence level of phi^ = sqrt((2 ln n + 2 ln(SAH/beta)) / n). In (0, 1).
  double failure_probability = 0.05;

  absl::Status Validate() const;
};

// Checks S, A, H >= 1 with messages naming the parameter.
absl::Status ValidateTabularShape(const TabularShape& shape);

class UbevAgent : public TabularAgent {
 public:
  static absl::StatusOr<std::unique_ptr<UbevAgent>> Create(const TabularShape& shape,
                                                           const UbevOptions& options);

  const TabularShape& shape() const override { return shape_; }
  void BeginEpisode() override;
  void Observe(int h, int s, int a, double reward, int next_state) override;
  void EndEpisode() override {}

  const OptimisticPlan& plan() const override { return plan_; }
  // Exact statistics (index TabularShape::Index; transitions Index * S + s').
  const std::vector<double>& visit_counts() const { return counts_.visit_counts(); }

 private:
  class Statistics;
  UbevAgent(const TabularShape& shape, const UbevOptions& options);

  TabularShape shape_;
  UbevOptions options_;
  double log_confidence_term_;  // 2 ln(SAH / beta)
  EmpiricalCounts counts_;
  OptimisticPlan plan_;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_UBEV_H_
