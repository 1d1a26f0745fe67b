#include "algorithms/lqr/private_certainty_equivalence.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "algorithms/lqr/riccati.h"
#include "envs/lq_system.h"
#include "random/distributions.h"
#include "testing/random_streams.h"

namespace dprl {
namespace {

constexpr uint64_t kSeed = 31;  // master seed of every stream of this file

// With exact (noiseless) statistics of a persistently excited system -- controls drawn uniformly,
// independent of the state -- the ridge estimate recovers Theta*: Theta^ = (G + lambda I)^{-1} G
// Theta* when X^next = Z Theta* (noise-free transitions), so ||Theta^ - Theta*||_F <=
// lambda ||Theta*||_F / (lambda_min(G) + lambda), which the excitation drives to 0.
TEST(PrivateCertaintyEquivalenceTest, RidgeRecoversThetaFromPersistentlyExcitedData) {
  absl::StatusOr<LqSystem> s = MakeNamedLqSystem("relay_n2", 5);
  ASSERT_TRUE(s.ok()) << s.status();
  const Eigen::MatrixXd theta = s->Theta();
  RandomStream stream = TestStream(kSeed, TestPurpose::kPolicy, 1);
  Eigen::MatrixXd gram = Eigen::MatrixXd::Zero(3, 3), cross = Eigen::MatrixXd::Zero(3, 2);
  for (int episode = 0; episode < 2000; ++episode) {
    Eigen::VectorXd x = s->initial_state();
    for (int h = 0; h < 5; ++h) {
      Eigen::VectorXd z(3);
      z << x, s->control_bound() * (2.0 * stream.NextOpenUniform() - 1.0);
      const Eigen::VectorXd next = theta.transpose() * z;  // noise-free transition
      gram += z * z.transpose();
      cross += z * next.transpose();
      x = next;
    }
  }
  const RidgeCertaintyEquivalence model = RidgeCertaintyEquivalenceModel(gram, cross, 1.0);
  const double lambda_min = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(gram).eigenvalues()(0);
  ASSERT_GT(lambda_min, 10.0) << "the inputs do not excite every direction";
  const double bound = theta.norm() / (lambda_min + 1.0);
  EXPECT_LE((model.theta_hat - theta).norm(), bound);
  EXPECT_LT((model.theta_hat - theta).norm(), 0.05);
  // ||Theta*||_F = 0.81 < 1: the projection does not act.
  EXPECT_EQ(model.theta_tilde, model.theta_hat);
}

// A release whose noise made it indefinite: negative eigenvalues are floored at 0 before the
// ridge, so V has every eigenvalue >= lambda_ce and equals the floored matrix plus lambda_ce I.
TEST(PrivateCertaintyEquivalenceTest, IndefiniteReleaseIsFlooredThenRidged) {
  Eigen::MatrixXd gram(2, 2);
  gram << 3.0, 0.0, 0.0, -5.0;  // eigenvalues 3 and -5
  Eigen::MatrixXd cross(2, 1);
  cross << 6.0, 2.0;
  const RidgeCertaintyEquivalence model = RidgeCertaintyEquivalenceModel(gram, cross, 0.5);
  Eigen::MatrixXd expected_v(2, 2);
  expected_v << 3.5, 0.0, 0.0, 0.5;
  EXPECT_LT((model.v - expected_v).norm(), 1e-12);
  Eigen::MatrixXd expected_theta(2, 1);
  expected_theta << 6.0 / 3.5, 2.0 / 0.5;  // norm 4.36 > 1: projected
  EXPECT_LT((model.theta_hat - expected_theta).norm(), 1e-12);
  EXPECT_NEAR(model.theta_tilde.norm(), 1.0, 1e-12);
  EXPECT_LT((model.theta_tilde - expected_theta / expected_theta.norm()).norm(), 1e-12);
}

TEST(PrivateCertaintyEquivalenceTest, DitherScheduleIsScaleTimesGammaTimesKToTheMinusQuarter) {
  EXPECT_DOUBLE_EQ(DitherStandardDeviation(0.5, 0.8, 1), 0.4);
  EXPECT_DOUBLE_EQ(DitherStandardDeviation(0.5, 0.8, 16), 0.2);
  EXPECT_DOUBLE_EQ(DitherStandardDeviation(0.5, 0.8, 81), 0.4 / 3.0);
  EXPECT_DOUBLE_EQ(DitherStandardDeviation(0.0, 0.8, 7), 0.0);
  for (int64_t k = 1; k < 1000; ++k) {
    EXPECT_LT(DitherStandardDeviation(1.0, 1.0, k + 1), DitherStandardDeviation(1.0, 1.0, k));
  }
}

// The dithered policy's cost, computed independently by the forward second-moment recursion:
// Sigma_1 = x x', Sigma_{h+1} = F_h Sigma_h F_h' + W + sigma^2 B B', and
// E[sum_h c_h] = sum_h tr((Q + G_h' R G_h) Sigma_h) + H sigma^2 tr(R).
TEST(PrivateCertaintyEquivalenceTest, DitheredCostMatchesForwardSecondMoments) {
  absl::StatusOr<LqSystem> s = MakeNamedLqSystem("relay_n2", 5);
  ASSERT_TRUE(s.ok()) << s.status();
  std::vector<Eigen::MatrixXd> gains;
  for (int h = 0; h < 5; ++h) {
    Eigen::MatrixXd g(1, 2);
    g << -0.3 + 0.05 * h, 0.1 * h;
    gains.push_back(g);
  }
  const Eigen::MatrixXd w = s->NoiseCovariance();
  for (double sigma : {0.0, 0.1, 0.37}) {
    Eigen::MatrixXd second = s->initial_state() * s->initial_state().transpose();
    double expected = 0.0;
    for (int h = 0; h < 5; ++h) {
      expected += ((s->q() + gains[h].transpose() * s->r() * gains[h]) * second).trace() +
                  sigma * sigma * s->r().trace();
      const Eigen::MatrixXd f = s->a() + s->b() * gains[h];
      second = f * second * f.transpose() + w + sigma * sigma * s->b() * s->b().transpose();
    }
    const double cost = DitheredLinearPolicyCost(s->a(), s->b(), s->q(), s->r(), gains,
                                                 s->initial_state(), w, sigma);
    EXPECT_NEAR(cost, expected, 1e-12 * expected) << "sigma = " << sigma;
    if (sigma == 0.0) {
      EXPECT_EQ(cost,
                LinearPolicyCost(s->a(), s->b(), s->q(), s->r(), gains, s->initial_state(), w));
    }
  }
}

}  // namespace
}  // namespace dprl
