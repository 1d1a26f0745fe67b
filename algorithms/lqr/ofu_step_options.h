// The settings of the optimistic step (9) of OFU-RL / Private-OFU-RL (algorithms/lqr/ofu_step.h:
// Ceres L-BFGS from several starts). A header of its own, without the solver, so that what
// describes an agent can be read without linking it.
#ifndef DPRL_ALGORITHMS_LQR_OFU_STEP_OPTIONS_H_
#define DPRL_ALGORITHMS_LQR_OFU_STEP_OPTIONS_H_

#include "absl/status/status.h"

namespace dprl {

struct OfuStepOptions {
  // Extra starts with U uniform in the unit ball (besides the centre and the warm start). >= 0.
  int random_starts = 2;
  // L-BFGS iterations per start. >= 1.
  int max_iterations = 100;
  // Ceres function_tolerance (relative change of the objective that stops a start). Finite, > 0.
  double function_tolerance = 1e-10;
  // Return a feasible A = 0 model without calling Ceres when there is one (header). false runs
  // the iterative solver regardless -- for benchmarks on the same problem and for tests.
  bool zero_dynamics_shortcut = true;

  absl::Status Validate() const;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_LQR_OFU_STEP_OPTIONS_H_
