#include "algorithms/mechanisms/ou_functional_noise.h"

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

constexpr uint64_t kSeed = 2019;  // master seed of every stream of this file

OuFunctionalNoise MakeOrDie(int paths, double sigma, double beta) {
  OuFunctionalNoiseOptions options;
  options.num_paths = paths;
  options.noise_stddev = sigma;
  options.kernel_rate = beta;
  absl::StatusOr<OuFunctionalNoise> noise = OuFunctionalNoise::Create(options);
  EXPECT_THAT(noise, IsOk());
  return *std::move(noise);
}

// Generic Gaussian conditioning of g(x) on g at `given` (values `values`), K = sigma^2 exp(-beta
// d).
GaussianMoments Condition(double x, const std::vector<double>& given,
                          const std::vector<double>& values, double sigma, double beta) {
  const int n = given.size();
  auto k = [&](double u, double v) { return sigma * sigma * std::exp(-beta * std::abs(u - v)); };
  Eigen::MatrixXd knn(n, n);
  Eigen::VectorXd kxn(n), g(n);
  for (int i = 0; i < n; ++i) {
    kxn[i] = k(x, given[i]);
    g[i] = values[i];
    for (int j = 0; j < n; ++j) knn(i, j) = k(given[i], given[j]);
  }
  const Eigen::VectorXd w = knn.ldlt().solve(kxn);
  return {w.dot(g), std::sqrt(k(x, x) - w.dot(kxn))};
}

TEST(OuConditionalMomentsTest, MatchesGaussianConditioningInAllFourCases) {
  const double sigma = 0.7, beta = 2.5;
  for (double x : {0.05, 0.3, 0.61, 0.99}) {
    const OuNeighbour left{x - 0.2, 0.4}, right{x + 0.13, -1.1};
    GaussianMoments got = OuConditionalMoments(x, left, right, sigma, beta);
    GaussianMoments want =
        Condition(x, {left.location, right.location}, {left.value, right.value}, sigma, beta);
    EXPECT_NEAR(got.mean, want.mean, 1e-12) << x;
    EXPECT_NEAR(got.stddev, want.stddev, 1e-12) << x;
    // Markov property: a farther point on either side changes nothing.
    want = Condition(x, {left.location - 0.1, left.location, right.location, right.location + 0.3},
                     {2.0, left.value, right.value, -3.0}, sigma, beta);
    EXPECT_NEAR(got.mean, want.mean, 1e-12) << x;
    EXPECT_NEAR(got.stddev, want.stddev, 1e-12) << x;

    got = OuConditionalMoments(x, left, std::nullopt, sigma, beta);
    want = Condition(x, {left.location - 0.3, left.location}, {1.0, left.value}, sigma, beta);
    EXPECT_NEAR(got.mean, want.mean, 1e-12) << x;
    EXPECT_NEAR(got.stddev, want.stddev, 1e-12) << x;

    got = OuConditionalMoments(x, std::nullopt, right, sigma, beta);
    want = Condition(x, {right.location, right.location + 0.5}, {right.value, 0.3}, sigma, beta);
    EXPECT_NEAR(got.mean, want.mean, 1e-12) << x;
    EXPECT_NEAR(got.stddev, want.stddev, 1e-12) << x;
  }
  const GaussianMoments prior = OuConditionalMoments(0.5, std::nullopt, std::nullopt, sigma, beta);
  EXPECT_EQ(prior.mean, 0.0);
  EXPECT_EQ(prior.stddev, sigma);
}

// The sinh form of the two-sided mean (as in the authors' code) is the same number; the printed
// eq. (2) of the paper (sinh weights swapped, variance with e^{+beta(.)} factors) is not a valid
// conditional: its variance is negative close to a neighbour.
TEST(OuConditionalMomentsTest, SinhFormAndThePrintedEquation) {
  const double beta = 1.0, sm = 0.2, s = 0.25, sp = 0.9, gm = 0.8, gp = -0.5;
  const GaussianMoments got =
      OuConditionalMoments(s, OuNeighbour{sm, gm}, OuNeighbour{sp, gp}, 1.0, beta);
  const double sinh_mean = (std::sinh(beta * (sp - s)) * gm + std::sinh(beta * (s - sm)) * gp) /
                           std::sinh(beta * (sp - sm));
  EXPECT_NEAR(got.mean, sinh_mean, 1e-14);
  const double printed_mean = (std::sinh(beta * (s - sm)) * gm + std::sinh(beta * (sp - s)) * gp) /
                              std::sinh(beta * (sp - sm));
  EXPECT_GT(std::abs(printed_mean - got.mean), 0.1);
  const double printed_variance = 1.0 - (std::sinh(beta * (s - sm)) * std::exp(beta * (s - sm)) +
                                         std::sinh(beta * (sp - s)) * std::exp(beta * (sp - s))) /
                                            std::sinh(beta * (sp - sm));
  EXPECT_LT(printed_variance, 0.0);
  EXPECT_GT(got.stddev, 0.0);
}

