#include "algorithms/mechanisms/counter_error_tail.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

NodeNoiseDistribution Discrete(int64_t numerator, int64_t denominator = 1) {
  NodeNoiseDistribution d;
  d.noise = NodeNoiseKind::kDiscreteLaplace;
  d.discrete_scale = {numerator, denominator};
  return d;
}

NodeNoiseDistribution Laplace(double scale) {
  NodeNoiseDistribution d;
  d.noise = NodeNoiseKind::kLaplace;
  d.laplace_scale = scale;
  return d;
}

double Bound(int64_t horizon, const NodeNoiseDistribution& d, double beta) {
  return CounterErrorTailBound(horizon, d, beta).value();
}

TEST(PopcountCountsTest, MatchesBruteForce) {
  std::vector<int64_t> horizons;
  for (int64_t t = 1; t <= 300; ++t) horizons.push_back(t);
  for (int64_t t : {1023, 1024, 1025, 65535, 65536, 99991, 300000}) horizons.push_back(t);
  for (const int64_t horizon : horizons) {
    const std::vector<int64_t> counts = PopcountCounts(horizon);
    ASSERT_EQ(counts.size(), static_cast<size_t>(std::floor(std::log2(horizon))) + 2) << horizon;
    std::vector<int64_t> brute(counts.size(), 0);
    for (int64_t t = 1; t <= horizon; ++t) ++brute[__builtin_popcountll(t)];
    EXPECT_EQ(counts, brute) << horizon;
  }
  // T = 2^50: N_k = C(50, k) for k >= 1, plus t = 2^50 itself in N_1.
  const std::vector<int64_t> big = PopcountCounts(int64_t{1} << 50);
  EXPECT_EQ(big[1], 51);
  EXPECT_EQ(big[25], 126410606437752);  // C(50, 25)
}

// k = 1: P(|X| > E) = 2 q^{floor(E)+1}/(1+q), q = exp(-1/b), exactly (up to the 1e-9 inflation).
TEST(CounterErrorTailTest, DiscreteSingleNodeClosedForm) {
  for (const Rational scale : {Rational{1, 1}, Rational{3, 1}, Rational{7, 2}, Rational{1000, 1}}) {
    const double q = std::exp(-static_cast<double>(scale.denominator) / scale.numerator);
    for (const int64_t e : {0, 1, 5, 20}) {
      const double expected = 2 * std::pow(q, e + 1) / (1 + q);
      const double tail = DiscreteLaplaceSumTail(scale, 1, e);
      EXPECT_GE(tail, expected);
      EXPECT_NEAR(tail, expected, 1e-8 * expected + 1e-249) << scale.numerator << " " << e;
    }
  }
}

// Brute force P(|X1 + ... + Xk| > e) by direct summation over a box (mass outside < 1e-25).
double BruteDiscreteTail(double q, int k, int64_t e, int64_t box) {
  std::vector<double> node(2 * box + 1);
  for (int64_t x = -box; x <= box; ++x)
    node[x + box] = (1 - q) / (1 + q) * std::pow(q, std::abs(x));
  std::vector<double> pmf = {1.0};
  for (int i = 0; i < k; ++i) {
    std::vector<double> next(pmf.size() + 2 * box, 0.0);
    for (size_t a = 0; a < pmf.size(); ++a) {
      for (int64_t x = 0; x <= 2 * box; ++x) next[a + x] += pmf[a] * node[x];
    }
    pmf.swap(next);
  }
  const int64_t center = static_cast<int64_t>(pmf.size() / 2);
  double tail = 0.0;
  for (int64_t x = 0; x < static_cast<int64_t>(pmf.size()); ++x) {
    if (std::abs(x - center) > e) tail += pmf[x];
  }
  return tail;
}

// Scales 1 and 60 (exact negative-binomial path): equal to brute force.
TEST(CounterErrorTailTest, DiscreteSumsAgainstBruteForce) {
  for (const int k : {2, 3}) {
    for (const int64_t e : {2, 6, 12}) {
      const double q = std::exp(-1.0);
      const double brute = BruteDiscreteTail(q, k, e, 80);
      const double tail = DiscreteLaplaceSumTail({1, 1}, k, e);
      EXPECT_GE(tail, brute);
      EXPECT_NEAR(tail, brute, 1e-8 * brute) << k << " " << e;
    }
  }
  const double q = std::exp(-1.0 / 60.0);
  for (const int64_t e : {300, 600, 900}) {
    const double brute = BruteDiscreteTail(q, 2, e, 4000);
    const double tail = DiscreteLaplaceSumTail({60, 1}, 2, e);
    EXPECT_GE(tail, brute);
    EXPECT_NEAR(tail, brute, 1e-8 * brute) << e;
  }
}

