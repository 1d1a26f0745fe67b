#include "algorithms/mechanisms/matrix_tree_counter.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "absl/status/status.h"
#include "algorithms/mechanisms/matrix_counter_testing.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

constexpr uint64_t kSeed = 5;  // master seed of every stream of this file

MatrixTreeCounterOptions Symmetric3(int64_t steps) {
  MatrixTreeCounterOptions o;
  o.rows = o.cols = 3;
  o.symmetric = true;
  o.horizon_steps = steps;
  o.l2_sensitivity = 2.0;
  o.input_frobenius_bound = 2.0;
  o.zcdp_rho = 0.5;
  return o;
}

absl::Status ErrorOf(const MatrixTreeCounterOptions& o) {
  return MatrixTreeCounter::Create(o, TestStream(kSeed, TestPurpose::kTest, 0)).status();
}

TEST(MatrixTreeCounterTest, DefaultsAreValid) {
  EXPECT_THAT(MatrixTreeCounterOptions().Validate(), IsOk());
}

TEST(MatrixTreeCounterTest, RejectsBadOptions) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  MatrixTreeCounterOptions o;
  o.rows = 0;
  EXPECT_THAT(ErrorOf(o),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("rows must be >= 1, got 0")));
  o = MatrixTreeCounterOptions();
  o.cols = -1;
  EXPECT_THAT(ErrorOf(o),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("cols must be >= 1, got -1")));
  o = MatrixTreeCounterOptions();
  o.symmetric = true;
  o.cols = 2;
  EXPECT_THAT(ErrorOf(o), StatusIs(absl::StatusCode::kInvalidArgument,
                                   HasSubstr("symmetric requires rows == cols, got 1 x 2")));
  o = MatrixTreeCounterOptions();
  o.horizon_steps = 0;
  EXPECT_THAT(ErrorOf(o), StatusIs(absl::StatusCode::kInvalidArgument,
                                   HasSubstr("horizon_steps must be in [1, 2^40], got 0")));
  for (double bad : {0.0, -1.0, nan, inf}) {
    o = MatrixTreeCounterOptions();
    o.l2_sensitivity = bad;
    EXPECT_THAT(ErrorOf(o), StatusIs(absl::StatusCode::kInvalidArgument,
                                     HasSubstr("l2_sensitivity must be finite and > 0")))
        << bad;
    o = MatrixTreeCounterOptions();
    o.input_frobenius_bound = bad;
    EXPECT_THAT(ErrorOf(o), StatusIs(absl::StatusCode::kInvalidArgument,
                                     HasSubstr("input_frobenius_bound must be finite and > 0")))
        << bad;
    o = MatrixTreeCounterOptions();
    o.zcdp_rho = bad;
    EXPECT_THAT(ErrorOf(o), StatusIs(absl::StatusCode::kInvalidArgument,
                                     HasSubstr("zcdp_rho must be finite and > 0")))
        << bad;
  }
  o = MatrixTreeCounterOptions();
  o.zcdp_rho = 1e30;
  o.horizon_steps = int64_t{1} << 40;
  EXPECT_THAT(ErrorOf(o),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("could overflow int64")));
}

// Sizes are checked before anything is allocated, with the bytes needed in the message: no
// bad_alloc, no int overflow of the entry count.
TEST(MatrixTreeCounterTest, RefusesSizesBeyondMemoryBeforeAllocating) {
  MatrixTreeCounterOptions o;
  o.rows = 100000;
  o.cols = 100000;
  EXPECT_THAT(ErrorOf(o), StatusIs(absl::StatusCode::kInvalidArgument,
                                   AllOf(HasSubstr("rows = 100000, cols = 100000"),
                                         HasSubstr("at most 2^31 - 1 released entries"))));
  o.rows = 20000;
  o.cols = 20000;
  o.horizon_steps = 1000;  // 10 levels: 20 int64 values per entry, 4e8 entries: 64 GB
  EXPECT_THAT(ErrorOf(o), StatusIs(absl::StatusCode::kInvalidArgument,
                                   AllOf(HasSubstr("rows = 20000, cols = 20000"),
                                         HasSubstr("needs at least 6.4e+10 bytes (64 GB)"))));
}

