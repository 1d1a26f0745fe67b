#include "algorithms/lqr/ofu_step.h"

#include <ceres/jet.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "algorithms/lqr/ofu_parametrisation.h"
#include "algorithms/lqr/riccati.h"
#include "algorithms/lqr/zero_dynamics_model.h"
#include "algorithms/mechanisms/samplers.h"
#include "random/distributions.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

constexpr uint64_t kSeed = 9;  // master seed of every stream of this file

double Cost(const OfuProblem& p, const Eigen::MatrixXd& theta) {
  Eigen::MatrixXd a, b;
  SplitTheta<double>(theta, &a, &b);
  return OptimalCost<double>(a, b, p.q, p.r, p.horizon, p.initial_state, p.noise_covariance);
}

// A random instance: n states, d controls, V = Z'Z + lambda I from `samples` random z's.
OfuProblem RandomProblem(int n, int d, double beta, double theta_scale, RandomStream& s) {
  OfuProblem p;
  p.theta_hat = Eigen::MatrixXd(n + d, n);
  for (int i = 0; i < p.theta_hat.size(); ++i)
    p.theta_hat(i) = theta_scale * SampleGaussian(1.0, s);
  Eigen::MatrixXd z(20, n + d);
  for (int i = 0; i < z.size(); ++i) z(i) = SampleGaussian(0.5, s);
  p.v = z.transpose() * z + Eigen::MatrixXd::Identity(n + d, n + d);
  p.beta = beta;
  p.q = Eigen::MatrixXd::Identity(n, n);
  p.r = Eigen::MatrixXd::Identity(d, d) * 0.5;
  p.noise_covariance = Eigen::MatrixXd::Identity(n, n) * 0.01;
  p.initial_state = Eigen::VectorXd::Ones(n) / std::sqrt(static_cast<double>(n));
  p.horizon = 5;
  return p;
}

void ExpectFeasible(const OfuProblem& p, const Eigen::MatrixXd& theta) {
  EXPECT_LE(VNorm(theta - p.theta_hat, p.v), p.beta * (1.0 + 1e-9));
  EXPECT_LE(theta.norm(), 1.0 + 1e-9);
}

TEST(OfuStepTest, ParametrisationIsAlwaysFeasible) {
  RandomStream s = TestStream(kSeed, TestPurpose::kTest, 1);
  for (int trial = 0; trial < 30; ++trial) {
    const OfuProblem p = RandomProblem(2, 1, 0.5 + trial * 0.2, 0.4, s);
    for (int i = 0; i < 50; ++i) {
      Eigen::VectorXd v(6);
      for (int j = 0; j < 6; ++j) v(j) = SampleGaussian(3.0, s);
      Eigen::MatrixXd theta;
      if (!OfuParameterToTheta(p, v, &theta)) continue;
      ExpectFeasible(p, theta);
    }
  }
}

// Ceres' optimum is feasible, no worse than Theta^ (when Theta^ is in S) and no worse than a dense
// random search of C_k cap S (20000 points, through the same surjective map).
TEST(OfuStepTest, NoWorseThanCentreAndRandomSearch) {
  RandomStream s = TestStream(kSeed, TestPurpose::kTest, 2);
  int checked = 0, iterative = 0;
  for (int trial = 0; trial < 12; ++trial) {
    const int n = trial % 2 == 0 ? 1 : 2;
    const OfuProblem p = RandomProblem(n, 1, trial % 3 == 0 ? 0.3 : trial % 3 == 1 ? 0.8 : 2.0, 0.3, s);
    RandomStream solver_stream = TestStream(kSeed, TestPurpose::kTest, 100 + trial);
    absl::StatusOr<OfuStepResult> r = SolveOfuStep(p, OfuStepOptions(), nullptr, solver_stream);
    ASSERT_THAT(r, IsOk());
    if (!r->intersection_found) continue;
    ++checked;
    ExpectFeasible(p, r->theta);
    if (r->zero_dynamics_feasible) {
      EXPECT_EQ(r->starts, 0);
      EXPECT_EQ(r->theta.topRows(n).norm(), 0.0);
    }
    EXPECT_NEAR(r->optimal_cost, Cost(p, r->theta), 1e-12 * (1.0 + r->optimal_cost));
    if (p.theta_hat.norm() <= 1.0) {
      EXPECT_LE(r->optimal_cost, Cost(p, p.theta_hat) + 1e-12);
    }
    double best_random = std::numeric_limits<double>::infinity();
    const int size = (n + 1) * n;
    for (int i = 0; i < 20000; ++i) {
      Eigen::VectorXd u(size);
      for (int j = 0; j < size; ++j) u(j) = SampleGaussian(1.0, s);
      u *= std::pow(s.NextOpenUniform(), 1.0 / size) / u.norm();
      const Eigen::VectorXd v = u / std::sqrt(1.0 - std::min(u.squaredNorm(), 1.0 - 1e-12));
      Eigen::MatrixXd theta;
      ASSERT_TRUE(OfuParameterToTheta(p, v, &theta));
      best_random = std::min(best_random, Cost(p, theta));
    }
    EXPECT_LE(r->optimal_cost, best_random + 1e-7 * (1.0 + best_random))
        << "trial " << trial << ": Ceres " << r->optimal_cost << " vs random search "
        << best_random;
    if (r->zero_dynamics_feasible) continue;
    ++iterative;
    EXPECT_GT(r->iterations, 0);
    EXPECT_EQ(r->starts, 3);
    EXPECT_GE(r->winning_start, 0);
    EXPECT_GE(r->random_start_gain, 0.0);
  }
  EXPECT_GE(checked, 8);
  EXPECT_GE(iterative, 4);
}

