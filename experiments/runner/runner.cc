// RunExperimentMain: the orchestration described in experiment.h.
//
// Phases (every decision that can fail is taken on rank 0 and broadcast, so all ranks agree on
// the exit code and only rank 0 prints):
//   1. MPI_Init_thread; parse flags and resolve the grid (every rank, deterministic); --help and
//      --dry_run print and exit here.
//   2. Rank 0: resolve and create --out, take its lock, remove the temporary files of ended
//      processes there. If <out>/<name>.h5 already holds this run's results, or the same run
//      with more seeds (kept whole: a rerun never shrinks a results file), (merge.h:
//      CheckMergedFile; same code version unless --allow_code_change=true), every task
//      counts as done. Else create task directories, remove stale temp files, scan existing task
//      files (resume / mismatch error). Broadcast status and the directory.
//   3. Run the remaining tasks (scheduler.h); each rank writes its own task files.
//   4. Rank 0: merge into <out>/<name>.h5 (unless it already held the results), remove the task
//      files unless --keep_task_files=true, run the analysis binary. Broadcast the exit code.
// --shard=I/N (runner_flags.h, shard.h) keeps only the shard's tasks in phase 3 and stops before
// phase 4; --merge_only fails in phase 2 unless every task file (or the results file) is there,
// so it computes nothing.
#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "common/build_info.h"
#include "common/resource_limits.h"
#include "common/status_macros.h"
#include "common/temp_files.h"
#include "experiments/runner/code_versions.h"
#include "experiments/runner/config_report.h"
#include "experiments/runner/experiment.h"
#include "experiments/runner/file_util.h"
#include "experiments/runner/hdf5_io.h"
#include "experiments/runner/merge.h"
#include "experiments/runner/mpi_session.h"
#include "experiments/runner/process_util.h"
#include "experiments/runner/progress.h"
#include "experiments/runner/runner_flags.h"
#include "experiments/runner/scheduler.h"
#include "experiments/runner/shard.h"
#include "experiments/runner/task_store.h"

