// Statistical test of CounterErrorTailBound against the real counter (its failure probability is
// stated and the thresholds derived from it).
//
// N = 20000 independent counters (one BinaryCounterBank, all tracked), T = 256 steps,
// beta_counter = 0.05, for three node-noise settings: discrete Laplace with node scale 18 and 1
// (exact negative-binomial path of counter_error_tail.h) and 1800 (coupling/Chernoff path). With E
// = CounterErrorTailBound(T, D, beta), each counter violates (max_t |Release_t - TrueSum_t| > E)
// independently with probability p <= beta (the bound), so V(E) ~ Bin(N, p) is stochastically below
// Bin(N, beta):
//   (a) V(E) <= BinomialUpperQuantile(N, beta, 1e-6)      false failure probability <= 1e-6.
// The bound is not absurdly loose: at E/2 a counter violates with probability at least
// p_lb = P(|S_8| > E/2) (step t = 255, popcount 8; a lower bound computed below), and
//   (b) V(E/2) > BinomialUpperQuantile(N, beta, 1e-6),
// whose false failure probability P(Bin(N, p_lb) <= threshold) <= 1e-6 is asserted first
// (threshold < BinomialLowerQuantile(N, p_lb, 1e-6)). Total over 4 settings x 2 checks: <= 8e-6.
// Fixed seeds.
#include <glog/logging.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "algorithms/mechanisms/binary_counter.h"
#include "algorithms/mechanisms/binary_counter_testing.h"
#include "algorithms/mechanisms/counter_error_tail.h"
#include "algorithms/mechanisms/discrete_laplace_sampler.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/statistics_for_tests.h"

