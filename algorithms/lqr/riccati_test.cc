#include "algorithms/lqr/riccati.h"

#include <ceres/jet.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "algorithms/mechanisms/samplers.h"
#include "envs/lq_system.h"
#include "random/distributions.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

MatrixXd Scalar(double v) { return MatrixXd::Constant(1, 1, v); }

constexpr uint64_t kSeed = 11;  // master seed of every stream of this file

MatrixXd RandomMatrix(int rows, int cols, double scale, RandomStream& s) {
  MatrixXd m(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) m(i, j) = scale * SampleGaussian(1.0, s);
  return m;
}

// Scalar system: p_{H+1} = 0, p_h = q + a^2 p r / (r + b^2 p), k_h = -a b p / (r + b^2 p) with
// p = p_{h+1}; J* = p_1 x^2 + sigma^2 sum_h p_{h+1}.
TEST(RiccatiTest, ScalarClosedForm) {
  const double a = 0.7, b = 0.4, q = 2.0, r = 0.5, x = 0.9, w = 0.03;
  for (int horizon = 1; horizon <= 6; ++horizon) {
    RiccatiSolution<double> sol =
        SolveRiccati<double>(Scalar(a), Scalar(b), Scalar(q), Scalar(r), horizon);
    double p = 0.0, noise = 0.0;
    for (int h = horizon; h >= 1; --h) {
      noise += w * p;
      const double k = -a * b * p / (r + b * b * p);
      EXPECT_NEAR(sol.k[h - 1](0, 0), k, 1e-14) << "h = " << h;
      p = q + a * a * p * r / (r + b * b * p);
      EXPECT_NEAR(sol.p[h - 1](0, 0), p, 1e-14) << "h = " << h;
    }
    EXPECT_EQ(sol.p[horizon](0, 0), 0.0);
    const double cost = OptimalCost<double>(Scalar(a), Scalar(b), Scalar(q), Scalar(r), horizon,
                                            VectorXd::Constant(1, x), Scalar(w));
    EXPECT_NEAR(cost, p * x * x + noise, 1e-14);
  }
  // H = 2 written out: P_1 = q + a^2 q r / (r + b^2 q), K_1 = -a b q / (r + b^2 q).
  RiccatiSolution<double> two = SolveRiccati<double>(Scalar(a), Scalar(b), Scalar(q), Scalar(r), 2);
  EXPECT_NEAR(two.p[0](0, 0), q + a * a * q * r / (r + b * b * q), 1e-14);
  EXPECT_NEAR(two.k[0](0, 0), -a * b * q / (r + b * b * q), 1e-14);
  EXPECT_EQ(two.k[1](0, 0), 0.0);
}

// Scalar cost of an arbitrary linear policy, second moments m_{h+1} = (a + b g)^2 m_h + w.
TEST(RiccatiTest, ScalarPolicyCostClosedForm) {
  const double a = 0.6, b = 0.5, q = 1.0, r = 3.0, x = -0.8, w = 0.01;
  const std::vector<double> g = {-0.3, 0.2, 0.5};
  std::vector<MatrixXd> gains;
  for (double v : g) gains.push_back(Scalar(v));
  double m = x * x, expected = 0.0;
  for (double gh : g) {
    expected += (q + r * gh * gh) * m;
    m = (a + b * gh) * (a + b * gh) * m + w;
  }
  EXPECT_NEAR(LinearPolicyCost(Scalar(a), Scalar(b), Scalar(q), Scalar(r), gains,
                               VectorXd::Constant(1, x), Scalar(w)),
              expected, 1e-14);
}

// Independent computation: forward propagation of the second moment M_h = E[x_h x_h'],
// M_{h+1} = (A + B G_h) M_h (A + B G_h)' + W, cost = sum_h tr((Q + G_h' R G_h) M_h).
double ForwardMomentCost(const MatrixXd& a, const MatrixXd& b, const MatrixXd& q, const MatrixXd& r,
                         const std::vector<MatrixXd>& gains, const VectorXd& x, const MatrixXd& w) {
  MatrixXd m = x * x.transpose();
  double cost = 0.0;
  for (const MatrixXd& g : gains) {
    cost += ((q + g.transpose() * r * g) * m).trace();
    const MatrixXd closed = a + b * g;
    m = closed * m * closed.transpose() + w;
  }
  return cost;
}

