// The log-spaced episode grid on which the regret experiments store cumulative series
// (docs/hdf5_schema.md, "Per-episode values vs a log-spaced grid"), and the accumulator that
// samples a per-episode series on it without keeping the series.
//
// Grid rule (one function, EpisodeGrid, used by every experiment):
//   the distinct integers round(10^(i / points_per_decade)), i = 0, 1, ..., that are <= T, then
//   T itself if it is not already the last one.
// While consecutive values 10^(i/p) differ by less than 1, rounding skips no integer: with the
// regret experiments' p = kRegretGridPointsPerDecade = 100 the grid holds EVERY episode 1..52,
// then p points per decade (ratio 10^(1/100) = 1.023 between neighbours), and always ends at T.
// EpisodeGridSize: T = 2000 -> 211 points, 3e5 -> 428, 65536 -> 362, 10^7 -> 580 (4.6 kB per seed
// and series instead of 80 MB).
#ifndef DPRL_EXPERIMENTS_CORE_EPISODE_GRID_H_
#define DPRL_EXPERIMENTS_CORE_EPISODE_GRID_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "experiments/runner/experiment.h"

namespace dprl {

// Points per decade of the regret experiments' grid (see above).
inline constexpr int kRegretGridPointsPerDecade = 100;

// The most episodes a regret experiment accepts: 10^18, below 2^63 - 1 (about 9.22e18) where the
// 64-bit episode counters of the grid and the agents overflow. (At a nanosecond per episode a
// run this long would take 30 years.)
inline constexpr int64_t kMaxRegretEpisodes = 1000000000000000000;

// OK when 1 <= num_episodes <= kMaxRegretEpisodes; else one line naming `field`, e.g.
//   field 'num_episodes' must be <= 1000000000000000000, got 9200000000000000000
absl::Status ValidateEpisodeCount(const std::string& field, int64_t num_episodes);

// The grid rule above: strictly increasing 1-based episodes ending at max_episodes. Empty when
// max_episodes < 1 or points_per_decade < 1. Defined for every int64 max_episodes (the powers of
// ten past 2^63 end the grid).
std::vector<int64_t> EpisodeGrid(int64_t max_episodes, int points_per_decade);

// EpisodeGrid(num_episodes, kRegretGridPointsPerDecade): where the regret experiments sample
// their cumulative series.
std::vector<int64_t> RegretEpisodeGrid(int64_t num_episodes);

// The number of points of RegretEpisodeGrid(num_episodes) (0 for num_episodes < 1): the length of
// every cumulative dataset of a regret group, for estimating output sizes.
int64_t EpisodeGridSize(int64_t num_episodes);

// Running sum of a per-episode series, sampled at RegretEpisodeGrid(num_episodes): after the value
// of episode t_j has been added, cumulative()[j] = value_1 + ... + value_{t_j}, summed in episode
// order in double (so it equals numpy.cumsum of the series at indices t_j - 1).
class CumulativeOnGrid {
 public:
  explicit CumulativeOnGrid(int64_t num_episodes);

  // Adds the value of the next episode; CHECK-fails past num_episodes.
  void Add(double value);

  // The number of episodes the accumulator expects.
  int64_t num_episodes() const { return num_episodes_; }
  // True once all num_episodes values were added (then cumulative() has grid().size() entries).
  bool complete() const { return episodes_ == num_episodes_; }
  const std::vector<int64_t>& grid() const { return grid_; }
  // The grid as float64 values (the results file stores float64 series).
  std::vector<double> GridAsDoubles() const;
  // The samples taken so far (all of them once complete()).
  const std::vector<double>& cumulative() const { return cumulative_; }
  // Sum of every value added so far.
  double total() const { return sum_; }

 private:
  int64_t num_episodes_;
  std::vector<int64_t> grid_;
  std::vector<double> cumulative_;
  int64_t episodes_ = 0;
  double sum_ = 0.0;
};

// The regret part of a regret task's result (docs/hdf5_schema.md, schema version 2): series
// episode_grid and cumulative_regret (RegretEpisodeGrid of the run's T) and scalar total_regret.
// `regret` must be complete() and its total bit-identical to `total_regret` (the loop's own sum,
// in the same order): a mismatch is a bug and CHECK-fails.
TaskResult RegretOnGridResult(const CumulativeOnGrid& regret, double total_regret);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_CORE_EPISODE_GRID_H_
