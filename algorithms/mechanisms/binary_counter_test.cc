#include "algorithms/mechanisms/binary_counter.h"

#include <glog/logging.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "algorithms/mechanisms/binary_counter_testing.h"
#include "algorithms/tabular/vietri_bounds.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/statistics_for_tests.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

BinaryCounterBank MakeBank(int64_t num_counters, const BinaryCounterOptions& options,
                           uint64_t seed) {
  absl::StatusOr<BinaryCounterBank> bank = BinaryCounterBank::Create(
      num_counters, options, TestStream(seed, TestPurpose::kPrivacyNoise));
  CHECK(bank.ok()) << bank.status();
  return *std::move(bank);
}

BinaryCounterOptions Options(int64_t horizon, double bound = 1.0) {
  BinaryCounterOptions options;
  options.horizon_steps = horizon;
  options.input_bound = bound;
  options.privacy_epsilon = 0.5;
  return options;
}

TEST(BinaryCounterOptionsTest, DefaultsAreValid) {
  EXPECT_THAT(BinaryCounterOptions().Validate(), IsOk());
}

// A bank of 3 counters with `options` (Create validates them).
absl::StatusOr<BinaryCounterBank> CreateBank(const BinaryCounterOptions& options) {
  return BinaryCounterBank::Create(3, options, TestStream(1, TestPurpose::kPrivacyNoise));
}

TEST(BinaryCounterOptionsTest, RejectsEachBadValueClass) {
  for (const double bad : {0.0, -1.0, std::nan(""), kInf, -kInf}) {
    BinaryCounterOptions options;
    options.privacy_epsilon = bad;
    EXPECT_THAT(options.Validate(), InvalidArgumentWith("privacy_epsilon must be finite and > 0"));
    EXPECT_EQ(CreateBank(options).status(), options.Validate());
  }
  for (const int64_t bad : {int64_t{0}, int64_t{-5}, (int64_t{1} << 50) + 1}) {
    BinaryCounterOptions options;
    options.horizon_steps = bad;
    EXPECT_THAT(options.Validate(), InvalidArgumentWith("horizon_steps must be in [1, 2^50], got " +
                                                        std::to_string(bad)));
    EXPECT_EQ(CreateBank(options).status(), options.Validate());
  }
  for (const double bad : {0.0, -1.0, 0.5, 1.5, std::nan(""), kInf}) {
    BinaryCounterOptions options;
    options.input_bound = bad;
    EXPECT_THAT(options.Validate(), InvalidArgumentWith("input_bound must be an integer >= 1"));
    EXPECT_EQ(CreateBank(options).status(), options.Validate());
  }
  BinaryCounterOptions too_large;
  too_large.input_bound = 0x1p40;
  too_large.horizon_steps = int64_t{1} << 20;
  EXPECT_THAT(too_large.Validate(),
              InvalidArgumentWith("input_bound * horizon_steps must be <= 2^53"));
  EXPECT_EQ(CreateBank(too_large).status(), too_large.Validate());
  const auto negative = BinaryCounterBank::Create(-1, BinaryCounterOptions(),
                                                  TestStream(1, TestPurpose::kPrivacyNoise));
  EXPECT_THAT(negative,
              StatusIs(absl::StatusCode::kInvalidArgument,
                       ::testing::HasSubstr("num_counters must be in [0, 2^31 - 1], got -1")));
}

// A scale beyond an int64 numerator (eps = 1e-300) is refused naming the scale and the remedy,
// not the rounding routine.
TEST(BinaryCounterOptionsTest, ANodeScaleBeyondInt64IsRefusedWithTheRemedy) {
  BinaryCounterOptions options;
  options.privacy_epsilon = 1e-300;
  const auto bank =
      BinaryCounterBank::Create(1, options, TestStream(1, TestPurpose::kPrivacyNoise));
  EXPECT_THAT(bank, InvalidArgumentWith("is too large for exact discrete noise (a rational of "
                                        "int64 numerator); raise privacy_epsilon (1e-300)"));
  EXPECT_THAT(bank, ::testing::Not(InvalidArgumentWith("RationalAtLeast")));
}

