// Test helpers for the experiments' task results (testonly): finding a series or scalar by name,
// a configuration's attribute by its hdf5_names constant, and the checks every regret result on
// the episode grid must pass.
#ifndef DPRL_EXPERIMENTS_CORE_TASK_RESULT_CHECKS_H_
#define DPRL_EXPERIMENTS_CORE_TASK_RESULT_CHECKS_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "experiments/runner/experiment.h"

namespace dprl {

// The series / scalar `name` of `result`; a test failure (and an empty series / NaN) if absent.
const std::vector<double>& SeriesOf(const TaskResult& result, const std::string& name);
double ScalarOf(const TaskResult& result, const std::string& name);

// Whether `config` has the attribute `name`, and its value as a T (int64_t, double or
// std::string; a test failure and T() if it is absent or of another type). For tests that check
// what a grid wrote; tasks read attributes through their bindings (option_binding.h).
bool HasConfigAttribute(const ConfigSpec& config, const std::string& name);
template <typename T>
T ConfigAttribute(const ConfigSpec& config, const std::string& name);

// Expects the regret datasets of schema version 2 (experiments/core/episode_grid.h,
// RegretOnGridResult): episode_grid == RegretEpisodeGrid(num_episodes); cumulative_regret of the
// same length, >= 0 and non-decreasing (every episode's regret is >= 0); total_regret equal (bit
// for bit) to its last value; and no per-episode series of length num_episodes > grid size.
void ExpectRegretOnGrid(const TaskResult& result, int64_t num_episodes);

// A grid's configurations by group name (a group named twice keeps its last configuration).
std::map<std::string, ConfigSpec> ConfigsByGroupName(const std::vector<ConfigSpec>& configs);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_CORE_TASK_RESULT_CHECKS_H_