TEST(OuFunctionalNoiseTest, StoredPointsAreReusedAndReadNoRandomness) {
  OuFunctionalNoise noise = MakeOrDie(3, 0.5, 1.0);
  RandomStream stream = TestStream(kSeed, TestPurpose::kTest, 1);
  double first[3], again[3];
  noise.Evaluate(0.4, stream, first);
  noise.Evaluate(0.9, stream, again);
  EXPECT_EQ(noise.num_points(), 2);
  RandomStream untouched = stream;
  noise.Evaluate(0.4, stream, again);
  for (int a = 0; a < 3; ++a) EXPECT_EQ(again[a], first[a]);
  EXPECT_EQ(stream.NextU64(), untouched.NextU64());  // no word was read
  EXPECT_EQ(noise.num_points(), 2);
  EXPECT_NE(first[0], first[1]);  // independent paths
  noise.Reset();
  EXPECT_EQ(noise.num_points(), 0);
  noise.Evaluate(0.4, stream, again);
  EXPECT_NE(again[0], first[0]);  // a new sample path
}

TEST(OuFunctionalNoiseTest, SameStreamSameValues) {
  OuFunctionalNoise a = MakeOrDie(2, 0.3, 4.0), b = MakeOrDie(2, 0.3, 4.0);
  RandomStream sa = TestStream(kSeed, TestPurpose::kTest, 2),
               sb = TestStream(kSeed, TestPurpose::kTest, 2);
  for (double x : {0.5, 0.1, 0.7, 0.3, 1.0, 0.0, 0.55}) {
    double va[2], vb[2];
    a.Evaluate(x, sa, va);
    b.Evaluate(x, sb, vb);
    EXPECT_EQ(va[0], vb[0]);
    EXPECT_EQ(va[1], vb[1]);
  }
}

// Right of the last stored point the mean follows the LAST stored value (the authors' code used
// the first one): with beta tiny the path is nearly constant, so g(1) is close to g(0.6).
TEST(OuFunctionalNoiseTest, ExtrapolatesFromTheNearestStoredPoint) {
  OuFunctionalNoise noise = MakeOrDie(1, 1.0, 1e-9);
  RandomStream stream = TestStream(kSeed, TestPurpose::kTest, 3);
  double g0, g1, g2;
  noise.Evaluate(0.2, stream, &g0);
  noise.Evaluate(0.6, stream, &g1);
  noise.Evaluate(1.0, stream, &g2);
  EXPECT_NEAR(g2, g1, 1e-3);
  double left;
  noise.Evaluate(0.0, stream, &left);
  EXPECT_NEAR(left, g0, 1e-3);
}

TEST(OuFunctionalNoiseTest, ZeroStddevIsTheZeroFunction) {
  OuFunctionalNoise noise = MakeOrDie(2, 0.0, 1.0);
  RandomStream stream = TestStream(kSeed, TestPurpose::kTest, 4);
  RandomStream untouched = stream;
  double v[2] = {1, 1};
  noise.Evaluate(0.3, stream, v);
  EXPECT_EQ(v[0], 0.0);
  EXPECT_EQ(v[1], 0.0);
  EXPECT_EQ(noise.num_points(), 0);
  EXPECT_EQ(stream.NextU64(), untouched.NextU64());
}

TEST(OuFunctionalNoiseOptionsTest, DefaultsValidAndBadValuesNamed) {
  EXPECT_THAT(OuFunctionalNoiseOptions().Validate(), IsOk());
  for (int bad : {0, -1}) {
    OuFunctionalNoiseOptions options;
    options.num_paths = bad;
    EXPECT_THAT(options.Validate(), InvalidArgumentWith("num_paths = " + std::to_string(bad)));
    EXPECT_THAT(OuFunctionalNoise::Create(options), StatusIs(absl::StatusCode::kInvalidArgument));
  }
  for (double bad : {-0.1, std::nan(""), HUGE_VAL}) {
    OuFunctionalNoiseOptions options;
    options.noise_stddev = bad;
    EXPECT_THAT(options.Validate(), InvalidArgumentWith("noise_stddev = "));
    EXPECT_THAT(OuFunctionalNoise::Create(options), StatusIs(absl::StatusCode::kInvalidArgument));
  }
  // A scale in [1e-100, 1e100]: 5e-324 passed "> 0" and gave NaN conditional deviations.
  for (double bad : {0.0, -1.0, std::nan(""), HUGE_VAL, 5e-324, 1e101}) {
    OuFunctionalNoiseOptions options;
    options.kernel_rate = bad;
    EXPECT_THAT(options.Validate(),
                InvalidArgumentWith("OuFunctionalNoiseOptions.kernel_rate must be finite and in "
                                    "[1e-100, 1e+100]"));
    EXPECT_THAT(OuFunctionalNoise::Create(options), StatusIs(absl::StatusCode::kInvalidArgument));
  }
}

}  // namespace
}  // namespace dprl
