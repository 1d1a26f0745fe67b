// One cell's UCB and LCB of DP-Nash-VI (Qiao & Wang 2024, Alg. 1, lines 7-11), shared by the
// one-player agent (dp_nash_vi_agent.h) and the two-player one.
//
// Specification
// -------------
// For the cell (h, s, j) with private counts N~(s') (S values) and N~ = sum_{s'} N~(s')
// (count_post_processing.h), known reward r, and next values Vu = V-bar_{h+1}, Vl = V-under_{h+1}:
//   P~(s')  = N~(s') / N~                                                       (1), line 7
//   gamma   = (C1 / H) P~ (Vu - Vl)                                             line 8
//   Gamma   = C2 sqrt(Var_{P~}((Vu + Vl) / 2) iota / N~) + C2 H S E iota / N~
//             + C2 H^2 S iota / N~                                              line 9
//   Q-bar   = min{ r + P~ Vu + gamma + Gamma, H }                               line 10
//   Q-under = max{ r + P~ Vl - gamma - Gamma, 0 }                               line 11
// with Var_P(f) = P f^2 - (P f)^2, clipped at 0 against rounding. H is the cap at every step, as
// printed. N~ = 0 (only without a Privatizer, E = 0, before the cell's first visit) leaves every
// bonus infinite: Q-bar = H, Q-under = 0.
#ifndef DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_NASH_BACKUP_H_
#define DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_NASH_BACKUP_H_

#include <algorithm>
#include <cmath>

namespace dprl {

// The constants of lines 8-11 for one run.
struct NashBackupConstants {
  double gap_constant = 3.0;     // C1
  double bonus_constant = 10.0;  // C2
  double log_term = 1.0;         // iota
  double error_bound = 0.0;      // E
  int num_states = 1;            // S
  int horizon = 1;               // H
};

struct NashBackup {
  double upper_q = 0.0;  // Q-bar
  double lower_q = 0.0;  // Q-under
};

// Lines 7-11 for one cell (above).
inline NashBackup NashBackupOf(double reward, const double* private_next, double private_visits,
                               const double* upper_next, const double* lower_next,
                               const NashBackupConstants& c) {
  const double h = c.horizon;
  if (!(private_visits > 0.0)) return {h, 0.0};
  double upper = 0.0, lower = 0.0, middle = 0.0, middle_squared = 0.0;
  for (int next = 0; next < c.num_states; ++next) {
    const double weight = private_next[next];
    const double mid = 0.5 * (upper_next[next] + lower_next[next]);
    upper += weight * upper_next[next];
    lower += weight * lower_next[next];
    middle += weight * mid;
    middle_squared += weight * mid * mid;
  }
  upper /= private_visits;
  lower /= private_visits;
  middle /= private_visits;
  middle_squared /= private_visits;
  const double variance = std::max(0.0, middle_squared - middle * middle);
  const double gamma = c.gap_constant / h * (upper - lower);
  const double per_count = c.log_term / private_visits;
  const double bonus = c.bonus_constant * (std::sqrt(variance * per_count) +
                                           h * c.num_states * c.error_bound * per_count +
                                           h * h * c.num_states * per_count);
  return {std::min(reward + upper + gamma + bonus, h),
          std::max(reward + lower - gamma - bonus, 0.0)};
}

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_NASH_BACKUP_H_
