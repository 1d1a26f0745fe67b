#include "algorithms/mechanisms/samplers.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "algorithms/mechanisms/discrete_laplace_sampler.h"
#include "random/distributions.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/statistics_for_tests.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

void ExpectRational(absl::StatusOr<Rational> r, int64_t numerator, int64_t denominator) {
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->numerator, numerator);
  EXPECT_EQ(r->denominator, denominator);
}

TEST(RationalAtLeastTest, KnownValues) {
  ExpectRational(RationalAtLeast(0.5, 10), 1, 2);
  ExpectRational(RationalAtLeast(3.0, 10), 3, 1);
  ExpectRational(RationalAtLeast(-2.0, 10), -2, 1);
  ExpectRational(RationalAtLeast(-0.5, 10), -1, 2);
  // double(0.1) = 0.1000000000000000055... > 1/10, so rounding up must skip 1/10.
  ExpectRational(RationalAtLeast(0.1, 10), 1, 9);
  ExpectRational(RationalAtLeast(0.1, 1000000), 100000, 999999);
  // double(1/3) < 1/3.
  ExpectRational(RationalAtLeast(1.0 / 3.0, 1000000), 1, 3);
  ExpectRational(RationalAtLeast(M_PI, 113), 355, 113);
  ExpectRational(RationalAtLeast(1e-300, 1000), 1, 1000);
  ExpectRational(RationalAtLeast(-1e-300, 7), 0, 1);
  ExpectRational(RationalAtLeast(12.75, 1), 13, 1);
  ExpectRational(RationalAtLeast(-12.75, 1), -12, 1);
  ExpectRational(RationalAtLeast(4.0e12 + 0.5, 1 << 20), 8000000000001, 2);
}

// Exhaustive check against brute force: for every q <= max_denominator the smallest p with
// p/q >= x is ceil(q x), computed exactly in long double (x has 53 significant bits and q < 2^9,
// so q x needs at most 62 bits, within the 64-bit long double mantissa on x86-64).
TEST(RationalAtLeastTest, MatchesBruteForce) {
  static_assert(std::numeric_limits<long double>::digits >= 64, "needs x87 long double");
  RandomStream stream = TestStream(1);
  for (int trial = 0; trial < 400; ++trial) {
    const double x = 10.0 * (stream.NextOpenUniform() - 0.5);
    const int64_t max_denominator = 1 + static_cast<int64_t>(stream.UniformInt(300));
    int64_t best_p = 0, best_q = 0;
    for (int64_t q = 1; q <= max_denominator; ++q) {
      const int64_t p = static_cast<int64_t>(std::ceil(static_cast<long double>(x) * q));
      if (best_q == 0 || p * best_q < best_p * q) {
        best_p = p;
        best_q = q;
      }
    }
    const absl::StatusOr<Rational> r = RationalAtLeast(x, max_denominator);
    ASSERT_THAT(r, IsOk());
    EXPECT_EQ(r->numerator * best_q, best_p * r->denominator) << "x = " << x;
    EXPECT_LE(r->denominator, max_denominator);
    EXPECT_EQ(std::gcd(r->numerator, r->denominator), 1);
  }
}

TEST(RationalAtLeastTest, RejectsBadArguments) {
  for (double x : {std::nan(""), static_cast<double>(INFINITY), -static_cast<double>(INFINITY)}) {
    EXPECT_THAT(RationalAtLeast(x, 10),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("x must be finite")));
  }
  EXPECT_THAT(RationalAtLeast(1.5, 0), StatusIs(absl::StatusCode::kInvalidArgument,
                                                HasSubstr("max_denominator must be >= 1, got 0")));
  EXPECT_THAT(RationalAtLeast(1.5, -3),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("max_denominator must be >= 1, got -3")));
  EXPECT_THAT(RationalAtLeast(1e19, 10), StatusIs(absl::StatusCode::kOutOfRange));
  EXPECT_THAT(RationalAtLeast(-1e19, 10), StatusIs(absl::StatusCode::kOutOfRange));
}

