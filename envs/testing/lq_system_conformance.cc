#include "envs/testing/lq_system_conformance.h"

#include <gtest/gtest.h>

#include <cmath>

#include "random/random_stream.h"
#include "testing/random_streams.h"

namespace dprl {
namespace testing {
namespace {

constexpr double kTolerance = 1e-12;

double Spectral(const Eigen::MatrixXd& m) {
  return Eigen::JacobiSVD<Eigen::MatrixXd>(m).singularValues()(0);
}

void ExpectSpd(const Eigen::MatrixXd& m, const std::string& what) {
  EXPECT_LE((m - m.transpose()).cwiseAbs().maxCoeff(), 1e-12) << what << " is not symmetric";
  EXPECT_GT(Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(m).eigenvalues().minCoeff(), 0.0)
      << what << " is not positive definite";
}

// A control of norm <= gamma, random direction and radius.
Eigen::VectorXd RandomControl(int d, double gamma, RandomStream& stream) {
  Eigen::VectorXd u(d);
  for (int i = 0; i < d; ++i) u(i) = 2.0 * stream.NextOpenUniform() - 1.0;
  const double norm = u.norm();
  if (norm > 0.0) u *= gamma * stream.NextOpenUniform() / norm;
  return u;
}

void ExpectAssumption1(const LqSystem& s) {
  const std::string& name = s.name();
  ASSERT_GE(s.state_dim(), 1) << name;
  ASSERT_GE(s.control_dim(), 1) << name;
  ASSERT_GE(s.horizon(), 1) << name;
  ASSERT_EQ(s.a().rows(), s.state_dim()) << name;
  ASSERT_EQ(s.a().cols(), s.state_dim()) << name;
  ASSERT_EQ(s.b().rows(), s.state_dim()) << name;
  ASSERT_EQ(s.q().rows(), s.state_dim()) << name;
  ASSERT_EQ(s.r().rows(), s.control_dim()) << name;
  ASSERT_EQ(s.initial_state().size(), s.state_dim()) << name;
  ExpectSpd(s.q(), name + ": Q");
  ExpectSpd(s.r(), name + ": R");
  EXPECT_LE(s.Theta().norm(), 1.0 + kTolerance) << name << ": ||Theta||_F";
  EXPECT_LE(Spectral(s.a()), s.a_norm_bound() + kTolerance) << name << ": ||A|| > C_A";
  EXPECT_LT(s.a_norm_bound(), 1.0) << name;
  EXPECT_LE(Spectral(s.b()), s.b_norm_bound() + kTolerance) << name << ": ||B|| > C_B";
  EXPECT_LT(s.b_norm_bound(), 1.0) << name;
  EXPECT_LE(s.initial_state().norm(), 1.0 + kTolerance) << name << ": ||x_1||";
  EXPECT_GE(s.noise_bound(), 0.0) << name;
  EXPECT_LT(s.noise_bound(), 1.0) << name;
  EXPECT_GE(s.control_bound(), 0.0) << name;
  EXPECT_LE(s.a_norm_bound() + s.control_bound() * s.b_norm_bound() + s.noise_bound(),
            1.0 + kTolerance)
      << name << ": C_A + gamma C_B + C_w";
  const Eigen::MatrixXd w = s.NoiseCovariance();
  ASSERT_EQ(w.rows(), s.state_dim()) << name;
  EXPECT_LE((w - w.transpose()).cwiseAbs().maxCoeff(), 0.0) << name << ": W is not symmetric";
  EXPECT_GE(Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(w).eigenvalues().minCoeff(), 0.0)
      << name << ": W is not positive semidefinite";
}

void ExpectStepContract(const LqSystem& s, uint64_t seed) {
  RandomStream controls = TestStream(seed, TestPurpose::kTest, 1);
  RandomStream a = TestStream(seed, TestPurpose::kTest, 2);
  RandomStream b = TestStream(seed, TestPurpose::kTest, 2);
  Eigen::VectorXd x = s.initial_state();
  for (int h = 0; h < s.horizon(); ++h) {
    const Eigen::VectorXd u = RandomControl(s.control_dim(), s.control_bound(), controls);
    const Eigen::VectorXd next = s.Step(x, u, a);
    const Eigen::VectorXd expected = s.a() * x + s.b() * u + s.SampleNoise(b);
    EXPECT_EQ(next, expected) << s.name() << ": Step != A x + B u + SampleNoise at h = " << h;
    EXPECT_EQ(a.NextU64(), b.NextU64()) << s.name() << ": Step and SampleNoise read a different "
                                        << "number of words";
    const double cost = s.Cost(x, u);
    EXPECT_NEAR(cost, x.dot(s.q() * x) + u.dot(s.r() * u), 1e-12 * (1.0 + std::abs(cost)))
        << s.name();
    EXPECT_GE(cost, 0.0) << s.name();
    x = next;
  }
}

void ExpectDeterminismAndBounds(const LqSystem& s, const LqSystemConformanceOptions& o) {
  const LqSystem copy = s;
  int reported = 0;
  for (int t = 0; t < o.trajectories; ++t) {
    RandomStream controls = TestStream(o.seed, TestPurpose::kTest, 1000 + t);
    RandomStream env1 = TestStream(o.seed, TestPurpose::kTest, 100000 + t);
    RandomStream env2 = TestStream(o.seed, TestPurpose::kTest, 100000 + t);
    Eigen::VectorXd x1 = s.initial_state(), x2 = copy.initial_state();
    for (int h = 0; h < s.horizon(); ++h) {
      const Eigen::VectorXd u = RandomControl(s.control_dim(), s.control_bound(), controls);
      const Eigen::VectorXd next1 = s.Step(x1, u, env1);
      const Eigen::VectorXd next2 = copy.Step(x2, u, env2);
      if (next1 != next2 && reported++ < 5) {
        ADD_FAILURE() << s.name() << ": same stream key, different next state (trajectory " << t
                      << ", h = " << h << ")";
      }
      const double w = (next1 - s.a() * x1 - s.b() * u).norm();
      if (w > s.noise_bound() + 1e-12 && reported++ < 5) {
        ADD_FAILURE() << s.name() << ": ||w|| = " << w << " > C_w = " << s.noise_bound();
      }
      if (next1.norm() > 1.0 + 1e-12 && reported++ < 5) {
        ADD_FAILURE() << s.name() << ": ||x|| = " << next1.norm()
                      << " > 1 under controls of norm <= gamma (trajectory " << t << ", h = " << h
                      << ")";
      }
      x1 = next1;
      x2 = next2;
    }
  }
}

void ExpectNoiseDistribution(const LqSystem& s, const LqSystemConformanceOptions& o) {
  const int n = s.state_dim();
  const double cw = s.noise_bound();
  if (cw == 0.0) return;
  const double N = o.noise_samples;
  const double p = o.failure_probability / (n + n * (n + 1) / 2.0);
  RandomStream stream = TestStream(o.seed, TestPurpose::kTest, 7);
  Eigen::VectorXd mean = Eigen::VectorXd::Zero(n);
  Eigen::MatrixXd second = Eigen::MatrixXd::Zero(n, n);
  for (int i = 0; i < o.noise_samples; ++i) {
    const Eigen::VectorXd w = s.SampleNoise(stream);
    mean += w;
    second += w * w.transpose();
  }
  mean /= N;
  second /= N;
  const double mean_width = cw * std::sqrt(2.0 * std::log(2.0 / p) / N);
  const double second_width = 2.0 * cw * cw * std::sqrt(std::log(2.0 / p) / (2.0 * N));
  const Eigen::MatrixXd cov = s.NoiseCovariance();
  for (int i = 0; i < n; ++i) {
    EXPECT_LE(std::abs(mean(i)), mean_width) << s.name() << ": noise mean[" << i << "]";
    for (int j = i; j < n; ++j) {
      EXPECT_LE(std::abs(second(i, j) - cov(i, j)), second_width)
          << s.name() << ": noise E[w w'](" << i << ", " << j << ") = " << second(i, j)
          << ", documented " << cov(i, j);
    }
  }
}

}  // namespace

void ExpectLqSystemConforms(const LqSystem& system) {
  ExpectLqSystemConforms(system, LqSystemConformanceOptions());
}

void ExpectLqSystemConforms(const LqSystem& system, const LqSystemConformanceOptions& options) {
  ExpectAssumption1(system);
  ExpectStepContract(system, options.seed);
  ExpectDeterminismAndBounds(system, options);
  ExpectNoiseDistribution(system, options);
}

}  // namespace testing
}  // namespace dprl
