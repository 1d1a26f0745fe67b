#include "algorithms/lqr/ofu_parametrisation.h"

#include <algorithm>

namespace dprl {
double VNorm(const Eigen::MatrixXd& m, const Eigen::MatrixXd& v) {
  return std::sqrt(std::max(0.0, (m.transpose() * v * m).trace()));
}

OfuGeometry MakeOfuGeometry(const OfuProblem& p) {
  OfuGeometry g;
  g.problem = &p;
  g.rows = static_cast<int>(p.theta_hat.rows());
  g.cols = static_cast<int>(p.theta_hat.cols());
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(p.v);
  g.v_inv_sqrt = eig.operatorInverseSqrt();
  g.v_sqrt = eig.operatorSqrt();
  const double vnorm = VNorm(p.theta_hat, p.v);
  const double fnorm = p.theta_hat.norm();
  // s Theta^ is in C_k iff (1 - s) ||Theta^||_V <= beta, in S iff s ||Theta^||_F <= 1.
  const double s_lo = vnorm > 0.0 ? std::max(0.0, 1.0 - p.beta / vnorm) : 0.0;
  const double s_hi = fnorm > 0.0 ? std::min(1.0, 1.0 / fnorm) : 1.0;
  if (s_lo < s_hi) {
    g.centre = 0.5 * (s_lo + s_hi) * p.theta_hat;
  } else {
    g.found = false;
    g.centre = p.theta_hat / std::max(1.0, fnorm);
  }
  return g;
}

double OfuObjectiveAndGradientGeneric(const OfuGeometry& g, const double* v, double* gradient) {
  const OfuProblem& p = *g.problem;
  const Eigen::Map<const Eigen::VectorXd> v_vec(v, g.size());
  const double s = 1.0 / std::sqrt(1.0 + v_vec.squaredNorm());
  const Eigen::Map<const Eigen::MatrixXd> v_mat(v, g.rows, g.cols);
  const Eigen::MatrixXd theta_e = p.theta_hat + (g.v_inv_sqrt * v_mat) * (s * p.beta);
  Eigen::MatrixXd theta = theta_e;
  const bool on_sphere = theta_e.squaredNorm() > 1.0;
  Eigen::MatrixXd delta;
  double t = 1.0;
  if (on_sphere) {  // as MapToTheta
    delta = theta_e - g.centre;
    const double cd = (g.centre.array() * delta.array()).sum();
    const double dd = delta.squaredNorm();
    const double cc = g.centre.squaredNorm();
    t = (-cd + std::sqrt(cd * cd + dd * (1.0 - cc))) / dd;
    theta = g.centre + t * delta;
  }
  if (gradient == nullptr) {
    DynMatrix<double> a, b;
    SplitTheta<double>(theta, &a, &b);
    return OptimalCost<double>(a, b, p.q, p.r, p.horizon, p.initial_state, p.noise_covariance);
  }
  Eigen::MatrixXd grad_theta;
  const double cost = OptimalCostAndGradient(theta, p.q, p.r, p.horizon, p.initial_state,
                                             p.noise_covariance, &grad_theta);
  Eigen::MatrixXd grad_theta_e = grad_theta;
  if (on_sphere) {
    const double theta_delta = (theta.array() * delta.array()).sum();
    const double grad_delta = (grad_theta.array() * delta.array()).sum();
    grad_theta_e = t * (grad_theta - (grad_delta / theta_delta) * theta);
  }
  const Eigen::MatrixXd grad_u = p.beta * (g.v_inv_sqrt * grad_theta_e);
  const Eigen::Map<const Eigen::VectorXd> grad_u_vec(grad_u.data(), g.size());
  Eigen::Map<Eigen::VectorXd> out(gradient, g.size());
  out = s * grad_u_vec - (s * s * s * grad_u_vec.dot(v_vec)) * v_vec;
  return cost;
}

namespace {

// Dynamic-size reductions over `size` contiguous entries: Eigen's runtime-size summation order
// (the one OfuObjectiveAndGradientGeneric's MatrixXd reductions use; a compile-time size unrolls
// the sum in another order), without allocating.
double SquaredNorm(const double* x, int size) {
  return Eigen::Map<const Eigen::VectorXd>(x, size).squaredNorm();
}
double ProductSum(const double* x, const double* y, int size) {
  return (Eigen::Map<const Eigen::VectorXd>(x, size).array() *
          Eigen::Map<const Eigen::VectorXd>(y, size).array())
      .sum();
}

// sum_k m(i, k) x[k] in the order k = 0, 1, ... (Eigen's order for the small
// runtime-size products of OfuObjectiveAndGradientGeneric).
template <typename M>
double RowTimesColumn(const M& m, int i, const double* x) {
  double sum = m(i, 0) * x[0];
  for (int k = 1; k < m.cols(); ++k) sum += m(i, k) * x[k];
  return sum;
}

// OfuObjectiveAndGradientGeneric (gradient != nullptr) with compile-time sizes N = n, D = d:
// the same floating-point operations in the same order, no heap allocation.
template <int N, int D>
double ObjectiveAndGradientFixed(const OfuGeometry& g, const double* v, double* gradient) {
  constexpr int kRows = ThetaRows(N, D), kSize = kRows * N;
  using MatRN = ThetaMatrix<N, D>;
  using MatRR = Eigen::Matrix<double, kRows, kRows>;
  const OfuProblem& p = *g.problem;
  const MatRR v_inv_sqrt = g.v_inv_sqrt;
  const MatRN theta_hat = p.theta_hat;
  const double s = 1.0 / std::sqrt(1.0 + SquaredNorm(v, kSize));
  const double scale = s * p.beta;
  MatRN theta_e;
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < kRows; ++i)
      theta_e(i, j) = theta_hat(i, j) + RowTimesColumn(v_inv_sqrt, i, v + j * kRows) * scale;
  MatRN theta = theta_e;
  const bool on_sphere = SquaredNorm(theta_e.data(), kSize) > 1.0;
  MatRN delta;
  double t = 1.0;
  if (on_sphere) {  // as MapToTheta
    const MatRN centre = g.centre;
    delta = theta_e - centre;
    const double cd = ProductSum(centre.data(), delta.data(), kSize);
    const double dd = SquaredNorm(delta.data(), kSize);
    const double cc = SquaredNorm(centre.data(), kSize);
    t = (-cd + std::sqrt(cd * cd + dd * (1.0 - cc))) / dd;
    theta = centre + t * delta;
  }
  MatRN grad_theta;
  const double cost = OptimalCostAndGradientFixed<N, D>(theta, p.q, p.r, p.horizon, p.initial_state,
                                                        p.noise_covariance, &grad_theta);
  MatRN grad_theta_e = grad_theta;
  if (on_sphere) {
    const double theta_delta = ProductSum(theta.data(), delta.data(), kSize);
    const double grad_delta = ProductSum(grad_theta.data(), delta.data(), kSize);
    grad_theta_e = t * (grad_theta - (grad_delta / theta_delta) * theta);
  }
  MatRN grad_u;
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < kRows; ++i)
      grad_u(i, j) = p.beta * RowTimesColumn(v_inv_sqrt, i, grad_theta_e.data() + j * kRows);
  const double projection = s * s * s * ProductSum(grad_u.data(), v, kSize);
  for (int i = 0; i < kSize; ++i) gradient[i] = s * grad_u.data()[i] - projection * v[i];
  return cost;
}

}  // namespace

double OfuObjectiveAndGradient(const OfuGeometry& g, const double* v, double* gradient) {
  if (gradient == nullptr) return OfuObjectiveAndGradientGeneric(g, v, nullptr);
  const int n = g.cols, d = g.rows - g.cols;
  return DispatchOnLqDimensions(n, d, [&](auto n_constant, auto d_constant) {
    constexpr int kN = decltype(n_constant)::value, kD = decltype(d_constant)::value;
    if constexpr (kN == Eigen::Dynamic) {
      return OfuObjectiveAndGradientGeneric(g, v, gradient);
    } else {
      return ObjectiveAndGradientFixed<kN, kD>(g, v, gradient);
    }
  });
}

Eigen::VectorXd ThetaToParameter(const OfuGeometry& g, const Eigen::MatrixXd& theta) {
  Eigen::MatrixXd u = g.v_sqrt * (theta - g.problem->theta_hat) / g.problem->beta;
  const double norm = u.norm();
  if (norm >= 0.99) u *= 0.99 / norm;
  const double scale = 1.0 / std::sqrt(1.0 - u.squaredNorm());
  return Eigen::Map<const Eigen::VectorXd>(u.data(), u.size()) * scale;
}

}  // namespace dprl
