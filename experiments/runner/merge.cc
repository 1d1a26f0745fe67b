#include "experiments/runner/merge.h"

#include <errno.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <map>
#include <utility>
#include <variant>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "common/build_info.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "experiments/runner/code_versions.h"
#include "experiments/runner/file_util.h"
#include "experiments/runner/hdf5_io.h"
#include "experiments/runner/task_store.h"
#include "schema/run_records.h"

namespace dprl {
namespace {

absl::Status WriteRootAttributes(hid_t file, const MergeInfo& info) {
  RETURN_IF_ERROR(WriteAttribute(file, hdf5_names::kSchemaVersion, kResultsSchemaVersion));
  ResultsFileRecord run;
  run.experiment = info.experiment;
  run.git_commit = info.git_commit;
  run.git_dirty = info.git_dirty;
  // Build provenance of the binary that merged (the same for every rank and every resume of one
  // build, so the file stays bit-identical across them).
  run.dprl_version = GetBuildInfo().version;
  run.build_time = GetBuildInfo().build_time;
  run.build_host = GetBuildInfo().build_host;
  run.command_line = info.command_line;
  run.resolved_config = info.resolved_config;
  run.scale = ScaleName(info.scale);
  run.seeds = info.seeds;
  AttributeList attributes = ExperimentNameBinding().Attributes(run);
  ResultsFileBinding().Write(run, attributes);
  if (!info.claims_profile.empty()) {
    ClaimsProfileBinding().Write(ClaimsProfileRecord{info.claims_profile}, attributes);
  }
  for (const auto& [name, value] : attributes) {
    RETURN_IF_ERROR(WriteAttribute(file, name, value));
  }
  return WriteUint64Attribute(file, hdf5_names::kMasterSeed, info.master_seed);
}

// Merges the config's task files into its group; adds each task's code version to `versions`.
absl::Status MergeConfig(hid_t file, const std::string& out_dir, const ConfigSpec& config,
                         int seeds, TaskCodeVersions* versions) {
  ASSIGN_OR_RETURN(H5Handle group, CreateGroup(file, config.group_name));
  for (const auto& [name, value] : config.attributes) {
    RETURN_IF_ERROR(WriteAttribute(group.get(), name, value));
  }
  // Layout (names and lengths) fixed by seed 0; datasets created when seed 0 is read.
  std::vector<std::pair<std::string, size_t>> series_layout;
  std::vector<H5Handle> series_datasets;
  std::vector<std::string> scalar_names;
  std::vector<std::vector<double>> scalar_values;
  for (int seed = 0; seed < seeds; ++seed) {
    const std::string path = TaskFilePath(out_dir, config.group_name, seed);
    ASSIGN_OR_RETURN(TaskResult result, ReadTaskResult(path));
    ASSIGN_OR_RETURN(const TaskMetadata metadata, ReadTaskMetadata(path));
    versions->Add(config.group_name, seed, CodeVersionOf(metadata));
    const std::string where = absl::StrCat("config '", config.group_name, "' seed ", seed, ": ");
    if (seed == 0) {
      for (const auto& [name, values] : result.series) {
        series_layout.emplace_back(name, values.size());
        ASSIGN_OR_RETURN(
            H5Handle dataset,
            CreateMatrixDataset(group.get(), name, seeds, static_cast<int64_t>(values.size())));
        series_datasets.push_back(std::move(dataset));
      }
      for (const auto& [name, value] : result.scalars) {
        scalar_names.push_back(name);
        scalar_values.emplace_back();
      }
    }
    if (result.series.size() != series_layout.size() ||
        result.scalars.size() != scalar_names.size()) {
      return absl::FailedPreconditionError(absl::StrCat(
          where, "the task returned ", result.series.size(), " series and ", result.scalars.size(),
          " scalars, but seed 0 returned ", series_layout.size(), " and ", scalar_names.size(),
          " (run_task must return the same series for every seed)"));
    }
    for (size_t i = 0; i < series_layout.size(); ++i) {
      const auto& [name, values] = result.series[i];
      if (name != series_layout[i].first || values.size() != series_layout[i].second) {
        return absl::FailedPreconditionError(absl::StrCat(
            where, "series #", i, " is '", name, "' of length ", values.size(), " but seed 0 has '",
            series_layout[i].first, "' of length ", series_layout[i].second,
            " (all seeds of a config must give the same series lengths)"));
      }
      RETURN_IF_ERROR(WriteMatrixRow(series_datasets[i].get(), seed, values));
    }
    for (size_t i = 0; i < scalar_names.size(); ++i) {
      if (result.scalars[i].first != scalar_names[i]) {
        return absl::FailedPreconditionError(
            absl::StrCat(where, "scalar #", i, " is '", result.scalars[i].first,
                         "' but seed 0 has '", scalar_names[i], "'"));
      }
      scalar_values[i].push_back(result.scalars[i].second);
    }
  }
  for (size_t i = 0; i < scalar_names.size(); ++i) {
    RETURN_IF_ERROR(WriteVectorDataset(group.get(), scalar_names[i], scalar_values[i], false));
  }
  return absl::OkStatus();
}

}  // namespace

namespace {

// "key" -> "value" of a resolved_config TOML text (ConfigFields::ToToml): top-level keys as
// they are, keys of table [t] as "t.key".
std::map<std::string, std::string> TomlValues(const std::string& toml) {
  std::map<std::string, std::string> values;
  std::string table;
  for (absl::string_view line : absl::StrSplit(toml, '\n')) {
    if (line.size() >= 2 && line.front() == '[' && line.back() == ']') {
      table = std::string(line.substr(1, line.size() - 2));
      continue;
    }
    const size_t eq = line.find(" = ");
    if (eq == absl::string_view::npos) continue;
    const std::string key(line.substr(0, eq));
    values[table.empty() ? key : absl::StrCat(table, ".", key)] = std::string(line.substr(eq + 3));
  }
  return values;
}

// The root attribute task_code_versions of a results file of `seeds` seeds (code_versions.h);
// empty when the file has none (all its tasks are of the root's code version).
absl::StatusOr<TaskCodeVersions> ReadTaskCodeVersions(hid_t file, int seeds) {
  const htri_t exists = H5Aexists(file, hdf5_names::kTaskCodeVersions);
  if (exists < 0) {
    return absl::InternalError(absl::StrCat("cannot look for attribute '",
                                            hdf5_names::kTaskCodeVersions, "'"));
  }
  if (exists == 0) return TaskCodeVersions();
  ASSIGN_OR_RETURN(AttributeValue text, ReadAttribute(file, hdf5_names::kTaskCodeVersions));
  if (!std::holds_alternative<std::string>(text)) {
    return absl::InvalidArgumentError(
        absl::StrCat("attribute '", hdf5_names::kTaskCodeVersions, "' is not a string"));
  }
  return TaskCodeVersions::FromAttribute(std::get<std::string>(text), seeds);
}

// Whether the file's config groups are exactly `configs`, in order, with the same attributes.
bool SameConfigs(hid_t file, const std::vector<ConfigSpec>& configs) {
  absl::StatusOr<std::vector<std::string>> groups = ListLinks(file);
  if (!groups.ok() || groups->size() != configs.size()) return false;
  for (size_t i = 0; i < configs.size(); ++i) {
    if ((*groups)[i] != configs[i].group_name) return false;
    absl::StatusOr<H5Handle> group = OpenGroup(file, configs[i].group_name);
    if (!group.ok()) return false;
    absl::StatusOr<std::vector<std::pair<std::string, AttributeValue>>> attributes =
        ReadAllAttributes(group->get());
    if (!attributes.ok() || attributes->size() != configs[i].attributes.size()) return false;
    for (size_t a = 0; a < attributes->size(); ++a) {
      if ((*attributes)[a].first != configs[i].attributes[a].first ||
          !SameAttributeValue((*attributes)[a].second, configs[i].attributes[a].second)) {
        return false;
      }
    }
  }
  return true;
}

// "" when every config group of `file` has datasets and each has `seeds` rows; else what is
// wrong, for the user.
std::string ShapeProblem(hid_t file, const std::vector<ConfigSpec>& configs, int seeds) {
  for (const ConfigSpec& config : configs) {
    absl::StatusOr<H5Handle> group = OpenGroup(file, config.group_name);
    absl::StatusOr<std::vector<std::string>> names =
        group.ok() ? ListLinks(group->get()) : group.status();
    if (!names.ok() || names->empty()) {
      return absl::StrCat("its group '", config.group_name, "' holds no datasets");
    }
    for (const std::string& name : *names) {
      absl::StatusOr<DatasetValues> shape = ReadDatasetShape(group->get(), name);
      if (!shape.ok()) {
        return absl::StrCat("its dataset '", config.group_name, "/", name,
                            "' cannot be read: ", shape.status().message());
      }
      if (shape->rows != seeds) {
        return absl::StrCat("its dataset '", config.group_name, "/", name, "' has ", shape->rows,
                            " rows, but its seeds attribute says ", seeds);
      }
    }
  }
  return "";
}

}  // namespace

MergedFileCheck CheckMergedFile(const std::string& merged_path,
                                const std::vector<ConfigSpec>& configs, const MergeInfo& info) {
  MergedFileCheck check;
  if (!PathExists(merged_path)) return check;
  check.state = MergedFileState::kNotResults;
  if (!IsRegularFile(merged_path)) {
    check.is_directory = true;
    check.differences = "is a directory (or another non-file), not a results file";
    return check;
  }
  check.differences = "is not a readable dprl results file (corrupt, truncated or not HDF5)";
  absl::StatusOr<H5Handle> file = OpenFileReadOnly(merged_path);
  if (!file.ok()) {
    check.differences = absl::StrCat("is not a readable dprl results file: ", file.status().message());
    return check;
  }
  std::vector<std::string> differences;
  const std::vector<std::pair<std::string, AttributeValue>> expected = {
      {hdf5_names::kExperiment, info.experiment},
      {hdf5_names::kScale, ScaleName(info.scale)},
      {hdf5_names::kSeeds, static_cast<int64_t>(info.seeds)},
  };
  for (const auto& [name, value] : expected) {
    absl::StatusOr<AttributeValue> found = ReadAttribute(file->get(), name);
    if (!found.ok()) return check;
    if (!SameAttributeValue(*found, value)) {
      differences.push_back(
          absl::StrCat(name, " ", AttributeToString(*found), " -> ", AttributeToString(value)));
    }
    if (name == hdf5_names::kSeeds && std::holds_alternative<int64_t>(*found)) {
      check.seeds = static_cast<int>(std::get<int64_t>(*found));
    }
  }
  absl::StatusOr<uint64_t> master_seed = ReadUint64Attribute(file->get(), hdf5_names::kMasterSeed);
  absl::StatusOr<AttributeValue> commit = ReadAttribute(file->get(), hdf5_names::kGitCommit);
  if (!master_seed.ok() || !commit.ok() || !std::holds_alternative<std::string>(*commit)) {
    return check;
  }
  if (*master_seed != info.master_seed) {
    differences.push_back(absl::StrCat("master_seed ", *master_seed, " -> ", info.master_seed));
  }
  check.git_commit = std::get<std::string>(*commit);
  absl::StatusOr<AttributeValue> dirty = ReadAttribute(file->get(), hdf5_names::kGitDirty);
  check.git_dirty = dirty.ok() && std::holds_alternative<int64_t>(*dirty) &&
                    std::get<int64_t>(*dirty) != 0;
  check.code_versions = {CodeVersion{check.git_commit, check.git_dirty}};
  if (absl::StatusOr<TaskCodeVersions> tasks = ReadTaskCodeVersions(file->get(), check.seeds);
      !tasks.ok()) {
    check.differences = absl::StrCat("is not a readable dprl results file: ",
                                     tasks.status().message());
    return check;
  } else {
    for (const CodeVersion& version : tasks->Versions()) {
      if (std::find(check.code_versions.begin(), check.code_versions.end(), version) ==
          check.code_versions.end()) {
        check.code_versions.push_back(version);
      }
    }
  }
  absl::StatusOr<AttributeValue> toml = ReadAttribute(file->get(), hdf5_names::kResolvedConfig);
  if (toml.ok() && std::holds_alternative<std::string>(*toml) && !info.resolved_config.empty()) {
    const std::map<std::string, std::string> before = TomlValues(std::get<std::string>(*toml));
    const std::map<std::string, std::string> after = TomlValues(info.resolved_config);
    for (const auto& [key, value] : after) {
      auto it = before.find(key);
      const std::string old_value = it == before.end() ? "(absent)" : it->second;
      if (old_value != value) differences.push_back(absl::StrCat(key, " ", old_value, " -> ", value));
    }
    for (const auto& [key, value] : before) {
      if (after.count(key) == 0) differences.push_back(absl::StrCat(key, " ", value, " -> (absent)"));
    }
  }
  const bool same_configs = SameConfigs(file->get(), configs);
  if (!same_configs && differences.empty()) {
    differences.push_back("the configurations (group names or attributes: another code version?)");
  }
  if (same_configs && check.seeds > 0) {
    // Its data may be reused or taken as complete: it must have the shape its metadata says.
    if (const std::string problem = ShapeProblem(file->get(), configs, check.seeds);
        !problem.empty()) {
      check.differences = absl::StrCat("is not a complete results file: ", problem);
      return check;
    }
  }
  check.state = MergedFileState::kOtherRun;
  check.differences = absl::StrJoin(differences, "; ");
  if (differences.empty()) {
    check.state = MergedFileState::kThisRun;
  } else {
    check.only_seeds_differ = same_configs && differences.size() == 1 &&
                              absl::StartsWith(differences[0], "seeds ") && check.seeds > 0;
  }
  return check;
}

absl::Status ExtractTaskFiles(
    const std::string& merged_path, const std::string& out_dir,
    const std::vector<ConfigSpec>& configs, int seeds,
    const std::function<TaskMetadata(size_t config_index, int seed_index)>& metadata,
    const std::function<bool(size_t config_index, int seed_index)>& wanted,
    std::vector<std::string>* written) {
  ASSIGN_OR_RETURN(H5Handle file, OpenFileReadOnly(merged_path));
  ASSIGN_OR_RETURN(const AttributeValue file_seeds, ReadAttribute(file.get(), hdf5_names::kSeeds));
  if (!std::holds_alternative<int64_t>(file_seeds) || std::get<int64_t>(file_seeds) < seeds) {
    return absl::FailedPreconditionError(absl::StrCat(
        "results file '", merged_path, "': its attribute seeds is not a count of at least ", seeds));
  }
  ASSIGN_OR_RETURN(
      const TaskCodeVersions versions,
      ReadTaskCodeVersions(file.get(), static_cast<int>(std::get<int64_t>(file_seeds))));
  for (size_t c = 0; c < configs.size(); ++c) {
    ASSIGN_OR_RETURN(H5Handle group, OpenGroup(file.get(), configs[c].group_name));
    ASSIGN_OR_RETURN(std::vector<std::string> names, ListLinks(group.get()));
    std::vector<std::pair<std::string, DatasetValues>> datasets;
    for (const std::string& name : names) {
      ASSIGN_OR_RETURN(DatasetValues values, ReadDataset(group.get(), name));
      if (values.rows < seeds) {
        return absl::FailedPreconditionError(
            absl::StrCat("results file '", merged_path, "': dataset '", configs[c].group_name, "/",
                         name, "' has ", values.rows, " seeds, fewer than ", seeds));
      }
      datasets.emplace_back(name, std::move(values));
    }
    for (int k = 0; k < seeds; ++k) {
      const std::string path = TaskFilePath(out_dir, configs[c].group_name, k);
      if (PathExists(path) || (wanted && !wanted(c, k))) continue;
      // The merge writes series as [seeds x length] and scalars as [seeds] (docs/hdf5_schema.md).
      TaskResult result;
      for (const auto& [name, values] : datasets) {
        const auto row = values.values.begin() + k * values.cols;
        if (values.rank == 2) {
          result.series.emplace_back(name, std::vector<double>(row, row + values.cols));
        } else {
          result.scalars.emplace_back(name, *row);
        }
      }
      TaskMetadata task = metadata(c, k);
      if (std::optional<CodeVersion> version = versions.Find(configs[c].group_name, k)) {
        task.git_commit = version->commit;
        task.git_dirty = version->dirty;
      }
      RETURN_IF_ERROR(MakeDirectories(TaskDirectory(out_dir, configs[c].group_name)));
      RETURN_IF_ERROR(WriteTaskFile(path, task, result));
      written->push_back(path);
    }
  }
  return absl::OkStatus();
}

absl::Status RemoveTaskFiles(const std::string& out_dir, const std::vector<ConfigSpec>& configs,
                             int seeds) {
  for (const ConfigSpec& config : configs) {
    for (int k = 0; k < seeds; ++k) {
      const std::string path = TaskFilePath(out_dir, config.group_name, k);
      if (unlink(path.c_str()) != 0 && errno != ENOENT) {
        return absl::InternalError(
            absl::StrCat("cannot remove task file '", path, "': ", std::strerror(errno)));
      }
    }
    rmdir(TaskDirectory(out_dir, config.group_name).c_str());  // only if empty
  }
  rmdir(absl::StrCat(out_dir, "/tasks").c_str());  // only if empty
  return absl::OkStatus();
}

absl::Status MergeTaskFiles(const std::string& out_dir, const std::vector<ConfigSpec>& configs,
                            const MergeInfo& info, const std::string& merged_path) {
  const std::string temp = TempPathFor(merged_path);
  unlink(temp.c_str());
  absl::Status status;
  {
    // A failed create (a full disk) is a write failure too: the partial temp file is removed.
    absl::StatusOr<H5Handle> file = CreateReproducibleFile(temp);
    status = file.status();
    if (status.ok()) status = WriteRootAttributes(file->get(), info);
    TaskCodeVersions versions;
    for (size_t i = 0; status.ok() && i < configs.size(); ++i) {
      status = MergeConfig(file->get(), out_dir, configs[i], info.seeds, &versions);
    }
    // Tasks of other code than the merging run's (--allow_code_change=true): each task's version.
    const CodeVersion root{info.git_commit, info.git_dirty};
    if (status.ok() && (versions.Versions().size() > 1 ||
                        (!versions.empty() && versions.Versions()[0] != root))) {
      status = WriteAttribute(file->get(), hdf5_names::kTaskCodeVersions, versions.ToAttribute());
    }
    if (status.ok()) status = CloseFile(*file, temp);
  }
  if (status.ok()) status = CommitTempFile(temp, merged_path);
  if (!status.ok()) {
    const int error = errno;
    const absl::Status failure = WriteFailure(status, error, temp, merged_path);
    unlink(temp.c_str());
    return failure;
  }
  return absl::OkStatus();
}

}  // namespace dprl