TEST(BinaryCounterTest, LevelsAndScale) {
  const std::vector<std::pair<int64_t, int>> cases = {{1, 1}, {2, 2}, {1000, 10}, {1024, 11}};
  for (const auto& [horizon, levels] : cases) {
    BinaryCounterBank bank = MakeBank(1, Options(horizon, 2.0), 1);
    EXPECT_EQ(bank.levels(), levels);
    EXPECT_DOUBLE_EQ(bank.node_noise_scale(), levels * 2.0 / 0.5);
  }
  BinaryCounterOptions options = Options(1000);
  options.privacy_epsilon = 0.3;  // scale 10 / 0.3 = 33.33..., rounded up
  BinaryCounterBank discrete = MakeBank(1, options, 1);
  const Rational r = discrete.discrete_node_scale();
  EXPECT_GE(static_cast<long double>(r.numerator) / r.denominator, 10.0L / 0.3L);
  EXPECT_LE(r.denominator, BinaryCounterBank::kScaleMaxDenominator);
  EXPECT_NEAR(discrete.node_noise_scale(), 10.0 / 0.3, 1e-5);
}

TEST(BinaryCounterTest, ReleaseAtStepZeroIsExact) {
  BinaryCounterBank bank = MakeBank(10, Options(100), 2);
  bank.Track(3);
  bank.Add(4, 1.0);  // the step in progress is not released
  for (int64_t c = 0; c < 10; ++c) EXPECT_EQ(bank.Release(c), 0.0);
  EXPECT_EQ(bank.steps(), 0);
}

TEST(BinaryCounterTest, TrueSumAccumulatesClosedSteps) {
  BinaryCounterBank bank = MakeBank(3, Options(10, 2.0), 3);
  bank.Add(0, 1.0);
  bank.Add(0, 1.0);
  bank.Add(2, -2.0);
  EXPECT_EQ(BinaryCounterBankPeer::TrueSum(bank, 0), 0.0);
  bank.EndStep();
  bank.Add(0, 1.0);
  bank.EndStep();
  EXPECT_EQ(bank.steps(), 2);
  EXPECT_EQ(BinaryCounterBankPeer::TrueSum(bank, 0), 3.0);
  EXPECT_EQ(BinaryCounterBankPeer::TrueSum(bank, 1), 0.0);
  EXPECT_EQ(BinaryCounterBankPeer::TrueSum(bank, 2), -2.0);
}

TEST(BinaryCounterDeathTest, ChecksInputsAndHorizon) {
  BinaryCounterBank bank = MakeBank(2, Options(1, 1.0), 4);
  EXPECT_DEATH(bank.Add(0, 0.5), "inputs must be integers");
  EXPECT_DEATH(bank.Add(0, 0.005), "inputs must be integers");
  EXPECT_DEATH(bank.Add(0, 2.0), "exceeds input_bound");
  EXPECT_DEATH(bank.Add(2, 1.0), "");
  bank.EndStep();
  EXPECT_DEATH(bank.EndStep(), "beyond horizon_steps");
}

// Feeds a deterministic input pattern: counter c receives (c + s) % 3 - 1 in {-1, 0, 1} at step s.
void FeedStep(BinaryCounterBank& bank, int64_t step) {
  for (int64_t c = 0; c < bank.num_counters(); ++c) {
    bank.Add(c, static_cast<double>((c + step) % 3 - 1));
  }
}

// Every release is an exact integer whatever the inputs, so its residue modulo any grid (here 1)
// carries no information about the true sum: the attack of Mironov (CCS 2012) on floating-point
// Laplace releases (release mod unit = true sum mod unit) has nothing to read. Two banks with the
// same noise and different true sums release values whose difference is exactly the difference
// of the true sums (an integer).
TEST(BinaryCounterTest, ReleasesAreIntegersWhateverTheInputs) {
  BinaryCounterBank a = MakeBank(4, Options(300), 12);
  BinaryCounterBank b = MakeBank(4, Options(300), 12);
  for (int64_t t = 1; t <= 300; ++t) {
    for (int64_t c = 0; c < 4; ++c) {
      a.Add(c, (t * (c + 1)) % 5 == 0 ? 1.0 : 0.0);
      b.Add(c, (t + c) % 2 == 0 ? -1.0 : 1.0);
    }
    a.EndStep();
    b.EndStep();
    for (int64_t c = 0; c < 4; ++c) {
      ASSERT_EQ(a.Release(c), std::floor(a.Release(c))) << "t " << t;
      ASSERT_EQ(b.Release(c), std::floor(b.Release(c))) << "t " << t;
      ASSERT_EQ(a.Release(c) - b.Release(c),
                BinaryCounterBankPeer::TrueSum(a, c) - BinaryCounterBankPeer::TrueSum(b, c));
    }
  }
}

