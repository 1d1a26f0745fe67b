#include "algorithms/mechanisms/matrix_factorization_counter.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "algorithms/mechanisms/matrix_counter_testing.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

MatrixTreeCounterOptions Options(bool symmetric, int64_t steps) {
  MatrixTreeCounterOptions o;
  o.rows = 3;
  o.cols = symmetric ? 3 : 2;
  o.symmetric = symmetric;
  o.horizon_steps = steps;
  o.l2_sensitivity = 2.0;
  o.input_frobenius_bound = 1.5;
  o.zcdp_rho = 0.3;
  return o;
}

TEST(SquareRootFactorCoefficientsTest, AreCentralBinomialsOverFourToTheJ) {
  const std::vector<double> c = SquareRootFactorCoefficients(6);
  const double expected[] = {1.0, 0.5, 0.375, 0.3125, 35.0 / 128.0, 63.0 / 256.0};
  for (int j = 0; j < 6; ++j) EXPECT_DOUBLE_EQ(c[j], expected[j]) << j;
}

TEST(SquareRootFactorCoefficientsTest, SquareIsThePrefixSumMatrix) {
  // (C C)_{ts} = sum_{i <= t-s} c_i c_{t-s-i} = 1 for every t >= s.
  const std::vector<double> c = SquareRootFactorCoefficients(300);
  for (int k = 0; k < 300; ++k) {
    double sum = 0.0;
    for (int i = 0; i <= k; ++i) sum += c[i] * c[k - i];
    EXPECT_NEAR(sum, 1.0, 1e-13) << k;
  }
}

TEST(MatrixFactorizationCounterTest, RejectsBadOptions) {
  MatrixTreeCounterOptions o = Options(true, 10);
  o.zcdp_rho = 0.0;
  EXPECT_THAT(MatrixFactorizationCounter::Create(o, TestStream(1)).status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("zcdp_rho")));
  o = Options(true, (int64_t{1} << 20) + 1);
  EXPECT_THAT(MatrixFactorizationCounter::Create(o, TestStream(1)).status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("horizon_steps")));
  o = Options(true, 10);
  o.zcdp_rho = 1e30;  // the grid becomes so fine that the inputs do not fit in 2^50 units
  EXPECT_THAT(MatrixFactorizationCounter::Create(o, TestStream(1)).status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("2^50")));
}

TEST(MatrixFactorizationCounterTest, BudgetIsMetAndNearlyTight) {
  for (int64_t steps : {1, 2, 31, 4095}) {
    for (double rho : {1e-3, 0.3, 50.0}) {
      MatrixTreeCounterOptions o = Options(false, steps);
      o.zcdp_rho = rho;
      absl::StatusOr<MatrixFactorizationCounter> c =
          MatrixFactorizationCounter::Create(o, TestStream(2));
      ASSERT_THAT(c, IsOk());
      EXPECT_LE(c->rho_spent(), rho) << steps << " " << rho;
      EXPECT_GE(c->rho_spent(), rho * (1.0 - 1e-6)) << steps << " " << rho;
      // sigma^2 = ||c||^2 Delta^2 / (2 rho) up to the rounding term sqrt(T D) 2 g of the shift,
      // g <= 2^-27 sigma_0: relative <= 2 sqrt(T D) 2^-27 / sqrt(2 rho).
      const std::vector<double> coef = SquareRootFactorCoefficients(steps);
      double norm_sq = 0.0;
      for (double x : coef) norm_sq += x * x;
      EXPECT_NEAR(c->column_norm(), std::sqrt(norm_sq), 1e-12 * std::sqrt(norm_sq));
      const double sigma = std::sqrt(norm_sq) * o.l2_sensitivity / std::sqrt(2.0 * rho);
      const double relative =
          2.0 * std::sqrt(static_cast<double>(steps) * 6) * 0x1.0p-27 / std::sqrt(2.0 * rho);
      EXPECT_GE(c->step_noise_stddev(), sigma) << steps << " " << rho;
      EXPECT_LE(c->step_noise_stddev(), sigma * (1.0 + relative + 1e-12)) << steps << " " << rho;
      EXPECT_NEAR(c->release_noise_scale(steps), c->step_noise_stddev() * std::sqrt(norm_sq),
                  1e-12 * sigma * std::sqrt(norm_sq));
    }
  }
}

