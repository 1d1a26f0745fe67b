// Exact finite-horizon LQ control: Riccati recursion, optimal gains, optimal and policy costs.
//
// Specification
// -------------
// S. R. Chowdhury, X. Zhou, N. Shroff, "Adaptive Control of Differentially Private Linear
// Quadratic Systems", ISIT 2021, Sec. II-A (standard theory: Bertsekas, Dynamic Programming and
// Optimal Control, 3rd ed., Vol. I, Sec. 4.1). With Theta = [A, B]' and paper steps h = 1..H
// (code index h - 1):
//
//   (4) P_{H+1} = 0,
//       P_h = Q + A' P_{h+1} A - A' P_{h+1} B (R + B' P_{h+1} B)^{-1} B' P_{h+1} A
//   (3) K_h = -(R + B' P_{h+1} B)^{-1} B' P_{h+1} A          (optimal control u_h = K_h x_h)
//   (5) J_1*(Theta, x) = x' P_1 x + sum_{h=1..H} tr(P_{h+1} W),   W = E[w w'] (noise covariance)
//   (2) J_1^pi(Theta, x) for the time-varying linear policy u_h = G_h x_h (any gains G_h):
//       S_{H+1} = 0,  S_h = Q + G_h' R G_h + (A + B G_h)' S_{h+1} (A + B G_h),
//       J_1^pi = x' S_1 x + sum_{h=1..H} tr(S_{h+1} W)
//       (the zero-mean noise w_h is independent of x_h, so E[x_{h+1}' S x_{h+1}] splits into the
//       closed-loop term and tr(S W)). This is exact: regret (6) is
//       sum_k J_1^{pi_k}(Theta*, x_{k,1}) - J_1*(Theta*, x_{k,1}), with no sampled costs.
//
// The recursion (4)-(5) is templated on the scalar type so that ceres::Jet can differentiate
// J_1* with respect to Theta (the OFU step (9)); Q, R, x and W are plain doubles. The inverse is an
// LLT solve: R + B' P B is symmetric positive definite whenever R is and P is positive
// semidefinite (true along the recursion for any Theta).
//
// Preconditions are CHECKed (programmer errors): consistent dimensions, horizon >= 1.
#ifndef DPRL_ALGORITHMS_LQR_RICCATI_H_
#define DPRL_ALGORITHMS_LQR_RICCATI_H_

#include <glog/logging.h>

#include <cmath>
#include <type_traits>
#include <vector>

#include <Eigen/Dense>

