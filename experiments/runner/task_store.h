// One HDF5 file per finished (config, seed) task: <out>/tasks/<group_name>/seed_<k>.h5.
//
// Task file layout (internal to the runner; the public layout is the merged file, see
// docs/hdf5_schema.md):
//   /                 attributes dprl_task_schema_version (int64 1), experiment (string),
//                     group_name (string), seed_index (int64), scale (string),
//                     master_seed (uint64), git_commit (string), git_dirty (int64 0 or 1)
//   /config           attributes = the ConfigSpec attributes, in definition order
//   /series/<name>    float64 [length], chunked + deflate, in TaskResult order
//   /scalars/<name>   float64 [1], in TaskResult order
// Files are written atomically (file_util.h), so an existing task file is always complete.
// A task file "matches" a run if every metadata field and config attribute (name, type, bits)
// is equal; the seed count is not part of it, so a rerun with more seeds reuses the first ones.
// The code version (git_commit, git_dirty) is checked separately (CheckTaskCodeVersion) so that
// --allow_code_change can waive it. Task files written before these two attributes existed read
// as git_commit "(not recorded)", git_dirty false.
#ifndef DPRL_EXPERIMENTS_RUNNER_TASK_STORE_H_
#define DPRL_EXPERIMENTS_RUNNER_TASK_STORE_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "experiments/runner/code_versions.h"
#include "experiments/runner/experiment.h"

namespace dprl {

struct TaskMetadata {
  std::string experiment;
  std::string group_name;
  int seed_index = 0;
  std::string scale;  // ScaleName(...)
  uint64_t master_seed = 0;
  std::vector<std::pair<std::string, AttributeValue>> config_attributes;
  std::string git_commit = "unknown";  // GitState::commit of the run that wrote the file
  bool git_dirty = false;              // GitState::dirty of that run
};

// The task's git_commit and git_dirty.
CodeVersion CodeVersionOf(const TaskMetadata& metadata);

// <out_dir>/tasks/<group_name>
std::string TaskDirectory(const std::string& out_dir, const std::string& group_name);
// <out_dir>/tasks/<group_name>/seed_<seed_index>.h5
std::string TaskFilePath(const std::string& out_dir, const std::string& group_name, int seed_index);

// OK when every value of the task's series and scalars is finite; else InvalidArgument naming the
// task (group and seed), the dataset, the value and its index. No dprl dataset stores NaN or inf
// (docs/hdf5_schema.md), so a task that computed one is refused before a file holds it, and no
// results file merged from task files is ever complete with a non-finite value.
absl::Status CheckTaskResultFinite(const TaskMetadata& metadata, const TaskResult& result);

// Writes the task file atomically (temp file, fsync, rename) after CheckTaskResultFinite. The
// directory must exist.
absl::Status WriteTaskFile(const std::string& path, const TaskMetadata& metadata,
                           const TaskResult& result);
absl::StatusOr<TaskMetadata> ReadTaskMetadata(const std::string& path);
absl::StatusOr<TaskResult> ReadTaskResult(const std::string& path);

// OK if `found` (read from `path`) equals `expected`; otherwise a FailedPrecondition error that
// names the file, the first differing field with both values, and asks for a fresh --out.
absl::Status CheckTaskMetadataMatches(const std::string& path, const TaskMetadata& found,
                                      const TaskMetadata& expected);

// OK if `found` (read from `path`) has the git_commit and git_dirty of `expected`; otherwise a
// FailedPrecondition error that names the file and both code versions (commit, and "with
// uncommitted changes" when dirty) and points to a fresh --out or --allow_code_change=true.
// Two dirty trees at one commit compare equal: the runner cannot tell their changes apart.
absl::Status CheckTaskCodeVersion(const std::string& path, const TaskMetadata& found,
                                  const TaskMetadata& expected);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_RUNNER_TASK_STORE_H_
