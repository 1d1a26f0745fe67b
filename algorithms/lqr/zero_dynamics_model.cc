#include "algorithms/lqr/zero_dynamics_model.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>

namespace dprl {

ZeroDynamicsModel NearestZeroDynamicsModel(const Eigen::MatrixXd& theta_hat,
                                           const Eigen::MatrixXd& v) {
  const int n = static_cast<int>(theta_hat.cols());
  const int d = static_cast<int>(theta_hat.rows()) - n;
  CHECK_GE(d, 1);
  CHECK_EQ(v.rows(), n + d);
  CHECK_EQ(v.cols(), n + d);
  const Eigen::MatrixXd v_bb = v.bottomRightCorner(d, d);
  const Eigen::MatrixXd rhs =
      v_bb * theta_hat.bottomRows(d) + v.bottomLeftCorner(d, n) * theta_hat.topRows(n);
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(v_bb);
  const Eigen::MatrixXd rotated = eig.eigenvectors().transpose() * rhs;  // d x n
  const Eigen::VectorXd lambda = eig.eigenvalues();
  // M(mu) = E diag(1 / (lambda + mu)) E' rhs.
  auto solve = [&](double mu) {
    Eigen::MatrixXd scaled = rotated;
    for (int i = 0; i < d; ++i) scaled.row(i) /= lambda(i) + mu;
    return Eigen::MatrixXd(eig.eigenvectors() * scaled);
  };
  Eigen::MatrixXd m = solve(0.0);
  if (m.norm() > 1.0) {
    double lo = 0.0, hi = rhs.norm();  // ||M(hi)||_F <= ||rhs||_F / hi = 1
    for (int it = 0; it < 200 && hi - lo > 1e-15 * hi; ++it) {
      const double mid = 0.5 * (lo + hi);
      (solve(mid).norm() > 1.0 ? lo : hi) = mid;
    }
    m = solve(hi);
    if (m.norm() > 1.0) m /= m.norm();  // rounding
  }
  ZeroDynamicsModel out;
  out.theta = Eigen::MatrixXd::Zero(n + d, n);
  out.theta.bottomRows(d) = m;
  const Eigen::MatrixXd diff = out.theta - theta_hat;
  out.v_distance = std::sqrt(std::max(0.0, (diff.transpose() * v * diff).trace()));
  return out;
}

int64_t PredictZeroDynamicsOnset(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b,
                                 const Eigen::MatrixXd& noise_covariance,
                                 const Eigen::VectorXd& initial_state, int horizon, double eta,
                                 const ConfidenceRadiusInputs& radius, int64_t max_episodes) {
  const int n = static_cast<int>(a.rows());
  const int d = static_cast<int>(b.cols());
  CHECK_GE(horizon, 1);
  CHECK_GT(eta, 0.0);
  Eigen::MatrixXd gram = Eigen::MatrixXd::Zero(n + d, n + d);
  Eigen::MatrixXd sigma = initial_state * initial_state.transpose();
  for (int h = 0; h < horizon; ++h) {
    gram.topLeftCorner(n, n) += sigma;
    sigma = a * sigma * a.transpose() + noise_covariance;
  }
  Eigen::MatrixXd theta_star(n + d, n);
  theta_star << a.transpose(), b.transpose();
  const Eigen::MatrixXd identity = Eigen::MatrixXd::Identity(n + d, n + d);
  for (int64_t k = 1; k <= max_episodes; ++k) {
    const double finished = static_cast<double>(k - 1);
    const Eigen::MatrixXd v = finished * gram + eta * identity;
    const Eigen::MatrixXd theta_hat = v.llt().solve(finished * gram * theta_star);
    if (NearestZeroDynamicsModel(theta_hat, v).v_distance > ConfidenceRadius(radius, k)) return k;
  }
  return 0;
}

}  // namespace dprl