// Two-sided z test of a sample mean against its expectation: with `checks` such tests in a file
// and overall false-failure probability 1e-5, each uses z = NormalUpperQuantile(1e-5 / (2 checks)).
constexpr double kFileFalseFailure = 1e-5;
constexpr int kChecks =
    70;  // upper bound on the number of statistical assertions in this file (61)
double PerCheckProbability() { return kFileFalseFailure / kChecks; }
double ZThreshold() { return NormalUpperQuantile(PerCheckProbability() / 2.0); }

// Sample variance of continuous samples with known mean 0 vs the true variance: the estimator
// mean(x^2) has variance (mu4 - sigma^4) / n.
void ExpectVarianceMatches(const std::vector<double>& samples, double variance, double mu4) {
  double sum_sq = 0.0;
  for (double x : samples) sum_sq += x * x;
  const double n = static_cast<double>(samples.size());
  const double z = (sum_sq / n - variance) / std::sqrt((mu4 - variance * variance) / n);
  EXPECT_LT(std::fabs(z), ZThreshold()) << "variance " << sum_sq / n << " expected " << variance;
}

TEST(SampleLaplaceTest, KolmogorovSmirnovAndMoments) {
  for (const double scale : {0.3, 1.0, 1e4}) {
    RandomStream stream = TestStream(2);
    std::vector<double> samples(200000);
    for (double& x : samples) x = SampleLaplace(scale, stream);
    ExpectVarianceMatches(samples, 2 * scale * scale, 24 * std::pow(scale, 4));
    // Asymptotic KS; n = 2e5 makes the finite-sample correction negligible.
    const double ks = KolmogorovStatistic(samples, [scale](double x) {
      return x < 0 ? 0.5 * std::exp(x / scale) : 1.0 - 0.5 * std::exp(-x / scale);
    });
    EXPECT_LT(ks, KolmogorovUpperQuantile(PerCheckProbability())) << "scale " << scale;
  }
}

TEST(SampleGaussianTest, KolmogorovSmirnovAndMoments) {
  for (const double stddev : {0.5, 20.0}) {
    RandomStream stream = TestStream(3);
    std::vector<double> samples(200000);
    for (double& x : samples) x = SampleGaussian(stddev, stream);
    const double variance = stddev * stddev;
    ExpectVarianceMatches(samples, variance, 3 * variance * variance);
    const double ks = KolmogorovStatistic(
        samples, [stddev](double x) { return 0.5 * std::erfc(-x / (stddev * std::sqrt(2.0))); });
    EXPECT_LT(ks, KolmogorovUpperQuantile(PerCheckProbability())) << "stddev " << stddev;
  }
  RandomStream stream = TestStream(3);
  EXPECT_EQ(SampleGaussian(0.0, stream), 0.0);
}

// Frequency of SampleBernoulliExp(gamma) against exp(-gamma): binomial count within z standard
// deviations (normal approximation; n p (1-p) >= 900 for every case below except the exact ones).
TEST(SampleBernoulliExpTest, FrequencyMatchesExpMinusGamma) {
  const std::vector<Rational> gammas = {
      {1, 10},
      {1, 2},
      {1, 1},
      {3, 2},
      {7, 3},
      {4, 1},
      {1000000007, 1000000000},                    // gamma > 1, close to 1
      {(int64_t{1} << 62) - 1, int64_t{1} << 62},  // den * K overflows 64 bits
      {int64_t{3} << 61, int64_t{1} << 62},        // gamma = 1.5 with huge terms
  };
  constexpr int kDraws = 200000;
  RandomStream stream = TestStream(4);
  for (const Rational& gamma : gammas) {
    int64_t successes = 0;
    for (int i = 0; i < kDraws; ++i) successes += SampleBernoulliExp(gamma, stream) ? 1 : 0;
    const double p = std::exp(-RationalToDouble(gamma));
    const double sd = std::sqrt(kDraws * p * (1 - p));
    EXPECT_LT(std::fabs(successes - kDraws * p), ZThreshold() * sd)
        << gamma.numerator << "/" << gamma.denominator;
  }
  // gamma = 0 is certain; gamma = 1000 has probability e^-1000 (never in 2e5 draws).
  for (int i = 0; i < 1000; ++i) {
    ASSERT_TRUE(SampleBernoulliExp({0, 7}, stream));
    ASSERT_FALSE(SampleBernoulliExp({1000, 1}, stream));
  }
}

