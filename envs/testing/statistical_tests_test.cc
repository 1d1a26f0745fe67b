#include "envs/testing/statistical_tests.h"

#include <gtest/gtest.h>

#include <cmath>

namespace dprl {
namespace testing {
namespace {

TEST(StatisticalTestsTest, RegularizedGammaQClosedForms) {
  for (double x : {1e-3, 0.5, 1.0, 2.0, 7.5, 40.0}) {
    EXPECT_NEAR(RegularizedGammaQ(1.0, x), std::exp(-x), 1e-14 * std::exp(-x)) << x;
    EXPECT_NEAR(RegularizedGammaQ(0.5, x), std::erfc(std::sqrt(x)), 1e-13 * std::erfc(std::sqrt(x)))
        << x;
    // Q(2, x) = (1 + x) e^{-x}.
    EXPECT_NEAR(RegularizedGammaQ(2.0, x), (1 + x) * std::exp(-x), 1e-13 * (1 + x) * std::exp(-x))
        << x;
    EXPECT_NEAR(GammaCdf(1.0, x), -std::expm1(-x), 1e-14) << x;
  }
  EXPECT_EQ(RegularizedGammaQ(3.0, 0.0), 1.0);
  EXPECT_EQ(GammaCdf(3.0, 0.0), 0.0);
}

TEST(StatisticalTestsTest, ChiSquareQuantilesMatchTables) {
  // Standard table values (e.g. NIST/SEMATECH e-Handbook, Table 1.3.6.7.4).
  EXPECT_NEAR(ChiSquareUpperQuantile(1, 0.05), 3.841459, 1e-6);
  EXPECT_NEAR(ChiSquareUpperQuantile(9, 0.001), 27.877165, 1e-6);
  EXPECT_NEAR(ChiSquareUpperQuantile(10, 0.01), 23.209251, 1e-6);
  EXPECT_NEAR(ChiSquareUpperQuantile(100, 0.01), 135.806723, 1e-5);
  // chi2(2) is exponential with mean 2: the upper quantile is -2 ln(tail), also far in the tail.
  for (double tail : {0.5, 1e-3, 1e-9, 1e-14}) {
    EXPECT_NEAR(ChiSquareUpperQuantile(2, tail), -2.0 * std::log(tail), 1e-9) << tail;
  }
  EXPECT_NEAR(ChiSquareSurvival(9, 27.877165), 0.001, 1e-9);
}

TEST(StatisticalTestsTest, HoeffdingAndDkwHalfWidths) {
  EXPECT_NEAR(HoeffdingHalfWidth(1000, 0.05), std::sqrt(std::log(40.0) / 2000.0), 1e-15);
  EXPECT_EQ(DkwHalfWidth(123, 1e-3), HoeffdingHalfWidth(123, 1e-3));
}

}  // namespace
}  // namespace testing
}  // namespace dprl