// The noise does not depend on the data: two counters on the same stream, fed different inputs,
// release the same noise up to the rounding error (at most 2 release_error_bound(t) apart).
TEST(MatrixFactorizationCounterTest, NoiseIsDataIndependentUpToRounding) {
  const MatrixTreeCounterOptions o = Options(true, 40);
  absl::StatusOr<MatrixFactorizationCounter> a =
      MatrixFactorizationCounter::Create(o, TestStream(3));
  absl::StatusOr<MatrixFactorizationCounter> b =
      MatrixFactorizationCounter::Create(o, TestStream(3));
  ASSERT_THAT(a, IsOk());
  ASSERT_THAT(b, IsOk());
  Eigen::MatrixXd x(3, 3);
  x << 0.5, 0.1, -0.2, 0.1, 0.3, 0.4, -0.2, 0.4, -0.6;
  for (int64_t t = 1; t <= 40; ++t) {
    a->AddStep(x * std::sin(static_cast<double>(t)));
    b->AddStep(Eigen::MatrixXd::Zero(3, 3));
    const Eigen::MatrixXd noise_a = a->Release() - MatrixCounterPeer::TrueSum(*a);
    const Eigen::MatrixXd noise_b = b->Release() - MatrixCounterPeer::TrueSum(*b);
    EXPECT_EQ(a->Release(), a->Release().transpose());
    EXPECT_LE((noise_a - noise_b).cwiseAbs().maxCoeff(), 2.0 * a->release_error_bound(t)) << t;
    EXPECT_GT(noise_b.cwiseAbs().maxCoeff(), 100.0 * a->release_error_bound(t)) << t;
  }
}

TEST(MatrixFactorizationCounterTest, ReleaseIsReproducibleFromTheStream) {
  const MatrixTreeCounterOptions o = Options(false, 5);
  absl::StatusOr<MatrixFactorizationCounter> a =
      MatrixFactorizationCounter::Create(o, TestStream(4));
  absl::StatusOr<MatrixFactorizationCounter> b =
      MatrixFactorizationCounter::Create(o, TestStream(4));
  absl::StatusOr<MatrixFactorizationCounter> other =
      MatrixFactorizationCounter::Create(o, TestStream(5));
  const Eigen::MatrixXd x = Eigen::MatrixXd::Constant(3, 2, 0.3);
  for (int t = 0; t < 5; ++t) {
    a->AddStep(x);
    b->AddStep(x);
    other->AddStep(x);
  }
  EXPECT_EQ(a->Release(), b->Release());
  EXPECT_NE(a->Release(), other->Release());
  EXPECT_NEAR((MatrixCounterPeer::TrueSum(*a) - 5 * x).norm(), 0.0, 1e-12);
}

TEST(MatrixFactorizationCounterDeathTest, RejectsOversizedInputAndExtraSteps) {
  absl::StatusOr<MatrixFactorizationCounter> c =
      MatrixFactorizationCounter::Create(Options(false, 1), TestStream(6));
  ASSERT_THAT(c, IsOk());
  EXPECT_DEATH(c->AddStep(Eigen::MatrixXd::Constant(3, 2, 1.0)), "input_frobenius_bound");
  c->AddStep(Eigen::MatrixXd::Zero(3, 2));
  EXPECT_DEATH(c->AddStep(Eigen::MatrixXd::Zero(3, 2)), "more steps than horizon_steps");
}

}  // namespace
}  // namespace dprl
