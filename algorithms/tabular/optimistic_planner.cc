#include "algorithms/tabular/optimistic_planner.h"

#include <glog/logging.h>

#include <cstring>

namespace dprl {
namespace {

// Bitwise equality (distinguishes 0.0 from -0.0, unlike ==).
bool SameBits(double x, double y) {
  uint64_t x_bits, y_bits;
  std::memcpy(&x_bits, &x, sizeof x);
  std::memcpy(&y_bits, &y, sizeof y);
  return x_bits == y_bits;
}

}  // namespace

OptimisticPlan::OptimisticPlan(const TabularShape& shape)
    : shape_(shape),
      optimistic_q_(shape.StateActionSteps(), 0.0),
      optimistic_values_(static_cast<int64_t>(shape.horizon + 1) * shape.num_states, 0.0),
      action_probabilities_(shape.StateActionSteps(), 0.0),
      below_cap_per_step_(shape.horizon, 0),
      changed_(shape.StateActionSteps(), 0) {
  CHECK_GE(shape.num_states, 1);
  CHECK_GE(shape.num_actions, 1);
  CHECK_GE(shape.horizon, 1);
}

bool OptimisticPlan::FinishStep(int h, double value_cap) {
  const int S = shape_.num_states, A = shape_.num_actions;
  int64_t below_cap = 0;
  bool values_changed = false;
  for (int s = 0; s < S; ++s) {
    const int64_t base = shape_.Index(h, s, 0);
    const double* q = optimistic_q_.data() + base;
    // The first maximiser and the number of Q equal to it, in one pass (what std::max over a and
    // then a count of q[a] == best give: best only grows, so no earlier Q equals a later best).
    double best = q[0];
    int ties = (q[0] == best);  // 0 for a NaN, as the count would give
    below_cap += (q[0] < value_cap);
    for (int a = 1; a < A; ++a) {
      if (best < q[a]) {
        best = q[a];
        ties = 1;
      } else {
        ties += (q[a] == best);
      }
      below_cap += (q[a] < value_cap);
    }
    const double p = 1.0 / ties;
    for (int a = 0; a < A; ++a) action_probabilities_[base + a] = (q[a] == best) ? p : 0.0;
    double& value = optimistic_values_[static_cast<int64_t>(h) * S + s];
    values_changed = values_changed || !SameBits(value, best);
    value = best;
  }
  below_cap_per_step_[h] = below_cap;
  return values_changed;
}

int OptimisticPlan::SampleAction(int h, int s, RandomStream& policy_stream) const {
  const int A = shape_.num_actions;
  const int64_t base = shape_.Index(h, s, 0);
  int ties = 0;
  for (int a = 0; a < A; ++a) ties += (action_probabilities_[base + a] > 0.0);
  int pick = ties == 1 ? 0 : static_cast<int>(policy_stream.UniformInt(ties));
  for (int a = 0; a < A; ++a) {
    if (action_probabilities_[base + a] > 0.0 && pick-- == 0) return a;
  }
  LOG(FATAL) << "no maximising action at h=" << h << " s=" << s;
  return -1;
}

}  // namespace dprl
