// Greedy finite-horizon planning shared by UBEV and PUCB (optimistic) and RLSVI (randomized).
//
// Specification
// -------------
// Backward induction of Vietri et al. 2020, Algorithm 3 (PrivQ), written once for any source of
// statistics so that the non-private UBEV (Sec. 5, Dann et al. 2017) and the private PUCB
// (Alg. 2-3) share every line of planning code and differ only in the statistics they feed in:
//
//   V+_{H}(s) = 0                                   (paper: V~_{H+1} = 0; code steps are 0-based)
//   for h = H-1 .. 0, for all (s, a):
//     if stats.IsEstimated(h, s, a):
//       Q(s,a,h)  = (R(s,a,h) + sum_{s'} V+_{h+1}(s') M(s,a,s',h)) / N(s,a,h)      (Alg. 3, Q~_t)
//       Q+(s,a,h) = min{ value_cap, Q(s,a,h) + Confidence(s,a,h) }                (Alg. 3, Q~+_t)
//     else:
//       Q+(s,a,h) = value_cap                    (no usable estimate: Q* <= H, slides / Sec. 5
//       sketch)
//     V+_h(s) = max_a Q+(s,a,h)
//
// The greedy policy plays uniformly at random among the maximising actions of Q+(s,.,h)
// (exact floating-point ties), using the agent's own policy stream; `action_probabilities`
// gives that stochastic policy exactly, so regret can be computed by exact policy evaluation.
//
// Statistics concept (a class with these const members):
//   bool   IsEstimated(int h, int s, int a)  // false -> Q+ = value_cap, other members not called
//   double Count(int h, int s, int a)        // N, > 0 whenever IsEstimated
//   double RewardSum(int h, int s, int a)    // R
//   double Confidence(int h, int s, int a)   // optimism bonus, >= 0
//   double NextValueSum(int h, int s, int a, const double* next_values)  // sum_s' M(.,s') V(s')
//
// PlanGreedy(q_function, value_cap) is the same backward induction and greedy step with the
// per-triple formula supplied by the caller and no clipping: q_function(h, s, a, next_values)
// returns Q(s,a,h) given V_{h+1} (S entries). RLSVI (rlsvi.h) plans its perturbed Q~ with it, so
// all tabular agents share the greedy action, tie-breaking and action_probabilities code; there
// value_cap only sets the num_below_cap diagnostic. Plan(stats, cap) is PlanGreedy with the
// optimistic formula above.
//
// Incremental planning (PlanGreedyIncremental, PlanIncremental) gives the same plan, bit for bit,
// for agents whose per-triple formula is a pure function of h, the triple's own statistics and
// V_{h+1} (UBEV, PUCB on exact counts, and PUCB, whose unestimated triples' Q+ is the cap): the
// agent calls MarkChanged(h, s, a) whenever the statistics of (s, a, h) change in a way that may
// change its Q, and Q(s,a,h) is recomputed only where they changed or where V_{h+1} changed bit
// for bit since the last plan; a step none of whose Q was recomputed keeps its V_h, policy and
// num_below_cap count, and a plan with nothing marked does no work (it returns at once). Every Q
// that is recomputed is evaluated by the same expression in the same order as in PlanGreedy, and
// every Q that is kept would evaluate to the same bits, so nothing but the amount of work changes.
#ifndef DPRL_ALGORITHMS_TABULAR_OPTIMISTIC_PLANNER_H_
#define DPRL_ALGORITHMS_TABULAR_OPTIMISTIC_PLANNER_H_

#include <algorithm>
#include <cstdint>
#include <vector>

#include "algorithms/tabular/tabular_shape.h"
#include "random/random_stream.h"

namespace dprl {

// sum_{s'} row[s'] next_values[s'] over num_states entries, added in s' order (the order every
// plan's bits rest on): NextValueSum for statistics held as a row of doubles per triple.
inline double RowNextValueSum(const double* row, const double* next_values, int num_states) {
  double sum = 0.0;
  for (int next = 0; next < num_states; ++next) sum += row[next] * next_values[next];
  return sum;
}

// Output of one planning pass.
class OptimisticPlan {
 public:
  explicit OptimisticPlan(const TabularShape& shape);

  const TabularShape& shape() const { return shape_; }
  // Q+(s, a, h) at TabularShape::Index(h, s, a).
  const std::vector<double>& optimistic_q() const { return optimistic_q_; }
  // V+_h(s) at h * S + s, size (H + 1) * S with V+_H = 0.
  const std::vector<double>& optimistic_values() const { return optimistic_values_; }
  // pi(a | s, h) at Index(h, s, a): uniform over the maximisers of Q+(s, ., h).
  const std::vector<double>& action_probabilities() const { return action_probabilities_; }
  // Number of (s, a, h) whose Q+ is strictly below the cap (optimism no longer saturated).
  int64_t num_below_cap() const { return num_below_cap_; }

  // Plays the greedy policy: a uniformly random maximiser of Q+(s, ., h).
  int SampleAction(int h, int s, RandomStream& policy_stream) const;

  template <typename Statistics>
  void Plan(const Statistics& stats, double value_cap);

  // Backward induction V_H = 0, Q(s,a,h) = q_function(h, s, a, V_{h+1}), V_h(s) = max_a Q(s,a,h),
  // greedy policy as above. Q is stored as returned (no clipping); value_cap only counts
  // num_below_cap.
  template <typename QFunction>
  void PlanGreedy(const QFunction& q_function, double value_cap);

