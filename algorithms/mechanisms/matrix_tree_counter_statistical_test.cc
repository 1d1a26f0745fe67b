// Statistical test of MatrixTreeCounter's noise: at step t every released entry (p <= q for a
// symmetric counter) carries popcount(t) independent discrete Gaussian node noises, so
// sum over counters and entries of noise^2 / (popcount(t) sigma^2) is chi-square with
// (counters * entries) degrees of freedom (sigma = node_noise_stddev(); the discrete Gaussian with
// variance parameter ~2^56 grid units has variance sigma^2 to relative 1e-15 and the chi-square law
// holds to that precision). Two-sided test, failure probability 1e-6 per (t, counter shape):
// each tail 5e-7, thresholds from ChiSquareUpperQuantile.
#include <gtest/gtest.h>

#include <cmath>

#include "algorithms/mechanisms/matrix_counter_testing.h"
#include "algorithms/mechanisms/matrix_tree_counter.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/statistics_for_tests.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

constexpr double kTail = 5e-7;

void CheckVariance(bool symmetric, int rows, int cols, int counters) {
  MatrixTreeCounterOptions o;
  o.rows = rows;
  o.cols = cols;
  o.symmetric = symmetric;
  o.horizon_steps = 15;  // m = 4; t = 15 has popcount 4 = m, t = 8 popcount 1
  o.l2_sensitivity = 3.0;
  o.input_frobenius_bound = 3.0;
  o.zcdp_rho = 0.2;
  double sum_sq_8 = 0.0, sum_sq_15 = 0.0, sigma2 = 0.0;
  int dof = 0;
  for (int c = 0; c < counters; ++c) {
    StreamKey key;
    key.master_seed = 77;
    key.replicate = c;
    key.purpose = TestPurpose::kTest;
    absl::StatusOr<MatrixTreeCounter> counter = MatrixTreeCounter::Create(o, RandomStream(key));
    ASSERT_THAT(counter, IsOk());
    sigma2 = std::pow(counter->node_noise_stddev(), 2);
    const Eigen::MatrixXd input = Eigen::MatrixXd::Constant(rows, cols, 0.25);
    for (int t = 1; t <= 15; ++t) {
      counter->AddStep(input);
      if (t != 8 && t != 15) continue;
      const Eigen::MatrixXd noise =
          counter->Release() - MatrixCounterPeer::TrueRoundedSum(*counter);
      double& sum_sq = t == 8 ? sum_sq_8 : sum_sq_15;
      for (int p = 0; p < rows; ++p) {
        for (int q = symmetric ? p : 0; q < cols; ++q) {
          sum_sq += noise(p, q) * noise(p, q);
          if (t == 8) ++dof;
        }
      }
    }
  }
  const double lower = ChiSquareUpperQuantile(dof, 1.0 - kTail);
  const double upper = ChiSquareUpperQuantile(dof, kTail);
  const double stat_8 = sum_sq_8 / (1.0 * sigma2);
  const double stat_15 = sum_sq_15 / (4.0 * sigma2);
  EXPECT_GE(stat_8, lower) << "t = 8 (popcount 1)";
  EXPECT_LE(stat_8, upper) << "t = 8 (popcount 1)";
  EXPECT_GE(stat_15, lower) << "t = 15 (popcount 4 = m)";
  EXPECT_LE(stat_15, upper) << "t = 15 (popcount 4 = m)";
}

TEST(MatrixTreeCounterStatisticalTest, SymmetricEntryVarianceIsPopcountSigmaSquared) {
  CheckVariance(true, 4, 4, 1500);
}

TEST(MatrixTreeCounterStatisticalTest, RectangularEntryVarianceIsPopcountSigmaSquared) {
  CheckVariance(false, 3, 2, 1500);
}

}  // namespace
}  // namespace dprl