TEST(RiccatiTest, PolicyCostMatchesForwardMoments) {
  RandomStream s = TestStream(kSeed, TestPurpose::kTest, 1);
  for (int trial = 0; trial < 20; ++trial) {
    const int n = 1 + trial % 5, d = 1 + trial % 3, horizon = 1 + trial % 7;
    const MatrixXd a = RandomMatrix(n, n, 0.5, s), b = RandomMatrix(n, d, 0.5, s);
    const MatrixXd lq = RandomMatrix(n, n, 1.0, s), lr = RandomMatrix(d, d, 1.0, s);
    const MatrixXd q = lq * lq.transpose() + MatrixXd::Identity(n, n);
    const MatrixXd r = lr * lr.transpose() + MatrixXd::Identity(d, d);
    const MatrixXd lw = RandomMatrix(n, n, 0.1, s);
    const MatrixXd w = lw * lw.transpose();
    const VectorXd x = RandomMatrix(n, 1, 1.0, s);
    std::vector<MatrixXd> gains;
    for (int h = 0; h < horizon; ++h) gains.push_back(RandomMatrix(d, n, 0.5, s));
    const double forward = ForwardMomentCost(a, b, q, r, gains, x, w);
    EXPECT_NEAR(LinearPolicyCost(a, b, q, r, gains, x, w), forward, 1e-10 * (1.0 + forward));
    // The optimal gains give J* (5), and no perturbation of them does better.
    RiccatiSolution<double> sol = SolveRiccati<double>(a, b, q, r, horizon);
    const double optimal = OptimalCost<double>(a, b, q, r, horizon, x, w);
    EXPECT_NEAR(LinearPolicyCost(a, b, q, r, sol.k, x, w), optimal, 1e-10 * (1.0 + optimal));
    EXPECT_NEAR(ForwardMomentCost(a, b, q, r, sol.k, x, w), optimal, 1e-10 * (1.0 + optimal));
    EXPECT_GE(forward, optimal - 1e-10 * (1.0 + optimal));
    for (int p = 0; p < 5; ++p) {
      std::vector<MatrixXd> perturbed = sol.k;
      for (MatrixXd& k : perturbed) k += RandomMatrix(d, n, 0.05, s);
      EXPECT_GE(LinearPolicyCost(a, b, q, r, perturbed, x, w), optimal - 1e-12 * (1.0 + optimal));
    }
  }
}

// Monte Carlo on an LqSystem (uniform-ball noise): the mean sampled episode cost of the optimal
// policy is within the Hoeffding half-width of J_1*. Episode costs lie in [0, H (||Q|| + gamma^2
// ||R||)] because ||K_h|| <= gamma keeps ||x_h|| <= 1 (checked). Failure probability 1e-6.
TEST(RiccatiTest, MonteCarloMatchesOptimalCost) {
  absl::StatusOr<LqSystem> sys = MakeNamedLqSystem("rotation_n2", 5);
  ASSERT_THAT(sys, IsOk());
  RiccatiSolution<double> sol =
      SolveRiccati<double>(sys->a(), sys->b(), sys->q(), sys->r(), sys->horizon());
  for (const MatrixXd& k : sol.k) {
    ASSERT_LE(Eigen::JacobiSVD<MatrixXd>(k).singularValues()(0), sys->control_bound());
  }
  const double exact = OptimalCost<double>(sys->a(), sys->b(), sys->q(), sys->r(), sys->horizon(),
                                           sys->initial_state(), sys->NoiseCovariance());
  const int episodes = 50000;
  const double range = sys->horizon() * (1.0 + sys->control_bound() * sys->control_bound());
  const double half_width = range * std::sqrt(std::log(2.0 / 1e-6) / (2.0 * episodes));
  RandomStream env = TestStream(kSeed, TestPurpose::kTest, 2);
  double total = 0.0;
  for (int e = 0; e < episodes; ++e) {
    VectorXd x = sys->initial_state();
    for (int h = 0; h < sys->horizon(); ++h) {
      const VectorXd u = sol.k[h] * x;
      total += sys->Cost(x, u);
      x = sys->Step(x, u, env);
    }
  }
  EXPECT_NEAR(total / episodes, exact, half_width);
}

// ceres::Jet differentiates J_1* through the recursion: compare with central differences.
TEST(RiccatiTest, JetGradientMatchesFiniteDifferences) {
  using J = ceres::Jet<double, 6>;
  const MatrixXd a0 = (MatrixXd(2, 2) << 0.5, 0.2, -0.1, 0.4).finished();
  const MatrixXd b0 = (MatrixXd(2, 1) << 0.1, 0.6).finished();
  const MatrixXd q = MatrixXd::Identity(2, 2), r = Scalar(0.7);
  const VectorXd x = (VectorXd(2) << 0.6, -0.5).finished();
  const MatrixXd w = MatrixXd::Identity(2, 2) * 0.002;
  DynMatrix<J> a(2, 2), b(2, 1);
  for (int i = 0; i < 4; ++i) a(i / 2, i % 2) = J(a0(i / 2, i % 2), i);
  for (int i = 0; i < 2; ++i) b(i, 0) = J(b0(i, 0), 4 + i);
  const J value = OptimalCost<J>(a, b, q, r, 4, x, w);
  EXPECT_NEAR(value.a, OptimalCost<double>(a0, b0, q, r, 4, x, w), 1e-14);
  const double step = 1e-6;
  for (int i = 0; i < 6; ++i) {
    MatrixXd ap = a0, am = a0, bp = b0, bm = b0;
    if (i < 4) {
      ap(i / 2, i % 2) += step;
      am(i / 2, i % 2) -= step;
    } else {
      bp(i - 4, 0) += step;
      bm(i - 4, 0) -= step;
    }
    const double fd =
        (OptimalCost<double>(ap, bp, q, r, 4, x, w) - OptimalCost<double>(am, bm, q, r, 4, x, w)) /
        (2.0 * step);
    EXPECT_NEAR(value.v(i), fd, 1e-7) << "parameter " << i;
  }
}

