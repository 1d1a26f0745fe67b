#include "algorithms/lqr/riccati.h"

namespace dprl {

double LinearPolicyCost(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b,
                        const Eigen::MatrixXd& q, const Eigen::MatrixXd& r,
                        const std::vector<Eigen::MatrixXd>& gains, const Eigen::VectorXd& x,
                        const Eigen::MatrixXd& noise_covariance) {
  const int n = static_cast<int>(a.rows());
  const int d = static_cast<int>(b.cols());
  const int horizon = static_cast<int>(gains.size());
  CHECK_GE(horizon, 1);
  CHECK_EQ(x.size(), n);
  std::vector<Eigen::MatrixXd> s(horizon + 1, Eigen::MatrixXd::Zero(n, n));
  for (int h = horizon - 1; h >= 0; --h) {
    const Eigen::MatrixXd& g = gains[h];
    CHECK_EQ(g.rows(), d);
    CHECK_EQ(g.cols(), n);
    const Eigen::MatrixXd closed = a + b * g;
    Eigen::MatrixXd value = q + g.transpose() * r * g + closed.transpose() * s[h + 1] * closed;
    s[h] = (value + value.transpose()) * 0.5;
  }
  return QuadraticValue(s, x, noise_covariance);
}

}  // namespace dprl
