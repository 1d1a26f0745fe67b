#include "algorithms/qlearning/mlp.h"

#include <ceres/jet.h>
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using Jet = ceres::Jet<double, kMlpNumParameters>;

constexpr uint64_t kSeed = 338;  // master seed of every stream of this file

Mlp RandomMlp(uint64_t replicate) {
  RandomStream stream = TestStream(kSeed, TestPurpose::kTest, replicate);
  Mlp mlp;
  mlp.Initialize(stream);
  return mlp;
}

// dQ(s, a)/dtheta by forward-mode automatic differentiation: theta_i carries the unit dual e_i.
std::vector<MlpParameters> JetGradients(const MlpParameters& parameters, double state,
                                        MlpOutputs* q) {
  std::vector<Jet> params(kMlpNumParameters);
  for (int i = 0; i < kMlpNumParameters; ++i) params[i] = Jet(parameters[i], i);
  Jet out[kMlpOutputs];
  MlpForward<Jet>(params.data(), Jet(state), out);
  std::vector<MlpParameters> gradients(kMlpOutputs);
  for (int a = 0; a < kMlpOutputs; ++a) {
    gradients[a] = out[a].v;
    (*q)[a] = out[a].a;
  }
  return gradients;
}

// The hand-written backpropagation equals automatic differentiation, for every parameter, both
// outputs, random networks and states across [0, 1] (both ends included).
TEST(MlpTest, GradientMatchesCeresJet) {
  for (uint64_t replicate = 0; replicate < 10; ++replicate) {
    const Mlp mlp = RandomMlp(replicate);
    for (double state : {0.0, 0.013, 0.25, 0.5, 0.77, 1.0}) {
      MlpOutputs jet_q;
      const std::vector<MlpParameters> expected = JetGradients(mlp.parameters(), state, &jet_q);
      for (int a = 0; a < kMlpOutputs; ++a) {
        MlpOutputs q;
        const MlpParameters gradient = mlp.QGradient(state, a, &q);
        EXPECT_NEAR(q[a], jet_q[a], 1e-14);
        const double scale = 1.0 + expected[a].lpNorm<Eigen::Infinity>();
        for (int i = 0; i < kMlpNumParameters; ++i) {
          ASSERT_NEAR(gradient[i], expected[a][i], 1e-13 * scale)
              << "parameter " << i << ", action " << a << ", state " << state << ", replicate "
              << replicate;
        }
      }
    }
  }
}

// A network whose hidden units are mostly inactive (negative biases) exercises the ReLU masks.
TEST(MlpTest, GradientMatchesCeresJetWithDeadUnits) {
  Mlp mlp = RandomMlp(99);
  for (int i = 0; i < kMlpHidden; i += 2) mlp.mutable_parameters()[kMlpB1 + i] = -2.0;
  for (int i = 0; i < kMlpHidden; i += 3) mlp.mutable_parameters()[kMlpB2 + i] = -3.0;
  for (double state : {0.1, 0.6, 0.95}) {
    MlpOutputs jet_q;
    const std::vector<MlpParameters> expected = JetGradients(mlp.parameters(), state, &jet_q);
    for (int a = 0; a < kMlpOutputs; ++a) {
      const MlpParameters gradient = mlp.QGradient(state, a);
      EXPECT_LE((gradient - expected[a]).lpNorm<Eigen::Infinity>(), 1e-13) << state << " " << a;
      EXPECT_GT((gradient.array() == 0.0).count(), kMlpNumParameters / 2);
    }
  }
}

TEST(MlpTest, ForwardEqualsTemplatedForward) {
  const Mlp mlp = RandomMlp(3);
  for (double state : {0.0, 0.3, 1.0}) {
    double q[kMlpOutputs];
    MlpForward<double>(mlp.parameters().data(), state, q);
    const MlpOutputs forward = mlp.Forward(state);
    for (int a = 0; a < kMlpOutputs; ++a) EXPECT_NEAR(forward[a], q[a], 1e-14);
  }
}

