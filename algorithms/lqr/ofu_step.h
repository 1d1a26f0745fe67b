// The optimistic step (9) of OFU-RL / Private-OFU-RL, solved with Ceres.
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
// Parametrisation (every iterate feasible, no constraints left for the solver):
//   v in R^{(n+d) n} (unconstrained)  ->  U = v / sqrt(1 + ||v||^2)       (open unit ball, smooth)
//   Theta_e = Theta^ + beta V^{-1/2} U                    (||Theta_e - Theta^||_V = beta ||U||_F)
//   Theta   = Theta_e                                     if ||Theta_e||_F <= 1,
//             c + t (Theta_e - c), t in (0, 1] with ||Theta||_F = 1   otherwise,
// where c is a fixed point of C_k cap S: c = s Theta^ for s the midpoint of the interval of s in
// [0, 1] with s Theta^ in both sets. Both sets are convex, so the segment [c, Theta_e] stays in
// C_k and its point on the unit sphere is in S: Theta is always feasible, and every point of
// C_k cap S is reached. (A sphere manifold for U was not used: the minimiser may be interior.)
// If no s exists (the segment from 0 to Theta^ misses C_k cap S -- then the intersection is small
// or empty, so Theta* was not in C_k: the "good event" of Thm. 1 failed), the step returns c =
// Theta^ / max(1, ||Theta^||_F) and sets intersection_found = false.
//
// The objective is differentiated exactly by forward-mode automatic differentiation (ceres::Jet,
// kJetChunk directions per pass) through the map above and the Riccati recursion, and minimised
// by ceres::GradientProblemSolver (L-BFGS, Wolfe line search) from several starts: the centre
// (v = 0, Theta = c-shrunk Theta^), the warm start (the previous episode's Theta~ mapped back to v,
// when given), and random_starts points with U uniform in the unit ball. The best end point wins.
// OfuStepResult reports total Ceres iterations and wall time. The solver's settings are
// OfuStepOptions (each field documents its default and range).
#ifndef DPRL_ALGORITHMS_LQR_OFU_STEP_H_
#define DPRL_ALGORITHMS_LQR_OFU_STEP_H_

#include <Eigen/Dense>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "random/random_stream.h"

namespace dprl {

struct OfuStepOptions {
  // Extra starts with U uniform in the unit ball (besides the centre and the warm start). >= 0.
  int random_starts = 2;
  // L-BFGS iterations per start. >= 1.
  int max_iterations = 100;
  // Ceres function_tolerance (relative change of the objective that stops a start). Finite, > 0.
  double function_tolerance = 1e-10;

  absl::Status Validate() const;
};

struct OfuProblem {
  Eigen::MatrixXd theta_hat;         // Theta^_k, (n + d) x n
  Eigen::MatrixXd v;                 // V_k, (n + d) x (n + d), symmetric positive definite
  double beta = 1.0;                 // beta_k > 0
  Eigen::MatrixXd q, r;              // cost matrices
  Eigen::MatrixXd noise_covariance;  // W (enters (5))
  Eigen::VectorXd initial_state;     // x_{k,1}
  int horizon = 1;                   // H
};

struct OfuStepResult {
  Eigen::MatrixXd theta;           // Theta~_k (feasible)
  double optimal_cost = 0.0;       // J_1*(Theta~_k, x_{k,1})
  int iterations = 0;              // Ceres iterations summed over starts
  int starts = 0;                  // number of starts run
  double seconds = 0.0;            // wall time of the whole step
  bool intersection_found = true;  // false: fallback (see header)
};

// Forward-mode chunk width of the gradient (Jet<double, kJetChunk>).
inline constexpr int kJetChunk = 8;

// ||M||_V = sqrt(tr(M' V M)).
double VNorm(const Eigen::MatrixXd& m, const Eigen::MatrixXd& v);

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
