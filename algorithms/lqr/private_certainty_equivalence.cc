#include "algorithms/lqr/private_certainty_equivalence.h"

#include <glog/logging.h>

#include <cmath>

#include "algorithms/lqr/riccati.h"

namespace dprl {

RidgeCertaintyEquivalence RidgeCertaintyEquivalenceModel(const Eigen::MatrixXd& gram_release,
                                                         const Eigen::MatrixXd& cross_release,
                                                         double ridge) {
  CHECK(std::isfinite(ridge) && ridge > 0.0) << "ridge must be finite and > 0, got " << ridge;
  const int dim = static_cast<int>(gram_release.rows());
  CHECK_EQ(gram_release.cols(), dim);
  CHECK_EQ(cross_release.rows(), dim);
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(
      (gram_release + gram_release.transpose()) * 0.5);
  const Eigen::VectorXd floored = eig.eigenvalues().cwiseMax(0.0).array() + ridge;
  RidgeCertaintyEquivalence out;
  out.v = eig.eigenvectors() * floored.asDiagonal() * eig.eigenvectors().transpose();
  out.v = (out.v + out.v.transpose()) * 0.5;
  // V^{-1} T_2 through the eigendecomposition: every eigenvalue is >= ridge > 0.
  out.theta_hat = eig.eigenvectors() * floored.cwiseInverse().asDiagonal() *
                  (eig.eigenvectors().transpose() * cross_release);
  out.theta_tilde = out.theta_hat / std::max(1.0, out.theta_hat.norm());
  return out;
}

double DitherStandardDeviation(double dither_scale, double control_bound, int64_t episode) {
  CHECK_GE(episode, 1);
  return dither_scale * control_bound * std::pow(static_cast<double>(episode), -0.25);
}

double DitheredLinearPolicyCost(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b,
                                const Eigen::MatrixXd& q, const Eigen::MatrixXd& r,
                                const std::vector<Eigen::MatrixXd>& gains, const Eigen::VectorXd& x,
                                const Eigen::MatrixXd& noise_covariance, double dither_std) {
  const double variance = dither_std * dither_std;
  const Eigen::MatrixXd driven = noise_covariance + variance * b * b.transpose();
  return LinearPolicyCost(a, b, q, r, gains, x, driven) +
         static_cast<double>(gains.size()) * variance * r.trace();
}

}  // namespace dprl
