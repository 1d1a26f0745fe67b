// The settings of the optimistic step (9) of OFU-RL / Private-OFU-RL (algorithms/lqr/ofu_step.h:
// L-BFGS from several starts). A header of its own, without the solver, so that what describes an
// agent can be read without linking it.
#ifndef DPRL_ALGORITHMS_LQR_OFU_STEP_OPTIONS_H_
#define DPRL_ALGORITHMS_LQR_OFU_STEP_OPTIONS_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace dprl {

// The minimiser run from each start of the step. Both are L-BFGS on the same objective, exact
// gradient and starts, stopped by the same iteration limit and relative objective change; they
// differ in their line searches and bookkeeping, so their end points differ in the last digits or,
// on flat objectives, more (docs/private_ofu_rl.md compares them).
enum class OfuMinimiser {
  // ceres::GradientProblemSolver (Ceres Solver 2.1: L-BFGS of rank 20, Wolfe line search with
  // cubic interpolation). The default: every committed result was made with it.
  kCeres,
  // LBFGSpp::LBFGSSolver (LBFGS++ 0.1.0, Yixuan Qiu; header-only on Eigen, Debian
  // liblbfgspp-dev): L-BFGS of rank min(20, number of parameters) with LBFGS++'s bracketing line
  // search (weak Wolfe conditions, bisection), none of Ceres' timers, statistics or allocation
  // per iteration. Each start keeps the best point it evaluated (also where the line search
  // throws, having found no acceptable step).
  kLbfgspp,
};

// "ceres" | "lbfgspp".
const char* OfuMinimiserName(OfuMinimiser minimiser);
// The minimiser of that name; InvalidArgument "'<name>' is not one of ceres | lbfgspp" otherwise.
absl::StatusOr<OfuMinimiser> ParseOfuMinimiser(absl::string_view name);

struct OfuStepOptions {
  // Extra starts with U uniform in the unit ball (besides the centre and the warm start). >= 0.
  int random_starts = 2;
  // L-BFGS iterations per start. >= 1.
  int max_iterations = 100;
  // Relative change of the objective between iterations that stops a start (Ceres'
  // function_tolerance; LBFGS++'s delta over one past iteration). Finite, > 0.
  double function_tolerance = 1e-10;
  // The minimiser of every start (above). Default: Ceres.
  OfuMinimiser minimiser = OfuMinimiser::kCeres;
  // Return a feasible A = 0 model without calling Ceres when there is one (header). false runs
  // the iterative solver regardless -- for benchmarks on the same problem and for tests.
  bool zero_dynamics_shortcut = true;

  absl::Status Validate() const;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_LQR_OFU_STEP_OPTIONS_H_
