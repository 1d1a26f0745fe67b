// The feasible parametrisation of C_k cap S used by the OFU step (9), and the objective
// v -> J_1*(Theta(v), x_{k,1}) with its exact gradient.
//
// Specification
// -------------
// S. R. Chowdhury, X. Zhou, N. Shroff, "Adaptive Control of Differentially Private Linear
// Quadratic Systems", ISIT 2021, eqs. (8)-(9): C_k = { Theta : ||Theta - Theta^_k||_{V_k} <=
// beta_k }, S = { Theta : ||Theta||_F <= 1 }.
//   v in R^{(n+d) n} (unconstrained)  ->  U = v / sqrt(1 + ||v||^2)       (open unit ball, smooth)
//   Theta_e = Theta^ + beta V^{-1/2} U                    (||Theta_e - Theta^||_V = beta ||U||_F)
//   Theta   = Theta_e                                     if ||Theta_e||_F <= 1,
//             c + t (Theta_e - c), t in (0, 1] with ||Theta||_F = 1   otherwise,
// where c is a fixed point of C_k cap S: c = s Theta^ for s the midpoint of the interval of s in
// [0, 1] with s Theta^ in both sets. Both sets are convex, so the segment [c, Theta_e] stays in
// C_k and its point on the unit sphere is in S: Theta is always feasible, and every point of
// C_k cap S is reached. If no such s exists, `found` is false (see ofu_step.h).
//
// Gradient (OfuObjectiveAndGradient): reverse mode through the map, with G = dJ*/dTheta from the
// envelope theorem (OptimalCostAndGradient, riccati.h):
//   sphere branch:  dTheta = t dDelta + Delta dt, dt = -t <Theta, dDelta> / <Theta, Delta>
//                   (differentiating ||c + t Delta||_F^2 = 1; <Theta, Delta> > 0 as ||c|| < 1), so
//                   G_Delta = t (G - (<G, Delta> / <Theta, Delta>) Theta);
//   G_U = beta V^{-1/2} G_Theta_e;   with s = (1 + ||v||^2)^{-1/2}: G_v = s G_U - s^3 <G_U, v> v.
// Checked against forward-mode ceres::Jet through MapToTheta<Jet> in ofu_step_test.
#ifndef DPRL_ALGORITHMS_LQR_OFU_PARAMETRISATION_H_
#define DPRL_ALGORITHMS_LQR_OFU_PARAMETRISATION_H_

#include <cmath>

#include <Eigen/Dense>

#include "algorithms/lqr/riccati.h"

namespace dprl {

struct OfuProblem {
  Eigen::MatrixXd theta_hat;         // Theta^_k, (n + d) x n
  Eigen::MatrixXd v;                 // V_k, (n + d) x (n + d), symmetric positive definite
  double beta = 1.0;                 // beta_k > 0
  Eigen::MatrixXd q, r;              // cost matrices
  Eigen::MatrixXd noise_covariance;  // W (enters (5))
  Eigen::VectorXd initial_state;     // x_{k,1}
  int horizon = 1;                   // H
};

// ||M||_V = sqrt(tr(M' V M)).
double VNorm(const Eigen::MatrixXd& m, const Eigen::MatrixXd& v);

// Precomputed pieces of the parametrisation of one problem.
struct OfuGeometry {
  const OfuProblem* problem = nullptr;  // not owned; outlives the geometry
  Eigen::MatrixXd v_inv_sqrt;           // V^{-1/2}
  Eigen::MatrixXd v_sqrt;               // V^{1/2}
  Eigen::MatrixXd centre;               // c
  bool found = true;                    // the segment from 0 to Theta^ meets C_k cap S
  int rows = 0, cols = 0;               // n + d, n
  int size() const { return rows * cols; }
};

OfuGeometry MakeOfuGeometry(const OfuProblem& problem);

// v -> Theta (v has size() entries, column-major U). Templated for ceres::Jet (tests).
template <typename T>
DynMatrix<T> MapToTheta(const OfuGeometry& g, const T* v) {
  const OfuProblem& p = *g.problem;
  T norm2(0.0);
  for (int i = 0; i < g.size(); ++i) norm2 += v[i] * v[i];
  using std::sqrt;
  const T scale = T(1.0) / sqrt(T(1.0) + norm2);
  DynMatrix<T> u(g.rows, g.cols);
  for (int j = 0; j < g.cols; ++j)
    for (int i = 0; i < g.rows; ++i) u(i, j) = v[j * g.rows + i] * scale;
  const DynMatrix<T> theta_e = p.theta_hat.cast<T>() + (g.v_inv_sqrt.cast<T>() * u) * T(p.beta);
  const T fe2 = theta_e.squaredNorm();
  if (fe2 <= T(1.0)) return theta_e;
  const DynMatrix<T> c = g.centre.cast<T>();
  const DynMatrix<T> delta = theta_e - c;
  const T cd = (c.array() * delta.array()).sum();
  const T dd = delta.squaredNorm();
  const T cc = c.squaredNorm();
  const T t = (-cd + sqrt(cd * cd + dd * (T(1.0) - cc))) / dd;
  return c + delta * t;
}

// J_1*(Theta(v), x_{k,1}); if `gradient` is not null it receives dJ/dv (size() entries). The
// evaluation the OFU step's solver calls: for the (n, d) of DispatchOnLqDimensions (riccati.h)
// with compile-time sizes and without heap allocation, giving bit for bit the values of
// OfuObjectiveAndGradientGeneric.
double OfuObjectiveAndGradient(const OfuGeometry& g, const double* v, double* gradient);

// The same function with runtime-size Eigen expressions, for every (n, d): the reference the
// compile-time kernels reproduce (same operations in the same order; ofu_step_test).
double OfuObjectiveAndGradientGeneric(const OfuGeometry& g, const double* v, double* gradient);

// v with MapToTheta(v) = theta when theta is in C_k cap S (U clipped to norm 0.99 otherwise).
Eigen::VectorXd ThetaToParameter(const OfuGeometry& g, const Eigen::MatrixXd& theta);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_LQR_OFU_PARAMETRISATION_H_
