// One group of a vietri_lower_bound_fig results file (docs/hdf5_schema.md,
// "vietri_lower_bound_fig"), read and checked: everything ReadRegretGroup (regret_group.h) reads,
// plus the records of the grid read through their bindings (the shape, num_states and num_actions,
// schema/tabular_records.h; the family member, rewarded_horizon and alpha_prime,
// schema/lower_bound_records.h; the PAC measurement, agent_variant, pac_alpha and pac_alpha_unit;
// the agent's failure_probability) and the datasets pac_alpha_grid, non_alpha_optimal_episodes and
// alpha_optimal_from_episode [seeds x K], K >= 1, the grid identical for every seed and containing
// pac_alpha. No plotting: the claims and the figure's summary (lower_bound_summary.h) both read it.
#ifndef DPRL_ANALYSIS_VIETRI_LOWER_BOUND_GROUP_H_
#define DPRL_ANALYSIS_VIETRI_LOWER_BOUND_GROUP_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "analysis/hdf5_reader.h"
#include "analysis/regret_group.h"

namespace dprl {

struct LowerBoundGroupData {
  RegretGroupData regret;
  std::string agent_variant;
  int64_t num_states = 0, num_actions = 0, rewarded_horizon = 0;
  double failure_probability = 0, pac_alpha = 0;
  double pac_alpha_unit = 0;          // g = H alpha'/(2n), the instance's gap
  std::optional<double> alpha_prime;  // the family's alpha'
  int pac_alpha_index = 0;            // pac_alpha == alpha_grid[pac_alpha_index]
  std::vector<double> alpha_grid;     // [K]
  Hdf5Matrix non_alpha_optimal;       // seeds x K
  Hdf5Matrix alpha_optimal_from;      // seeds x K
};

// Reads group `group`; errors name the file, group and the missing/malformed item.
absl::StatusOr<LowerBoundGroupData> ReadLowerBoundGroup(const Hdf5Reader& reader,
                                                        const std::string& group);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_VIETRI_LOWER_BOUND_GROUP_H_
