// Statistical test of the corrected delta_g of Theorem 5 (functional_noise_calibration.h) against
// a direct Monte-Carlo of the noise paths: sup |g| and max g of g ~ G(0, sigma^2 K),
// K(x, y) = exp(-beta |x - y|), on a grid of kGridSize equally spaced points of [0, 1], drawn with
// OuFunctionalNoise (exact Gaussian conditionals). The grid's values form a Gaussian vector with
// per-coordinate variance sigma^2, so the Borell-TIS inequality holds for its maximum exactly as
// for the path's: P(max g - E max g > u) <= exp(-u^2 / (2 sigma^2)).
//
// Setting: sigma = 3 (> 1, where the printed tail and the corrected one differ), beta = 4,
// m = 2 paths per draw. kMeanDraws draws estimate E[max g] (mean_hat); an independent set of
// kTailDraws draws gives the counts. Thresholds, with total false-failure probability kFailure
// split over the kChecks + 1 statements below:
//  * max g is a sigma-Lipschitz function of standard Gaussians, so the mean of n draws exceeds
//    E[max g] by more than t = sigma sqrt(2 ln(1/a) / n) with probability <= a (Gaussian
//    concentration); c = mean_hat + t is >= E[max g] except with probability a, so the event
//    {sup |g| > c + u} is contained in {sup |g| > E max g + u}.
//  * (corrected tail is valid) #{sup |g| > c + u} <= BinomialUpperQuantile(N, 2 exp(-u^2/(2 sigma^2)), a)
//    for u in {2, 3, 4} sigma;
//  * (corrected delta_g is valid) #{some path has sup |g| > k} <= BinomialUpperQuantile(N,
//    CorrectedDeltaG(k, sigma, beta, 2), a) for a k with CorrectedDeltaG ~ 0.18;
//  * (Lemma 8's expectation bound) mean_hat - t <= 8.68 sqrt(beta) sigma.
// And the refutation of the printed tail (which would fail with probability <= a if the printed
// exp(-u^2 / 2) were a valid bound of P(max g > E max g + u)): at u = sigma = 3,
// #{max g > c + u} > BinomialUpperQuantile(N, exp(-u^2 / 2), a). (A 4000-draw run by hand gave
// P(max g > E max g + 3) ~ 0.085 against the printed 0.011.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "algorithms/accounting/functional_noise_calibration.h"
#include "algorithms/mechanisms/ou_functional_noise.h"
#include "testing/random_streams.h"
#include "testing/statistics_for_tests.h"

namespace dprl {
namespace {

constexpr double kFailure = 1e-6;
constexpr int kChecks = 6;  // 1 mean + 3 tails + 1 delta_g + 1 Lemma 8 (+ refutation below)
constexpr double kEach = kFailure / (kChecks + 1);
constexpr double kSigma = 3.0;
constexpr double kBeta = 4.0;
constexpr int kGridSize = 500;
constexpr int kMeanDraws = 4000;
constexpr int kTailDraws = 4000;

struct PathExtremes {
  double max_value[2];     // max_x g_a(x) over the grid, per path
  double sup_absolute[2];  // max_x |g_a(x)| over the grid, per path
};

// One draw of the m = 2 paths on the grid (left to right: each new point is conditioned on its
// left neighbour only).
PathExtremes DrawExtremes(OuFunctionalNoise& noise, RandomStream& stream) {
  noise.Reset();
  PathExtremes out;
  for (int a = 0; a < 2; ++a) {
    out.max_value[a] = -HUGE_VAL;
    out.sup_absolute[a] = 0.0;
  }
  double values[2];
  for (int i = 0; i < kGridSize; ++i) {
    noise.Evaluate(static_cast<double>(i) / (kGridSize - 1), stream, values);
    for (int a = 0; a < 2; ++a) {
      out.max_value[a] = std::max(out.max_value[a], values[a]);
      out.sup_absolute[a] = std::max(out.sup_absolute[a], std::abs(values[a]));
    }
  }
  return out;
}

TEST(FunctionalNoiseDeltaGStatisticalTest, BorellTisTailAndCorrectedDeltaGAgainstMonteCarlo) {
  OuFunctionalNoiseOptions options;
  options.num_paths = 2;
  options.noise_stddev = kSigma;
  options.kernel_rate = kBeta;
  absl::StatusOr<OuFunctionalNoise> noise = OuFunctionalNoise::Create(options);
  ASSERT_TRUE(noise.ok()) << noise.status();
  RandomStream stream = TestStream(20261124, TestPurpose::kPrivacyNoise);

  // E[max g] from path 0 of kMeanDraws draws.
  double sum_max = 0.0;
  for (int r = 0; r < kMeanDraws; ++r) sum_max += DrawExtremes(*noise, stream).max_value[0];
  const double mean_hat = sum_max / kMeanDraws;
  const double t = kSigma * std::sqrt(2.0 * std::log(1.0 / kEach) / kMeanDraws);
  const double center = mean_hat + t;

  const double excesses[3] = {2 * kSigma, 3 * kSigma, 4 * kSigma};
  int64_t tail_counts[3] = {0, 0, 0};
  int64_t printed_count = 0;  // max g_0 > center + sigma
  // k with CorrectedDeltaG(k, sigma, beta, 2 paths) = 4 exp(-2.5^2 / 2) ~ 0.176.
  const double noise_bound = kLemma8Constant * std::sqrt(kBeta) * kSigma + 2.5 * kSigma;
  int64_t bound_broken = 0;
  for (int r = 0; r < kTailDraws; ++r) {
    const PathExtremes e = DrawExtremes(*noise, stream);
    for (int i = 0; i < 3; ++i) tail_counts[i] += e.sup_absolute[0] > center + excesses[i];
    printed_count += e.max_value[0] > center + kSigma;
    bound_broken += std::max(e.sup_absolute[0], e.sup_absolute[1]) > noise_bound;
  }

  for (int i = 0; i < 3; ++i) {
    const double bound = BorellTisTwoSidedTail(excesses[i], kSigma);
    ASSERT_LT(bound, 1.0);
    EXPECT_LE(tail_counts[i], BinomialUpperQuantile(kTailDraws, bound, kEach))
        << "u = " << excesses[i] << ", bound " << bound;
  }
  const double delta_g = CorrectedDeltaG(noise_bound, kSigma, kBeta, /*num_paths=*/2);
  EXPECT_NEAR(delta_g, 4.0 * std::exp(-2.5 * 2.5 / 2.0), 1e-12);
  EXPECT_LE(bound_broken, BinomialUpperQuantile(kTailDraws, delta_g, kEach));
  EXPECT_LE(mean_hat - t, kLemma8Constant * std::sqrt(kBeta) * kSigma);

  // The printed tail exp(-u^2 / 2) (sigma^2 omitted) is refuted at sigma = 3.
  const double printed = std::exp(-kSigma * kSigma / 2.0);
  EXPECT_GT(printed_count, BinomialUpperQuantile(kTailDraws, printed, kEach))
      << "P(max g > E max g + sigma) estimated " << static_cast<double>(printed_count) / kTailDraws
      << " vs printed " << printed;
}

}  // namespace
}  // namespace dprl