namespace dprl {
namespace {

// ValidateConfigs' refusal of a grid's configurations, naming the grid field behind it where one
// is: the empty list fields when there are no configurations, a list value given twice when two
// configurations share a group name.
absl::Status NameGridField(const ExperimentGrid& grid, const std::vector<ConfigSpec>& configs,
                           const absl::Status& refusal) {
  if (configs.empty()) {
    const std::vector<std::string> empty = grid.fields().EmptyListFields();
    if (empty.empty()) return refusal;
    return absl::InvalidArgumentError(
        absl::StrCat("the grid has no configurations: field", empty.size() > 1 ? "s '" : " '",
                     absl::StrJoin(empty, "', '"), empty.size() > 1 ? "' are" : "' is", " empty"));
  }
  if (absl::StrContains(refusal.message(), "is used twice")) {
    const absl::Status repeated = grid.fields().FindRepeatedListValue();
    if (!repeated.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(repeated.message(), " (", refusal.message(), ")"));
    }
  }
  return refusal;
}

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;
constexpr int kExitBadFlags = 2;

struct Task {
  int config_index;
  int seed_index;
};

TaskMetadata ExpectedMetadata(const ExperimentDefinition& experiment, const RunnerFlags& flags,
                              const GitState& git, const ConfigSpec& config, int seed_index) {
  TaskMetadata metadata;
  metadata.experiment = experiment.name;
  metadata.group_name = config.group_name;
  metadata.seed_index = seed_index;
  metadata.scale = ScaleName(flags.scale);
  metadata.master_seed = flags.master_seed;
  metadata.config_attributes = config.attributes;
  metadata.git_commit = git.commit;
  metadata.git_dirty = git.dirty;
  return metadata;
}

std::string MergedPath(const std::string& out_dir, const ExperimentDefinition& experiment) {
  return absl::StrCat(out_dir, "/", experiment.name, ".h5");
}

// The estimated cost of each task (task = config_index * seeds + seed_index).
std::vector<double> TaskWeights(const std::vector<ConfigSpec>& configs, int seeds) {
  std::vector<double> weights(configs.size() * seeds);
  for (size_t id = 0; id < weights.size(); ++id) {
    weights[id] = configs[id / seeds].estimated_core_seconds;
  }
  return weights;
}

// Whether each task is this process's to compute: all of them, or under --shard those of its
// shard (shard.h).
std::vector<bool> TasksOfThisRun(const RunnerFlags& flags, const std::vector<ConfigSpec>& configs,
                                 int seeds) {
  if (!flags.shard.has_value()) return std::vector<bool>(configs.size() * seeds, true);
  const std::vector<int> shard_of = AssignShards(TaskWeights(configs, seeds), flags.shard->count);
  std::vector<bool> mine(shard_of.size());
  for (size_t id = 0; id < shard_of.size(); ++id) mine[id] = shard_of[id] == flags.shard->index;
  return mine;
}

// Rank 0: prepares <out> and finds the finished tasks. `*seeds` enters as --seeds; when the
// results file holds the same run with more seeds it becomes that count, so a rerun never
// shrinks a results file (it is reused untouched). `done[c * seeds + k]` is set for each
// matching task file found, or for every task when the results file already holds this run
// (`*results_complete`). A task or results file of another code version is an error unless
// --allow_code_change=true; then `*other_code` counts those files.
// --shard: takes the shard's lock (shards share <out>), removes no temporary files (another
// shard's may be in the middle of a write: the next whole run or merge removes them) and takes
// only its own tasks out of a results file. --merge_only: an error naming the tasks without a
// task file, unless the results file is complete. Every task file it took out of the results
// file is listed in `*extracted` (the caller removes them when it fails: the results file still
// holds them).
absl::Status PrepareOutput(const ExperimentDefinition& experiment, const RunnerFlags& flags,
                           const GitState& git, const std::vector<ConfigSpec>& configs,
                           const std::string& resolved_config, const std::string& out_dir,
                           std::optional<DirectoryLock>* lock, int* seeds, std::vector<bool>* done,
                           int* other_code, bool* results_complete,
                           std::vector<std::string>* extracted) {
  auto out_error = [&](const absl::Status& status) {
    return absl::Status(status.code(), absl::StrCat("--out=", out_dir, ": ", status.message()));
  };
  if (absl::Status status = MakeDirectories(out_dir); !status.ok()) return out_error(status);
  if (absl::Status status = CheckDirectoryWritable(out_dir); !status.ok()) {
    return out_error(status);
  }
  // One output directory, one run (or the shards of one run): held until this process ends.
  ASSIGN_OR_RETURN(DirectoryLock taken,
                   flags.shard.has_value()
                       ? DirectoryLock::AcquireShard(out_dir, flags.shard->index, flags.shard->count)
                       : DirectoryLock::Acquire(out_dir));
  lock->emplace(std::move(taken));
  // What a killed merge or analysis left (".<name>.h5.tmp.<pid>", ".<name>.png.tmp.<pid>"):
  // only of processes that have ended, never of a live one's.
  if (!flags.shard.has_value()) {
    if (absl::StatusOr<int> removed = RemoveDeadProcessTempFiles(out_dir, ""); !removed.ok()) {
      return out_error(removed.status());
    }
  }
  const std::string merged_path = MergedPath(out_dir, experiment);
  MergeInfo info{experiment.name, git.commit,       "", resolved_config, flags.scale,
                 *seeds,          flags.master_seed};
  info.git_dirty = git.dirty;
  MergedFileCheck merged = CheckMergedFile(merged_path, configs, info);
  if (merged.state == MergedFileState::kNotResults && (merged.is_directory || !flags.overwrite)) {
    return absl::FailedPreconditionError(absl::StrCat(
        "'", merged_path, "', where this run writes its results, ", merged.differences,
        merged.is_directory ? "; move it away or use another --out"
                            : "; move or delete it to recompute, or pass --overwrite=true to "
                              "replace it"));
  }
  if (merged.state == MergedFileState::kOtherRun && merged.only_seeds_differ &&
      merged.seeds > *seeds) {
    // Fewer seeds than the results file holds: keep the file untouched with all its seeds.
    std::fprintf(stderr,
                 "%s: %s holds %d seeds of this run, more than --seeds=%d; keeping it with all "
                 "%d seeds (a rerun never shrinks a results file)\n",
                 experiment.name.c_str(), merged_path.c_str(), merged.seeds, *seeds, merged.seeds);
    *seeds = merged.seeds;
    info.seeds = merged.seeds;
    merged = CheckMergedFile(merged_path, configs, info);
  }
  const CodeVersion this_code{git.commit, git.dirty};
  std::vector<CodeVersion> other_versions;  // of the results file's tasks, not this run's
  for (const CodeVersion& version : merged.code_versions) {
    if (version != this_code) other_versions.push_back(version);
  }
  if (merged.state == MergedFileState::kOtherRun && merged.only_seeds_differ) {
    // Reuse the finished seeds: they become task files again, checked below like any other
    // (the code version each records is its own in the results file). Tasks of another code
    // version are refused here, before any is written, as the scan below would refuse them.
    if (!other_versions.empty() && !flags.allow_code_change) {
      return absl::FailedPreconditionError(absl::StrCat(
          "existing results file '", merged_path, "' holds ", merged.seeds,
          " seeds of this run, computed by code at ", DescribeCodeVersions(other_versions),
          ", but this run is at ", DescribeCodeVersion(this_code),
          "; results of different code versions must not be mixed: use a fresh --out directory, "
          "or pass --allow_code_change=true to reuse its seeds anyway"));
    }
    const std::vector<bool> mine = TasksOfThisRun(flags, configs, *seeds);
    RETURN_IF_ERROR(ExtractTaskFiles(
        merged_path, out_dir, configs, std::min(merged.seeds, *seeds),
        [&](size_t c, int k) {
          TaskMetadata metadata = ExpectedMetadata(experiment, flags, git, configs[c], k);
          metadata.git_commit = merged.git_commit;
          metadata.git_dirty = merged.git_dirty;
          return metadata;
        },
        [&](size_t c, int k) { return mine[c * *seeds + k]; }, extracted));
    std::fprintf(stderr, "%s: reusing %zu task(s) of the %d-seed results in %s\n",
                 experiment.name.c_str(), extracted->size(), merged.seeds, merged_path.c_str());
  } else if (merged.state == MergedFileState::kOtherRun && !flags.overwrite) {
    return absl::FailedPreconditionError(absl::StrCat(
        "existing results file '", merged_path, "' holds a run with other settings (",
        merged.differences, "); use another --out, or pass --overwrite=true to replace it"));
  }
  if (merged.state == MergedFileState::kThisRun) {
    // A results file records the commit but not uncommitted changes: a dirty tree cannot be
    // shown to match, so it counts as a code change. So does any task of another code version
    // (task_code_versions).
    if (!other_versions.empty() || git.dirty) {
      if (!flags.allow_code_change) {
        return absl::FailedPreconditionError(absl::StrCat(
            "existing results file '", merged_path, "' holds this run's results, written by code ",
            "at ", DescribeCodeVersions(merged.code_versions), ", but this run is at commit ",
            git.commit,
            git.dirty ? " with uncommitted changes (a results file does not record them)" : "",
            "; delete it or use a fresh --out directory to recompute, or pass "
            "--allow_code_change=true to keep it and only rerun the analysis"));
      }
      ++*other_code;
    }
    done->assign(configs.size() * *seeds, true);
    *results_complete = true;
    return absl::OkStatus();
  }
  done->assign(configs.size() * *seeds, false);
  for (size_t c = 0; c < configs.size(); ++c) {
    const std::string dir = TaskDirectory(out_dir, configs[c].group_name);
    if (absl::Status status = MakeDirectories(dir); !status.ok()) return out_error(status);
    if (!flags.shard.has_value()) {
      if (absl::StatusOr<int> removed = RemoveStaleTempFiles(dir); !removed.ok()) {
        return removed.status();
      }
    }
    for (int k = 0; k < *seeds; ++k) {
      const std::string path = TaskFilePath(out_dir, configs[c].group_name, k);
      if (!PathExists(path)) continue;
      absl::StatusOr<TaskMetadata> found = ReadTaskMetadata(path);
      if (!found.ok()) {
        return absl::Status(found.status().code(),
                            absl::StrCat(found.status().message(),
                                         " (an unreadable task file: delete it to recompute the "
                                         "task, or use a fresh --out directory)"));
      }
      const TaskMetadata expected = ExpectedMetadata(experiment, flags, git, configs[c], k);
      RETURN_IF_ERROR(CheckTaskMetadataMatches(path, *found, expected));
      if (absl::Status status = CheckTaskCodeVersion(path, *found, expected); !status.ok()) {
        if (!flags.allow_code_change) return status;
        ++*other_code;
      }
      (*done)[c * *seeds + k] = true;
    }
  }
  if (flags.merge_only) {
    std::vector<int> missing;
    std::vector<std::string> group_names;
    for (size_t id = 0; id < done->size(); ++id) {
      if (!(*done)[id]) missing.push_back(static_cast<int>(id));
    }
    for (const ConfigSpec& config : configs) group_names.push_back(config.group_name);
    if (!missing.empty()) {
      return absl::FailedPreconditionError(absl::StrCat(
          "--merge_only: ",
          DescribeMissingTasks(missing, static_cast<int>(done->size()), *seeds, group_names),
          " in ", out_dir, "/tasks; run the shards that compute them (the same command with "
          "--shard=I/N), or the command without --merge_only, then merge again"));
    }
  }
  return absl::OkStatus();
}

absl::Status RunAnalysis(const ExperimentDefinition& experiment, const std::string& argv0,
                         const std::string& merged_path, const std::string& out_prefix) {
  ASSIGN_OR_RETURN(std::string binary, FindRunfile(argv0, experiment.analysis_binary));
  const std::vector<std::string> arguments = {absl::StrCat("--in=", merged_path),
                                              absl::StrCat("--out_prefix=", out_prefix)};
  ASSIGN_OR_RETURN(int exit_code, RunProcess(binary, arguments));
  if (exit_code != 0) {
    // The analysis printed its reason on stderr just before.
    return absl::InternalError(absl::StrCat(
        "analysis binary '", binary, "' failed with exit code ", exit_code,
        " (its error is above); the results file '", merged_path,
        "' is complete: once that is fixed, rerun the analysis with: ", ShellQuote(binary), " ",
        ShellQuote(arguments[0]), " ", ShellQuote(arguments[1])));
  }
  return absl::OkStatus();
}

// The grid's configurations, its memory checks counting the tasks that compute at once on this
// node (common/resource_limits.h): `concurrent` (the threads, or the MPI ranks on this node)
// first; where that alone refuses the grid and it has fewer tasks, as many as it has.
absl::StatusOr<std::vector<ConfigSpec>> MakeConfigsOnNode(const ExperimentGrid& grid, int seeds,
                                                          int concurrent,
                                                          const std::string& reason) {
  SetConcurrentTasksOnNode(concurrent, reason);
  absl::StatusOr<std::vector<ConfigSpec>> configs = grid.MakeConfigs();
  if (configs.ok() || concurrent == 1 || !IsConcurrentMemoryRefusal(configs.status())) {
    return configs;
  }
  SetConcurrentTasksOnNode(1, "");
  absl::StatusOr<std::vector<ConfigSpec>> alone = grid.MakeConfigs();
  if (!alone.ok()) return alone;
  const int64_t tasks = static_cast<int64_t>(alone->size()) * seeds;
  if (tasks >= concurrent) return configs;
  SetConcurrentTasksOnNode(static_cast<int>(tasks), reason);
  return grid.MakeConfigs();
}

// What the runner itself keeps per task on every process (its weight, its place in the order,
// its done flag, and the merge's column of each scalar): a lower bound, enough to refuse a --seeds
// that no machine can hold with one line instead of growing until the kernel kills the run.
constexpr double kRunnerBytesPerTask = 24;

// OK when configs x seeds tasks fit an int and the runner's bookkeeping of them (on each of the
// `processes_on_node` processes of this node) fits this node's memory.
absl::Status CheckTaskCount(size_t num_configs, int seeds, int processes_on_node) {
  const int64_t tasks = static_cast<int64_t>(num_configs) * seeds;
  const std::string subject = absl::StrCat("--seeds=", seeds, ": ", num_configs, " configs x ",
                                           seeds, " seeds = ", tasks, " tasks");
  if (tasks > std::numeric_limits<int>::max()) {
    return absl::InvalidArgumentError(absl::StrCat(subject, ", more than the runner's limit of ",
                                                   std::numeric_limits<int>::max()));
  }
  const double bytes = static_cast<double>(tasks) * kRunnerBytesPerTask * processes_on_node;
  const NodeMemoryLimit limit = GetNodeMemoryLimit();
  if (bytes <= limit.bytes) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrFormat(
      "%s, whose bookkeeping needs at least %.2g bytes (%s) of memory on this node, above "
      "its %.2g bytes (%s, %s); use fewer seeds",
      subject, bytes, HumanBytes(bytes), limit.bytes, HumanBytes(limit.bytes), limit.source));
}

}  // namespace