// Scale 1e5 (coupling/Chernoff path): with Zsum the Laplace sum, |S_k - Zsum| < k, so
// P(|Zsum| > e + k) <= P(|S_k| > e) <= P(|Zsum| > e - k) (the bound used with c = k).
TEST(CounterErrorTailTest, DiscreteLargeScaleIsSandwichedByLaplace) {
  for (const int k : {2, 5, 20}) {
    for (const int64_t e : {100000, 500000, 1000000}) {
      const double tail = DiscreteLaplaceSumTail({100000, 1}, k, e);
      EXPECT_GE(tail, LaplaceSumTail(1e5, k, e + k + 1.0) * (1 - 1e-6)) << k << " " << e;
      EXPECT_LE(tail, LaplaceSumTail(1e5, k, e - k) * (1 + 1e-6)) << k << " " << e;
    }
  }
}

// Laplace, closed forms: k = 1, P(|X| > x) = exp(-x/b); k = 2, P(|S| > x) = (1 + y/2) e^{-y},
// y = x/b (density (1 + |y|) e^{-|y|}/4).
TEST(CounterErrorTailTest, LaplaceSumsClosedForms) {
  for (const double b : {0.5, 3.0, 1e4}) {
    for (const double y : {0.0, 0.5, 3.0, 30.0}) {
      const double one = LaplaceSumTail(b, 1, y * b);
      const double two = LaplaceSumTail(b, 2, y * b);
      EXPECT_GE(one, std::exp(-y));
      EXPECT_NEAR(one, std::exp(-y), 1e-8 * std::exp(-y) + 1e-249);
      EXPECT_GE(two, (1 + y / 2) * std::exp(-y));
      EXPECT_NEAR(two, (1 + y / 2) * std::exp(-y), 1e-8 * (1 + y / 2) * std::exp(-y) + 1e-249);
    }
  }
}

// k > 2 against numerical integration of the Gamma-difference form: S_k = G1 - G2 with G iid
// Gamma(k, 1), P(S_k > y) = int_0^inf g_k(z) P(G1 > y + z) dz, P(Gamma(k,1) > x) = e^-x
// sum_{i<k} x^i/i! (midpoint rule, step 1e-3 on [0, 80]; error ~1e-9 relative).
TEST(CounterErrorTailTest, LaplaceSumsAgainstNumericalIntegration) {
  auto gamma_tail = [](int k, double x) {
    double term = std::exp(-x), sum = 0.0;
    for (int i = 0; i < k; ++i) {
      sum += term;
      term *= x / (i + 1);
    }
    return sum;
  };
  for (const int k : {3, 5, 8, 20}) {
    for (const double y : {0.5, 4.0, 15.0, 40.0}) {
      double integral = 0.0;
      const double h = 1e-3;
      for (int i = 0; i < 80000; ++i) {
        const double z = (i + 0.5) * h;
        const double density = std::exp((k - 1) * std::log(z) - z - std::lgamma(k));
        integral += density * gamma_tail(k, y + z) * h;
      }
      const double two_sided = 2 * integral;
      const double tail = LaplaceSumTail(2.0, k, 2.0 * y);
      EXPECT_GE(tail, two_sided * (1 - 1e-7)) << k << " " << y;
      EXPECT_NEAR(tail, two_sided, 1e-7 * two_sided) << k << " " << y;
    }
  }
}

// With T = 1 (one step, popcount 1): E is the (1 - beta) quantile of |X|: smallest integer E
// with 2 q^{E+1}/(1+q) <= beta (discrete), b ln(1/beta) (Laplace).
TEST(CounterErrorTailTest, SingleStepIsTheQuantileOfOneNode) {
  const double q = std::exp(-1.0 / 5.0);
  const double discrete = Bound(1, Discrete(5), 0.01);
  EXPECT_LE(2 * std::pow(q, discrete + 1) / (1 + q), 0.01);
  EXPECT_GT(2 * std::pow(q, discrete) / (1 + q), 0.01);
  const double laplace = Bound(1, Laplace(5.0), 0.01);
  EXPECT_GE(laplace, 5.0 * std::log(100.0));
  EXPECT_NEAR(laplace, 5.0 * std::log(100.0), 1e-7);
}