// Chi-square goodness of fit for an integer distribution: cells are the two tails beyond
// [-k, k] and runs of consecutive integers in [-k, k], each cell of probability >= 1/200 (so the
// expected count >= 1000 for n = 2e5). Threshold: chi2(cells - 1) quantile at PerCheckProbability.
void ExpectIntegerFit(const std::vector<int64_t>& samples,
                      const std::function<double(int64_t)>& pmf, int64_t k,
                      const std::string& label) {
  constexpr double kMinCellProbability = 1.0 / 200.0;
  std::vector<int64_t> upper;  // inclusive upper ends of the cells
  std::vector<double> probs;
  double interior = 0.0;
  for (int64_t x = -k; x <= k; ++x) interior += pmf(x);
  const double tail = std::max(0.0, (1.0 - interior) / 2.0);  // symmetric distributions
  upper.push_back(-k - 1);
  probs.push_back(tail);
  for (int64_t x = -k; x <= k; ++x) {
    if (probs.back() >= kMinCellProbability) {
      upper.push_back(x);
      probs.push_back(0.0);
    }
    upper.back() = x;
    probs.back() += pmf(x);
  }
  upper.push_back(std::numeric_limits<int64_t>::max());
  probs.push_back(tail);
  if (probs[probs.size() - 2] < kMinCellProbability || tail < kMinCellProbability) {
    // Merge the last interior cell with the right tail.
    probs[probs.size() - 2] += probs.back();
    probs.pop_back();
    upper.pop_back();
    upper.back() = std::numeric_limits<int64_t>::max();
  }
  if (probs[0] < kMinCellProbability) {  // merge the left tail into the first interior cell
    probs[1] += probs[0];
    probs.erase(probs.begin());
    upper.erase(upper.begin());
  }
  std::vector<int64_t> counts(probs.size(), 0);
  for (int64_t x : samples) {
    const size_t cell = std::lower_bound(upper.begin(), upper.end(), x) - upper.begin();
    ++counts[cell];
  }
  const double sum = std::accumulate(probs.begin(), probs.end(), 0.0);
  for (double& p : probs) p /= sum;  // absorb rounding of the pmf sums
  const double chi2 = PearsonChiSquare(counts, probs);
  const double df = static_cast<double>(probs.size() - 1);
  EXPECT_LT(chi2, ChiSquareUpperQuantile(df, PerCheckProbability()))
      << label << " cells " << df + 1;
}

double SampleVariance(const std::vector<int64_t>& samples) {
  double sum_sq = 0.0;
  for (int64_t x : samples) sum_sq += static_cast<double>(x) * x;
  return sum_sq / samples.size();
}

// Chi-square fit (cells of >= 1/200 probability in [-20 b, 20 b]) and the variance of discrete
// Laplace samples of scale b = t/s.
void ExpectDiscreteLaplace(const std::vector<int64_t>& samples, Rational scale,
                           const std::string& label) {
  const double b = RationalToDouble(scale);
  const double q = std::exp(-1.0 / b);
  const double one_minus_q = -std::expm1(-1.0 / b);
  auto pmf = [q, one_minus_q](int64_t x) {
    return one_minus_q / (1.0 + q) * std::pow(q, std::fabs(static_cast<double>(x)));
  };
  const std::string name =
      label + " " + std::to_string(scale.numerator) + "/" + std::to_string(scale.denominator);
  ExpectIntegerFit(samples, pmf, static_cast<int64_t>(20 * b) + 5, name);
  // Var = 2q/(1-q)^2; X is a difference of geometrics, so mu4 = Var^2 (3 + excess) with excess
  // kurtosis 3 + p^2 / (2 (1 - p)), p = 1 - q, making Var(mean(x^2)) = (mu4 - Var^2)/n.
  const double variance = 2 * q / (one_minus_q * one_minus_q);
  const double excess = 3 + one_minus_q * one_minus_q / (2 * q);
  const double se = variance * std::sqrt((2 + excess) / samples.size());
  EXPECT_LT(std::fabs(SampleVariance(samples) - variance), ZThreshold() * se) << name;
}