TEST(MlpTest, AccumulateAddsScaledGradient) {
  const Mlp mlp = RandomMlp(4);
  MlpParameters sum = MlpParameters::Constant(1.0);
  mlp.AccumulateQGradient(0.4, 1, -2.5, &sum);
  const MlpParameters expected = MlpParameters::Constant(1.0) - 2.5 * mlp.QGradient(0.4, 1);
  EXPECT_LE((sum - expected).lpNorm<Eigen::Infinity>(), 1e-14);
}

TEST(MlpTest, InitializationIsTorchLinearDefault) {
  const Mlp mlp = RandomMlp(5);
  const MlpParameters& p = mlp.parameters();
  for (int i = 0; i < kMlpNumParameters; ++i) {
    const double bound = i < kMlpW2 ? 1.0 : 0.25;  // 1/sqrt(fan-in): fan-in 1, then 16
    EXPECT_LE(std::abs(p[i]), bound) << i;
  }
  EXPECT_GT(p.head(kMlpW2).cwiseAbs().maxCoeff(), 0.5);  // the first layer uses its wider range
  // Same stream, same network; different stream, different network.
  EXPECT_EQ(RandomMlp(5).parameters(), p);
  EXPECT_NE(RandomMlp(6).parameters(), p);
}

TEST(OptimizerTest, SgdStep) {
  OptimizerOptions options;
  options.learning_rate = 0.5;
  Optimizer sgd(options);
  MlpParameters theta = MlpParameters::Constant(1.0);
  const MlpParameters g = MlpParameters::LinSpaced(-1.0, 1.0);
  sgd.Step(g, &theta);
  EXPECT_LE((theta - (MlpParameters::Constant(1.0) - 0.5 * g)).lpNorm<Eigen::Infinity>(), 0.0);
}

// Two RMSprop steps by hand with g = 2 then g = -1 (rho = 0.9, lr = 0.1, eps = 1e-8):
//   v1 = 0.1 * 4 = 0.4,               theta1 = 0 - 0.1 * 2 / (sqrt(0.4) + 1e-8)
//   v2 = 0.9 * 0.4 + 0.1 * 1 = 0.46,  theta2 = theta1 + 0.1 * 1 / (sqrt(0.46) + 1e-8)
TEST(OptimizerTest, RmsPropTwoStepsByHand) {
  OptimizerOptions options;
  options.kind = OptimizerKind::kRmsProp;
  options.learning_rate = 0.1;
  options.rmsprop_decay = 0.9;
  Optimizer rmsprop(options);
  MlpParameters theta = MlpParameters::Zero();
  rmsprop.Step(MlpParameters::Constant(2.0), &theta);
  const double theta1 = -0.1 * 2.0 / (std::sqrt(0.4) + 1e-8);
  EXPECT_NEAR(theta[0], theta1, 1e-15);
  rmsprop.Step(MlpParameters::Constant(-1.0), &theta);
  EXPECT_NEAR(theta[7], theta1 + 0.1 / (std::sqrt(0.46) + 1e-8), 1e-15);
}

TEST(OptimizerOptionsTest, DefaultsAreValidAndBadValuesNamed) {
  EXPECT_TRUE(OptimizerOptions().Validate().ok());
  for (double bad : {0.0, -1.0, std::nan(""), HUGE_VAL}) {
    OptimizerOptions options;
    options.learning_rate = bad;
    EXPECT_THAT(options.Validate(), InvalidArgumentWith("learning_rate = "));
  }
  for (double bad : {1.0, -0.1, std::nan("")}) {
    OptimizerOptions options;
    options.rmsprop_decay = bad;
    EXPECT_THAT(options.Validate(), InvalidArgumentWith("rmsprop_decay = "));
  }
  for (double bad : {0.0, -1e-8, HUGE_VAL}) {
    OptimizerOptions options;
    options.rmsprop_offset = bad;
    EXPECT_THAT(options.Validate(), InvalidArgumentWith("rmsprop_offset = "));
  }
}

}  // namespace
}  // namespace dprl
