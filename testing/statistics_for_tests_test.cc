#include "testing/statistics_for_tests.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace dprl {
namespace {

// Reference values from standard tables (e.g. Abramowitz & Stegun 26.2, 26.4).
TEST(StatisticsForTestsTest, NormalQuantiles) {
  EXPECT_NEAR(NormalUpperQuantile(0.025), 1.959964, 1e-5);
  EXPECT_NEAR(NormalUpperQuantile(1e-3), 3.090232, 1e-5);
  EXPECT_NEAR(NormalUpperQuantile(1e-6), 4.753424, 1e-5);
}

TEST(StatisticsForTestsTest, ChiSquareQuantiles) {
  EXPECT_NEAR(ChiSquareUpperQuantile(1, 0.05), 3.841459, 1e-5);
  EXPECT_NEAR(ChiSquareUpperQuantile(9, 1e-3), 27.877165, 1e-4);
  EXPECT_NEAR(ChiSquareUpperQuantile(100, 0.01), 135.806723, 1e-4);
  EXPECT_NEAR(ChiSquareUpperTail(2, 3.0), std::exp(-1.5), 1e-12);  // chi2(2) is Exp(1/2)
}

TEST(StatisticsForTestsTest, KolmogorovQuantiles) {
  EXPECT_NEAR(KolmogorovUpperQuantile(0.05), 1.358099, 1e-5);
  EXPECT_NEAR(KolmogorovUpperQuantile(0.01), 1.627624, 1e-5);
}

// Bin(10, 1/2): P(X >= 9) = 11/1024 = 0.0107, P(X >= 8) = 56/1024 = 0.0547.
TEST(StatisticsForTestsTest, BinomialQuantiles) {
  EXPECT_EQ(BinomialUpperQuantile(10, 0.5, 0.05), 8);    // P(X > 8) = 0.0107 <= 0.05 < P(X > 7)
  EXPECT_EQ(BinomialUpperQuantile(10, 0.5, 0.0108), 8);  // P(X > 7) = 0.0547
  EXPECT_EQ(BinomialUpperQuantile(10, 0.5, 0.0107), 9);  // P(X > 8) = 0.01074 > 0.0107
  EXPECT_EQ(BinomialLowerQuantile(10, 0.5, 0.05), 2);    // P(X < 2) = 0.0107 <= 0.05 < P(X < 3)
  EXPECT_EQ(BinomialUpperQuantile(10, 0.0, 0.01), 0);
  EXPECT_EQ(BinomialLowerQuantile(10, 1.0, 0.01), 10);
  // Normal approximation agrees for large n: mean 1000, sd sqrt(950).
  const double z = NormalUpperQuantile(1e-6);
  EXPECT_NEAR(BinomialUpperQuantile(20000, 0.05, 1e-6), 1000 + z * std::sqrt(950.0), 12);
}

TEST(StatisticsForTestsTest, PearsonAndKolmogorovStatistics) {
  EXPECT_DOUBLE_EQ(PearsonChiSquare({10, 30}, {0.5, 0.5}), 10.0);
  std::vector<double> samples = {0.25, 0.75};
  EXPECT_DOUBLE_EQ(KolmogorovStatistic(samples, [](double x) { return x; }), std::sqrt(2.0) * 0.25);
}

}  // namespace
}  // namespace dprl
