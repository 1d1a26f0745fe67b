#include "common/binomial_bounds.h"

#include <gtest/gtest.h>

#include <cmath>

namespace dprl {
namespace {

TEST(ClopperPearsonTest, MatchesPublishedValues) {
  // Two-sided 95% interval of 5/10 (R: binom.test(5, 10)$conf.int = 0.1870860, 0.8129140).
  EXPECT_NEAR(ClopperPearsonLower(5, 10, 0.025), 0.1870860, 1e-6);
  EXPECT_NEAR(ClopperPearsonUpper(5, 10, 0.025), 0.8129140, 1e-6);
  // 0/10: upper = 1 - 0.025^(1/10) = 0.3084971; 10/10: lower = 0.025^(1/10) = 0.6915029.
  EXPECT_NEAR(ClopperPearsonUpper(0, 10, 0.025), 0.3084971, 1e-6);
  EXPECT_NEAR(ClopperPearsonLower(10, 10, 0.025), 0.6915029, 1e-6);
  EXPECT_EQ(ClopperPearsonLower(0, 10, 0.025), 0.0);
  EXPECT_EQ(ClopperPearsonUpper(10, 10, 0.025), 1.0);
}

TEST(ClopperPearsonTest, BoundsSolveTheirDefiningTailEquations) {
  // k = 1: P(Bin(n, x) >= 1) = 1 - (1 - x)^n = a at the lower bound.
  const double lower = ClopperPearsonLower(1, 1000, 1e-7);
  EXPECT_NEAR(1.0 - std::pow(1.0 - lower, 1000), 1e-7, 1e-12);
  // k = n - 1: P(Bin(n, x) <= n - 1) = 1 - x^n = a at the upper bound.
  const double upper = ClopperPearsonUpper(999, 1000, 1e-7);
  EXPECT_NEAR(1.0 - std::pow(upper, 1000), 1e-7, 1e-12);
  // Large n: the bounds bracket k/n and shrink like 1/sqrt(n).
  const double big_lower = ClopperPearsonLower(500000, 1000000, 1e-7);
  const double big_upper = ClopperPearsonUpper(500000, 1000000, 1e-7);
  EXPECT_LT(big_lower, 0.5);
  EXPECT_GT(big_upper, 0.5);
  EXPECT_NEAR(big_upper - 0.5, 5.33 * 0.0005, 2e-4);  // z(1e-7) = 5.199, sd = 0.0005
}

TEST(RegularizedIncompleteBetaTest, KnownValues) {
  for (double x : {0.0, 0.1, 0.5, 0.93, 1.0}) {
    EXPECT_NEAR(RegularizedIncompleteBeta(1, 1, x), x, 1e-14);
  }
  EXPECT_NEAR(RegularizedIncompleteBeta(1.0, 1.0, 0.3), 0.3, 1e-14);
  EXPECT_NEAR(RegularizedIncompleteBeta(2.0, 3.0, 0.4), 0.5248, 1e-12);  // 1 - P(Bin(4,.4)<=1)
  EXPECT_NEAR(RegularizedIncompleteBeta(0.5, 0.5, 0.5), 0.5, 1e-12);
}

TEST(BinomialUpperTailTest, ExactSums) {
  // P(Bin(20, 0.05) >= k): 1, 0.6415, 0.2642, 0.07548, 0.01590 for k = 0..4 (pmf sums).
  double below = 0.0;
  for (int k = 0; k <= 20; ++k) {
    EXPECT_NEAR(BinomialUpperTail(20, 0.05, k), 1.0 - below, 1e-12) << k;
    below += std::exp(std::lgamma(21.0) - std::lgamma(k + 1.0) - std::lgamma(21.0 - k) +
                      k * std::log(0.05) + (20 - k) * std::log(0.95));
  }
  EXPECT_NEAR(BinomialUpperTail(20, 0.05, 3), 0.0754837, 1e-6);
  EXPECT_NEAR(BinomialUpperTail(20, 0.05, 4), 0.0159015, 1e-6);
  EXPECT_EQ(BinomialUpperTail(20, 0.05, -1), 1.0);
  EXPECT_EQ(BinomialUpperTail(20, 0.05, 21), 0.0);
  EXPECT_EQ(BinomialUpperTail(20, 0.0, 1), 0.0);
  EXPECT_EQ(BinomialUpperTail(20, 1.0, 20), 1.0);
}

}  // namespace
}  // namespace dprl
