// Statistical tests of MatrixFactorizationCounter's release noise (its header, "Noise on the
// release"). The noise on the release after t steps is g (C z)_t (plus a rounding error below
// 1e-6 of it): per released entry a Gaussian sequence with covariance
//     Cov(n_t, n_t') = g^2 v sum_{j} c_j c_{j + |t - t'|}   (CC' times g^2 v),
// g^2 v = step_noise_stddev()^2 (Var N_Z(0, v) = v to relative 1e-15 at v ~ 2^56).
//  (1) Per-time variance: sum over runs and entries of n_t^2 / release_noise_scale(t)^2 is
//      chi-square with runs * D degrees of freedom, at t = 1 and t = T.
//  (2) The whole covariance: whitening w = C^{-1} n / (g sqrt(v)) (C^{-1} is lower-triangular
//      Toeplitz with the coefficients d_j of (1 - x)^{1/2}: d_0 = 1, d_j = d_{j-1} (2j - 3) / (2j))
//      gives iid N(0, 1) under the claimed covariance: sum of w^2 over runs, times and entries is
//      chi-square with runs * T * D degrees of freedom, and the lag-1 products w_t w_{t+1} (mean 0,
//      variance 1, independent across runs and entries; dependent only through shared w along t,
//      so the sum over t is treated per (run, entry) as a sum of T - 1 terms with variance T - 1)
//      have a normalised sum within the normal quantiles.
// Each check is two-sided with failure probability 1e-6 (each tail 5e-7); thresholds from
// ChiSquareUpperQuantile / NormalUpperQuantile.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "algorithms/mechanisms/matrix_counter_testing.h"
#include "algorithms/mechanisms/matrix_factorization_counter.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/statistics_for_tests.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

constexpr double kTail = 5e-7;

void ExpectChiSquare(double statistic, double dof, const char* what) {
  EXPECT_GE(statistic, ChiSquareUpperQuantile(dof, 1.0 - kTail)) << what;
  EXPECT_LE(statistic, ChiSquareUpperQuantile(dof, kTail)) << what;
}

TEST(MatrixFactorizationCounterStatisticalTest, ReleaseNoiseHasTheClaimedCovariance) {
  constexpr int kRuns = 400;
  constexpr int64_t kSteps = 24;
  MatrixTreeCounterOptions o;
  o.rows = o.cols = 3;
  o.symmetric = true;
  o.horizon_steps = kSteps;
  o.l2_sensitivity = 2.0;
  o.input_frobenius_bound = 2.0;
  o.zcdp_rho = 0.5;
  const int entries = 6;
  std::vector<double> inverse(kSteps);  // d_j
  inverse[0] = 1.0;
  for (int j = 1; j < kSteps; ++j) inverse[j] = inverse[j - 1] * (2.0 * j - 3.0) / (2.0 * j);
  double first = 0.0, last = 0.0, whitened_sq = 0.0, lag_sum = 0.0;
  for (int run = 0; run < kRuns; ++run) {
    absl::StatusOr<MatrixFactorizationCounter> c =
        MatrixFactorizationCounter::Create(o, TestStream(91, TestPurpose::kTest, run));
    ASSERT_THAT(c, IsOk());
    const double unit = c->step_noise_stddev();
    std::vector<std::vector<double>> noise(entries, std::vector<double>(kSteps));
    Eigen::MatrixXd input(3, 3);
    input << 0.4, 0.2, 0.0, 0.2, -0.5, 0.3, 0.0, 0.3, 0.9;
    for (int64_t t = 1; t <= kSteps; ++t) {
      c->AddStep(input * std::cos(0.7 * static_cast<double>(t + run)));
      const Eigen::MatrixXd n = c->Release() - MatrixCounterPeer::TrueSum(*c);
      int e = 0;
      for (int p = 0; p < 3; ++p) {
        for (int q = p; q < 3; ++q) noise[e++][t - 1] = n(p, q);
      }
      const double scale = c->release_noise_scale(t);
      for (int i = 0; i < entries; ++i) {
        const double x = noise[i][t - 1] / scale;
        if (t == 1) first += x * x;
        if (t == kSteps) last += x * x;
      }
    }
    for (int i = 0; i < entries; ++i) {
      std::vector<double> w(kSteps, 0.0);
      for (int t = 0; t < kSteps; ++t) {
        for (int s = 0; s <= t; ++s) w[t] += inverse[t - s] * noise[i][s];
        w[t] /= unit;
        whitened_sq += w[t] * w[t];
      }
      double lag = 0.0;
      for (int t = 0; t + 1 < kSteps; ++t) lag += w[t] * w[t + 1];
      lag_sum += lag;
    }
  }
  ExpectChiSquare(first, kRuns * entries, "t = 1");
  ExpectChiSquare(last, kRuns * entries, "t = T");
  ExpectChiSquare(whitened_sq, static_cast<double>(kRuns) * kSteps * entries, "whitened");
  // Sum over runs and entries of sum_t w_t w_{t+1}: mean 0, variance runs * entries * (T - 1)
  // (the products at different lags are uncorrelated for iid w); normal approximation.
  const double z = lag_sum / std::sqrt(static_cast<double>(kRuns) * entries * (kSteps - 1));
  EXPECT_LE(std::abs(z), NormalUpperQuantile(kTail)) << "lag-1 correlation of whitened noise";
}

}  // namespace
}  // namespace dprl