int RunExperimentMain(int argc, char** argv, const ExperimentDefinition& experiment) {
  const std::string argv0 = argc > 0 ? argv[0] : "";
  if (HandleVersionFlag(argc, argv, experiment.name)) return kExitOk;  // before MPI: no ranks
  MpiSession mpi(&argc, &argv);
  SilenceHdf5Errors();
  const bool leader = mpi.rank() == 0;
  auto fail = [&](const absl::Status& status, int code) {
    if (leader)
      std::fprintf(stderr, "%s: error: %s\n", experiment.name.c_str(),
                   std::string(status.message()).c_str());
    return code;
  };

  // Phase 1: flags and configs (deterministic on every rank).
  if (absl::Status status = ValidateExperimentDefinition(experiment); !status.ok()) {
    return fail(status, kExitFailure);
  }
  absl::StatusOr<RunnerFlags> flags = ParseRunnerFlags(argc, argv, experiment);
  if (!flags.ok()) return fail(flags.status(), kExitBadFlags);
  if (flags->help) {
    if (leader) std::fputs(RunnerUsage(experiment.name.c_str(), experiment).c_str(), stdout);
    return kExitOk;
  }
  // Threads: ranks are the unit of parallelism under mpirun; a run without mpirun uses the cores.
  if (mpi.size() > 1 && flags->threads > 1) {
    return fail(absl::InvalidArgumentError(absl::StrCat(
                    "--threads=", flags->threads,
                    " is only for runs without mpirun; under mpirun start more ranks instead")),
                kExitBadFlags);
  }
  const int threads =
      flags->threads > 0 ? flags->threads : (mpi.size() == 1 ? DefaultThreads() : 1);
  // The grid: the scale's defaults, then --config, then --set (user input: errors exit 2).
  absl::StatusOr<std::unique_ptr<ExperimentGrid>> grid = ResolveGrid(experiment, *flags);
  absl::StatusOr<std::vector<ConfigSpec>> configs =
      grid.ok() ? MakeConfigsOnNode(
                      **grid, flags->seeds, mpi.size() == 1 ? threads : mpi.ranks_on_node(),
                      mpi.size() > 1 ? absl::StrCat(mpi.ranks_on_node(), " MPI ranks on this node")
                      : flags->threads > 0 ? absl::StrCat("--threads=", threads)
                                           : absl::StrCat("--threads=", threads, ", one per core"))
                : absl::StatusOr<std::vector<ConfigSpec>>(grid.status());
  absl::Status config_status = configs.ok() ? ValidateConfigs(*configs) : configs.status();
  if (configs.ok() && !config_status.ok())
    config_status = NameGridField(**grid, *configs, config_status);
  if (config_status.ok()) {
    config_status = CheckTaskCount(configs->size(), flags->seeds, mpi.ranks_on_node());
  }
  // Every rank checked its own node; the first rank that refused says why.
  int first_failed = config_status.ok() ? mpi.size() : mpi.rank(), reporter = 0;
  MPI_Allreduce(&first_failed, &reporter, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (reporter < mpi.size()) {
    std::string message(config_status.message());
    BroadcastString(&message, reporter);
    return fail(absl::InvalidArgumentError(
                    reporter == 0 ? message : absl::StrCat("on rank ", reporter, ": ", message)),
                kExitBadFlags);
  }
  if (flags->dry_run) {
    if (leader) {
      std::fputs(DryRunReport(experiment, *flags, *configs, std::max(mpi.size(), threads)).c_str(),
                 stdout);
      if (flags->shard.has_value()) {
        const std::vector<double> weights = TaskWeights(*configs, flags->seeds);
        const std::vector<bool> mine = TasksOfThisRun(*flags, *configs, flags->seeds);
        int tasks = 0;
        double cost = 0;
        for (size_t id = 0; id < mine.size(); ++id) {
          if (!mine[id]) continue;
          ++tasks;
          cost += weights[id];
        }
        std::printf("--shard=%s runs %d of these %zu tasks (%.3g core-s)\n",
                    ShardName(*flags->shard).c_str(), tasks, mine.size(), cost);
      }
    }
    return kExitOk;
  }
  const std::string command_line = ReproduceCommand(experiment, *flags, **grid);
  const std::string resolved_config = (*grid)->fields().ToToml();

  // Phase 2: code version, output directory and resume scan on rank 0.
  GitState git;
  int git_dirty = 0;
  if (leader) {
    git = CurrentGitState();
    git_dirty = git.dirty ? 1 : 0;
  }
  BroadcastString(&git.commit);
  BroadcastInt(&git_dirty);
  git.dirty = git_dirty != 0;
  std::string out_dir;
  std::optional<DirectoryLock> out_lock;  // rank 0 holds <out>'s lock until it returns
  std::vector<bool> done;
  int seeds = flags->seeds;  // or more: what the results file already holds (PrepareOutput)
  int other_code = 0;
  bool results_complete = false;
  int setup_failed = 0;
  absl::Status setup_status;
  std::vector<std::string> extracted;  // task files PrepareOutput took out of the results file
  if (leader) {
    absl::StatusOr<std::string> resolved = ResolveOutDir(flags->out_dir, experiment.name);
    if (resolved.ok()) out_dir = *resolved;
    setup_status =
        resolved.ok() ? PrepareOutput(experiment, *flags, git, *configs, resolved_config, *resolved,
                                      &out_lock, &seeds, &done, &other_code, &results_complete,
                                      &extracted)
                      : resolved.status();
    // A refused run leaves nothing it wrote: the task files it took out of the results file
    // (which still holds their values) go again.
    if (!setup_status.ok()) {
      for (const std::string& path : extracted) {
        unlink(path.c_str());
        // Its directory too when that is now empty (not under --shard: another shard may be
        // about to write in it).
        if (!flags->shard.has_value()) rmdir(path.substr(0, path.rfind('/')).c_str());
      }
      if (!extracted.empty() && !flags->shard.has_value()) {
        rmdir(absl::StrCat(out_dir, "/tasks").c_str());  // only if empty
      }
    }
    setup_failed = setup_status.ok() ? 0 : 1;
  }
  BroadcastInt(&setup_failed);
  if (setup_failed) return fail(setup_status, kExitFailure);
  BroadcastString(&out_dir);
  BroadcastInt(&seeds);
  const int num_tasks = static_cast<int>(configs->size()) * seeds;
  if (leader && other_code > 0) {
    std::fprintf(stderr,
                 "%s: warning: reusing %d %s written by another code version "
                 "(--allow_code_change=true)\n",
                 experiment.name.c_str(), other_code,
                 results_complete ? "results file" : "task file(s)");
  }

  // Phase 3: tasks.
  std::vector<int> order;
  const std::vector<double> weights = TaskWeights(*configs, seeds);
  const std::vector<bool> mine = TasksOfThisRun(*flags, *configs, seeds);
  const std::string shard_label =
      flags->shard.has_value() ? absl::StrCat("shard ", ShardName(*flags->shard), ": ") : "";
  int tasks_of_run = 0;  // this run's tasks: all, or the shard's
  for (int id = 0; id < num_tasks; ++id) {
    if (!mine[id]) continue;
    ++tasks_of_run;
    if (leader && !done[id]) order.push_back(id);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return weights[a] > weights[b]; });
  const int rank = mpi.rank();
  std::mutex hdf5_mutex;
  RunOneTask run_one = [&](int id, ProgressReporter* progress) -> absl::Status {
    const ConfigSpec& config = (*configs)[id / seeds];
    const TaskContext context{id / seeds, id % seeds, flags->master_seed, progress};
    auto annotate = [&](const absl::Status& status) {
      return absl::Status(status.code(), absl::StrCat("task (config '", config.group_name,
                                                      "', seed ", context.seed_index, ") on rank ",
                                                      rank, ": ", status.message()));
    };
    absl::StatusOr<TaskResult> result = experiment.run_task(config, context);
    if (!result.ok()) return annotate(result.status());
    if (absl::Status status = ValidateTaskResult(*result); !status.ok()) return annotate(status);
    progress->Update(1.0);
    // Debian's HDF5 is not built thread-safe: one task file is written at a time per process.
    std::lock_guard<std::mutex> lock(hdf5_mutex);
    return annotate(WriteTaskFile(
        TaskFilePath(out_dir, config.group_name, context.seed_index),
        ExpectedMetadata(experiment, *flags, git, config, context.seed_index), *result));
  };
  std::unique_ptr<ProgressMonitor> monitor;
  if (leader) {
    ProgressMonitor::Options options;
    options.label = experiment.name;
    options.tasks_to_run = static_cast<int>(order.size());
    options.tasks_resumed = tasks_of_run - options.tasks_to_run;
    for (int id : order) options.total_weight += weights[id];
    for (int id = 0; id < num_tasks; ++id) {
      if (done[id] && mine[id]) options.resumed_weight += weights[id];
    }
    monitor = std::make_unique<ProgressMonitor>(options);
    const std::string of_all = flags->shard.has_value() ? absl::StrCat(tasks_of_run, " of ") : "";
    std::fprintf(stderr,
                 "%s: %s%s%d tasks (%zu configs x %d seeds, scale %s) on %d rank(s) x %d "
                 "thread(s); %d already done in %s\n",
                 experiment.name.c_str(), shard_label.c_str(), of_all.c_str(), num_tasks,
                 configs->size(), seeds, ScaleName(flags->scale).c_str(), mpi.size(), threads,
                 options.tasks_resumed, out_dir.c_str());
    monitor->Start();
  }
  const absl::Status task_status =
      RunTasksOverRanks(order, weights, run_one, monitor.get(), mpi.serialized_threads(),
                        std::max(1, std::min<int>(threads, order.size())));
  if (monitor != nullptr) monitor->Stop();

  // Phase 4: merge and analysis on rank 0.
  int exit_code = kExitOk;
  absl::Status final_status = task_status;
  if (leader) {
    const std::string merged_path = MergedPath(out_dir, experiment);
    if (final_status.ok() && flags->shard.has_value()) {
      // A shard stops at its task files: the merge waits for every shard (--merge_only).
      if (results_complete) {
        std::fprintf(stderr, "%s: %s%s already holds the results of this run; nothing to do\n",
                     experiment.name.c_str(), shard_label.c_str(), merged_path.c_str());
      } else {
        std::fprintf(stderr,
                     "%s: %sits %d task(s) are done in %s/tasks; once every shard has finished, "
                     "merge with the same command and --merge_only in place of --shard\n",
                     experiment.name.c_str(), shard_label.c_str(), tasks_of_run, out_dir.c_str());
      }
    } else if (final_status.ok() && results_complete) {
      std::fprintf(stderr, "%s: %s already holds the results of this run; not merging again\n",
                   experiment.name.c_str(), merged_path.c_str());
    } else if (final_status.ok()) {
      MergeInfo info{experiment.name, git.commit, command_line,      resolved_config,
                     flags->scale,    seeds,      flags->master_seed};
      info.git_dirty = git.dirty;
      if (experiment.claims_profile_of) {
        info.claims_profile = experiment.claims_profile_of(flags->scale, seeds, resolved_config);
      }
      final_status = MergeTaskFiles(out_dir, *configs, info, merged_path);
      if (final_status.ok())
        std::fprintf(stderr, "%s: wrote %s\n", experiment.name.c_str(), merged_path.c_str());
    }
    if (final_status.ok() && !flags->keep_task_files && !flags->shard.has_value()) {
      final_status = RemoveTaskFiles(out_dir, *configs, seeds);
    }
    if (final_status.ok() && !experiment.analysis_binary.empty() && !flags->shard.has_value()) {
      final_status =
          RunAnalysis(experiment, argv0, merged_path, absl::StrCat(out_dir, "/", experiment.name));
    }
    if (!final_status.ok()) exit_code = fail(final_status, kExitFailure);
  }
  BroadcastInt(&exit_code);
  return exit_code;
}

}  // namespace dprl
