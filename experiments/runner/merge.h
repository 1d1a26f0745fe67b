// Merges the task files of a finished run into the results file <out>/<name>.h5
// (layout: docs/hdf5_schema.md). Configs are written in definition order, seeds ascending,
// series/scalars in the order the task returned them, with HDF5 time stamps off: the merged
// file depends only on the task files, never on which rank computed what or when.
#ifndef DPRL_EXPERIMENTS_RUNNER_MERGE_H_
#define DPRL_EXPERIMENTS_RUNNER_MERGE_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "common/hdf5_names.h"
#include "experiments/runner/code_versions.h"
#include "experiments/runner/experiment.h"
#include "experiments/runner/task_store.h"

namespace dprl {

// The results file layout version (docs/hdf5_schema.md), defined with the names it governs.
using hdf5_names::kResultsSchemaVersion;

struct MergeInfo {
  std::string experiment;
  std::string git_commit;
  std::string command_line;     // a pasteable command that re-runs the run (ReproduceCommand)
  std::string resolved_config;  // the run's grid as TOML (ConfigFields::ToToml)
  Scale scale = Scale::kDefault;
  int seeds = 0;
  uint64_t master_seed = 0;
  bool git_dirty = false;  // uncommitted changes in the build (root attribute git_dirty)
  // The claims profile the run is (ExperimentDefinition::claims_profile_of); written as the root
  // attribute claims_profile only when not empty.
  std::string claims_profile;
};

// Reads TaskFilePath(out_dir, config.group_name, k) for every config and k < info.seeds and
// writes `merged_path` atomically (temp file, fsync, rename). When a task file's code version
// (git_commit, git_dirty) differs from info's, the file gets the root attribute
// task_code_versions naming every task's (code_versions.h); otherwise it has none. Errors (missing task file, series
// lengths or names differing between seeds of a config) name the config and the seed.
absl::Status MergeTaskFiles(const std::string& out_dir, const std::vector<ConfigSpec>& configs,
                            const MergeInfo& info, const std::string& merged_path);

// What an existing results file is, compared with the run about to start.
enum class MergedFileState {
  kAbsent,      // no file at the path
  kOtherRun,    // a file of another run (other experiment, scale, seeds, master seed or configs)
  kThisRun,     // the complete results of this very run (its task files may have been removed)
  kNotResults,  // something that is not a complete results file: a directory, an unreadable or
                // corrupt file, or one whose datasets do not have a row per seed
};
struct MergedFileCheck {
  MergedFileState state = MergedFileState::kAbsent;
  std::string git_commit;  // its root attribute git_commit (kThisRun, or only_seeds_differ)
  bool git_dirty = false;  // its root attribute git_dirty (absent in older files: false)
  // Every code version its tasks were computed at: the root's (git_commit, git_dirty) first,
  // then the others its root attribute task_code_versions names (code_versions.h).
  std::vector<CodeVersion> code_versions;
  int seeds = 0;           // its root attribute seeds (kThisRun, or only_seeds_differ)
  // kOtherRun: the same experiment, scale, master seed and configs (names and attributes),
  // only the seed count differs: its seeds can be reused (ExtractTaskFiles).
  bool only_seeds_differ = false;
  // kOtherRun: what differs, for the user, e.g. "seeds 2 -> 3; num_episodes 3000 -> 1000"
  // (root attributes, then the fields of resolved_config that differ). kNotResults: what it is,
  // e.g. "is a directory, not a results file".
  std::string differences;
  bool is_directory = false;  // kNotResults: a directory stands at the path
};

// kThisRun when `merged_path` has the root attributes experiment, scale, seeds and master_seed of
// `info` and exactly the config groups of `configs`, in order, with the same attributes. The
// code version is not compared here (the caller decides, see runner.cc). A results file is only
// ever created complete (MergeTaskFiles renames it into place last); the shapes are checked too
// (every dataset of every config group has a row per seed of its seeds attribute), so a file
// damaged or edited afterwards is kNotResults, never taken for complete.
MergedFileCheck CheckMergedFile(const std::string& merged_path,
                                const std::vector<ConfigSpec>& configs, const MergeInfo& info);

// Writes the task files of seeds 0 .. seeds-1 of every config from the results file
// `merged_path` (whose configs are `configs`, CheckMergedFile: only_seeds_differ), skipping task
// files that exist, and the tasks for which `wanted(c, k)` is false when it is given (a shard
// writes only its own tasks; empty: every task). `metadata(c, k)` gives each task file's
// metadata, its code version replaced by the task's own where the file's task_code_versions
// names one. Appends the path of every task file it wrote to `written`, also when it then fails.
absl::Status ExtractTaskFiles(
    const std::string& merged_path, const std::string& out_dir,
    const std::vector<ConfigSpec>& configs, int seeds,
    const std::function<TaskMetadata(size_t config_index, int seed_index)>& metadata,
    const std::function<bool(size_t config_index, int seed_index)>& wanted,
    std::vector<std::string>* written);

// Removes the task files of every config and seed < `seeds`, then the emptied task directories
// (a directory holding anything else is left alone). Missing files are not an error.
absl::Status RemoveTaskFiles(const std::string& out_dir, const std::vector<ConfigSpec>& configs,
                             int seeds);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_RUNNER_MERGE_H_
