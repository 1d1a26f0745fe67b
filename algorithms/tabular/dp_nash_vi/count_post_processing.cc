#include "algorithms/tabular/dp_nash_vi/count_post_processing.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <functional>

namespace dprl {
namespace {

// The lambda with sum_{s'} max(0, v_{s'} + lambda) = target (target >= 0), the largest one when
// several (target = 0), from the counts sorted in decreasing order.
double ShiftForSum(const double* sorted_descending, int num_states, double target) {
  double prefix = 0.0;
  for (int j = 1; j <= num_states; ++j) {
    prefix += sorted_descending[j - 1];
    const double lambda = (target - prefix) / j;
    const bool last_active = sorted_descending[j - 1] + lambda >= 0.0;
    const bool next_inactive = j == num_states || sorted_descending[j] + lambda <= 0.0;
    if (last_active && next_inactive) return lambda;
  }
  // Unreachable for target >= 0 (j = S is valid when every count is active); floating-point
  // rounding at the boundary is the only way here, and j = S is then the solution.
  return (target - prefix) / num_states;
}

}  // namespace

PostProcessedCell SolveCountProblem(const int64_t* noisy_next, int num_states, int64_t noisy_visits,
                                    double error_bound, double* solution, double* scratch) {
  CHECK_GE(num_states, 1);
  CHECK(std::isfinite(error_bound) && error_bound >= 0.0) << "error_bound " << error_bound;
  const double quarter = error_bound / 4.0;
  const double lower = static_cast<double>(noisy_visits) - quarter;  // L
  const double upper = static_cast<double>(noisy_visits) + quarter;  // U
  PostProcessedCell cell;
  if (upper < 0.0) {
    std::fill(solution, solution + num_states, 0.0);
    cell.solved = PostProcessingCase::kInfeasible;
    return cell;
  }
  double clipped_sum = 0.0;  // g(0)
  for (int s = 0; s < num_states; ++s) {
    clipped_sum += std::max(0.0, static_cast<double>(noisy_next[s]));
  }
  if (clipped_sum > upper || clipped_sum < lower) {
    for (int s = 0; s < num_states; ++s) scratch[s] = static_cast<double>(noisy_next[s]);
    std::sort(scratch, scratch + num_states, std::greater<double>());
    const bool lowered = clipped_sum > upper;
    cell.shift = ShiftForSum(scratch, num_states, lowered ? upper : lower);
    cell.solved = lowered ? PostProcessingCase::kLowered : PostProcessingCase::kRaised;
  }
  double total = 0.0;
  for (int s = 0; s < num_states; ++s) {
    solution[s] = std::max(0.0, static_cast<double>(noisy_next[s]) + cell.shift);
    total += solution[s];
  }
  cell.visits = total;
  return cell;
}

PostProcessedCell PostProcessCounts(const int64_t* noisy_next, int num_states, int64_t noisy_visits,
                                    double error_bound, double* private_next, double* scratch) {
  PostProcessedCell cell =
      SolveCountProblem(noisy_next, num_states, noisy_visits, error_bound, private_next, scratch);
  const double per_state = error_bound / (2.0 * num_states);
  double total = 0.0;
  for (int s = 0; s < num_states; ++s) {
    private_next[s] += per_state;
    total += private_next[s];
  }
  // N~ = sum_{s'} N~(s') exactly as the sum of the stored values (Assumption 3.1 (2)), so that
  // P~ = N~(s') / N~ sums to 1 up to rounding.
  cell.visits = total;
  return cell;
}

}  // namespace dprl
