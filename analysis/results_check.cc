#include "analysis/results_check.h"

#include <map>
#include <optional>
#include <vector>

#include "absl/strings/str_cat.h"
#include "experiments/figure_of_experiment.h"
#include "analysis/regret_group.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "schema/run_records.h"

namespace dprl {

namespace names = hdf5_names;

namespace {

// Every attribute of `object_path` read (a damaged value is an error, not a missing attribute).
absl::Status ReadEveryAttribute(const Hdf5Reader& reader, const std::string& object_path) {
  ASSIGN_OR_RETURN(const std::vector<std::string> attributes, reader.ListAttributes(object_path));
  for (const std::string& name : attributes) {
    RETURN_IF_ERROR(reader.ReadAnyAttribute(object_path, name).status());
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckResultsFile(const Hdf5Reader& reader) {
  RETURN_IF_ERROR(CheckDprlSchema(reader, names::kResultsSchemaVersion));
  RETURN_IF_ERROR(ReadEveryAttribute(reader, "/"));
  ASSIGN_OR_RETURN(std::vector<std::string> groups, reader.ListGroups("/"));
  for (const std::string& group : groups) {
    RETURN_IF_ERROR(ReadEveryAttribute(reader, group));
    ASSIGN_OR_RETURN(std::vector<std::string> datasets, reader.ListDatasets(group));
    bool regret_group = false;
    for (const std::string& dataset : datasets) {
      const std::string path = absl::StrCat(group, "/", dataset);
      RETURN_IF_ERROR(ReadEveryAttribute(reader, path));
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
  ASSIGN_OR_RETURN(const std::optional<ResultsFileRecord> run,
                   reader.ReadOptionalRecord("/", ExperimentNameBinding()));
  if (!run.has_value()) return absl::OkStatus();
  const std::string& experiment = run->experiment;
  auto it = FigureOfExperiment().find(experiment);
  if (it == FigureOfExperiment().end() || it->second == figure) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      "file '", reader.path(), "' holds results of experiment '", experiment, "', which ",
      it->second, " draws, not ", figure, ": run ", it->second, " on it"));
}

}  // namespace dprl
