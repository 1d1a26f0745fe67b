// Test helpers for the experiments' task results (testonly): finding a series or scalar by name,
// and the checks every regret result on the episode grid must pass.
#ifndef DPRL_EXPERIMENTS_TASK_RESULT_CHECKS_H_
#define DPRL_EXPERIMENTS_TASK_RESULT_CHECKS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "experiments/runner/experiment.h"

namespace dprl {

// The series / scalar `name` of `result`; a test failure (and an empty series / NaN) if absent.
const std::vector<double>& SeriesOf(const TaskResult& result, const std::string& name);
double ScalarOf(const TaskResult& result, const std::string& name);

// Expects the regret datasets of schema version 2 (experiments/episode_grid.h,
// RegretOnGridResult): episode_grid == RegretEpisodeGrid(num_episodes); cumulative_regret of the
// same length, >= 0 and non-decreasing (every episode's regret is >= 0); total_regret equal (bit
// for bit) to its last value; and no per-episode series of length num_episodes > grid size.
void ExpectRegretOnGrid(const TaskResult& result, int64_t num_episodes);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_TASK_RESULT_CHECKS_H_
