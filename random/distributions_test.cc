#include "random/distributions.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/statistics_for_tests.h"

namespace dprl {
namespace {

// Gamma(shape, 1) CDF: G ~ Gamma(shape) iff 2G ~ chi2(2 shape).
double GammaCdf(double shape, double x) { return 1.0 - ChiSquareUpperTail(2.0 * shape, 2.0 * x); }

// Sup distance between the empirical CDF of `samples` and `cdf` (KolmogorovStatistic is
// sqrt(n) times it).
double KsDistance(std::vector<double> samples, const std::function<double(double)>& cdf) {
  const double n = samples.size();
  return KolmogorovStatistic(samples, cdf) / std::sqrt(n);
}

constexpr int kKsSamples = 20000;

// KS test of exp(SampleLogGamma(shape)) against the Gamma(shape, 1) CDF for 5 shapes. The DKW
// inequality bounds the false-failure probability of each by 2e-7, 1e-6 in total.
TEST(DirichletTest, GammaMatchesItsDistributionFunction) {
  const double threshold = DkwHalfWidth(kKsSamples, 2e-7);
  RandomStream stream = TestStream(1);
  for (double shape : {0.05, 0.3, 1.0, 2.5, 30.0}) {
    std::vector<double> samples(kKsSamples);
    for (double& x : samples) x = std::exp(SampleLogGamma(shape, stream));
    const double distance = KsDistance(samples, [&](double x) { return GammaCdf(shape, x); });
    EXPECT_LT(distance, threshold) << "shape " << shape;
  }
}

// The KS test has power: Gamma(2.5) samples are far from the Gamma(2.2) CDF.
TEST(DirichletTest, KsTestDetectsAWrongShape) {
  RandomStream stream = TestStream(2);
  std::vector<double> samples(kKsSamples);
  for (double& x : samples) x = std::exp(SampleLogGamma(2.5, stream));
  EXPECT_GT(KsDistance(samples, [](double x) { return GammaCdf(2.2, x); }),
            DkwHalfWidth(kKsSamples, 2e-7));
}

// Dirichlet(alpha * 1_K) marginals are Beta(alpha, (K-1) alpha): mean 1/K and second moment
// 1/K^2 + (1/K)(1 - 1/K) / (K alpha + 1). Both are means of [0, 1] variables, tested with
// Hoeffding; 3 concentrations x 4 components x 2 moments share false-failure probability 1e-6.
TEST(DirichletTest, MarginalMomentsMatchBeta) {
  constexpr int kSize = 4;
  constexpr int kSamples = 20000;
  const double half_width = DkwHalfWidth(kSamples, 1e-6 / 24);  // same formula as Hoeffding
  RandomStream stream = TestStream(4);
  for (double alpha : {0.1, 1.0, 5.0}) {
    std::vector<double> sum(kSize, 0.0), sum_squares(kSize, 0.0);
    double row[kSize];
    for (int i = 0; i < kSamples; ++i) {
      SampleDirichlet(alpha, kSize, stream, row);
      double total = 0.0;
      for (int k = 0; k < kSize; ++k) {
        ASSERT_TRUE(row[k] >= 0.0 && row[k] <= 1.0) << row[k];
        total += row[k];
        sum[k] += row[k];
        sum_squares[k] += row[k] * row[k];
      }
      ASSERT_NEAR(total, 1.0, 1e-12);
    }
    const double mean = 1.0 / kSize;
    const double second_moment = mean * mean + mean * (1.0 - mean) / (kSize * alpha + 1.0);
    for (int k = 0; k < kSize; ++k) {
      EXPECT_NEAR(sum[k] / kSamples, mean, half_width) << "alpha " << alpha << ", k " << k;
      EXPECT_NEAR(sum_squares[k] / kSamples, second_moment, half_width)
          << "alpha " << alpha << ", k " << k;
    }
  }
}

// Tiny concentrations make most Gamma variates underflow; the log-space normalisation still
// gives probability vectors, and they concentrate on one outcome as Dirichlet(0.001) should.
TEST(DirichletTest, TinyConcentrationGivesValidRows) {
  constexpr int kSize = 10;
  RandomStream stream = TestStream(5);
  int nearly_one_hot = 0;
  for (int i = 0; i < 1000; ++i) {
    double row[kSize];
    SampleDirichlet(1e-3, kSize, stream, row);
    double total = 0.0, largest = 0.0;
    for (double p : row) {
      ASSERT_TRUE(std::isfinite(p) && p >= 0.0 && p <= 1.0) << p;
      total += p;
      largest = std::max(largest, p);
    }
    ASSERT_NEAR(total, 1.0, 1e-12);
    if (largest > 0.99) ++nearly_one_hot;
  }
  // With log G_i = log G_i(1 + alpha) + log(U_i) / alpha, the largest entry is <= 0.99 only if
  // the two largest log U_i are within alpha * (ln 100 + O(1)); the ratio of the two largest of
  // K uniforms is Beta(K - 1, 1), so this has probability ~1 - exp(-(K - 1) alpha (ln 100 + O(1)))
  // ~ 0.05. Even at 0.15 per row, fewer than 750 of 1000 rows are nearly one-hot with probability
  // < exp(-1000 KL(0.25 || 0.15)) < 3e-15 (Chernoff).
  EXPECT_GT(nearly_one_hot, 750);
}

TEST(DirichletTest, SameStreamGivesSameSamples) {
  RandomStream a = TestStream(6), b = TestStream(6);
  double row_a[5], row_b[5];
  for (int i = 0; i < 100; ++i) {
    SampleDirichlet(0.7, 5, a, row_a);
    SampleDirichlet(0.7, 5, b, row_b);
    for (int k = 0; k < 5; ++k) ASSERT_EQ(row_a[k], row_b[k]);
  }
}

}  // namespace
}  // namespace dprl
