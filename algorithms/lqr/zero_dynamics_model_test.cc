#include "algorithms/lqr/zero_dynamics_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "algorithms/lqr/ofu_parametrisation.h"
#include "algorithms/lqr/riccati.h"
#include "random/distributions.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"

namespace dprl {
namespace {

constexpr uint64_t kSeed = 23;  // master seed of every stream of this file

Eigen::MatrixXd RandomMatrix(int rows, int cols, double scale, RandomStream& s) {
  Eigen::MatrixXd m(rows, cols);
  for (int i = 0; i < m.size(); ++i) m(i) = scale * SampleGaussian(1.0, s);
  return m;
}

Eigen::MatrixXd RandomSpd(int dim, RandomStream& s) {
  const Eigen::MatrixXd z = RandomMatrix(3 * dim, dim, 1.0, s);
  return z.transpose() * z + 0.1 * Eigen::MatrixXd::Identity(dim, dim);
}

// The returned model has A = 0, ||B||_F <= 1, and no model [0, B]' with ||B||_F <= 1 among 20000
// random ones (uniform in the ball, plus the ball's surface) is closer to Theta^ in ||.||_V.
TEST(ZeroDynamicsModelTest, IsTheNearestZeroDynamicsModelInS) {
  RandomStream s = TestStream(kSeed, TestPurpose::kTest, 1);
  for (int trial = 0; trial < 8; ++trial) {
    const int n = 1 + trial % 3, d = 1 + trial % 2;
    // Scales 0.2 .. 2: the unconstrained minimiser is inside the ball for some trials, outside for
    // others (both branches of the trust-region solution run).
    const Eigen::MatrixXd theta_hat = RandomMatrix(n + d, n, 0.2 + 0.25 * trial, s);
    const Eigen::MatrixXd v = RandomSpd(n + d, s);
    const ZeroDynamicsModel zero = NearestZeroDynamicsModel(theta_hat, v);
    ASSERT_EQ(zero.theta.rows(), n + d);
    EXPECT_EQ(zero.theta.topRows(n).norm(), 0.0);
    EXPECT_LE(zero.theta.norm(), 1.0);
    EXPECT_NEAR(zero.v_distance, VNorm(zero.theta - theta_hat, v), 1e-12);
    double best = std::numeric_limits<double>::infinity();
    for (int i = 0; i < 20000; ++i) {
      Eigen::MatrixXd b = RandomMatrix(d, n, 1.0, s);
      const double radius = i % 2 == 0 ? 1.0 : std::pow(s.NextOpenUniform(), 1.0 / (n * d));
      b *= radius / b.norm();
      Eigen::MatrixXd theta = Eigen::MatrixXd::Zero(n + d, n);
      theta.bottomRows(d) = b;
      best = std::min(best, VNorm(theta - theta_hat, v));
    }
    EXPECT_LE(zero.v_distance, best + 1e-12) << "trial " << trial;
  }
}

// The fact the shortcut rests on: J_1*([0, B]') = x'Qx + (H - 1) tr(QW) for every B, and no model
// has a smaller J_1* (random models of Frobenius norm up to 2).
TEST(ZeroDynamicsModelTest, ZeroDynamicsMinimiseOptimalCost) {
  RandomStream s = TestStream(kSeed, TestPurpose::kTest, 2);
  const int n = 3, d = 2, horizon = 5;
  const Eigen::MatrixXd q = RandomSpd(n, s), r = RandomSpd(d, s);
  const Eigen::MatrixXd w = 0.05 * RandomSpd(n, s);
  const Eigen::VectorXd x = RandomMatrix(n, 1, 1.0, s).col(0);
  const double floor = x.dot(q * x) + (horizon - 1) * (q * w).trace();
  for (int i = 0; i < 200; ++i) {
    const Eigen::MatrixXd b = RandomMatrix(n, d, 1.0, s);
    EXPECT_NEAR(OptimalCost<double>(Eigen::MatrixXd::Zero(n, n), b, q, r, horizon, x, w), floor,
                1e-12 * floor);
    const Eigen::MatrixXd a = RandomMatrix(n, n, 2.0 * s.NextOpenUniform() / n, s);
    EXPECT_GE(OptimalCost<double>(a, b, q, r, horizon, x, w), floor * (1.0 - 1e-12));
  }
}

// The onset prediction is the first k whose noiseless u = 0 statistics put every A = 0 model
// outside C_k: recomputed here by brute force for one instance, and 0 when A* = 0 (then the true
// model itself has A = 0 and is always in C_k cap S).
TEST(ZeroDynamicsModelTest, OnsetPrediction) {
  const Eigen::MatrixXd a = (Eigen::MatrixXd(2, 2) << 0.5, 0.2, 0.0, 0.4).finished();
  const Eigen::MatrixXd b = (Eigen::MatrixXd(2, 1) << 0.0, 0.3).finished();
  const Eigen::MatrixXd w = 0.01 * Eigen::MatrixXd::Identity(2, 2);
  const Eigen::VectorXd x = (Eigen::VectorXd(2) << 0.6, 0.8).finished();
  ConfidenceRadiusInputs radius;
  radius.state_dim = 2;
  radius.control_dim = 1;
  radius.horizon = 5;
  radius.control_bound = 0.4;
  radius.noise_bound = 0.1;
  radius.lambda_min = radius.lambda_max = 20.0;
  const int64_t onset = PredictZeroDynamicsOnset(a, b, w, x, 5, 20.0, radius, 100000);
  ASSERT_GT(onset, 1);
  // Brute force: u = 0 trajectories' second moments, summed.
  Eigen::MatrixXd sum = Eigen::MatrixXd::Zero(2, 2), sigma = x * x.transpose();
  for (int h = 0; h < 5; ++h) {
    sum += sigma;
    sigma = a * sigma * a.transpose() + w;
  }
  auto infeasible = [&](int64_t k) {
    Eigen::MatrixXd v = 20.0 * Eigen::MatrixXd::Identity(3, 3);
    v.topLeftCorner(2, 2) += (k - 1) * sum;
    Eigen::MatrixXd u = Eigen::MatrixXd::Zero(3, 2);
    u.topRows(2) = (k - 1) * sum * a.transpose();
    const Eigen::MatrixXd theta_hat = v.inverse() * u;
    // Theta^_B = 0 and V is block diagonal: the nearest A = 0 model is B = 0.
    return VNorm(theta_hat, v) > ConfidenceRadius(radius, k);
  };
  EXPECT_TRUE(infeasible(onset));
  EXPECT_FALSE(infeasible(onset - 1));
  EXPECT_EQ(PredictZeroDynamicsOnset(Eigen::MatrixXd::Zero(2, 2), b, w, x, 5, 20.0, radius, 1000),
            0);
}

}  // namespace
}  // namespace dprl