// At the largest node scale (2^52: one level, privacy_epsilon = 2^-52) a node's noise exceeds
// 2^53 in absolute value with probability about e^-2, where doubles are spaced 2 or more apart.
// The release is computed exactly in integers and converted afterwards, so it is a function of
// the exact release alone: inputs 0 and 1 with the same noise give exact releases 1 apart, and
// each double is the exact release rounded to nearest. (Adding the noise to the true sum in
// doubles rounds the noise first, then rounds again by the parity of the true sum: releases then
// differ from the rounded exact ones on about a quarter of the seeds beyond 2^53.)
TEST(BinaryCounterTest, ReleasesAreExactIntegersConvertedAfterwardsAtScalesBeyond2To53) {
  BinaryCounterOptions options = Options(1);
  options.privacy_epsilon = 0x1p-52;
  int64_t beyond_exact_doubles = 0;
  for (uint64_t seed = 0; seed < 400; ++seed) {
    BinaryCounterBank zero = MakeBank(1, options, seed);
    BinaryCounterBank one = MakeBank(1, options, seed);
    ASSERT_EQ(zero.node_noise_scale(), 0x1p52);
    one.Add(0, 1.0);
    zero.EndStep();
    one.EndStep();
    const int64_t exact_zero = zero.ExactRelease(0);
    const int64_t exact_one = one.ExactRelease(0);
    ASSERT_EQ(exact_one - exact_zero, 1) << "seed " << seed;
    ASSERT_EQ(zero.Release(0), static_cast<double>(exact_zero)) << "seed " << seed;
    ASSERT_EQ(one.Release(0), static_cast<double>(exact_one)) << "seed " << seed;
    if (std::abs(exact_zero) >= (int64_t{1} << 53)) ++beyond_exact_doubles;
  }
  // The regime is reached: P(|noise| >= 2^53) ~ e^-2 ~ 0.135, so 400 seeds give ~54; fewer than
  // 20 has probability below 1e-8 (binomial tail).
  EXPECT_GE(beyond_exact_doubles, 20);
}

// Release(c) - TrueSum(c) at step t is a sum of k = popcount(t) iid node noises of variance v and
// excess kurtosis e = 3 + (1-q)^2 / (2q) (discrete Laplace); the sum has excess e / k, so
// over N independent counters the mean squared error has standard error v k sqrt((2 + e/k) / N).
// z threshold: false-failure probability 1e-5 over all checks of this test (Bonferroni), normal
// approximation (N = 20000). A node scale off by a factor L/(L+1) (variance -17%) fails.
TEST(BinaryCounterTest, ErrorVarianceIsPopcountTimesNodeVariance) {
  const std::vector<int64_t> check_steps = {1, 3, 7, 8, 21, 63};
  const int num_checks = static_cast<int>(check_steps.size());
  const double z = NormalUpperQuantile(1e-5 / (2.0 * num_checks));
  constexpr int64_t kCounters = 20000;
  {
    BinaryCounterBank bank = MakeBank(kCounters, Options(64), 5);
    // Node scale from the specification, not from the bank: L = floor(log2 64) + 1 = 7 levels,
    // b = L * input_bound / privacy_epsilon = 7 * 1 / 0.5 = 14 (an integer: no rounding).
    const double b = 14.0;
    const double q = std::exp(-1.0 / b);
    const double v = 2 * q / ((1 - q) * (1 - q));
    EXPECT_NEAR(bank.NodeNoiseVariance(), v, 1e-9 * v);
    const double excess = 3.0 + (1 - q) * (1 - q) / (2 * q);
    size_t next = 0;
    for (int64_t t = 1; t <= 64 && next < check_steps.size(); ++t) {
      FeedStep(bank, t);
      bank.EndStep();
      if (t != check_steps[next]) continue;
      ++next;
      const int k = __builtin_popcountll(t);
      double sum_sq = 0.0;
      for (int64_t c = 0; c < kCounters; ++c) {
        const double error = bank.Release(c) - BinaryCounterBankPeer::TrueSum(bank, c);
        sum_sq += error * error;
      }
      const double expected = k * v;
      const double se = expected * std::sqrt((2.0 + excess / k) / kCounters);
      EXPECT_LT(std::fabs(sum_sq / kCounters - expected), z * se) << "t = " << t;
    }
  }
}

