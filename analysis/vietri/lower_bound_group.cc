#include "analysis/vietri/lower_bound_group.h"

#include <cmath>
#include <tuple>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "schema/lower_bound_records.h"
#include "schema/tabular_records.h"

namespace dprl {
namespace {

absl::Status Malformed(const Hdf5Reader& reader, const std::string& what) {
  return absl::InvalidArgumentError(absl::StrCat(reader.path(), ": ", what));
}

}  // namespace

absl::StatusOr<LowerBoundGroupData> ReadLowerBoundGroup(const Hdf5Reader& reader,
                                                        const std::string& group) {
  LowerBoundGroupData data;
  ASSIGN_OR_RETURN(RegretGroupData regret, ReadRegretGroup(reader, group));
  data.regret = std::move(regret);
  // The records the grid wrote (schema/tabular_records.h, schema/lower_bound_records.h).
  ASSIGN_OR_RETURN(const TabularShape shape, reader.ReadRecord(group, TabularShapeBinding()));
  ASSIGN_OR_RETURN(const LowerBoundFamilyMember member,
                   reader.ReadRecord(group, LowerBoundBinding()));
  ASSIGN_OR_RETURN(const PacSettings pac, reader.ReadRecord(group, PacSettingsBinding()));
  data.agent_variant = pac.agent_variant;
  data.pac_alpha = pac.pac_alpha;
  data.pac_alpha_unit = pac.pac_alpha_unit;
  data.alpha_prime = member.mdp.alpha_prime;
  for (auto [name, value, target] :
       {std::tuple{hdf5_names::kNumStates, shape.num_states, &data.num_states},
        std::tuple{hdf5_names::kNumActions, shape.num_actions, &data.num_actions},
        std::tuple{hdf5_names::kRewardedHorizon, member.mdp.rewarded_horizon,
                   &data.rewarded_horizon}}) {
    if (value < 1)
      return Malformed(reader, absl::StrCat("attribute '", name, "' of '", group,
                                            "' must be >= 1, got ", value));
    *target = value;
  }
  // beta, a parameter of the agent's own binding (UBEV's, PUCB's).
  ASSIGN_OR_RETURN(const TabularAgentParameters agent,
                   reader.ReadRecord(group, TabularAgentParametersBinding()));
  data.failure_probability = agent.failure_probability;
  if (!(data.failure_probability > 0 && data.failure_probability < 1)) {
    return Malformed(
        reader, absl::StrCat("attribute 'failure_probability' of '", group, "' must be in (0, 1)"));
  }
  const int64_t seeds = data.regret.cumulative_regret.rows;
  Hdf5Matrix grid;
  for (auto [name, target] :
       {std::pair{hdf5_names::kPacAlphaGrid, &grid},
        std::pair{hdf5_names::kNonAlphaOptimalEpisodes, &data.non_alpha_optimal},
        std::pair{hdf5_names::kAlphaOptimalFromEpisode, &data.alpha_optimal_from}}) {
    const std::string path = absl::StrCat(group, "/", name);
    if (!reader.HasObject(path)) {
      return Malformed(reader, absl::StrCat("group '", group, "' has no dataset '", name, "'"));
    }
    ASSIGN_OR_RETURN(Hdf5Matrix matrix, reader.ReadMatrix(path));
    if (matrix.ndims != 2 || matrix.rows != seeds || matrix.cols < 1) {
      return Malformed(reader,
                       absl::StrFormat("dataset '%s' must be [%d seeds x K >= 1]", path, seeds));
    }
    if (target != &grid && matrix.cols != grid.cols) {
      return Malformed(reader, absl::StrFormat("dataset '%s' has %d columns, pac_alpha_grid %d",
                                               path, matrix.cols, grid.cols));
    }
    *target = std::move(matrix);
  }
  data.alpha_grid.assign(grid.values.begin(), grid.values.begin() + grid.cols);
  data.pac_alpha_index = -1;
  for (int64_t k = 0; k < grid.cols; ++k) {
    const double alpha = data.alpha_grid[k];
    if (!(alpha > 0 && alpha <= data.rewarded_horizon)) {
      return Malformed(reader, absl::StrCat("pac_alpha_grid of '", group,
                                            "' has an alpha outside (0, rewarded_horizon]"));
    }
    for (int64_t s = 1; s < seeds; ++s) {
      if (grid.at(s, k) != alpha) {
        return Malformed(reader, absl::StrCat("pac_alpha_grid of '", group, "' differs by seed"));
      }
    }
    if (std::fabs(alpha - data.pac_alpha) <= 1e-12 * alpha) data.pac_alpha_index = k;
  }
  if (data.pac_alpha_index < 0) {
    return Malformed(
        reader, absl::StrCat("attribute 'pac_alpha' of '", group, "' is not in pac_alpha_grid"));
  }
  return data;
}

}  // namespace dprl
