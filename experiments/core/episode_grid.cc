#include "experiments/core/episode_grid.h"

#include <glog/logging.h>

#include <cmath>

#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "experiments/core/grid_validation.h"

namespace dprl {

std::vector<int64_t> EpisodeGrid(int64_t max_episodes, int points_per_decade) {
  std::vector<int64_t> grid;
  if (max_episodes < 1 || points_per_decade < 1) return grid;
  for (int i = 0;; ++i) {
    const double power = std::pow(10.0, static_cast<double>(i) / points_per_decade);
    // From 2^63 on, llround overflows (and every int64 max_episodes is below it).
    if (power >= 9223372036854775808.0) break;
    const int64_t k = std::llround(power);
    if (k > max_episodes) break;
    if (grid.empty() || k > grid.back()) grid.push_back(k);
  }
  if (grid.back() != max_episodes) grid.push_back(max_episodes);
  return grid;
}

absl::Status ValidateEpisodeCount(const std::string& field, int64_t num_episodes) {
  RETURN_IF_ERROR(ValidateFieldAtLeast(field, num_episodes, 1));
  return ValidateFieldAtMost(field, num_episodes, kMaxRegretEpisodes);
}

std::vector<int64_t> RegretEpisodeGrid(int64_t num_episodes) {
  return EpisodeGrid(num_episodes, kRegretGridPointsPerDecade);
}

int64_t EpisodeGridSize(int64_t num_episodes) {
  return static_cast<int64_t>(RegretEpisodeGrid(num_episodes).size());
}

CumulativeOnGrid::CumulativeOnGrid(int64_t num_episodes)
    : num_episodes_(num_episodes), grid_(RegretEpisodeGrid(num_episodes)) {
  cumulative_.reserve(grid_.size());
}

void CumulativeOnGrid::Add(double value) {
  CHECK_LT(episodes_, num_episodes_) << "CumulativeOnGrid: more values than episodes";
  ++episodes_;
  sum_ += value;
  if (cumulative_.size() < grid_.size() && grid_[cumulative_.size()] == episodes_) {
    cumulative_.push_back(sum_);
  }
}

std::vector<double> CumulativeOnGrid::GridAsDoubles() const {
  return std::vector<double>(grid_.begin(), grid_.end());
}

TaskResult RegretOnGridResult(const CumulativeOnGrid& regret, double total_regret) {
  CHECK(regret.complete()) << "the regret of some episodes was not recorded";
  CHECK_EQ(regret.total(), total_regret) << "the recorded regret differs from the loop's total";
  TaskResult result;
  result.series.push_back({hdf5_names::kEpisodeGrid, regret.GridAsDoubles()});
  result.series.push_back({hdf5_names::kCumulativeRegret, regret.cumulative()});
  result.scalars.push_back({hdf5_names::kTotalRegret, total_regret});
  return result;
}

}  // namespace dprl