namespace dprl {

template <typename T>
using DynMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;

template <typename T>
struct RiccatiSolution {
  // p[h - 1] = P_h for h = 1..H + 1 (p.back() = P_{H+1} = 0), each n x n.
  std::vector<DynMatrix<T>> p;
  // k[h - 1] = K_h for h = 1..H, each d x n.
  std::vector<DynMatrix<T>> k;
};

// A = Theta_{0:n}' and B = Theta_{n:n+d}' from Theta = [A, B]' ((n + d) x n).
template <typename T>
void SplitTheta(const DynMatrix<T>& theta, DynMatrix<T>* a, DynMatrix<T>* b) {
  const int n = static_cast<int>(theta.cols());
  const int d = static_cast<int>(theta.rows()) - n;
  CHECK_GE(d, 1);
  *a = theta.topRows(n).transpose();
  *b = theta.bottomRows(d).transpose();
}

// Riccati recursion (4) and gains (3) for h = H..1.
template <typename T>
RiccatiSolution<T> SolveRiccati(const DynMatrix<T>& a, const DynMatrix<T>& b,
                                const Eigen::MatrixXd& q, const Eigen::MatrixXd& r, int horizon) {
  const int n = static_cast<int>(a.rows());
  const int d = static_cast<int>(b.cols());
  CHECK_GE(horizon, 1);
  CHECK_EQ(a.cols(), n);
  CHECK_EQ(b.rows(), n);
  CHECK_EQ(q.rows(), n);
  CHECK_EQ(q.cols(), n);
  CHECK_EQ(r.rows(), d);
  CHECK_EQ(r.cols(), d);
  const DynMatrix<T> qt = q.cast<T>();
  const DynMatrix<T> rt = r.cast<T>();
  RiccatiSolution<T> out;
  out.p.assign(horizon + 1, DynMatrix<T>::Zero(n, n));
  out.k.assign(horizon, DynMatrix<T>::Zero(d, n));
  for (int h = horizon - 1; h >= 0; --h) {
    const DynMatrix<T>& next = out.p[h + 1];
    const DynMatrix<T> pb = next * b;                             // P B, n x d
    const DynMatrix<T> gram = rt + b.transpose() * pb;            // R + B'PB
    const DynMatrix<T> bpa = pb.transpose() * a;                  // B'PA, d x n
    const DynMatrix<T> k = -gram.llt().solve(bpa);                // (3)
    out.k[h] = k;
    DynMatrix<T> p = qt + a.transpose() * next * a + bpa.transpose() * k;  // (4)
    out.p[h] = (p + p.transpose()) * T(0.5);  // symmetrise rounding
  }
  return out;
}

// sum_{h=1..H} tr(P_{h+1} W) + x' P_1 x given the value matrices p (size H + 1).
template <typename T>
T QuadraticValue(const std::vector<DynMatrix<T>>& p, const Eigen::VectorXd& x,
                 const Eigen::MatrixXd& noise_covariance) {
  const int n = static_cast<int>(x.size());
  CHECK_EQ(noise_covariance.rows(), n);
  CHECK_EQ(noise_covariance.cols(), n);
  const Eigen::Matrix<T, Eigen::Dynamic, 1> xt = x.cast<T>();
  const DynMatrix<T> wt = noise_covariance.cast<T>();
  T value = xt.dot(p[0] * xt);
  for (size_t h = 1; h < p.size(); ++h) value += (p[h] * wt).trace();
  return value;
}

// Optimal cost (5): J_1*(Theta, x) with Theta given as (A, B).
template <typename T>
T OptimalCost(const DynMatrix<T>& a, const DynMatrix<T>& b, const Eigen::MatrixXd& q,
              const Eigen::MatrixXd& r, int horizon, const Eigen::VectorXd& x,
              const Eigen::MatrixXd& noise_covariance) {
  return QuadraticValue(SolveRiccati(a, b, q, r, horizon).p, x, noise_covariance);
}

// J_1*(Theta, x) (5) and its gradient dJ/dTheta ((n + d) x n, same layout as Theta), by the
// envelope theorem: the optimal gains K_h are stationary for the policy cost, so the derivative of
// J* is that of the fixed-gain cost (2) at K_h = K_h(Theta). With F_h = A + B K_h and the state
// second moments Sigma_1 = x x', Sigma_{h+1} = F_h Sigma_h F_h' + W (h = 1..H):
//   dJ*/dA = sum_h 2 P_{h+1} F_h Sigma_h,   dJ*/dB = sum_h 2 P_{h+1} F_h Sigma_h K_h',
// and dJ*/dTheta = [dJ*/dA ; dJ*/dB]' stacked as Theta = [A, B]'. One Riccati pass and one
// forward pass; checked against forward-mode ceres::Jet in riccati_test. Dimensions fixed at
// compile time for the (n, d) of DispatchOnLqDimensions, dynamic otherwise.
double OptimalCostAndGradient(const Eigen::MatrixXd& theta, const Eigen::MatrixXd& q,
                              const Eigen::MatrixXd& r, int horizon, const Eigen::VectorXd& x,
                              const Eigen::MatrixXd& noise_covariance, Eigen::MatrixXd* gradient);

// Compile-time row count n + d of Theta (Eigen::Dynamic when n or d is).
constexpr int ThetaRows(int n, int d) {
  return n == Eigen::Dynamic || d == Eigen::Dynamic ? Eigen::Dynamic : n + d;
}
template <int N, int D>
using ThetaMatrix = Eigen::Matrix<double, ThetaRows(N, D), N>;

// OptimalCostAndGradient with compile-time sizes N = n, D = d: no heap allocation for horizons
// up to 16 (the value and gain tables are inline). Defined for the (N, D) of
// DispatchOnLqDimensions and for (Eigen::Dynamic, Eigen::Dynamic).
template <int N, int D>
double OptimalCostAndGradientFixed(const ThetaMatrix<N, D>& theta, const Eigen::MatrixXd& q,
                                   const Eigen::MatrixXd& r, int horizon,
                                   const Eigen::VectorXd& x,
                                   const Eigen::MatrixXd& noise_covariance,
                                   ThetaMatrix<N, D>* gradient);

// Calls f(std::integral_constant<int, N>(), std::integral_constant<int, D>()) with the
// compile-time (N, D) = (n, d) when (n, d) is one of (1, 1), (2, 1), (4, 2), (8, 4) (the named
// LQ systems), with (Eigen::Dynamic, Eigen::Dynamic) otherwise.
template <typename F>
decltype(auto) DispatchOnLqDimensions(int n, int d, F&& f) {
  using One = std::integral_constant<int, 1>;
  using Two = std::integral_constant<int, 2>;
  using Four = std::integral_constant<int, 4>;
  using Eight = std::integral_constant<int, 8>;
  using Dyn = std::integral_constant<int, Eigen::Dynamic>;
  if (n == 1 && d == 1) return f(One(), One());
  if (n == 2 && d == 1) return f(Two(), One());
  if (n == 4 && d == 2) return f(Four(), Two());
  if (n == 8 && d == 4) return f(Eight(), Four());
  return f(Dyn(), Dyn());
}

// -g^{-1} m for a 1 x 1 g > 0 in the operations of Eigen's LLT solve (L = sqrt(g); each of the
// two triangular solves divides by L for one column, multiplies by 1 / L for several): bit for
// bit -Matrix<1, 1>(g).llt().solve(m), without Eigen's general triangular-solve kernel. The
// gain (3) when d = 1.
template <int Cols>
Eigen::Matrix<double, 1, Cols> NegativeScalarLltSolve(double g, Eigen::Matrix<double, 1, Cols> m) {
  const double l = std::sqrt(g);
  if (m.cols() == 1) {
    m(0, 0) = -((m(0, 0) / l) / l);
    return m;
  }
  const double inverse_l = 1.0 / l;
  for (int j = 0; j < m.cols(); ++j) m(0, j) = -((m(0, j) * inverse_l) * inverse_l);
  return m;
}

// Exact expected cost (2) of the linear policy u_h = gains[h - 1] x_h on the system (A, B, Q, R,
// W) from x_1 = x; the horizon is gains.size() >= 1.
double LinearPolicyCost(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b,
                        const Eigen::MatrixXd& q, const Eigen::MatrixXd& r,
                        const std::vector<Eigen::MatrixXd>& gains, const Eigen::VectorXd& x,
                        const Eigen::MatrixXd& noise_covariance);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_LQR_RICCATI_H_
