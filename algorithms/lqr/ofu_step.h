// The optimistic step (9) of OFU-RL / Private-OFU-RL, solved with L-BFGS (Ceres or LBFGS++).
//
// Specification
// -------------
// S. R. Chowdhury, X. Zhou, N. Shroff, "Adaptive Control of Differentially Private Linear
// Quadratic Systems", ISIT 2021, eq. (9):
//   Theta~_k in argmin { J_1*(Theta, x_{k,1}) : Theta in C_k(alpha) cap S },
//   C_k(alpha) = { Theta : ||Theta - Theta^_k||_{V_k} <= beta_k }            (8)
//   S          = { Theta : ||Theta||_F <= 1 }  (controllability, a measure-zero exclusion, is not
//                imposed; Riccati is well defined for every Theta because R is positive definite)
// with J_1* from (4)-(5) (algorithms/lqr/riccati.h), ||M||_V^2 = tr(M' V M).
//
// Shortcut (zero_dynamics_model.h): A = 0 minimises J_1* over all models, so if C_k cap S contains
// a model [0, B]' the step returns that model (gains K_h = 0, u = 0) without calling a minimiser,
// and sets zero_dynamics_feasible.
//
// Otherwise: every iterate is feasible through the parametrisation v -> Theta of
// ofu_parametrisation.h (c = a point of C_k cap S on the segment [0, Theta^]). If no such point
// exists (the segment from 0 to Theta^ misses C_k cap S -- then the intersection is small or
// empty, so Theta* was not in C_k: the "good event" of Thm. 1 failed), the step returns
// c = Theta^ / max(1, ||Theta^||_F) and sets intersection_found = false.
//
// The objective's gradient is exact and closed-form (envelope theorem through the Riccati
// recursion, reverse mode through the map; ofu_parametrisation.h), and the objective is minimised
// by L-BFGS (OfuStepOptions::minimiser: ceres::GradientProblemSolver with a Wolfe line search, the
// default, or LBFGS++ with a weak-Wolfe bracketing one) from several starts: the centre
// (v = 0), the warm start (the previous episode's Theta~ mapped back to v, when given), and
// random_starts points with U uniform in the unit ball. The best end point wins; the result says
// which start won and by how much the random starts improved on the deterministic ones.
// OfuStepResult reports the minimiser's total iterations and wall time. The solver's settings are
// OfuStepOptions (each field documents its default and range).
#ifndef DPRL_ALGORITHMS_LQR_OFU_STEP_H_
#define DPRL_ALGORITHMS_LQR_OFU_STEP_H_

#include <Eigen/Dense>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/lqr/ofu_parametrisation.h"
#include "algorithms/lqr/ofu_step_options.h"
#include "random/random_stream.h"

namespace dprl {

struct OfuStepResult {
  Eigen::MatrixXd theta;               // Theta~_k (feasible)
  double optimal_cost = 0.0;           // J_1*(Theta~_k, x_{k,1})
  // Minimiser iterations summed over starts (a LBFGS++ start whose line search threw adds its
  // objective evaluations instead, an upper bound of its iterations).
  int iterations = 0;
  int starts = 0;                      // number of starts run (0 on the shortcut)
  // Which start's end point won: 0 the centre, 1 the warm start (when given), then the random
  // starts in order; -1 when no minimiser was called (shortcut or fallback).
  int winning_start = -1;
  // (best end point of the centre and warm starts) - optimal_cost >= 0: what the random starts
  // gained (0 when they did not win).
  double random_start_gain = 0.0;
  double seconds = 0.0;                // wall time of the whole step
  bool intersection_found = true;      // false: fallback (see header)
  bool zero_dynamics_feasible = false; // C_k cap S contains an A = 0 model: u = 0 (see header)
};

// Solves (9). `warm_start` may be null. InvalidArgument for bad shapes, non-PD V, beta <= 0 or
// non-finite inputs (message names the field).
absl::StatusOr<OfuStepResult> SolveOfuStep(const OfuProblem& problem, const OfuStepOptions& options,
                                           const Eigen::MatrixXd* warm_start, RandomStream& stream);

// The map v -> Theta above (for tests and diagnostics); v has (n + d) n entries, column-major U.
// Returns false if the intersection fallback applies.
bool OfuParameterToTheta(const OfuProblem& problem, const Eigen::VectorXd& v,
                         Eigen::MatrixXd* theta);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_LQR_OFU_STEP_H_
