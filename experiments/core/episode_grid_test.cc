#include "experiments/core/episode_grid.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

namespace dprl {
namespace {

TEST(EpisodeGridTest, IsLogSpacedDistinctAndEndsAtTheMaximum) {
  EXPECT_EQ(EpisodeGrid(100, 4), (std::vector<int64_t>{1, 2, 3, 6, 10, 18, 32, 56, 100}));
  EXPECT_EQ(EpisodeGrid(150, 1), (std::vector<int64_t>{1, 10, 100, 150}));
  EXPECT_EQ(EpisodeGrid(1, 10), (std::vector<int64_t>{1}));
  EXPECT_TRUE(EpisodeGrid(0, 10).empty());
  EXPECT_TRUE(EpisodeGrid(10, 0).empty());
}

// The regret grid: every episode 1..52, then strictly increasing with neighbour ratio at most
// 10^(1/100) rounded up by one episode, ending at T; the sizes quoted in the header.
TEST(EpisodeGridTest, RegretGridHoldsEveryEarlyEpisodeThenOneHundredPerDecade) {
  const std::vector<int64_t> grid = RegretEpisodeGrid(10000000);
  ASSERT_GE(grid.size(), 53u);
  for (int64_t t = 1; t <= 52; ++t) EXPECT_EQ(grid[t - 1], t);
  EXPECT_EQ(grid[52], 54);  // the first skipped episode is 53
  for (size_t j = 1; j < grid.size(); ++j) {
    EXPECT_GT(grid[j], grid[j - 1]);
    EXPECT_LE(grid[j], grid[j - 1] * 1.0233 + 1.0) << j;
  }
  EXPECT_EQ(grid.back(), 10000000);
  EXPECT_EQ(EpisodeGridSize(10000000), 580);
  EXPECT_EQ(EpisodeGridSize(300000), 428);
  EXPECT_EQ(EpisodeGridSize(65536), 362);
  EXPECT_EQ(EpisodeGridSize(2000), 211);
  EXPECT_EQ(EpisodeGridSize(0), 0);
  EXPECT_EQ(EpisodeGridSize(1), 1);
  EXPECT_EQ(RegretEpisodeGrid(12345).back(), 12345);  // T off the geometric sequence
}

// cumulative()[j] is the running sum after episode grid()[j], summed in episode order.
TEST(CumulativeOnGridTest, SamplesTheRunningSumAtTheGrid) {
  const int64_t episodes = 1000;
  CumulativeOnGrid recorder(episodes);
  std::vector<double> running;  // reference: running sum after every episode
  double sum = 0.0;
  for (int64_t t = 1; t <= episodes; ++t) {
    const double value = 1.0 / static_cast<double>(t) + (t % 7 == 0 ? 0.25 : 0.0);
    EXPECT_FALSE(recorder.complete());
    recorder.Add(value);
    sum += value;
    running.push_back(sum);
  }
  ASSERT_TRUE(recorder.complete());
  EXPECT_EQ(recorder.grid(), RegretEpisodeGrid(episodes));
  ASSERT_EQ(recorder.cumulative().size(), recorder.grid().size());
  for (size_t j = 0; j < recorder.grid().size(); ++j) {
    EXPECT_EQ(recorder.cumulative()[j], running[recorder.grid()[j] - 1]) << j;  // bit for bit
    EXPECT_EQ(recorder.GridAsDoubles()[j], static_cast<double>(recorder.grid()[j]));
  }
  EXPECT_EQ(recorder.total(), sum);
  EXPECT_EQ(recorder.cumulative().back(), recorder.total());
}

TEST(EpisodeGridTest, EndsForEveryInt64AndTheLimitIsNamed) {
  // Past 2^63 llround overflowed and the loop never ended.
  const int64_t largest = std::numeric_limits<int64_t>::max();
  const std::vector<int64_t> grid = EpisodeGrid(largest, kRegretGridPointsPerDecade);
  EXPECT_EQ(grid.back(), largest);
  EXPECT_EQ(grid.size(), 1777u);  // every episode to 52, then 100 per decade
  EXPECT_TRUE(std::is_sorted(grid.begin(), grid.end()));
  EXPECT_TRUE(ValidateEpisodeCount("num_episodes", kMaxRegretEpisodes).ok());
  EXPECT_EQ(ValidateEpisodeCount("num_episodes", 9200000000000000000).message(),
            "field 'num_episodes' must be <= 1000000000000000000, got 9200000000000000000");
  EXPECT_EQ(ValidateEpisodeCount("num_episodes", 0).message(),
            "field 'num_episodes' must be >= 1, got 0");
}

TEST(CumulativeOnGridDeathTest, RefusesMoreValuesThanEpisodes) {
  CumulativeOnGrid recorder(2);
  recorder.Add(1.0);
  recorder.Add(1.0);
  EXPECT_DEATH(recorder.Add(1.0), "more values than episodes");
}

}  // namespace
}  // namespace dprl