TEST(MatrixTreeCounterTest, CalibrationSpendsAtMostRho) {
  for (int64_t steps : {1, 2, 7, 8, 1000, 1 << 20}) {
    for (double rho : {1e-6, 0.01, 1.0, 100.0}) {
      MatrixTreeCounterOptions o = Symmetric3(steps);
      o.zcdp_rho = rho;
      absl::StatusOr<MatrixTreeCounter> c =
          MatrixTreeCounter::Create(o, TestStream(kSeed, TestPurpose::kTest, 0));
      ASSERT_THAT(c, IsOk());
      EXPECT_EQ(c->levels(), static_cast<int>(std::floor(std::log2(steps))) + 1);
      EXPECT_EQ(c->released_entries(), 6);
      EXPECT_LE(c->rho_spent(), rho);
      EXPECT_GE(c->rho_spent(), rho * (1.0 - 1e-12));
      // The grid costs a relative 2 sqrt(D) g / Delta of sensitivity, tiny by construction.
      EXPECT_LT(c->effective_sensitivity(), o.l2_sensitivity * (1.0 + 1e-4));
      const double sigma2 = c->levels() * std::pow(c->effective_sensitivity(), 2) / (2.0 * rho);
      EXPECT_NEAR(c->node_noise_stddev(), std::sqrt(sigma2), 1e-6 * std::sqrt(sigma2));
    }
  }
}

TEST(MatrixTreeCounterTest, SymmetricReleaseIsSymmetricAndOnTheGrid) {
  absl::StatusOr<MatrixTreeCounter> c =
      MatrixTreeCounter::Create(Symmetric3(40), TestStream(kSeed, TestPurpose::kTest, 1));
  ASSERT_THAT(c, IsOk());
  RandomStream inputs = TestStream(kSeed, TestPurpose::kTest, 2);
  Eigen::MatrixXd exact = Eigen::MatrixXd::Zero(3, 3);
  for (int t = 1; t <= 40; ++t) {
    Eigen::VectorXd z(3);
    for (int i = 0; i < 3; ++i) z(i) = inputs.NextOpenUniform() - 0.5;
    const Eigen::MatrixXd x = z * z.transpose();
    exact += x;
    c->AddStep(x);
    const Eigen::MatrixXd release = c->Release();
    EXPECT_EQ(release, release.transpose()) << "t = " << t;
    const Eigen::MatrixXd units =
        (release - MatrixCounterPeer::TrueRoundedSum(*c)) / c->grid_unit();
    EXPECT_EQ(units, units.array().round().matrix()) << "noise is not a multiple of the grid";
    EXPECT_LE((MatrixCounterPeer::TrueRoundedSum(*c) - exact).cwiseAbs().maxCoeff(),
              t * c->grid_unit());
  }
}

TEST(MatrixTreeCounterTest, DeterministicGivenTheStream) {
  MatrixTreeCounterOptions o;
  o.rows = 3;
  o.cols = 2;
  o.horizon_steps = 9;
  absl::StatusOr<MatrixTreeCounter> a =
      MatrixTreeCounter::Create(o, TestStream(kSeed, TestPurpose::kTest, 3));
  absl::StatusOr<MatrixTreeCounter> b =
      MatrixTreeCounter::Create(o, TestStream(kSeed, TestPurpose::kTest, 3));
  absl::StatusOr<MatrixTreeCounter> other =
      MatrixTreeCounter::Create(o, TestStream(kSeed, TestPurpose::kTest, 4));
  ASSERT_THAT(a, IsOk());
  ASSERT_THAT(b, IsOk());
  ASSERT_THAT(other, IsOk());
  const Eigen::MatrixXd x = Eigen::MatrixXd::Constant(3, 2, 0.3);
  for (int t = 0; t < 9; ++t) {
    a->AddStep(x);
    b->AddStep(x);
    other->AddStep(x);
    EXPECT_EQ(a->Release(), b->Release());
    EXPECT_NE(a->Release(), other->Release());
  }
}

TEST(MatrixTreeCounterTest, NoInputsNoNoiseBeforeTheFirstStep) {
  absl::StatusOr<MatrixTreeCounter> c =
      MatrixTreeCounter::Create(Symmetric3(4), TestStream(kSeed, TestPurpose::kTest, 5));
  ASSERT_THAT(c, IsOk());
  EXPECT_EQ(c->Release(), Eigen::MatrixXd::Zero(3, 3));
}

}  // namespace
}  // namespace dprl
