#include "analysis/regret_stats.h"

#include <cmath>
#include <random>
#include <vector>

#include "gtest/gtest.h"

namespace dprl {
namespace {

TEST(StudentTTest, QuantilesMatchTables) {
  // t_{0.975, dof} from standard tables (e.g. NIST/SEMATECH e-Handbook, Table 1.3.6.7.2).
  const std::vector<std::pair<double, double>> table = {
      {1, 12.7062047}, {2, 4.30265273}, {4, 2.77644511}, {19, 2.09302405}, {1000, 1.96233908}};
  for (const auto& [dof, quantile] : table) {
    EXPECT_NEAR(StudentTQuantile(0.975, dof), quantile, 1e-6) << "dof " << dof;
  }
  EXPECT_NEAR(StudentTQuantile(0.025, 4), -2.77644511, 1e-6);
  EXPECT_EQ(StudentTQuantile(0.5, 3), 0.0);
  EXPECT_NEAR(StudentTCdf(0, 7), 0.5, 1e-15);
  EXPECT_NEAR(StudentTCdf(1.5, 3) + StudentTCdf(-1.5, 3), 1.0, 1e-14);
}

TEST(MeanWithConfidence95Test, KnownValuesAndSingleSample) {
  const MeanInterval interval = MeanWithConfidence95({1, 2, 3, 4, 5});
  EXPECT_DOUBLE_EQ(interval.mean, 3);
  ASSERT_TRUE(interval.half_width.has_value());
  EXPECT_NEAR(*interval.half_width, 2.77644511 * std::sqrt(2.5) / std::sqrt(5.0), 1e-7);
  const MeanInterval single = MeanWithConfidence95({4.5});
  EXPECT_DOUBLE_EQ(single.mean, 4.5);
  EXPECT_FALSE(single.half_width.has_value());
}

// Coverage of the 95% interval for normal samples of size 5. Over 4000 independent trials the
// number of covering intervals is Binomial(4000, 0.95): mean 3800, sd 13.78. Accepting
// |count - 3800| <= 5.5 sd gives a false-failure probability below 1e-7 (normal tail; fixed seed).
TEST(MeanWithConfidence95Test, CoversTheMeanNinetyFivePercentOfTheTime) {
  std::mt19937_64 generator(20201);
  std::normal_distribution<double> normal(10.0, 3.0);
  constexpr int kTrials = 4000;
  int covered = 0;
  for (int trial = 0; trial < kTrials; ++trial) {
    std::vector<double> samples(5);
    for (double& x : samples) x = normal(generator);
    const MeanInterval interval = MeanWithConfidence95(samples);
    if (std::fabs(interval.mean - 10.0) <= *interval.half_width) ++covered;
  }
  const double sd = std::sqrt(kTrials * 0.95 * 0.05);
  EXPECT_LE(std::fabs(covered - 0.95 * kTrials), 5.5 * sd) << covered;
}

TEST(LogSpacedGridIndicesTest, EndpointsOrderAndSmallGrids) {
  std::vector<double> every;  // every episode 1..100000
  for (int t = 1; t <= 100000; ++t) every.push_back(t);
  const std::vector<int64_t> indices = LogSpacedGridIndices(every, 400);
  EXPECT_EQ(indices.front(), 0);
  EXPECT_EQ(indices.back(), 99999);
  EXPECT_LE(indices.size(), 401u);
  EXPECT_GE(indices.size(), 300u);
  for (size_t i = 1; i < indices.size(); ++i) EXPECT_LT(indices[i - 1], indices[i]);
  EXPECT_EQ(LogSpacedGridIndices({7}, 400), std::vector<int64_t>{0});
  EXPECT_EQ(LogSpacedGridIndices({1, 2, 3, 4, 5}, 400), (std::vector<int64_t>{0, 1, 2, 3, 4}));
  // A sparse grid: every point is kept, none twice.
  EXPECT_EQ(LogSpacedGridIndices({1, 10, 100, 1000}, 400), (std::vector<int64_t>{0, 1, 2, 3}));
  // Fewer targets than points: log-spaced targets 1, 31.6, 1000 pick the first point at or after.
  EXPECT_EQ(LogSpacedGridIndices({1, 10, 100, 1000}, 3), (std::vector<int64_t>{0, 2, 3}));
  EXPECT_TRUE(LogSpacedGridIndices({}, 10).empty());
}

TEST(LastDecadeIndicesTest, FromCeilOfATenthOfTheLastEpisode) {
  EXPECT_EQ(LastDecadeIndices({1, 5, 10, 11, 50, 101}), (std::vector<int64_t>{3, 4, 5}));
  EXPECT_EQ(LastDecadeIndices({1, 5, 10, 100}), (std::vector<int64_t>{2, 3}));
  EXPECT_TRUE(LastDecadeIndices({}).empty());
}

TEST(LogLogSlopeTest, PowerLawsAndDegenerateInputs) {
  std::vector<double> episodes, sqrt_law, linear;
  for (int j = 0; j <= 370; ++j) {  // log-spaced episodes 1 .. 5000
    const double t = std::round(std::pow(10.0, j / 100.0));
    if (!episodes.empty() && t <= episodes.back()) continue;
    episodes.push_back(t);
    sqrt_law.push_back(3.0 * std::sqrt(t));
    linear.push_back(0.1 * t);
  }
  EXPECT_NEAR(*LogLogSlopeLastDecade(episodes, sqrt_law), 0.5, 1e-10);
  EXPECT_NEAR(*LogLogSlopeLastDecade(episodes, linear), 1.0, 1e-10);
  EXPECT_FALSE(LogLogSlopeLastDecade({1}, {2.0}).has_value());
  EXPECT_FALSE(LogLogSlopeLastDecade({1, 2, 3}, {0.0, 0.0, 0.0}).has_value());
  // A zero inside the last decade makes it undefined; one before the decade does not matter.
  EXPECT_FALSE(LogLogSlopeLastDecade({1, 10, 20, 100}, {1.0, 2.0, 0.0, 4.0}).has_value());
  EXPECT_TRUE(LogLogSlopeLastDecade({1, 10, 20, 100}, {0.0, 2.0, 3.0, 4.0}).has_value());
  // Only the last decade counts: a different early regime does not change the slope.
  std::vector<double> kinked = sqrt_law;
  for (size_t j = 0; j < episodes.size() && episodes[j] < 400; ++j) {
    kinked[j] = 1e-3 * episodes[j];
  }
  EXPECT_NEAR(*LogLogSlopeLastDecade(episodes, kinked), 0.5, 1e-10);
}

TEST(MedianEpisodeTest, NeverCountsAsLatest) {
  EXPECT_EQ(MedianEpisodeOrNever({5, -1, 3}), 5);
  EXPECT_EQ(MedianEpisodeOrNever({-1, -1, 3}), -1);
  EXPECT_EQ(MedianEpisodeOrNever({2, 4}), 3);
  EXPECT_EQ(MedianEpisodeOrNever({2, -1}), -1);
  EXPECT_EQ(MedianEpisodeOrNever({}), -1);
}

TEST(LogLogSlopeTest, RecoversThePowerAndIsUndefinedWithANonPositivePoint) {
  EXPECT_NEAR(*LogLogSlope({1, 10, 100}, {3, 30, 300}), 1.0, 1e-12);
  EXPECT_NEAR(*LogLogSlope({1, 4, 16}, {2, 4, 8}), 0.5, 1e-12);
  // One non-positive or non-finite point makes the slope undefined; it is never skipped.
  EXPECT_FALSE(LogLogSlope({1, 4, 16, 5}, {2, 4, 8, 0}).has_value());
  EXPECT_FALSE(LogLogSlope({1, 4, 16, -5}, {2, 4, 8, 3}).has_value());
  EXPECT_FALSE(LogLogSlope({1, 4, 16}, {2, 4, std::nan("")}).has_value());
  EXPECT_FALSE(LogLogSlope({1, 2}, {1, 0}).has_value());
  EXPECT_FALSE(LogLogSlope({2, 2}, {1, 3}).has_value());
  EXPECT_FALSE(LogLogSlope({}, {}).has_value());
}

}  // namespace
}  // namespace dprl