TEST(CounterErrorTailTest, MonotoneInBetaHorizonAndScale) {
  for (const bool discrete : {true, false}) {
    auto noise = [&](int64_t scale) { return discrete ? Discrete(scale) : Laplace(scale); };
    double previous = 0.0;
    for (const double beta : {0.5, 0.1, 0.01, 1e-4, 1e-8}) {
      const double e = Bound(1000, noise(10), beta);
      EXPECT_GE(e, previous) << beta;
      previous = e;
    }
    previous = 0.0;
    for (const int64_t horizon : {1, 2, 3, 16, 17, 1000, 300000, 10000000}) {
      const double e = Bound(horizon, noise(10), 1e-3);
      EXPECT_GE(e, previous) << horizon;
      previous = e;
    }
    previous = 0.0;
    for (const int64_t scale : {1, 2, 5, 50, 1000, 1000000}) {
      const double e = Bound(1000, noise(scale), 1e-3);
      EXPECT_GT(e, previous) << scale;
      previous = e;
    }
  }
}

// Failure probabilities far below the exact path's 1e-30 truncation still give a finite E.
TEST(CounterErrorTailTest, TinyFailureProbabilities) {
  for (const NodeNoiseDistribution& d : {Discrete(1), Discrete(20), Laplace(20.0)}) {
    const double moderate = Bound(1 << 20, d, 1e-10);
    const double tiny = Bound(1 << 20, d, 1e-90);
    EXPECT_GT(tiny, moderate);
    EXPECT_TRUE(std::isfinite(tiny));
  }
}

// For large scales the discrete bound (coupling + Chernoff) is within a few percent of the Laplace
// one, and the Laplace bound scales linearly with b.
TEST(CounterErrorTailTest, LargeScalesAreNearLinear) {
  const double laplace = Bound(300000, Laplace(1e4), 1e-6);
  const double discrete = Bound(300000, Discrete(10000), 1e-6);
  EXPECT_GE(discrete, laplace * 0.999);
  EXPECT_LE(discrete, laplace * 1.01);
  EXPECT_NEAR(Bound(300000, Laplace(1e6), 1e-6) / laplace, 100.0, 1e-6);
}

// The counter's grid shifts the Laplace bound by at most L * grid error.
TEST(CounterErrorTailTest, GridErrorShiftsTheLaplaceBound) {
  NodeNoiseDistribution snapped = Laplace(10.0);
  snapped.laplace_grid_error = 0.25;
  const double shift = Bound(1000, snapped, 1e-3) - Bound(1000, Laplace(10.0), 1e-3);
  EXPECT_GT(shift, 0.0);
  EXPECT_LE(shift, 10 * 0.25 + 1e-6);  // L = 10 levels for T = 1000
}

TEST(CounterErrorTailTest, FastForLargeHorizonsAndScales) {
  for (const NodeNoiseDistribution& d : {Discrete(10000), Laplace(1e4), Discrete(1), Discrete(3)}) {
    const auto start = std::chrono::steady_clock::now();
    const double e = Bound(10000000, d, 1e-5);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::printf(
        "T = 1e7, noise %d, scale %g: E = %.6g in %.2f ms\n", static_cast<int>(d.noise),
        d.noise == NodeNoiseKind::kLaplace ? d.laplace_scale : 1.0 * d.discrete_scale.numerator, e,
        ms);
    EXPECT_LT(ms, 500.0);  // target < 50 ms; generous for a shared 2-core machine
  }
}