// Same seed: tracked (from various steps) and untracked counters give bit-identical releases.
TEST(BinaryCounterTest, TrackedAndUntrackedReleasesAreBitIdentical) {
  constexpr int64_t kCounters = 40;
  constexpr int64_t kHorizon = 100;
  {
    BinaryCounterBank untracked = MakeBank(kCounters, Options(kHorizon), 6);
    BinaryCounterBank tracked = MakeBank(kCounters, Options(kHorizon), 6);
    for (int64_t t = 0; t <= kHorizon; ++t) {
      for (int64_t c = 0; c < kCounters; ++c) {
        // Even counters c are tracked from step 7c mod T on; odd ones never.
        if (c % 2 == 0 && (c * 7) % kHorizon == t) tracked.Track(c);
        ASSERT_EQ(tracked.Release(c), untracked.Release(c)) << "t " << t << " counter " << c;
        ASSERT_EQ(BinaryCounterBankPeer::TrueSum(tracked, c),
                  BinaryCounterBankPeer::TrueSum(untracked, c));
      }
      if (t == kHorizon) break;
      FeedStep(untracked, t + 1);
      FeedStep(tracked, t + 1);
      untracked.EndStep();
      tracked.EndStep();
    }
    int tracked_count = 0;
    for (int64_t c = 0; c < kCounters; ++c) tracked_count += tracked.IsTracked(c) ? 1 : 0;
    EXPECT_GT(tracked_count, 0);
    EXPECT_LT(tracked_count, kCounters);
  }
}

TEST(BinaryCounterTest, SameSeedSameReleasesDifferentSeedDifferent) {
  BinaryCounterOptions options = Options(20);
  // Node scale b = 5 / 1e-4 = 50000. Two independent noise sums are equal with probability at most
  // the largest node pmf (1-q)/(1+q) < 1/(2b) = 1e-5, so all 100 releases differ except with
  // probability <= 1e-3 (union bound).
  options.privacy_epsilon = 1e-4;
  BinaryCounterBank a = MakeBank(5, options, 7);
  BinaryCounterBank b = MakeBank(5, options, 7);
  BinaryCounterBank c = MakeBank(5, options, 8);
  int differences = 0;
  for (int64_t t = 1; t <= 20; ++t) {
    FeedStep(a, t);
    FeedStep(b, t);
    FeedStep(c, t);
    a.EndStep();
    b.EndStep();
    c.EndStep();
    for (int64_t k = 0; k < 5; ++k) {
      ASSERT_EQ(a.Release(k), b.Release(k));
      differences += a.Release(k) != c.Release(k) ? 1 : 0;
    }
  }
  EXPECT_EQ(differences, 100);
}

TEST(BinaryCounterTest, MemoryIsIndependentOfHorizon) {
  {
    BinaryCounterBank short_bank = MakeBank(1000, Options(10), 9);
    BinaryCounterBank long_bank = MakeBank(1000, Options(int64_t{1} << 40), 9);
    EXPECT_EQ(short_bank.memory_bytes(), long_bank.memory_bytes());
    EXPECT_LE(short_bank.memory_bytes(), 1000 * 24);
    short_bank.Track(5);
    long_bank.Track(5);
    EXPECT_EQ(short_bank.memory_bytes(), long_bank.memory_bytes());
  }
}

// Vietri et al. 2020 Sec. 2.3: with probability >= 1 - beta, all T releases of a counter are within
// SingleCounterErrorBound (algorithms/tabular/vietri_bounds.h). Over N = 2000 counters the number
// of violating counters is Binomial(N, <= beta); the threshold is its mean plus z =
// NormalUpperQuantile(1e-5) standard deviations.
TEST(BinaryCounterTest, PaperErrorBoundHoldsUniformlyInTime) {
  constexpr int64_t kCounters = 2000;
  constexpr int64_t kHorizon = 256;
  constexpr double kBeta = 0.05;
  {
    BinaryCounterOptions options = Options(kHorizon);
    BinaryCounterBank bank = MakeBank(kCounters, options, 10);
    for (int64_t c = 0; c < kCounters; ++c) bank.Track(c);
    const double bound = SingleCounterErrorBound(options.privacy_epsilon, kHorizon, kBeta);
    std::vector<bool> violated(kCounters, false);
    for (int64_t t = 1; t <= kHorizon; ++t) {
      FeedStep(bank, t);
      bank.EndStep();
      for (int64_t c = 0; c < kCounters; ++c) {
        if (std::fabs(bank.Release(c) - BinaryCounterBankPeer::TrueSum(bank, c)) > bound)
          violated[c] = true;
      }
    }
    int violations = 0;
    for (bool v : violated) violations += v ? 1 : 0;
    const double mean = kCounters * kBeta;
    EXPECT_LE(violations, mean + NormalUpperQuantile(1e-5) * std::sqrt(mean * (1 - kBeta)));
  }
}

}  // namespace
}  // namespace dprl
