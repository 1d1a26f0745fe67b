// UBEV: Upper Bounding the Expected next-state Value, non-private (C. Dann, T. Lattimore,
// E. Brunskill, "Unifying PAC and Regret: Uniform PAC Bounds for Episodic Reinforcement
// Learning", NeurIPS 2017, Algorithm 1). Vietri et al. 2020 (Sec. 3) build PUCB as "a private
// version of the UBEV algorithm"; this is the published non-private baseline PUCB is compared to.
//
// Specification (Dann et al. 2017, Alg. 1; steps t = 1..H, code h = t - 1)
// ------------------------------------------------------------------------
// Statistics after episodes 1..k-1 (exact): n(s,a,t) visits, l(s,a,t) reward sum,
// m(s',s,a,t) transitions; r^ = l / n, P^(s'|s,a,t) = m / n.
//   delta' = delta / (9 S A H)
//   llnp(x) = max(0, ln(max(0, ln x)))                       ("ln ln", clipped at 0 for x < e^e)
//   phi(n)  = sqrt( (2 llnp(n) + ln(3 / delta')) / n )
//   V~_{H+1} = 0; for t = H .. 1, for all (s, a):
//     if n(s,a,t) >= 1:
//       Q~_t(s,a) = min{1, r^ + phi}  +  min{ max_s' V~_{t+1}(s'),  P^ V~_{t+1} + (H - t) phi }
//     else:
//       Q~_t(s,a) = 1 + max_s' V~_{t+1}(s')
//     V~_t(s) = max_a Q~_t(s,a),   pi_k(s, t) = argmax_a Q~_t(s,a)
// Rewards are in [0, 1] (Observe refuses others).
//
// The authors' Julia reference (chrodan/FiniteEpisodicRL.jl, ubev.jl) uses the same llnp, phi
// and ln(3 S A H / (delta / 9)) = ln(3 / delta'), the same caps and the same value 1 + max V~ for
// unvisited pairs (its rewards are known, so its reward term is the true reward). Two
// differences, where we follow the paper: it scales the transition bonus by the observed range
// max V~_{t+1} - min V~_{t+1} instead of H - t, and breaks ties by the first maximiser. Ties here
// are broken uniformly at random, as for every tabular agent (optimistic_planner.h).
//
// num_below_cap() (Q below the cap H) is a diagnostic of PUCB-style planners; UBEV has no single
// cap (Q~_t <= H - t + 1), so it reports 0 (an episode loop records "never").
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
  // delta, the failure probability of Alg. 1 (delta' = delta / (9SAH) in phi). In (0, 1).
  double failure_probability = 0.05;

  absl::Status Validate() const;
};

// llnp(x) = max(0, ln(max(0, ln x))) (Dann et al. 2017; 0 for x <= e).
double Llnp(double x);

class UbevAgent : public TabularAgent {
 public:
  static absl::StatusOr<std::unique_ptr<UbevAgent>> Create(const TabularShape& shape,
                                                           const UbevOptions& options);

  const TabularShape& shape() const override { return shape_; }
  void BeginEpisode() override;
  void EndEpisode() override {}

  const OptimisticPlan& plan() const override { return plan_; }
  // Exact statistics (index TabularShape::Index; transitions Index * S + s').
  const EmpiricalCounts& counts() const { return counts_; }
  // phi(n) of Alg. 1 for these options and shape.
  double Phi(double count) const;

 protected:
  void RecordStep(int h, int s, int a, double reward, int next_state) override;

 private:
  UbevAgent(const TabularShape& shape, const UbevOptions& options);

  TabularShape shape_;
  UbevOptions options_;
  double log_confidence_term_;  // ln(3 / delta') = ln(27 SAH / delta)
  EmpiricalCounts counts_;
  OptimisticPlan plan_;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_UBEV_H_
