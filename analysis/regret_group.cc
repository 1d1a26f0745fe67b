#include "analysis/regret_group.h"

#include <cmath>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "schema/tabular_records.h"

namespace dprl {

namespace names = hdf5_names;

absl::StatusOr<RegretGroupData> ReadRegretGroup(const Hdf5Reader& reader,
                                                const std::string& group) {
  RegretGroupData data;
  data.group = group;
  auto malformed = [&](const std::string& what) {
    return absl::InvalidArgumentError(absl::StrCat(reader.path(), ": ", what));
  };
  const std::string grid_path = absl::StrCat(group, "/", names::kEpisodeGrid);
  const std::string regret_path = absl::StrCat(group, "/", names::kCumulativeRegret);
  const std::string total_path = absl::StrCat(group, "/", names::kTotalRegret);
  for (const std::string& path : {grid_path, regret_path, total_path}) {
    if (reader.HasObject(path)) continue;
    const bool legacy = reader.HasObject(absl::StrCat(group, "/", names::kLegacyPerEpisodeRegret));
    return malformed(
        absl::StrCat("group '", group, "' has no dataset '", path.substr(group.size() + 1), "'",
                     legacy ? absl::StrCat(" (it has '", names::kLegacyPerEpisodeRegret,
                                           "' of results schema version 1; rerun the experiment)")
                            : ""));
  }
  ASSIGN_OR_RETURN(Hdf5Matrix grid, reader.ReadMatrix(grid_path));
  ASSIGN_OR_RETURN(Hdf5Matrix regret, reader.ReadMatrix(regret_path));
  if (regret.ndims != 2 || regret.rows < 1 || regret.cols < 1) {
    return malformed(absl::StrFormat(
        "dataset '%s' must be [seeds x grid points] with both >= 1, got %d-D %d x %d", regret_path,
        regret.ndims, regret.rows, regret.cols));
  }
  // The root attribute `seeds` (written by the merge) is the row count of every dataset.
  RETURN_IF_ERROR(CheckSeedsAttribute(reader, regret_path, regret.rows));
  if (grid.ndims != 2 || grid.rows != regret.rows || grid.cols != regret.cols) {
    return malformed(absl::StrFormat("dataset '%s' must have the shape of '%s' (%d x %d)",
                                     grid_path, regret_path, regret.rows, regret.cols));
  }
  // The grid: the same in every row, 1-based integer episodes, strictly increasing.
  data.episode_grid.assign(grid.values.begin(), grid.values.begin() + grid.cols);
  for (int64_t j = 0; j < grid.cols; ++j) {
    const double t = data.episode_grid[j];
    if (!(t >= 1) || t != std::floor(t) || (j > 0 && !(t > data.episode_grid[j - 1]))) {
      return malformed(absl::StrFormat(
          "dataset '%s' must hold strictly increasing integer episodes >= 1 (column %d is %g)",
          grid_path, j, t));
    }
    for (int64_t s = 1; s < grid.rows; ++s) {
      if (grid.at(s, j) != t) {
        return malformed(absl::StrFormat("dataset '%s' differs between seeds (row %d, column %d)",
                                         grid_path, s, j));
      }
    }
  }
  ASSIGN_OR_RETURN(std::vector<double> total, reader.ReadVector(total_path));
  if (static_cast<int64_t>(total.size()) != regret.rows) {
    return malformed(absl::StrFormat("dataset '%s' has %d values but '%s' has %d seeds", total_path,
                                     total.size(), regret_path, regret.rows));
  }
  for (int64_t s = 0; s < regret.rows; ++s) {
    if ((total)[s] != regret.at(s, regret.cols - 1)) {
      return malformed(absl::StrFormat(
          "dataset '%s' (%.17g at seed %d) differs from the last column of '%s' (%.17g)",
          total_path, (total)[s], s, regret_path, regret.at(s, regret.cols - 1)));
    }
  }
  data.cumulative_regret = std::move(regret);
  // The records the grid wrote (schema/tabular_records.h), through their bindings.
  ASSIGN_OR_RETURN(const TabularTypeNames env, reader.ReadRecord(group, TabularEnvironmentNameBinding()));
  ASSIGN_OR_RETURN(const TabularTypeNames agent, reader.ReadRecord(group, TabularAgentNameBinding()));
  data.env = env.env;
  data.agent = agent.agent;
  ASSIGN_OR_RETURN(const std::optional<DisplayLabel> label,
                   reader.ReadOptionalRecord(group, DisplayLabelBinding()));
  if (label.has_value()) data.label = label->label;
  ASSIGN_OR_RETURN(const std::optional<PucbGuarantee> guarantee,
                   reader.ReadOptionalRecord(group, PucbGuaranteeBinding()));
  if (guarantee.has_value()) data.error_bound = guarantee->error_bound;
  ASSIGN_OR_RETURN(const TabularAgentParameters parameters,
                   reader.ReadRecord(group, TabularAgentParametersBinding()));
  if (parameters.privacy_epsilon > 0) data.privacy_epsilon = parameters.privacy_epsilon;
  data.error_bound_method = parameters.error_bound_method;
  data.neighbour_relation = parameters.neighbour_relation;
  const std::string bonus_path = absl::StrCat(group, "/", names::kFirstEpisodeBonusBelowHorizon);
  if (reader.HasObject(bonus_path)) {
    ASSIGN_OR_RETURN(std::vector<double> bonus, reader.ReadVector(bonus_path));
    if (static_cast<int64_t>(bonus.size()) != data.cumulative_regret.rows) {
      return malformed(absl::StrFormat("dataset '%s' has %d values but '%s' has %d seeds",
                                       bonus_path, bonus.size(), regret_path,
                                       data.cumulative_regret.rows));
    }
    data.first_episode_bonus_below_horizon = std::move(bonus);
  }
  return data;
}

}  // namespace dprl
