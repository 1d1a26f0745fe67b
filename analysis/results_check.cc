#include "analysis/results_check.h"

#include <map>
#include <vector>

#include "absl/strings/str_cat.h"
#include "analysis/regret_group.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

namespace names = hdf5_names;

// The experiments drawn by a figure binary of their own, and that binary (see the header).
const std::map<std::string, std::string>& FigureOfExperiment() {
  static const auto* figures = new std::map<std::string, std::string>{
      {"vietri_fig", "regret_figure"},
      {"vietri_lower_bound_fig", "vietri_lower_bound_figure"},
      {"private_ofu_fig", "private_ofu_figure"},
      {"rlsvi_privacy_fig", "rlsvi_privacy_figure"},
      {"wang_hegde_fig1", "wang_hegde_figure"},
      {"wang_hegde_fig2", "wang_hegde_figure"},
  };
  return *figures;
}

}  // namespace

absl::Status CheckResultsFile(const Hdf5Reader& reader) {
  RETURN_IF_ERROR(CheckDprlSchema(reader, names::kResultsSchemaVersion));
  ASSIGN_OR_RETURN(std::vector<std::string> groups, reader.ListGroups("/"));
  for (const std::string& group : groups) {
    ASSIGN_OR_RETURN(std::vector<std::string> datasets, reader.ListDatasets(group));
    bool regret_group = false;
    for (const std::string& dataset : datasets) {
      const std::string path = absl::StrCat(group, "/", dataset);
      ASSIGN_OR_RETURN(Hdf5Matrix values, reader.ReadMatrix(path));
      RETURN_IF_ERROR(CheckSeedsAttribute(reader, path, values.rows));
      regret_group = regret_group || dataset == names::kEpisodeGrid ||
                     dataset == names::kCumulativeRegret || dataset == names::kTotalRegret;
    }
    if (regret_group) RETURN_IF_ERROR(ReadRegretGroup(reader, group).status());
  }
  return absl::OkStatus();
}

absl::Status CheckFigureDrawsExperiment(const Hdf5Reader& reader, const std::string& figure) {
  if (!reader.HasAttribute("/", names::kExperiment)) return absl::OkStatus();
  ASSIGN_OR_RETURN(std::string experiment, reader.ReadStringAttribute("/", names::kExperiment));
  auto it = FigureOfExperiment().find(experiment);
  if (it == FigureOfExperiment().end() || it->second == figure) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      "file '", reader.path(), "' holds results of experiment '", experiment, "', which ",
      it->second, " draws, not ", figure, ": run ", it->second, " on it"));
}

}  // namespace dprl
