#include "algorithms/tabular/dp_nash_vi/cce.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"
#include "common/linear_program.h"
#include "common/status_macros.h"

namespace dprl {

absl::StatusOr<std::vector<double>> CoarseCorrelatedEquilibrium(const std::vector<double>& upper,
                                                                const std::vector<double>& lower,
                                                                int num_max_actions,
                                                                int num_min_actions) {
  const int A = num_max_actions, B = num_min_actions;
  if (A < 1 || B < 1 || upper.size() != static_cast<size_t>(A) * B ||
      lower.size() != upper.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat("CCE needs A, B >= 1 and A B entries of each Q; got A = ", A, ", B = ", B,
                     ", ", upper.size(), " and ", lower.size(), " entries"));
  }
  for (size_t j = 0; j < upper.size(); ++j) {
    if (!std::isfinite(upper[j]) || !std::isfinite(lower[j])) {
      return absl::InvalidArgumentError(absl::StrCat("CCE: Q entry ", j, " is not finite"));
    }
  }
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const int J = A * B;
  LinearProgram lp;
  lp.objective.resize(J);
  for (int j = 0; j < J; ++j) lp.objective[j] = upper[j] - lower[j];
  lp.column_lower.assign(J, 0.0);
  lp.column_upper.assign(J, 1.0);
  // sum_{a,b} pi(a,b) [Q-bar(a,b) - Q-bar(a',b)] >= 0 for every a'.
  for (int deviation = 0; deviation < A; ++deviation) {
    std::vector<double> row(J);
    for (int a = 0; a < A; ++a) {
      for (int b = 0; b < B; ++b) row[a * B + b] = upper[a * B + b] - upper[deviation * B + b];
    }
    lp.rows.push_back(std::move(row));
    lp.row_lower.push_back(0.0);
    lp.row_upper.push_back(kInf);
  }
  // sum_{a,b} pi(a,b) [Q-under(a,b') - Q-under(a,b)] >= 0 for every b'.
  for (int deviation = 0; deviation < B; ++deviation) {
    std::vector<double> row(J);
    for (int a = 0; a < A; ++a) {
      for (int b = 0; b < B; ++b) row[a * B + b] = lower[a * B + deviation] - lower[a * B + b];
    }
    lp.rows.push_back(std::move(row));
    lp.row_lower.push_back(0.0);
    lp.row_upper.push_back(kInf);
  }
  lp.rows.push_back(std::vector<double>(J, 1.0));
  lp.row_lower.push_back(1.0);
  lp.row_upper.push_back(1.0);
  ASSIGN_OR_RETURN(LinearProgramSolution solution, SolveLinearProgram(lp));
  std::vector<double> pi = std::move(solution.x);
  double total = 0.0;
  for (double& p : pi) total += (p = std::max(0.0, p));
  for (double& p : pi) p /= total;
  return pi;
}

}  // namespace dprl
