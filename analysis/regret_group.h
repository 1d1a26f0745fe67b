// One regret group of a dprl results file (docs/hdf5_schema.md, "Regret groups": episode_grid,
// cumulative_regret [seeds x n], total_regret [seeds], string attributes env and agent), read and
// checked. The figure binaries (regret_summary.h) and the check every reader shares
// (results_check.h: the analysis binaries and the Python dprl.results.load) use this one reader.
// No plotting: the Python extension links it.
#ifndef DPRL_ANALYSIS_REGRET_GROUP_H_
#define DPRL_ANALYSIS_REGRET_GROUP_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "analysis/hdf5_reader.h"

namespace dprl {

struct RegretGroupData {
  std::string group;
  std::string env;
  std::string agent;
  std::optional<double> privacy_epsilon;
  std::string neighbour_relation;  // add_remove | replacement; "" = n/a
  std::optional<double> error_bound;
  std::string error_bound_method;    // how error_bound was computed (paper | exact_tail); "" = n/a
  std::string label;                 // legend text written by the experiment; "" = none
  std::vector<double> episode_grid;  // t_1 < ... < t_n = T (row 0; every row is the same)
  Hdf5Matrix cumulative_regret;      // seeds x n: cumulative regret after episode t_j
  std::optional<std::vector<double>> first_episode_bonus_below_horizon;  // [seeds]
};

// What a figure's dot on a regret curve marks (first_episode_bonus_below_horizon, the median over
// seeds), the note of a panel that draws one.
inline constexpr char kFirstBelowHorizonDotNote[] =
    "dot: median episode at which the agent's value first falls below H";

// Reads group `group`; errors name the file, group and the missing/malformed item.
absl::StatusOr<RegretGroupData> ReadRegretGroup(const Hdf5Reader& reader, const std::string& group);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_REGRET_GROUP_H_