// OfuMinimiser::kLbfgspp from the same starts (the same solver stream) ends at a feasible point
// whose cost is the one reported and at least as low as Ceres' (up to 1e-9 relative) on every one
// of 30 problems with the iterative solver forced (shortcut off), n = 1..3, d = 1..2.
TEST(OfuStepTest, LbfgsppReachesCeresOptimumFromTheSameStarts) {
  RandomStream s = TestStream(kSeed, TestPurpose::kTest, 5);
  OfuStepOptions ceres_options;
  ceres_options.zero_dynamics_shortcut = false;
  OfuStepOptions lbfgspp_options = ceres_options;
  lbfgspp_options.minimiser = OfuMinimiser::kLbfgspp;
  int compared = 0;
  for (int trial = 0; trial < 30; ++trial) {
    const int n = 1 + trial % 3, d = 1 + (trial / 3) % 2;
    const OfuProblem p = RandomProblem(n, d, 0.3 + 0.1 * (trial % 7), 0.3, s);
    RandomStream ceres_stream = TestStream(kSeed, TestPurpose::kTest, 300 + trial);
    RandomStream lbfgspp_stream = ceres_stream;
    const OfuStepResult ceres = SolveOfuStep(p, ceres_options, nullptr, ceres_stream).value();
    const OfuStepResult lbfgspp = SolveOfuStep(p, lbfgspp_options, nullptr, lbfgspp_stream).value();
    if (!ceres.intersection_found) continue;
    ++compared;
    ExpectFeasible(p, lbfgspp.theta);
    EXPECT_NEAR(lbfgspp.optimal_cost, Cost(p, lbfgspp.theta), 1e-12 * (1.0 + lbfgspp.optimal_cost));
    EXPECT_LE(lbfgspp.optimal_cost, ceres.optimal_cost + 1e-9 * (1.0 + ceres.optimal_cost))
        << "trial " << trial << " (n = " << n << ", d = " << d << ")";
    EXPECT_EQ(lbfgspp.starts, ceres.starts);
    EXPECT_GT(lbfgspp.iterations, 0);
  }
  EXPECT_GE(compared, 20);
}

// The minimiser is one of the two (a value outside the enum is refused by name).
TEST(OfuStepTest, MinimiserIsValidated) {
  OfuStepOptions options;
  EXPECT_STREQ(OfuMinimiserName(OfuMinimiser::kCeres), "ceres");
  EXPECT_STREQ(OfuMinimiserName(OfuMinimiser::kLbfgspp), "lbfgspp");
  options.minimiser = static_cast<OfuMinimiser>(7);
  EXPECT_THAT(options.Validate(), StatusIs(absl::StatusCode::kInvalidArgument,
                                           HasSubstr("minimiser must be ceres or lbfgspp")));
}

