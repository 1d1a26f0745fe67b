// PUCB's planner on exact counts: "PUCB at privacy_epsilon = infinity". Not private.
//
// Specification
// -------------
// The optimistic rule of Vietri et al. 2020 (Sec. 3, Alg. 3 PrivQ) with the private releases
// replaced by the exact statistics and E = 0, i.e. the noiseless reference of PucbAgent: it shares
// PUCB's planner (optimistic_planner.h) and its bonus (PucbConfidence, pucb.h), so the difference
// between the two curves is exactly the price of the private counters. With n = n^(s,a,h) >= 1:
//   Q^(s,a,h)   = (r^ + sum_s' V+_{h+1}(s') m^(s,a,s',h)) / n
//   conf        = (H + 1) phi^,  phi^ = sqrt((2 ln n + 2 ln(SAH / beta)) / n)   (Sec. 3 at E = 0)
//   Q+(s,a,h)   = min{ H, Q^ + conf }                                            (Alg. 3)
// and Q+ = H when n = 0 (PrivQ's cap for triples without a usable estimate).
//
// Computation: the bonus of a triple changes only when its count does, so it is computed once per
// visit and kept, and planning is incremental (optimistic_planner.h: Q+ recomputed only where the
// triple's counts or V+_{h+1} changed); the plan is that of the formulas above bit for bit.
//
// This is NOT the UBEV of Dann, Lattimore and Brunskill 2017 (ubev.h), which Vietri et al. 2020
// cite as PUCB's non-private counterpart: UBEV uses ln ln n instead of ln n, separate caps on the
// reward and transition terms and a per-step value range. Before this split dprl called this rule
// "UBEV"; it is kept, under this name, as PUCB's own noiseless planner.
#ifndef DPRL_ALGORITHMS_TABULAR_NOISELESS_PUCB_H_
#define DPRL_ALGORITHMS_TABULAR_NOISELESS_PUCB_H_

#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/tabular/empirical_counts.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "algorithms/tabular/tabular_agent.h"

namespace dprl {

struct NoiselessPucbOptions {
  // beta: the confidence level of phi^ = sqrt((2 ln n + 2 ln(SAH/beta)) / n). In (0, 1).
  double failure_probability = 0.05;

  absl::Status Validate() const;
};

class NoiselessPucbAgent : public TabularAgent {
 public:
  static absl::StatusOr<std::unique_ptr<NoiselessPucbAgent>> Create(
      const TabularShape& shape, const NoiselessPucbOptions& options);

  const TabularShape& shape() const override { return shape_; }
  void BeginEpisode() override;
  void EndEpisode() override {}

  const OptimisticPlan& plan() const override { return plan_; }
  // Exact statistics (index TabularShape::Index; transitions Index * S + s').
  const EmpiricalCounts& counts() const { return counts_; }

 protected:
  void RecordStep(int h, int s, int a, double reward, int next_state) override;

 private:
  NoiselessPucbAgent(const TabularShape& shape, const NoiselessPucbOptions& options);

  TabularShape shape_;
  NoiselessPucbOptions options_;
  double log_confidence_term_;  // 2 ln(SAH / beta)
  EmpiricalCounts counts_;
  std::vector<double> confidence_;  // per triple with n >= 1: conf = (H + 1) phi^(n)
  OptimisticPlan plan_;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_NOISELESS_PUCB_H_
