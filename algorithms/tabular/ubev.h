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
// Two variants, named honestly (UbevOptions::transition_bonus):
//   kRemainingSteps      "UBEV (paper's Alg. 1)": the transition bonus (H - t) phi as printed.
//   kObservedValueRange  "UBEV (authors' code)": what Dann et al.'s experiments ran, the Julia
//                        reference chrodan/FiniteEpisodicRL.jl, ubev.jl (update_policy!):
//                        the transition bonus is scaled by the observed range of the next values,
//                          (min(max_s' V~_{t+1}, Vmax) - min(min_s' V~_{t+1}, Vmax)) phi,
//                        and the next-state term is capped at min(max_s' V~_{t+1}, Vmax), with
//                        Vmax = H (the largest return, rewards in [0, 1]). Since V~_{t+1} <= H - t
//                        the Vmax cap never binds; it is kept as the authors wrote it. At
//                        t = H the range is 0 (V~_{H+1} = 0), as is H - t.
// Apart from that bonus the Julia code uses the same llnp, phi with ln(3SAH / (delta / 9)) =
// ln(3 / delta') (unknown rewards), the reward term min(1, r^ + phi), the same caps and the same
// value 1 + max V~ for unvisited pairs. It breaks ties by the first maximiser; ties here are
// broken uniformly at random in both variants, as for every tabular agent
// (optimistic_planner.h). The range bonus is much smaller than (H - t) phi early in an episode
// (the next values of a sparse-reward MDP are close together), so the authors' code explores far
// less than the printed rule.
//
// Computation: phi and the reward term min{1, r^ + phi} of a triple change only when its counts
// do, so they are computed for the triples visited in an episode, in one loop before the next
// plan, and kept; planning is incremental
// (optimistic_planner.h): Q~_t(s,a) is recomputed only where the triple's counts or V~_{t+1}
// changed. Both give the plan of the formulas above bit for bit.
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

// How the transition bonus of UBEV is scaled (see the header comment).
enum class UbevTransitionBonus {
  kRemainingSteps,      // (H - t) phi: Dann et al. 2017, Alg. 1 as printed
  kObservedValueRange,  // (max V~_{t+1} - min V~_{t+1}) phi: the authors' ubev.jl, as run
};

struct UbevOptions {
  // delta, the failure probability of Alg. 1 (delta' = delta / (9SAH) in phi). In (0, 1).
  double failure_probability = 0.05;
  // The transition bonus: the paper's (H - t) phi, or the observed value range of ubev.jl.
  UbevTransitionBonus transition_bonus = UbevTransitionBonus::kRemainingSteps;

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
  // Per triple (TabularShape::Index), from its counts at the last plan when n >= 1: phi(n) and
  // min{1, r^ + phi(n)}.
  std::vector<double> phi_;
  std::vector<double> reward_term_;
  std::vector<int64_t> visited_;  // triples whose counts changed since the last plan
  OptimisticPlan plan_;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_UBEV_H_