// The closed-form gradient of v -> J_1*(Theta(v), x) equals forward-mode ceres::Jet through the
// templated map and Riccati recursion, on both branches of the map (inside S and on its sphere).
TEST(OfuStepTest, ClosedFormGradientMatchesJet) {
  using J = ceres::Jet<double, 1>;
  RandomStream s = TestStream(kSeed, TestPurpose::kTest, 6);
  int inside = 0, sphere = 0;
  for (int trial = 0; trial < 12; ++trial) {
    const int n = 1 + trial % 4, d = 1 + trial % 2;
    const OfuProblem p = RandomProblem(n, d, 0.5 + 0.3 * trial, 0.15, s);
    const OfuGeometry g = MakeOfuGeometry(p);
    ASSERT_TRUE(g.found);
    for (int point = 0; point < 4; ++point) {
      Eigen::VectorXd v(g.size());
      for (int i = 0; i < v.size(); ++i) v(i) = SampleGaussian(0.5 + point, s);
      Eigen::VectorXd gradient(g.size());
      const double cost = OfuObjectiveAndGradient(g, v.data(), gradient.data());
      const Eigen::MatrixXd theta = MapToTheta<double>(g, v.data());
      (theta.norm() < 1.0 - 1e-12 ? inside : sphere) += 1;
      EXPECT_NEAR(cost, Cost(p, theta), 1e-12 * (1.0 + cost));
      for (int i = 0; i < g.size(); ++i) {
        std::vector<J> jets(g.size());
        for (int j = 0; j < g.size(); ++j) jets[j] = J(v(j));
        jets[i].v(0) = 1.0;
        const DynMatrix<J> theta_jet = MapToTheta<J>(g, jets.data());
        DynMatrix<J> a, b;
        SplitTheta<J>(theta_jet, &a, &b);
        const J value =
            OptimalCost<J>(a, b, p.q, p.r, p.horizon, p.initial_state, p.noise_covariance);
        EXPECT_NEAR(gradient(i), value.v(0), 1e-10 * (1.0 + std::abs(value.v(0))))
            << "trial " << trial << ", point " << point << ", entry " << i;
      }
    }
  }
  EXPECT_GT(inside, 5);
  EXPECT_GT(sphere, 5);
}

// The compile-time kernels of the evaluation Ceres calls give the runtime-size reference's cost
// and gradient bit for bit, for every (n, d) they are compiled for, on both branches of the map,
// with v at an odd offset as well (Ceres passes pointers into its own vectors).
TEST(OfuStepTest, CompileTimeObjectiveIsGenericBitForBit) {
  RandomStream s = TestStream(kSeed, TestPurpose::kTest, 8);
  const std::vector<std::pair<int, int>> sizes = {{1, 1}, {2, 1}, {4, 2}, {8, 4}};
  for (const auto& [n, d] : sizes) {
    int inside = 0, sphere = 0;
    for (int trial = 0; trial < 6; ++trial) {
      OfuProblem p = RandomProblem(n, d, 0.5 + 0.7 * trial, 0.3 / std::sqrt((n + d) * n), s);
      p.horizon = 1 + 2 * trial;
      const OfuGeometry g = MakeOfuGeometry(p);
      ASSERT_TRUE(g.found);
      for (int point = 0; point < 20; ++point) {
        std::vector<double> storage(g.size() + 1);
        double* v = storage.data() + point % 2;
        for (int i = 0; i < g.size(); ++i) v[i] = SampleGaussian(0.3 * (1 + point % 5), s);
        std::vector<double> fast(g.size()), generic(g.size());
        const double fast_cost = OfuObjectiveAndGradient(g, v, fast.data());
        const double generic_cost = OfuObjectiveAndGradientGeneric(g, v, generic.data());
        (MapToTheta<double>(g, v).squaredNorm() < 1.0 - 1e-12 ? inside : sphere) += 1;
        ASSERT_EQ(std::memcmp(&fast_cost, &generic_cost, sizeof(double)), 0)
            << "(n, d) = (" << n << ", " << d << "), trial " << trial << ", point " << point;
        ASSERT_EQ(std::memcmp(fast.data(), generic.data(), sizeof(double) * g.size()), 0)
            << "(n, d) = (" << n << ", " << d << "), trial " << trial << ", point " << point;
      }
    }
    EXPECT_GT(inside, 10) << "(n, d) = (" << n << ", " << d << ")";
    EXPECT_GT(sphere, 10) << "(n, d) = (" << n << ", " << d << ")";
  }
}