// The envelope-theorem gradient (OptimalCostAndGradient) equals forward-mode ceres::Jet through
// the recursion, entry by entry, for every compile-time size it dispatches on and a dynamic one
// ((n, d) = (3, 2)), on random Theta of Frobenius norm up to 1.5 (beyond S, where the OFU step's
// iterates never go, so the check is not confined to the feasible set).
TEST(RiccatiTest, AdjointGradientMatchesJet) {
  using J = ceres::Jet<double, 1>;
  RandomStream s = TestStream(kSeed, TestPurpose::kTest, 3);
  const std::vector<std::pair<int, int>> sizes = {{1, 1}, {2, 1}, {4, 2}, {8, 4}, {3, 2}};
  for (const auto& [n, d] : sizes) {
    for (int trial = 0; trial < 3; ++trial) {
      MatrixXd theta = RandomMatrix(n + d, n, 1.0, s);
      theta *= (0.3 + 0.6 * trial) / theta.norm();
      const MatrixXd l = RandomMatrix(n, n, 1.0, s);
      const MatrixXd q = l * l.transpose() + MatrixXd::Identity(n, n);
      const MatrixXd r = 0.5 * MatrixXd::Identity(d, d);
      const MatrixXd w = 0.01 * MatrixXd::Identity(n, n);
      const VectorXd x = RandomMatrix(n, 1, 1.0, s).col(0).normalized();
      const int horizon = 2 + trial * 2;
      MatrixXd gradient;
      const double cost = OptimalCostAndGradient(theta, q, r, horizon, x, w, &gradient);
      ASSERT_EQ(gradient.rows(), n + d);
      ASSERT_EQ(gradient.cols(), n);
      DynMatrix<double> a0, b0;
      SplitTheta<double>(theta, &a0, &b0);
      EXPECT_NEAR(cost, OptimalCost<double>(a0, b0, q, r, horizon, x, w), 1e-12 * (1.0 + cost));
      for (int i = 0; i < theta.size(); ++i) {
        DynMatrix<J> theta_jet = theta.cast<J>();
        theta_jet(i).v(0) = 1.0;
        DynMatrix<J> a, b;
        SplitTheta<J>(theta_jet, &a, &b);
        const J value = OptimalCost<J>(a, b, q, r, horizon, x, w);
        EXPECT_NEAR(gradient(i), value.v(0), 1e-10 * (1.0 + std::abs(value.v(0))))
            << "(n, d) = (" << n << ", " << d << "), trial " << trial << ", entry " << i;
      }
    }
  }
}

// The d = 1 gain solve is Eigen's LLT solve bit for bit (gram from about 1e-6 to 1e6, random
// right sides of 1, 2, 4 and 8 columns).
template <int Cols>
void ExpectScalarSolveMatchesLlt(RandomStream& s) {
  for (int trial = 0; trial < 400; ++trial) {
    const double g = std::exp(SampleGaussian(5.0, s));
    Eigen::Matrix<double, 1, Cols> m;
    for (int j = 0; j < Cols; ++j) m(0, j) = SampleGaussian(3.0, s);
    const Eigen::Matrix<double, 1, Cols> expected = -Eigen::Matrix<double, 1, 1>(g).llt().solve(m);
    const Eigen::Matrix<double, 1, Cols> got = NegativeScalarLltSolve<Cols>(g, m);
    for (int j = 0; j < Cols; ++j) {
      ASSERT_EQ(std::memcmp(&got(0, j), &expected(0, j), sizeof(double)), 0)
          << "g = " << g << ", m = " << m(0, j);
    }
  }
}

TEST(RiccatiTest, ScalarGainSolveIsLltBitForBit) {
  RandomStream s = TestStream(kSeed, TestPurpose::kTest, 30);
  ExpectScalarSolveMatchesLlt<1>(s);
  ExpectScalarSolveMatchesLlt<2>(s);
  ExpectScalarSolveMatchesLlt<4>(s);
  ExpectScalarSolveMatchesLlt<8>(s);
}

TEST(RiccatiTest, SplitTheta) {
  MatrixXd theta(3, 2);
  theta << 1, 2, 3, 4, 5, 6;
  MatrixXd a, b;
  SplitTheta<double>(theta, &a, &b);
  EXPECT_EQ(a, (MatrixXd(2, 2) << 1, 3, 2, 4).finished());
  EXPECT_EQ(b, (MatrixXd(2, 1) << 5, 6).finished());
}

}  // namespace
}  // namespace dprl