const std::vector<Rational>& DiscreteLaplaceTestScales() {
  static const auto* scales =
      new std::vector<Rational>{{1, 2}, {1, 1}, {7, 3}, {10, 1}, {123457, 10}, {10000, 1}};
  return *scales;
}

TEST(SampleDiscreteLaplaceTest, ChiSquareAndVariance) {
  constexpr int kDraws = 200000;
  RandomStream stream = TestStream(5);
  for (const Rational& scale : DiscreteLaplaceTestScales()) {
    std::vector<int64_t> samples(kDraws);
    for (int64_t& x : samples) x = SampleDiscreteLaplace(scale, stream);
    ExpectDiscreteLaplace(samples, scale, "CKS");
  }
}

}  // namespace

// Drives DiscreteLaplaceSampler's exact path directly (the fast path decides all but ~1e-5 of
// the samples, so the statistical tests below would not see the exact path otherwise).
class DiscreteLaplaceSamplerTestPeer {
 public:
  static int64_t SampleExactPath(const DiscreteLaplaceSampler& sampler, RandomStream& stream) {
    auto more = [&stream]() -> RandomStream& { return stream; };
    return sampler.SampleImpl</*force_exact=*/true>(static_cast<uint32_t>(stream.NextU64()), more);
  }
  static int64_t FastGeometric(const DiscreteLaplaceSampler& sampler, uint32_t prefix) {
    return sampler.FastGeometric(prefix);
  }
  static int64_t ExactGeometric(const DiscreteLaplaceSampler& sampler, uint32_t prefix,
                                RandomStream& more) {
    return sampler.ExactGeometric(prefix, more);
  }
  // The guess path alone (without the cell table).
  static int64_t GuessedGeometric(const DiscreteLaplaceSampler& sampler, uint32_t prefix) {
    return sampler.GuessedGeometric(prefix);
  }
  static const int16_t* CellTableData(const DiscreteLaplaceSampler& sampler) {
    return sampler.cell_entries_;
  }
  static bool HasCellTable(const DiscreteLaplaceSampler& sampler) {
    return sampler.cell_table_ != nullptr;
  }
};

