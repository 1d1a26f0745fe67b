// The CCE step of DP-Nash-VI (Qiao & Wang 2024, Alg. 1, line 14; Xie et al. 2020, Liu et al.
// 2021): a coarse correlated equilibrium of the upper and lower Q-functions of one (h, s).
//
// Specification
// -------------
// Given Q-bar, Q-under : [A] x [B] -> [0, H] (row-major, entry a B + b), CCE(Q-bar, Q-under) is a
// joint distribution pi on [A] x [B] with
//   E_pi Q-bar(a, b)   >= max_{a'} E_pi Q-bar(a', b)     (the max-player gains nothing by
//                                                          deviating to a fixed a')
//   E_pi Q-under(a, b) <= min_{b'} E_pi Q-under(a, b')   (nor the min-player to a fixed b').
// A Nash equilibrium of the pair is one, so the set is never empty; it is a polytope with many
// points. The choice here: the pi of that polytope minimising E_pi [Q-bar - Q-under] (the gap the
// regret is bounded by), as GLPK's simplex returns it (common/linear_program.h: deterministic),
// with entries below 0 from rounding clipped and the rest renormalised.
// With B = 1 the constraints say pi is supported on argmax_a Q-bar(a) (up to the simplex's
// tolerance), and the objective picks the maximiser with the smallest Q-bar - Q-under.
#ifndef DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_CCE_H_
#define DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_CCE_H_

#include <vector>

#include "absl/status/statusor.h"

namespace dprl {

// pi at a B + b. InvalidArgument for sizes other than A B or non-finite entries; the LP's errors
// otherwise (which a feasible problem never gives).
absl::StatusOr<std::vector<double>> CoarseCorrelatedEquilibrium(const std::vector<double>& upper,
                                                                const std::vector<double>& lower,
                                                                int num_max_actions,
                                                                int num_min_actions);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_CCE_H_
