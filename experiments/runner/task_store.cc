#include "experiments/runner/task_store.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cerrno>

#include "absl/strings/str_cat.h"
#include "common/status_macros.h"
#include "experiments/runner/code_versions.h"
#include "experiments/runner/file_util.h"
#include "experiments/runner/hdf5_io.h"

namespace dprl {
namespace {

constexpr int64_t kTaskSchemaVersion = 1;
constexpr char kCommitNotRecorded[] = "(not recorded)";

// The names of a task file (the runner's own format; the results file is docs/hdf5_schema.md),
// written by WriteContents and read by ReadTaskMetadata/ReadTaskResult.
namespace task_file {
constexpr char kSchemaVersion[] = "dprl_task_schema_version";
constexpr char kExperiment[] = "experiment";
constexpr char kGroupName[] = "group_name";
constexpr char kSeedIndex[] = "seed_index";
constexpr char kScale[] = "scale";
constexpr char kGitCommit[] = "git_commit";
constexpr char kGitDirty[] = "git_dirty";
constexpr char kMasterSeed[] = "master_seed";
constexpr char kConfigGroup[] = "config";
constexpr char kSeriesGroup[] = "series";
constexpr char kScalarsGroup[] = "scalars";
}  // namespace task_file

absl::Status Annotate(const absl::Status& status, const std::string& path) {
  return absl::Status(status.code(), absl::StrCat("task file '", path, "': ", status.message()));
}

absl::Status WriteContents(hid_t file, const TaskMetadata& metadata, const TaskResult& result) {
  const std::vector<std::pair<std::string, AttributeValue>> root = {
      {task_file::kSchemaVersion, kTaskSchemaVersion},
      {task_file::kExperiment, metadata.experiment},
      {task_file::kGroupName, metadata.group_name},
      {task_file::kSeedIndex, static_cast<int64_t>(metadata.seed_index)},
      {task_file::kScale, metadata.scale},
      {task_file::kGitCommit, metadata.git_commit},
      {task_file::kGitDirty, static_cast<int64_t>(metadata.git_dirty ? 1 : 0)},
  };
  for (const auto& [name, value] : root) {
    RETURN_IF_ERROR(WriteAttribute(file, name, value));
  }
  RETURN_IF_ERROR(WriteUint64Attribute(file, task_file::kMasterSeed, metadata.master_seed));
  ASSIGN_OR_RETURN(H5Handle config, CreateGroup(file, task_file::kConfigGroup));
  for (const auto& [name, value] : metadata.config_attributes) {
    RETURN_IF_ERROR(WriteAttribute(config.get(), name, value));
  }
  ASSIGN_OR_RETURN(H5Handle series, CreateGroup(file, task_file::kSeriesGroup));
  for (const auto& [name, values] : result.series) {
    RETURN_IF_ERROR(WriteVectorDataset(series.get(), name, values, true));
  }
  ASSIGN_OR_RETURN(H5Handle scalars, CreateGroup(file, task_file::kScalarsGroup));
  for (const auto& [name, value] : result.scalars) {
    RETURN_IF_ERROR(WriteVectorDataset(scalars.get(), name, {value}, false));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckTaskResultFinite(const TaskMetadata& metadata, const TaskResult& result) {
  auto refuse = [&](const std::string& name, double value, const std::string& where) {
    return absl::InvalidArgumentError(absl::StrCat(
        "task ", metadata.group_name, " seed ", metadata.seed_index, ": '", name,
        "' is not finite (", value, where,
        "): its configuration's values overflow double precision; choose smaller values"));
  };
  for (const auto& [name, values] : result.series) {
    for (size_t i = 0; i < values.size(); ++i) {
      if (!std::isfinite(values[i])) return refuse(name, values[i], absl::StrCat(" at index ", i));
    }
  }
  for (const auto& [name, value] : result.scalars) {
    if (!std::isfinite(value)) return refuse(name, value, "");
  }
  return absl::OkStatus();
}

CodeVersion CodeVersionOf(const TaskMetadata& metadata) {
  return CodeVersion{metadata.git_commit, metadata.git_dirty};
}

std::string TaskDirectory(const std::string& out_dir, const std::string& group_name) {
  return absl::StrCat(out_dir, "/tasks/", group_name);
}

std::string TaskFilePath(const std::string& out_dir, const std::string& group_name,
                         int seed_index) {
  return absl::StrCat(TaskDirectory(out_dir, group_name), "/seed_", seed_index, ".h5");
}

absl::Status WriteTaskFile(const std::string& path, const TaskMetadata& metadata,
                           const TaskResult& result) {
  RETURN_IF_ERROR(CheckTaskResultFinite(metadata, result));
  const std::string temp = TempPathFor(path);
  unlink(temp.c_str());  // a leftover of this very process id from an earlier crash
  absl::Status status;
  {
    // A failed create (a full disk) is a write failure too: the partial temp file is removed.
    absl::StatusOr<H5Handle> file = CreateReproducibleFile(temp);  // the message names the file
    status = file.status();
    if (status.ok()) status = WriteContents(file->get(), metadata, result);
    if (status.ok()) status = CloseFile(*file, temp);
  }
  if (status.ok()) status = CommitTempFile(temp, path);
  if (!status.ok()) {
    const int error = errno;
    const absl::Status failure = WriteFailure(status, error, temp, path);
    unlink(temp.c_str());
    return failure.code() == absl::StatusCode::kResourceExhausted ? failure
                                                                  : Annotate(status, path);
  }
  return absl::OkStatus();
}

absl::StatusOr<TaskMetadata> ReadTaskMetadata(const std::string& path) {
  ASSIGN_OR_RETURN(H5Handle file, OpenFileReadOnly(path));  // the message names the file
  const hid_t root = file.get();
  TaskMetadata metadata;
  absl::StatusOr<AttributeValue> version = ReadAttribute(root, task_file::kSchemaVersion);
  if (!version.ok() || !SameAttributeValue(*version, AttributeValue(kTaskSchemaVersion))) {
    return absl::FailedPreconditionError(
        absl::StrCat("'", path, "' is not a dprl task file of schema version ", kTaskSchemaVersion,
                     "; delete it or use a fresh --out directory"));
  }
  auto read_string = [&](const char* name, std::string* out) -> absl::Status {
    ASSIGN_OR_RETURN(AttributeValue value, ReadAttribute(root, name));
    if (!std::holds_alternative<std::string>(value)) {
      return absl::InvalidArgumentError(absl::StrCat("attribute '", name, "' is not a string"));
    }
    *out = std::get<std::string>(value);
    return absl::OkStatus();
  };
  absl::Status status = read_string(task_file::kExperiment, &metadata.experiment);
  if (status.ok()) status = read_string(task_file::kGroupName, &metadata.group_name);
  if (status.ok()) status = read_string(task_file::kScale, &metadata.scale);
  if (!status.ok()) return Annotate(status, path);
  absl::StatusOr<AttributeValue> seed = ReadAttribute(root, task_file::kSeedIndex);
  if (!seed.ok() || !std::holds_alternative<int64_t>(*seed)) {
    return Annotate(absl::InvalidArgumentError("bad or missing attribute 'seed_index'"), path);
  }
  metadata.seed_index = static_cast<int>(std::get<int64_t>(*seed));
  absl::StatusOr<uint64_t> master_seed = ReadUint64Attribute(root, task_file::kMasterSeed);
  if (!master_seed.ok()) return Annotate(master_seed.status(), path);
  metadata.master_seed = *master_seed;
  metadata.git_commit = kCommitNotRecorded;
  if (absl::StatusOr<AttributeValue> commit = ReadAttribute(root, task_file::kGitCommit);
      commit.ok()) {
    if (!std::holds_alternative<std::string>(*commit)) {
      return Annotate(absl::InvalidArgumentError("attribute 'git_commit' is not a string"), path);
    }
    metadata.git_commit = std::get<std::string>(*commit);
  }
  if (absl::StatusOr<AttributeValue> dirty = ReadAttribute(root, task_file::kGitDirty);
      dirty.ok()) {
    if (!std::holds_alternative<int64_t>(*dirty) ||
        (std::get<int64_t>(*dirty) != 0 && std::get<int64_t>(*dirty) != 1)) {
      return Annotate(absl::InvalidArgumentError("attribute 'git_dirty' is not 0 or 1"), path);
    }
    metadata.git_dirty = std::get<int64_t>(*dirty) == 1;
  }
  absl::StatusOr<H5Handle> config = OpenGroup(root, task_file::kConfigGroup);
  if (!config.ok()) return Annotate(config.status(), path);
  absl::StatusOr<std::vector<std::pair<std::string, AttributeValue>>> attributes =
      ReadAllAttributes(config->get());
  if (!attributes.ok()) return Annotate(attributes.status(), path);
  metadata.config_attributes = *std::move(attributes);
  return metadata;
}

absl::StatusOr<TaskResult> ReadTaskResult(const std::string& path) {
  ASSIGN_OR_RETURN(H5Handle file, OpenFileReadOnly(path));  // the message names the file
  TaskResult result;
  for (const char* kind : {task_file::kSeriesGroup, task_file::kScalarsGroup}) {
    absl::StatusOr<H5Handle> group = OpenGroup(file.get(), kind);
    if (!group.ok()) return Annotate(group.status(), path);
    absl::StatusOr<std::vector<std::string>> names = ListLinks(group->get());
    if (!names.ok()) return Annotate(names.status(), path);
    for (const std::string& name : *names) {
      absl::StatusOr<std::vector<double>> values = ReadVectorDataset(group->get(), name);
      if (!values.ok()) return Annotate(values.status(), path);
      if (kind == std::string(task_file::kSeriesGroup)) {
        result.series.emplace_back(name, *std::move(values));
      } else {
        if (values->size() != 1) {
          return Annotate(absl::InvalidArgumentError(
                              absl::StrCat("scalar '", name, "' does not hold one value")),
                          path);
        }
        result.scalars.emplace_back(name, (*values)[0]);
      }
    }
  }
  return result;
}

absl::Status CheckTaskMetadataMatches(const std::string& path, const TaskMetadata& found,
                                      const TaskMetadata& expected) {
  auto mismatch = [&](const std::string& field, const std::string& found_value,
                      const std::string& expected_value) {
    return absl::FailedPreconditionError(absl::StrCat(
        "existing task file '", path, "' was written with ", field, "=", found_value,
        " but this run has ", field, "=", expected_value,
        "; results of different settings must not be mixed: use a fresh --out directory "
        "(or rerun with the original settings)"));
  };
  if (found.experiment != expected.experiment) {
    return mismatch(task_file::kExperiment, found.experiment, expected.experiment);
  }
  if (found.group_name != expected.group_name) {
    return mismatch(task_file::kGroupName, found.group_name, expected.group_name);
  }
  if (found.seed_index != expected.seed_index) {
    return mismatch(task_file::kSeedIndex, absl::StrCat(found.seed_index),
                    absl::StrCat(expected.seed_index));
  }
  if (found.scale != expected.scale) return mismatch("--scale", found.scale, expected.scale);
  if (found.master_seed != expected.master_seed) {
    return mismatch("--master_seed", absl::StrCat(found.master_seed),
                    absl::StrCat(expected.master_seed));
  }
  auto sorted = [](std::vector<std::pair<std::string, AttributeValue>> attributes) {
    std::sort(attributes.begin(), attributes.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    return attributes;
  };
  const auto a = sorted(found.config_attributes);
  const auto b = sorted(expected.config_attributes);
  for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    if (i >= a.size())
      return mismatch(absl::StrCat("config attribute ", b[i].first), "(absent)",
                      AttributeToString(b[i].second));
    if (i >= b.size() || a[i].first != b[i].first) {
      return mismatch(absl::StrCat("config attribute ", a[i].first), AttributeToString(a[i].second),
                      "(absent)");
    }
    if (!SameAttributeValue(a[i].second, b[i].second)) {
      return mismatch(absl::StrCat("config attribute ", a[i].first), AttributeToString(a[i].second),
                      AttributeToString(b[i].second));
    }
  }
  return absl::OkStatus();
}

absl::Status CheckTaskCodeVersion(const std::string& path, const TaskMetadata& found,
                                  const TaskMetadata& expected) {
  if (found.git_commit == expected.git_commit && found.git_dirty == expected.git_dirty) {
    return absl::OkStatus();
  }
  auto describe = [](const TaskMetadata& metadata) {
    return DescribeCodeVersion(CodeVersionOf(metadata));
  };
  return absl::FailedPreconditionError(absl::StrCat(
      "existing task file '", path, "' was written by code at ", describe(found),
      " but this run is at ", describe(expected),
      "; results of different code versions must not be mixed: use a fresh --out directory, "
      "or pass --allow_code_change=true to reuse the task file anyway"));
}

}  // namespace dprl
