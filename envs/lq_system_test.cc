#include "envs/lq_system.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "absl/status/status.h"
#include "envs/testing/lq_system_conformance.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::AllOf;

using ::testing::HasSubstr;

LqSystemParameters ValidScalar() {
  LqSystemParameters p;
  p.name = "scalar";
  p.a = Eigen::MatrixXd::Constant(1, 1, 0.5);
  p.b = Eigen::MatrixXd::Constant(1, 1, 0.5);
  p.q = Eigen::MatrixXd::Identity(1, 1);
  p.r = Eigen::MatrixXd::Identity(1, 1);
  p.initial_state = Eigen::VectorXd::Ones(1);
  p.horizon = 5;
  p.noise_bound = 0.1;
  p.a_norm_bound = 0.5;
  p.b_norm_bound = 0.5;
  p.control_bound = 0.8;
  return p;
}

absl::Status ErrorOf(const LqSystemParameters& p) { return LqSystem::Create(p).status(); }

TEST(LqSystemTest, NamedSystemsConform) {
  for (const std::string& name : NamedLqSystems()) {
    SCOPED_TRACE(name);
    absl::StatusOr<LqSystem> s = MakeNamedLqSystem(name, 10);
    ASSERT_THAT(s, IsOk());
    EXPECT_EQ(s->name(), name);
    EXPECT_EQ(s->state_dim(), 2 * s->control_dim());
    testing::ExpectLqSystemConforms(*s);
  }
}

TEST(LqSystemTest, NamedSystemDimensions) {
  for (const auto& [name, n] : {std::pair<std::string, int>{"chain_n2", 2},
                                {"chain_n4", 4},
                                {"chain_n8", 8},
                                {"rotation_n2", 2},
                                {"rotation_n4", 4},
                                {"rotation_n8", 8}}) {
    absl::StatusOr<LqSystem> s = MakeNamedLqSystem(name, 3);
    ASSERT_THAT(s, IsOk());
    EXPECT_EQ(s->state_dim(), n) << name;
    EXPECT_EQ(s->control_dim(), n / 2) << name;
    EXPECT_EQ(s->horizon(), 3);
  }
}

TEST(LqSystemTest, NamedChainN2Constants) {
  absl::StatusOr<LqSystem> s = MakeNamedLqSystem("chain_n2", 4);
  ASSERT_THAT(s, IsOk());
  // ||A|| = sqrt((0.59 + sqrt(0.59^2 - 4 * 0.0625)) / 2) = 0.6720 -> C_A = 0.68, C_B = 0.5,
  // gamma = (1 - 0.68 - 0.1) / 0.5 = 0.44.
  EXPECT_DOUBLE_EQ(s->a_norm_bound(), 0.68);
  EXPECT_DOUBLE_EQ(s->b_norm_bound(), 0.5);
  EXPECT_NEAR(s->control_bound(), 0.44, 1e-12);
  EXPECT_NEAR(s->NoiseCovariance()(0, 0), 0.01 / 4.0, 1e-15);
}

TEST(LqSystemTest, UnknownNameListsKnownOnes) {
  absl::StatusOr<LqSystem> s = MakeNamedLqSystem("nope", 3);
  EXPECT_THAT(s, StatusIs(absl::StatusCode::kInvalidArgument,
                          AllOf(HasSubstr("nope"), HasSubstr("chain_n2"))));
  EXPECT_THAT(MakeNamedLqSystem("chain_n2", 0), StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST(LqSystemTest, ScalarIsValid) { EXPECT_THAT(LqSystem::Create(ValidScalar()), IsOk()); }

TEST(LqSystemTest, RejectsFrobeniusNorm) {
  LqSystemParameters p = ValidScalar();
  p.a(0, 0) = 0.9;
  p.b(0, 0) = 0.9;
  p.a_norm_bound = 0.95;
  p.b_norm_bound = 0.95;
  p.control_bound = 0.0;
  p.noise_bound = 0.0;
  EXPECT_THAT(ErrorOf(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                   HasSubstr("Assumption 1(a) violated: ||Theta||_F")));
}

TEST(LqSystemTest, RejectsUncontrollable) {
  LqSystemParameters p;
  p.name = "diag";
  p.a = Eigen::MatrixXd::Identity(2, 2) * 0.3;
  p.b = Eigen::MatrixXd::Zero(2, 1);
  p.b(0, 0) = 0.5;
  p.q = Eigen::MatrixXd::Identity(2, 2);
  p.r = Eigen::MatrixXd::Identity(1, 1);
  p.initial_state = Eigen::VectorXd::Zero(2);
  p.a_norm_bound = 0.3;
  p.b_norm_bound = 0.5;
  p.control_bound = 1.0;
  EXPECT_THAT(ErrorOf(p),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("not controllable")));
}

TEST(LqSystemTest, RejectsNormBounds) {
  LqSystemParameters p = ValidScalar();
  p.a_norm_bound = 0.4;
  EXPECT_THAT(ErrorOf(p),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("||A|| = 0.5 > C_A = 0.4")));
  p = ValidScalar();
  p.b_norm_bound = 0.4;
  EXPECT_THAT(ErrorOf(p),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("||B|| = 0.5 > C_B = 0.4")));
  p = ValidScalar();
  p.a_norm_bound = 1.0;
  EXPECT_THAT(ErrorOf(p),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("C_A = 1 is not in [0, 1)")));
  p = ValidScalar();
  p.b_norm_bound = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THAT(ErrorOf(p), StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("C_B = nan")));
}

