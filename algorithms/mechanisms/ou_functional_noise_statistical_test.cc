// Statistical test of OuFunctionalNoise: whatever the query order (and whatever other points were
// queried before or between), the values at fixed points x_1..x_K have covariance
// sigma^2 exp(-beta |x_i - x_j|), and different paths are independent.
//
// Setting: K = 5 points, 2 paths, R = 20 000 independent replicates (fresh noise and stream each)
// for each of 4 query orders. Tests, with total false-failure probability kFailure = 1e-6 split in
// two halves:
//  (a) exact: whiten each path's vector, z = L^{-1} v / sigma with L L^T = K; for a correct sampler
//      the K coordinates of z are iid N(0, 1), so sum_r z_{r,k}^2 ~ chi2(R) exactly. Two-sided test
//      per (order, path, coordinate): 4 * 2 * 5 * 2 sides, each at kFailure / 2 / 80.
//  (b) asymptotic (CLT, R = 20 000): each empirical covariance c_ij = mean_r v_i v_j (known mean 0)
//      has standard deviation sigma^2 sqrt((1 + rho_ij^2) / R) (Isserlis); |c_ij - sigma^2 rho_ij|
//      must stay below NormalUpperQuantile(kFailure / 2 / (2 N)) times it, N = 4 * (2 * 15 + 25)
//      entries (within-path upper triangles and the cross-path block, rho = 0 there).
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <vector>

#include "algorithms/mechanisms/ou_functional_noise.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/statistics_for_tests.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

constexpr double kFailure = 1e-6;
constexpr int kReplicates = 20000;
constexpr int kPoints = 5;
constexpr int kPaths = 2;
constexpr int kOrders = 4;
constexpr double kSigma = 0.7;
constexpr double kBeta = 2.0;
const double kX[kPoints] = {0.0, 0.1, 0.35, 0.6, 1.0};

// Queries the fixed points in order `order` (with distractors for order 3); returns
// v[path][point].
void Sample(int order, RandomStream& stream, OuFunctionalNoise& noise, double v[kPaths][kPoints]) {
  static const int kPermutations[3][kPoints] = {{0, 1, 2, 3, 4}, {4, 3, 2, 1, 0}, {2, 4, 0, 3, 1}};
  double values[kPaths];
  auto query = [&](int i) {
    noise.Evaluate(kX[i], stream, values);
    for (int a = 0; a < kPaths; ++a) v[a][i] = values[a];
  };
  if (order < 3) {
    for (int i : kPermutations[order]) query(i);
    return;
  }
  // Random points in [-0.2, 1.2] before and between the fixed ones (queried inside-out).
  for (int i : {3, 1, 4, 0, 2}) {
    const int distractors = 1 + stream.UniformInt(3);
    for (int d = 0; d < distractors; ++d) {
      noise.Evaluate(-0.2 + 1.4 * stream.NextOpenUniform(), stream, values);
    }
    query(i);
  }
}

TEST(OuFunctionalNoiseStatisticalTest, CovarianceMatchesKernelWhateverTheQueryOrder) {
  Eigen::Matrix<double, kPoints, kPoints> kernel;
  for (int i = 0; i < kPoints; ++i) {
    for (int j = 0; j < kPoints; ++j) kernel(i, j) = std::exp(-kBeta * std::abs(kX[i] - kX[j]));
  }
  const Eigen::Matrix<double, kPoints, kPoints> chol = kernel.llt().matrixL();
  const int chi_tests = kOrders * kPaths * kPoints * 2;
  // Lower quantile: P(chi2(R) < q) = p  <=>  q = ChiSquareUpperQuantile(R, 1 - p).
  const double chi_lower = ChiSquareUpperQuantile(kReplicates, 1.0 - kFailure / 2 / chi_tests);
  const double chi_upper = ChiSquareUpperQuantile(kReplicates, kFailure / 2 / chi_tests);
  // Upper triangle (diagonal included) of the 10 x 10 matrix of both paths: 55 entries per order.
  const int entries = kOrders * (kPaths * kPoints) * (kPaths * kPoints + 1) / 2;
  const double z = NormalUpperQuantile(kFailure / 2 / (2.0 * entries));

  OuFunctionalNoiseOptions options;
  options.num_paths = kPaths;
  options.noise_stddev = kSigma;
  options.kernel_rate = kBeta;
  absl::StatusOr<OuFunctionalNoise> created = OuFunctionalNoise::Create(options);
  ASSERT_THAT(created, IsOk());
  OuFunctionalNoise noise = *std::move(created);

  for (int order = 0; order < kOrders; ++order) {
    StreamKey key;
    key.master_seed = 90210;
    key.config = order;
    key.purpose = TestPurpose::kTest;
    const RandomStream root(key);
    Eigen::Matrix<double, kPaths * kPoints, kPaths* kPoints> products =
        Eigen::Matrix<double, kPaths * kPoints, kPaths * kPoints>::Zero();
    double chi[kPaths][kPoints] = {};
    for (int r = 0; r < kReplicates; ++r) {
      RandomStream stream = root.Child(r);
      noise.Reset();
      double v[kPaths][kPoints];
      Sample(order, stream, noise, v);
      Eigen::Matrix<double, kPaths * kPoints, 1> flat;
      for (int a = 0; a < kPaths; ++a) {
        Eigen::Matrix<double, kPoints, 1> path;
        for (int i = 0; i < kPoints; ++i) path[i] = flat[a * kPoints + i] = v[a][i];
        const Eigen::Matrix<double, kPoints, 1> white =
            chol.triangularView<Eigen::Lower>().solve(path) / kSigma;
        for (int i = 0; i < kPoints; ++i) chi[a][i] += white[i] * white[i];
      }
      products.noalias() += flat * flat.transpose();
    }
    for (int a = 0; a < kPaths; ++a) {
      for (int i = 0; i < kPoints; ++i) {
        EXPECT_GT(chi[a][i], chi_lower) << "order " << order << " path " << a << " coord " << i;
        EXPECT_LT(chi[a][i], chi_upper) << "order " << order << " path " << a << " coord " << i;
      }
    }
    products /= kReplicates;
    for (int p = 0; p < kPaths * kPoints; ++p) {
      for (int q = p; q < kPaths * kPoints; ++q) {
        const bool same_path = p / kPoints == q / kPoints;
        const double rho = same_path ? kernel(p % kPoints, q % kPoints) : 0.0;
        const double sd = kSigma * kSigma * std::sqrt((1.0 + rho * rho) / kReplicates);
        EXPECT_LE(std::abs(products(p, q) - kSigma * kSigma * rho), z * sd)
            << "order " << order << ", entry (" << p << ", " << q << ")";
      }
    }
  }
}

}  // namespace
}  // namespace dprl