// When C_k cap S contains an A = 0 model, the step returns one without calling Ceres: zero gains,
// the floor x'Qx + (H - 1) tr(QW) of J_1*, feasible.
TEST(OfuStepTest, ZeroDynamicsShortcut) {
  RandomStream s = TestStream(kSeed, TestPurpose::kTest, 7);
  OfuProblem p = RandomProblem(2, 1, 1.0, 0.3, s);
  const ZeroDynamicsModel zero = NearestZeroDynamicsModel(p.theta_hat, p.v);
  p.beta = zero.v_distance * 1.01;
  absl::StatusOr<OfuStepResult> r = SolveOfuStep(p, OfuStepOptions(), nullptr, s);
  ASSERT_THAT(r, IsOk());
  EXPECT_TRUE(r->zero_dynamics_feasible);
  EXPECT_EQ(r->starts, 0);
  EXPECT_EQ(r->iterations, 0);
  EXPECT_EQ(r->winning_start, -1);
  ExpectFeasible(p, r->theta);
  EXPECT_EQ(r->theta.topRows(2).norm(), 0.0);
  const double floor = p.initial_state.dot(p.q * p.initial_state) +
                       (p.horizon - 1) * (p.q * p.noise_covariance).trace();
  EXPECT_NEAR(r->optimal_cost, floor, 1e-12);
  Eigen::MatrixXd a, b;
  SplitTheta<double>(r->theta, &a, &b);
  for (const Eigen::MatrixXd& gain : SolveRiccati<double>(a, b, p.q, p.r, p.horizon).k) {
    EXPECT_EQ(gain.norm(), 0.0);
  }
  // Just outside: Ceres runs, and its optimum is above the floor.
  p.beta = zero.v_distance * 0.99;
  r = SolveOfuStep(p, OfuStepOptions(), nullptr, s);
  ASSERT_THAT(r, IsOk());
  EXPECT_FALSE(r->zero_dynamics_feasible);
  EXPECT_GT(r->starts, 0);
  EXPECT_GT(r->optimal_cost, floor);
}

TEST(OfuStepTest, WarmStartIsNoWorseAndCounted) {
  RandomStream s = TestStream(kSeed, TestPurpose::kTest, 3);
  const OfuProblem p = RandomProblem(2, 1, 1.0, 0.3, s);
  OfuStepOptions o;
  o.random_starts = 0;
  absl::StatusOr<OfuStepResult> first = SolveOfuStep(p, o, nullptr, s);
  ASSERT_THAT(first, IsOk());
  absl::StatusOr<OfuStepResult> second = SolveOfuStep(p, o, &first->theta, s);
  ASSERT_THAT(second, IsOk());
  EXPECT_EQ(second->starts, 2);
  EXPECT_LE(second->optimal_cost, first->optimal_cost + 1e-12);
}

TEST(OfuStepTest, EmptyIntersectionFallsBack) {
  RandomStream s = TestStream(kSeed, TestPurpose::kTest, 4);
  OfuProblem p = RandomProblem(1, 1, 0.01, 0.0, s);
  p.theta_hat = Eigen::MatrixXd::Constant(2, 1, 3.0);  // far outside S, tiny ellipsoid
  absl::StatusOr<OfuStepResult> r = SolveOfuStep(p, OfuStepOptions(), nullptr, s);
  ASSERT_THAT(r, IsOk());
  EXPECT_FALSE(r->intersection_found);
  EXPECT_NEAR(r->theta.norm(), 1.0, 1e-12);
}

TEST(OfuStepTest, RejectsBadInput) {
  RandomStream s = TestStream(kSeed, TestPurpose::kTest, 5);
  OfuProblem p = RandomProblem(1, 1, 1.0, 0.3, s);
  p.beta = 0.0;
  absl::StatusOr<OfuStepResult> r = SolveOfuStep(p, OfuStepOptions(), nullptr, s);
  EXPECT_THAT(r, StatusIs(absl::StatusCode::kInvalidArgument,
                          HasSubstr("beta must be finite and > 0, got 0")));
  p = RandomProblem(1, 1, 1.0, 0.3, s);
  p.v = -Eigen::MatrixXd::Identity(2, 2);
  r = SolveOfuStep(p, OfuStepOptions(), nullptr, s);
  EXPECT_THAT(
      r, StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("v must be positive definite")));
  OfuStepOptions o;
  o.max_iterations = 0;
  EXPECT_THAT(o.Validate(), StatusIs(absl::StatusCode::kInvalidArgument,
                                     HasSubstr("max_iterations must be >= 1, got 0")));
  EXPECT_THAT(OfuStepOptions().Validate(), IsOk());
}

}  // namespace
}  // namespace dprl