TEST(CounterErrorTailTest, RejectsEachBadValueClass) {
  const double kInf = std::numeric_limits<double>::infinity();
  for (const int64_t horizon : {int64_t{0}, int64_t{-3}, (int64_t{1} << 50) + 1}) {
    EXPECT_THAT(
        CounterErrorTailBound(horizon, Discrete(1), 0.1),
        StatusIs(absl::StatusCode::kInvalidArgument,
                 HasSubstr("horizon_steps must be in [1, 2^50], got " + std::to_string(horizon))));
  }
  for (const double beta : {0.0, -0.1, 1.0, 2.0, std::nan(""), kInf, 1e-101}) {
    EXPECT_THAT(CounterErrorTailBound(10, Discrete(1), beta),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         HasSubstr("counter_failure_probability must be in [1e-100, 1)")));
  }
  for (const double scale : {0.0, -1.0, std::nan(""), kInf}) {
    EXPECT_THAT(CounterErrorTailBound(10, Laplace(scale), 0.1),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         HasSubstr("laplace_scale must be finite and > 0")));
  }
  for (const double grid : {-1.0, std::nan(""), kInf}) {
    NodeNoiseDistribution d = Laplace(1.0);
    d.laplace_grid_error = grid;
    EXPECT_THAT(CounterErrorTailBound(10, d, 0.1),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         HasSubstr("laplace_grid_error must be finite and >= 0")));
  }
  for (const Rational r : {Rational{0, 1}, Rational{1, 0}, Rational{-2, 1}}) {
    EXPECT_THAT(CounterErrorTailBound(10, Discrete(r.numerator, r.denominator), 0.1),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         HasSubstr("discrete_scale must have numerator and denominator >= 1")));
  }
  NodeNoiseDistribution bad_enum;
  bad_enum.noise = static_cast<NodeNoiseKind>(7);
  EXPECT_THAT(CounterErrorTailBound(10, bad_enum, 0.1),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("noise must be kDiscreteLaplace or kLaplace, got 7")));
}

// One term: the bound is at least the exact quantile of one discrete Laplace draw (Chernoff is an
// upper bound), and it grows with the number of terms, like sqrt(n) for many terms.
TEST(RunningSumTailTest, AtLeastTheExactQuantileAndGrowingWithTheTerms) {
  const Rational scale{5, 1};
  const double beta = 1e-3;
  const double q = std::exp(-1.0 / 5.0);
  int64_t exact = 0;  // smallest e with P(|X| > e) = 2 q^{e+1} / (1 + q) <= beta
  while (2.0 * std::pow(q, exact + 1.0) / (1.0 + q) > beta) ++exact;
  const double one = DiscreteLaplaceRunningSumTailBound(scale, 1, beta).value();
  EXPECT_GE(one, static_cast<double>(exact));
  EXPECT_LE(one, 2.0 * exact);
  double previous = one;
  for (const int64_t terms : {10, 100, 1000, 10000}) {
    const double bound = DiscreteLaplaceRunningSumTailBound(scale, terms, beta).value();
    EXPECT_GT(bound, previous) << terms;
    previous = bound;
  }
  const double many = DiscreteLaplaceRunningSumTailBound(scale, 1000000, beta).value();
  const double more = DiscreteLaplaceRunningSumTailBound(scale, 4000000, beta).value();
  EXPECT_NEAR(more / many, 2.0, 0.05);
}

// Tiny scales, where q = e^{-1/b} underflows (b = 2e-4: q = e^-5000): every draw is 0 but with
// probability 2q/(1+q), so no error is the bound; and a moderate scale keeps its bound.
TEST(RunningSumTailTest, TinyScalesGiveZero) {
  EXPECT_THAT(DiscreteLaplaceRunningSumTailBound({1, 5000}, 100000, 1e-6), IsOkAndHolds(0.0));
  EXPECT_THAT(DiscreteLaplaceRunningSumTailBound({1, 30}, 100000, 1e-6), IsOkAndHolds(0.0));
  EXPECT_GT(DiscreteLaplaceRunningSumTailBound({1, 2}, 100000, 1e-6).value(), 0.0);
}

TEST(RunningSumTailTest, RejectsBadValuesByName) {
  EXPECT_THAT(DiscreteLaplaceRunningSumTailBound({5, 1}, 0, 0.1),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_terms")));
  EXPECT_THAT(DiscreteLaplaceRunningSumTailBound({5, 1}, 10, 1.0),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("failure_probability")));
  EXPECT_THAT(DiscreteLaplaceRunningSumTailBound({0, 1}, 10, 0.1),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("scale")));
}

}  // namespace
}  // namespace dprl