namespace {

TEST(DiscreteLaplaceSamplerTest, ChiSquareAndVariance) {
  constexpr int kDraws = 200000;
  RandomStream stream = TestStream(11);
  for (const Rational& scale : DiscreteLaplaceTestScales()) {
    const DiscreteLaplaceSampler sampler = DiscreteLaplaceSampler::Create(scale).value();
    std::vector<int64_t> samples(kDraws);
    for (int64_t& x : samples) x = sampler.Sample(stream);
    ExpectDiscreteLaplace(samples, scale, "fast");
  }
}

TEST(DiscreteLaplaceSamplerTest, ExactPathAloneHasTheDistribution) {
  constexpr int kDraws = 20000;
  RandomStream stream = TestStream(12);
  for (const Rational& scale : {Rational{1, 2}, Rational{7, 3}, Rational{123457, 10}}) {
    const DiscreteLaplaceSampler sampler = DiscreteLaplaceSampler::Create(scale).value();
    std::vector<int64_t> samples(kDraws);
    for (int64_t& x : samples) x = DiscreteLaplaceSamplerTestPeer::SampleExactPath(sampler, stream);
    ExpectDiscreteLaplace(samples, scale, "exact path");
  }
}

// Both paths compute Y = max{y : U < exp(-y s/t)} for the same U, so whenever the fast path
// decides from U's first 31 bits, the exact path (which reads more of U) must agree.
TEST(DiscreteLaplaceSamplerTest, FastPathAgreesWithExactPath) {
  RandomStream prefixes = TestStream(13);
  for (const Rational& scale : DiscreteLaplaceTestScales()) {
    const DiscreteLaplaceSampler sampler = DiscreteLaplaceSampler::Create(scale).value();
    int decided = 0;
    for (int i = 0; i < 3000; ++i) {
      const uint32_t prefix = static_cast<uint32_t>(prefixes.NextU64()) >> 1;
      RandomStream more = TestStream(1000 + i);
      const int64_t fast = DiscreteLaplaceSamplerTestPeer::FastGeometric(sampler, prefix);
      if (fast < 0) continue;
      ++decided;
      ASSERT_EQ(fast, DiscreteLaplaceSamplerTestPeer::ExactGeometric(sampler, prefix, more))
          << "prefix " << prefix;
    }
    EXPECT_GT(decided, 2900);
  }
  // The extreme cells: U < 2^-31 (the largest Y) and U near 1 (Y = 0).
  const DiscreteLaplaceSampler sampler = DiscreteLaplaceSampler::Create({10, 1}).value();
  for (uint32_t prefix : {0u, 1u, 0x7fffffffu, 0x7ffffffeu}) {
    RandomStream more = TestStream(prefix);
    const int64_t exact = DiscreteLaplaceSamplerTestPeer::ExactGeometric(sampler, prefix, more);
    const int64_t fast = DiscreteLaplaceSamplerTestPeer::FastGeometric(sampler, prefix);
    if (fast >= 0) {
      EXPECT_EQ(fast, exact) << prefix;
    }
    if (prefix >= 0x7ffffffeu) {
      EXPECT_EQ(exact, 0);
    }
    if (prefix == 0) {
      EXPECT_GE(exact, static_cast<int64_t>(31 * 0.693 * 10));
    }
  }
}

// The cell table must decide exactly what the guess path decides from the same 31 bits (-1
// included: an undecided cell reads more bits), or a sample and the bits it consumes would change.
// Checked on every 2^12-th prefix and on both ends of every coarse cell, for the test scales and
// PUCB's node scales at the claims profile's epsilon = 1000 (L * 3H / privacy_epsilon ~ 0.36) and
// at epsilon = 1 (H = 20, T = 2^24: 1500), at the scales where the number of cell bits changes,
// and up to the largest scale with a table.
TEST(DiscreteLaplaceSamplerTest, CellTableAgreesWithGuessPath) {
  std::vector<Rational> scales = DiscreteLaplaceTestScales();
  for (const Rational& scale :
       {Rational{9, 25}, Rational{300, 1}, Rational{512, 1}, Rational{1025, 2}, Rational{3, 1000},
        Rational{128, 1}, Rational{257, 2}, Rational{1500, 1}, Rational{2048, 1},
        Rational{4097, 2}}) {
    scales.push_back(scale);
  }
  for (const Rational& scale : scales) {
    const DiscreteLaplaceSampler sampler = DiscreteLaplaceSampler::Create(scale).value();
    const double scale_double = RationalToDouble(scale);
    ASSERT_EQ(DiscreteLaplaceSamplerTestPeer::HasCellTable(sampler),
              scale_double <= DiscreteLaplaceSampler::kMaxCellTableScale);
    if (!DiscreteLaplaceSamplerTestPeer::HasCellTable(sampler)) continue;
    // The smallest cell_bits >= kMinCellBits with scale 2^-cell_bits <= 2^-kCellScaleMarginBits.
    const int cell_bits = sampler.cell_bits();
    EXPECT_LE(std::ldexp(scale_double, -cell_bits),
              std::ldexp(1.0, -DiscreteLaplaceSampler::kCellScaleMarginBits));
    if (cell_bits > DiscreteLaplaceSampler::kMinCellBits) {
      EXPECT_GT(std::ldexp(scale_double, 1 - cell_bits),
                std::ldexp(1.0, -DiscreteLaplaceSampler::kCellScaleMarginBits));
    }
    const int cell_shift = DiscreteLaplaceSampler::kPrefixBits - cell_bits;
    auto expect_same = [&](uint32_t prefix) {
      ASSERT_EQ(DiscreteLaplaceSamplerTestPeer::FastGeometric(sampler, prefix),
                DiscreteLaplaceSamplerTestPeer::GuessedGeometric(sampler, prefix))
          << "scale " << scale.numerator << "/" << scale.denominator << ", prefix " << prefix;
    };
    for (uint32_t prefix = 0; prefix < (uint32_t{1} << 31); prefix += uint32_t{1} << 12) {
      expect_same(prefix);
    }
    for (uint32_t cell = 0; cell < (uint32_t{1} << cell_bits); ++cell) {
      expect_same(cell << cell_shift);
      expect_same(((cell + 1) << cell_shift) - 1);
    }
  }
}

// Copies of a sampler (Create's cache, every bank of one scale) share one cell table.
TEST(DiscreteLaplaceSamplerTest, CopiesShareTheCellTable) {
  const DiscreteLaplaceSampler a = DiscreteLaplaceSampler::Create({1500, 1}).value();
  const DiscreteLaplaceSampler b = DiscreteLaplaceSampler::Create({1500, 1}).value();
  EXPECT_EQ(DiscreteLaplaceSamplerTestPeer::CellTableData(a),
            DiscreteLaplaceSamplerTestPeer::CellTableData(b));
  EXPECT_NE(DiscreteLaplaceSamplerTestPeer::CellTableData(a), nullptr);
}

TEST(DiscreteLaplaceSamplerTest, SameBitsSameSample) {
  const DiscreteLaplaceSampler sampler = DiscreteLaplaceSampler::Create({31, 7}).value();
  RandomStream a = TestStream(9), b = TestStream(9);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(sampler.Sample(a), sampler.Sample(b));
}

TEST(DiscreteLaplaceSamplerTest, RejectsBadScales) {
  EXPECT_EQ(DiscreteLaplaceSampler::Create({0, 1}).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(DiscreteLaplaceSampler::Create({1, 0}).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(DiscreteLaplaceSampler::Create({(int64_t{1} << 22) + 1, 1}).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(DiscreteLaplaceSampler::Create({int64_t{1} << 22, 1}), IsOk());
}

TEST(SampleDiscreteGaussianTest, ChiSquare) {
  const std::vector<Rational> variances = {{1, 2},
                                           {1, 1},
                                           {5, 2},
                                           {100, 1},
                                           {123456789, 1000},
                                           {(int64_t{1} << 62) + 1, int64_t{1} << 40}};
  constexpr int kDraws = 200000;
  RandomStream stream = TestStream(6);
  for (const Rational& v : variances) {
    const double sigma2 = RationalToDouble(v);
    const int64_t k = static_cast<int64_t>(12 * std::sqrt(sigma2)) + 5;
    double normalizer = 0.0;
    for (int64_t x = -k; x <= k; ++x) normalizer += std::exp(-0.5 * x * x / sigma2);
    auto pmf = [sigma2, normalizer](int64_t x) {
      return std::exp(-0.5 * static_cast<double>(x) * x / sigma2) / normalizer;
    };
    std::vector<int64_t> samples(kDraws);
    for (int64_t& x : samples) x = SampleDiscreteGaussian(v, stream);
    const std::string label = std::to_string(v.numerator) + "/" + std::to_string(v.denominator);
    ExpectIntegerFit(samples, pmf, k, label);
    double variance = 0.0, mu4 = 0.0;
    for (int64_t x = -k; x <= k; ++x) {
      variance += pmf(x) * x * x;
      mu4 += pmf(x) * std::pow(static_cast<double>(x), 4);
    }
    const double se = std::sqrt((mu4 - variance * variance) / kDraws);
    EXPECT_LT(std::fabs(SampleVariance(samples) - variance), ZThreshold() * se) << label;
  }
}

TEST(SamplersTest, SameStreamSameSamples) {
  RandomStream a = TestStream(7);
  RandomStream b = TestStream(7);
  for (int i = 0; i < 1000; ++i) {
    ASSERT_EQ(SampleDiscreteLaplace({31, 7}, a), SampleDiscreteLaplace({31, 7}, b));
    ASSERT_EQ(SampleDiscreteGaussian({31, 7}, a), SampleDiscreteGaussian({31, 7}, b));
    ASSERT_EQ(SampleBernoulliExp({31, 7}, a), SampleBernoulliExp({31, 7}, b));
    ASSERT_EQ(SampleLaplace(3.0, a), SampleLaplace(3.0, b));
    ASSERT_EQ(SampleGaussian(3.0, a), SampleGaussian(3.0, b));
  }
}

}  // namespace
}  // namespace dprl
