#include "algorithms/lqr/riccati.h"

#include <vector>

#include "absl/container/inlined_vector.h"

namespace dprl {

template <int N, int D>
double OptimalCostAndGradientFixed(const ThetaMatrix<N, D>& theta, const Eigen::MatrixXd& q_in,
                                   const Eigen::MatrixXd& r_in, int horizon,
                                   const Eigen::VectorXd& x_in, const Eigen::MatrixXd& w_in,
                                   ThetaMatrix<N, D>* gradient) {
  using MatNN = Eigen::Matrix<double, N, N>;
  using MatND = Eigen::Matrix<double, N, D>;
  using MatDN = Eigen::Matrix<double, D, N>;
  using MatDD = Eigen::Matrix<double, D, D>;
  using VecN = Eigen::Matrix<double, N, 1>;
  const int n = static_cast<int>(theta.cols());
  const int d = static_cast<int>(theta.rows()) - n;
  CHECK_GE(horizon, 1);
  CHECK_GE(d, 1);
  CHECK_EQ(q_in.rows(), n);
  CHECK_EQ(r_in.rows(), d);
  CHECK_EQ(x_in.size(), n);
  CHECK_EQ(w_in.rows(), n);
  const MatNN a = theta.topRows(n).transpose();
  const MatND b = theta.bottomRows(d).transpose();
  const MatNN q = q_in, w = w_in;
  const MatDD r = r_in;
  const VecN x = x_in;
  // Riccati (4) and gains (3), as SolveRiccati; inline storage for the usual horizons.
  absl::InlinedVector<MatNN, 17> p(horizon + 1, MatNN::Zero(n, n));
  absl::InlinedVector<MatDN, 16> k(horizon, MatDN::Zero(d, n));
  for (int h = horizon - 1; h >= 0; --h) {
    const MatND pb = p[h + 1] * b;
    const MatDD gram = r + b.transpose() * pb;
    const MatDN bpa = pb.transpose() * a;
    if constexpr (D == 1) {
      k[h] = NegativeScalarLltSolve<N>(gram(0, 0), bpa);
    } else {
      k[h] = -gram.llt().solve(bpa);
    }
    const MatNN value = q + a.transpose() * p[h + 1] * a + bpa.transpose() * k[h];
    p[h] = (value + value.transpose()) * 0.5;
  }
  double cost = x.dot(p[0] * x);
  for (int h = 1; h <= horizon; ++h) cost += (p[h] * w).trace();
  // Forward pass of the second moments and the adjoint sums.
  MatNN sigma = x * x.transpose();
  MatNN grad_a = MatNN::Zero(n, n);
  MatND grad_b = MatND::Zero(n, d);
  for (int h = 0; h < horizon; ++h) {
    const MatNN closed = a + b * k[h];
    const MatNN term = 2.0 * p[h + 1] * closed * sigma;
    grad_a += term;
    grad_b += term * k[h].transpose();
    sigma = closed * sigma * closed.transpose() + w;
  }
  gradient->resize(n + d, n);
  if constexpr (N == Eigen::Dynamic) {
    gradient->topRows(n) = grad_a.transpose();
    gradient->bottomRows(d) = grad_b.transpose();
  } else {
    // Fixed-size blocks: the same copies, without a runtime-size block that g++ 12 cannot prove
    // is shorter than a vector packet (-Warray-bounds at N = D = 1).
    gradient->template topRows<N>() = grad_a.transpose();
    gradient->template bottomRows<D>() = grad_b.transpose();
  }
  return cost;
}

// The sizes DispatchOnLqDimensions dispatches on.
#define DPRL_INSTANTIATE_COST_AND_GRADIENT(N, D)                                     \
  template double OptimalCostAndGradientFixed<N, D>(                                 \
      const ThetaMatrix<N, D>&, const Eigen::MatrixXd&, const Eigen::MatrixXd&, int, \
      const Eigen::VectorXd&, const Eigen::MatrixXd&, ThetaMatrix<N, D>*);
DPRL_INSTANTIATE_COST_AND_GRADIENT(1, 1)
DPRL_INSTANTIATE_COST_AND_GRADIENT(2, 1)
DPRL_INSTANTIATE_COST_AND_GRADIENT(4, 2)
DPRL_INSTANTIATE_COST_AND_GRADIENT(8, 4)
DPRL_INSTANTIATE_COST_AND_GRADIENT(Eigen::Dynamic, Eigen::Dynamic)
#undef DPRL_INSTANTIATE_COST_AND_GRADIENT

double OptimalCostAndGradient(const Eigen::MatrixXd& theta, const Eigen::MatrixXd& q,
                              const Eigen::MatrixXd& r, int horizon, const Eigen::VectorXd& x,
                              const Eigen::MatrixXd& noise_covariance, Eigen::MatrixXd* gradient) {
  const int n = static_cast<int>(theta.cols());
  const int d = static_cast<int>(theta.rows()) - n;
  return DispatchOnLqDimensions(n, d, [&](auto n_constant, auto d_constant) {
    constexpr int kN = decltype(n_constant)::value, kD = decltype(d_constant)::value;
    ThetaMatrix<kN, kD> fixed_gradient;
    const double cost = OptimalCostAndGradientFixed<kN, kD>(theta, q, r, horizon, x,
                                                            noise_covariance, &fixed_gradient);
    *gradient = fixed_gradient;
    return cost;
  });
}

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