namespace dprl {
namespace {

constexpr int64_t kCounters = 20000;
constexpr int64_t kHorizon = 256;
constexpr double kBetaCounter = 0.05;
constexpr double kFalseFailure = 1e-6;

// max_t |Release_t - TrueSum_t| for every counter of a fresh bank.
std::vector<double> MaxErrors(const BinaryCounterBank& prototype, uint64_t seed) {
  BinaryCounterBank bank = BinaryCounterBank::Create(kCounters, prototype.options(),
                                                     TestStream(seed, TestPurpose::kPrivacyNoise))
                               .value();
  for (int64_t c = 0; c < kCounters; ++c) bank.Track(c);
  std::vector<double> max_error(kCounters, 0.0);
  for (int64_t t = 1; t <= kHorizon; ++t) {
    for (int64_t c = 0; c < kCounters; ++c) {
      if ((c + t) % 2 == 0) bank.Add(c, 1.0);
    }
    bank.EndStep();
    for (int64_t c = 0; c < kCounters; ++c) {
      max_error[c] = std::max(max_error[c],
                              std::fabs(bank.Release(c) - BinaryCounterBankPeer::TrueSum(bank, c)));
    }
  }
  return max_error;
}

// A lower bound on P(|S_8| > x) for the bank's node noise.
double LowerBoundOfTailAtPopcount8(const BinaryCounterBank& bank, double x) {
  const double b = bank.node_noise_scale();
  if (b > 100) {
    // Large scale (too large to convolve here): S_8 = Zsum + Usum with Zsum the Laplace(b) sum
    // and |Usum| < 8 (counter_error_tail.h, (3)), so |S_8| > x if |Zsum| > x + 8.
    return LaplaceSumTail(b, 8, x + 8) * (1 - 1e-6);
  }
  // Discrete: the node PMF truncated to |y| <= M is <= the true PMF pointwise, so the 8-fold
  // convolution of the truncation gives a lower bound on every tail (independent of the code
  // under test). M = 40 b leaves out mass 2 q^{M+1}/(1+q) < e^-40 per node.
  const double q = std::exp(-1.0 / b);
  const int64_t m = static_cast<int64_t>(std::ceil(40 * b));
  std::vector<double> node(2 * m + 1);
  for (int64_t y = -m; y <= m; ++y) node[y + m] = (1 - q) / (1 + q) * std::pow(q, std::abs(y));
  std::vector<double> pmf = {1.0};
  for (int k = 0; k < 8; ++k) {
    std::vector<double> next(pmf.size() + 2 * m, 0.0);
    for (size_t i = 0; i < pmf.size(); ++i) {
      for (int64_t y = 0; y <= 2 * m; ++y) next[i + y] += pmf[i] * node[y];
    }
    pmf.swap(next);
  }
  const int64_t center = static_cast<int64_t>(pmf.size() / 2);
  double tail = 0.0;
  for (int64_t i = 0; i < static_cast<int64_t>(pmf.size()); ++i) {
    if (static_cast<double>(std::abs(i - center)) > x) tail += pmf[i];
  }
  return tail * (1 - 1e-6);
}

TEST(CounterErrorTailStatisticalTest, ViolationRateIsAtMostBetaAndTheBoundIsTightish) {
  const int64_t threshold = BinomialUpperQuantile(kCounters, kBetaCounter, kFalseFailure);
  uint64_t seed = 100;
  for (const double privacy_epsilon : {0.5, 9.0, 0.005}) {
    BinaryCounterOptions options;
    options.horizon_steps = kHorizon;
    options.privacy_epsilon = privacy_epsilon;  // b = 9 / privacy_epsilon (L = 9)
    const BinaryCounterBank prototype =
        BinaryCounterBank::Create(0, options, TestStream(0)).value();
    const double bound =
        CounterErrorTailBound(kHorizon, NodeNoiseOf(prototype), kBetaCounter).value();
    const double half = 0.5 * bound;
    const double p_lower = LowerBoundOfTailAtPopcount8(prototype, half);
    ASSERT_LT(threshold, BinomialLowerQuantile(kCounters, p_lower, kFalseFailure))
        << "test design: the E/2 check would fail with probability > 1e-6";

    const std::vector<double> max_error = MaxErrors(prototype, seed++);
    int64_t violations = 0, half_violations = 0;
    for (const double e : max_error) {
      violations += e > bound ? 1 : 0;
      half_violations += e > half ? 1 : 0;
    }
    std::printf(
        "node scale %g: E = %g; violations at E: %lld / %lld (threshold %lld, "
        "beta_counter %g); at E/2: %lld (lower bound on the rate %.3f)\n",
        prototype.node_noise_scale(), bound, static_cast<long long>(violations),
        static_cast<long long>(kCounters), static_cast<long long>(threshold), kBetaCounter,
        static_cast<long long>(half_violations), p_lower);
    EXPECT_LE(violations, threshold);
    EXPECT_GT(half_violations, threshold);
  }
}

TEST(CounterErrorTailStatisticalTest, RunningSumViolationRateIsAtMostBeta) {
  const int64_t threshold = BinomialUpperQuantile(kCounters, kBetaCounter, kFalseFailure);
  uint64_t seed = 200;
  for (const Rational scale : {Rational{3, 1}, Rational{40, 1}}) {
    const double bound = DiscreteLaplaceRunningSumTailBound(scale, kHorizon, kBetaCounter).value();
    const DiscreteLaplaceSampler sampler = DiscreteLaplaceSampler::Create(scale).value();
    RandomStream stream = TestStream(seed++, TestPurpose::kPrivacyNoise);
    int64_t violations = 0;
    for (int64_t c = 0; c < kCounters; ++c) {
      int64_t sum = 0, worst = 0;
      for (int64_t m = 0; m < kHorizon; ++m) {
        sum += sampler.Sample(stream);
        worst = std::max(worst, sum < 0 ? -sum : sum);
      }
      violations += static_cast<double>(worst) > bound ? 1 : 0;
    }
    std::printf("running sums, scale %lld: E = %g, violations %lld / %lld (threshold %lld)\n",
                static_cast<long long>(scale.numerator), bound, static_cast<long long>(violations),
                static_cast<long long>(kCounters), static_cast<long long>(threshold));
    EXPECT_LE(violations, threshold);
  }
}

}  // namespace
}  // namespace dprl
