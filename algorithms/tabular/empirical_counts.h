// Exact (non-private) empirical statistics of the episodes seen so far, shared by the agents that
// plan on the true counts (UBEV, RLSVI, UCB-VI, PUCB on exact counts), and the optimistic planner's
// view of them (ExactCountStatistics).
//
//   N(s,a,h)      visits of (s, a) at step h               visit_counts()[Index(h,s,a)]
//   R(s,a,h)      sum of the rewards observed there       reward_sums()[Index(h,s,a)]
//   M(s,a,s',h)   transitions (s, a) -> s' at step h       transition_counts()[Index(h,s,a)*S + s']
//
// (Lu et al. 2026, Sec. 3 "Notation for empirical estimates": N_h^k(s,a), R_h^k(s,a),
// N_h^k(s,a,s'); Vietri et al. 2020, Sec. 5: n^, r^, m^.) Counts are stored as doubles because they
// enter floating-point formulas directly; they stay exact integers below 2^53.
#ifndef DPRL_ALGORITHMS_TABULAR_EMPIRICAL_COUNTS_H_
#define DPRL_ALGORITHMS_TABULAR_EMPIRICAL_COUNTS_H_

#include <cstdint>
#include <vector>

#include "algorithms/tabular/optimistic_planner.h"

namespace dprl {

class EmpiricalCounts {
 public:
  explicit EmpiricalCounts(const TabularShape& shape)
      : num_states_(shape.num_states),
        visit_counts_(shape.StateActionSteps(), 0.0),
        reward_sums_(shape.StateActionSteps(), 0.0),
        transition_counts_(shape.StateActionSteps() * shape.num_states, 0.0) {}

  // Records one step: (s, a) at step h (flat index TabularShape::Index(h, s, a)) gave `reward`
  // and led to `next_state`.
  void Add(int64_t index, double reward, int next_state) {
    visit_counts_[index] += 1.0;
    reward_sums_[index] += reward;
    transition_counts_[index * num_states_ + next_state] += 1.0;
  }

  double Visits(int64_t index) const { return visit_counts_[index]; }
  double RewardSum(int64_t index) const { return reward_sums_[index]; }
  // sum_{s'} M(s,a,s',h) next_values[s'] for the triple at `index`.
  double NextValueSum(int64_t index, const double* next_values) const {
    return RowNextValueSum(transition_counts_.data() + index * num_states_, next_values,
                           num_states_);
  }

  const std::vector<double>& visit_counts() const { return visit_counts_; }
  const std::vector<double>& reward_sums() const { return reward_sums_; }
  const std::vector<double>& transition_counts() const { return transition_counts_; }

 private:
  int num_states_;
  std::vector<double> visit_counts_;
  std::vector<double> reward_sums_;
  std::vector<double> transition_counts_;
};

// The optimistic planner's statistics view of exact counts (the agents that plan on the true
// counts with a per-triple optimism bonus: UCB-VI, PUCB on exact counts). A triple is estimated
// once visited (N >= 1); its confidence is the caller's bonus table, filled for every visited
// triple. Holds references: shape, counts and bonus table must outlive it.
class ExactCountStatistics {
 public:
  ExactCountStatistics(const TabularShape& shape, const EmpiricalCounts& counts,
                       const std::vector<double>& confidence)
      : shape_(shape), counts_(counts), confidence_(confidence) {}
  bool IsEstimated(int h, int s, int a) const { return Count(h, s, a) > 0.0; }
  double Count(int h, int s, int a) const { return counts_.Visits(shape_.Index(h, s, a)); }
  double RewardSum(int h, int s, int a) const { return counts_.RewardSum(shape_.Index(h, s, a)); }
  double Confidence(int h, int s, int a) const { return confidence_[shape_.Index(h, s, a)]; }
  double NextValueSum(int h, int s, int a, const double* next_values) const {
    return counts_.NextValueSum(shape_.Index(h, s, a), next_values);
  }

 private:
  const TabularShape& shape_;
  const EmpiricalCounts& counts_;
  const std::vector<double>& confidence_;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_EMPIRICAL_COUNTS_H_