  // The statistics of (s, a, h) changed since the last plan (incremental planning, above).
  void MarkChanged(int h, int s, int a) { MarkChanged(shape_.Index(h, s, a)); }
  // The same for the triple at TabularShape::Index `index`.
  void MarkChanged(int64_t index) {
    changed_[index] = 1;
    any_changed_ = true;
  }
  // PlanGreedy / Plan recomputing only what MarkChanged and changed next values require (above).
  // The first call, a call after PlanGreedy or Plan, and a call with another value_cap recompute
  // every triple.
  template <typename QFunction>
  void PlanGreedyIncremental(const QFunction& q_function, double value_cap);
  template <typename Statistics>
  void PlanIncremental(const Statistics& stats, double value_cap);

 private:
  // V_h, pi(.|., h) and the step's num_below_cap count from Q(., ., h); true if some V_h(s)
  // changed bit for bit.
  bool FinishStep(int h, double value_cap);

  // Q+ of Alg. 3 from `stats` (the per-triple formula of Plan).
  template <typename Statistics>
  static auto OptimisticQ(const Statistics& stats, double value_cap);

  TabularShape shape_;
  std::vector<double> optimistic_q_;
  std::vector<double> optimistic_values_;
  std::vector<double> action_probabilities_;
  int64_t num_below_cap_ = 0;
  std::vector<int64_t> below_cap_per_step_;  // num_below_cap's count of each step h
  // Incremental planning: triples marked since the last plan, and whether the stored plan is one
  // that PlanGreedyIncremental may update (made by it with incremental_cap_).
  std::vector<uint8_t> changed_;
  bool any_changed_ = false;  // some changed_ entry is set
  bool incremental_valid_ = false;
  double incremental_cap_ = 0.0;
};

template <typename QFunction>
void OptimisticPlan::PlanGreedy(const QFunction& q_function, double value_cap) {
  const int S = shape_.num_states, A = shape_.num_actions, H = shape_.horizon;
  std::fill(optimistic_values_.begin() + static_cast<int64_t>(H) * S, optimistic_values_.end(),
            0.0);
  for (int h = H - 1; h >= 0; --h) {
    const double* next_values = optimistic_values_.data() + static_cast<int64_t>(h + 1) * S;
    for (int s = 0; s < S; ++s) {
      for (int a = 0; a < A; ++a) {
        optimistic_q_[shape_.Index(h, s, a)] = q_function(h, s, a, next_values);
      }
    }
    FinishStep(h, value_cap);
  }
  num_below_cap_ = 0;
  for (const int64_t count : below_cap_per_step_) num_below_cap_ += count;
  incremental_valid_ = false;
}

template <typename QFunction>
void OptimisticPlan::PlanGreedyIncremental(const QFunction& q_function, double value_cap) {
  const int S = shape_.num_states, A = shape_.num_actions, H = shape_.horizon;
  const bool everything = !incremental_valid_ || value_cap != incremental_cap_;
  // Nothing marked and the stored plan valid: no Q would be recomputed, the plan stays.
  if (!everything && !any_changed_) return;
  if (everything) {
    std::fill(optimistic_values_.begin() + static_cast<int64_t>(H) * S, optimistic_values_.end(),
              0.0);
  }
  bool next_changed = everything;  // V_{h+1} differs from the one the stored Q(., ., h) used
  for (int h = H - 1; h >= 0; --h) {
    const double* next_values = optimistic_values_.data() + static_cast<int64_t>(h + 1) * S;
    bool step_recomputed = false;
    for (int s = 0; s < S; ++s) {
      for (int a = 0; a < A; ++a) {
        const int64_t index = shape_.Index(h, s, a);
        if (next_changed || changed_[index]) {
          optimistic_q_[index] = q_function(h, s, a, next_values);
          changed_[index] = 0;
          step_recomputed = true;
        }
      }
    }
    const bool values_changed = step_recomputed && FinishStep(h, value_cap);
    next_changed = everything || values_changed;
  }
  num_below_cap_ = 0;
  for (const int64_t count : below_cap_per_step_) num_below_cap_ += count;
  any_changed_ = false;
  incremental_valid_ = true;
  incremental_cap_ = value_cap;
}

template <typename Statistics>
auto OptimisticPlan::OptimisticQ(const Statistics& stats, double value_cap) {
  return [&stats, value_cap](int h, int s, int a, const double* next_values) {
    double q_upper = value_cap;
    if (stats.IsEstimated(h, s, a)) {
      const double q_estimate =
          (stats.RewardSum(h, s, a) + stats.NextValueSum(h, s, a, next_values)) /
          stats.Count(h, s, a);
      q_upper = std::min(value_cap, q_estimate + stats.Confidence(h, s, a));
    }
    return q_upper;
  };
}

template <typename Statistics>
void OptimisticPlan::Plan(const Statistics& stats, double value_cap) {
  PlanGreedy(OptimisticQ(stats, value_cap), value_cap);
}

template <typename Statistics>
void OptimisticPlan::PlanIncremental(const Statistics& stats, double value_cap) {
  PlanGreedyIncremental(OptimisticQ(stats, value_cap), value_cap);
}

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_OPTIMISTIC_PLANNER_H_