TEST(LqSystemTest, RejectsInitialState) {
  LqSystemParameters p = ValidScalar();
  p.initial_state(0) = 1.5;
  EXPECT_THAT(ErrorOf(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                   HasSubstr("Assumption 1(c) violated: ||x_1|| = 1.5 > 1")));
}

TEST(LqSystemTest, RejectsNoiseBound) {
  for (double bad : {-0.1, 1.0, std::numeric_limits<double>::infinity(),
                     std::numeric_limits<double>::quiet_NaN()}) {
    LqSystemParameters p = ValidScalar();
    p.noise_bound = bad;
    EXPECT_THAT(ErrorOf(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                     HasSubstr("Assumption 1(d) violated: noise_bound C_w")))
        << bad;
  }
}

TEST(LqSystemTest, RejectsGamma) {
  LqSystemParameters p = ValidScalar();
  p.control_bound = 0.9;  // 0.5 + 0.9 * 0.5 + 0.1 = 1.05
  EXPECT_THAT(ErrorOf(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                   HasSubstr("Assumption 1(e) violated: C_A + gamma C_B + C_w")));
  p.control_bound = -1.0;
  EXPECT_THAT(ErrorOf(p),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("control_bound gamma = -1")));
}

TEST(LqSystemTest, RejectsCostMatrices) {
  LqSystemParameters p = ValidScalar();
  p.q(0, 0) = 0.0;
  EXPECT_THAT(ErrorOf(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                   HasSubstr("Q is not positive definite")));
  p = ValidScalar();
  p.r(0, 0) = -1.0;
  EXPECT_THAT(ErrorOf(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                   HasSubstr("R is not positive definite")));
  p = ValidScalar();
  p.q = Eigen::MatrixXd::Identity(2, 2);
  EXPECT_THAT(ErrorOf(p),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("Q must be 1 x 1")));
  LqSystemParameters asym;
  asym = ValidScalar();
  asym.name = "two";
  asym.a = Eigen::MatrixXd::Identity(2, 2) * 0.3;
  asym.a(0, 1) = 0.2;
  asym.b = Eigen::MatrixXd::Zero(2, 1);
  asym.b(1, 0) = 0.5;
  asym.q = Eigen::MatrixXd::Identity(2, 2);
  asym.q(0, 1) = 0.5;
  asym.initial_state = Eigen::VectorXd::Zero(2);
  EXPECT_THAT(ErrorOf(asym),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("Q is not symmetric")));
}

TEST(LqSystemTest, RejectsShapesAndName) {
  LqSystemParameters p = ValidScalar();
  p.name = "";
  EXPECT_THAT(ErrorOf(p),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("name must be non-empty")));
  p = ValidScalar();
  p.horizon = 0;
  EXPECT_THAT(ErrorOf(p), StatusIs(absl::StatusCode::kInvalidArgument,
                                   HasSubstr("horizon must be >= 1, got 0")));
  p = ValidScalar();
  p.a(0, 0) = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THAT(ErrorOf(p),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("A has a non-finite entry")));
  p = ValidScalar();
  p.b = Eigen::MatrixXd::Zero(2, 1);
  EXPECT_THAT(ErrorOf(p),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("B must be 1 x d")));
}

TEST(LqSystemTest, NoiseCovarianceIsUniformBall) {
  absl::StatusOr<LqSystem> s = MakeNamedLqSystem("rotation_n4", 2);
  ASSERT_THAT(s, IsOk());
  EXPECT_TRUE(s->NoiseCovariance().isApprox(Eigen::MatrixXd::Identity(4, 4) * (0.01 / 6.0)));
}

}  // namespace
}  // namespace dprl
