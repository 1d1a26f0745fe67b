// Command-line flags of every experiment binary (a small parser; no global flag library).
//
//   --out=DIR          output directory. Default: $BUILD_WORKSPACE_DIRECTORY/results/<name> under
//                      `bazel run`, else ./results/<name>. A relative DIR is taken relative to
//                      $BUILD_WORKING_DIRECTORY under `bazel run` (where bazel was invoked), else
//                      to the current directory; a leading ~ is $HOME (common/command_line.h:
//                      ResolveUserPath).
//   --seeds=N          seeds per config, N >= 1. Default: the experiment's default for the scale.
//                      A rerun never shrinks a results file: when <out>/<name>.h5 holds this run
//                      with more seeds (same experiment, scale, master seed and configs), it is
//                      kept untouched and the run counts as that many seeds (the analysis reads
//                      every seed in the file); fewer seeds in the file are reused and topped up.
//   --scale=S          smoke | default | paper. Default: default.
//   --master_seed=N    0 <= N < 2^64; every random stream is keyed by it. Default: 20201.
//   --threads=N        compute threads when run WITHOUT mpirun, 1 <= N <= 1024. Default: the
//                      number of cores (std::thread::hardware_concurrency). Under mpirun with more
//                      than one rank it must be 1 (or absent): ranks are the unit of parallelism.
//                      Results do not depend on it (streams are keyed by task, not by thread).
//   --config=FILE      a TOML file of grid field values (config_toml.h), applied over the scale's
//                      defaults. Relative paths as for --out.
//   --set=FIELD=VALUE  overrides one grid field (config_fields.h syntax:
//   --set=privacy_epsilons=0.5,5
//                      --set=riverswim.num_states=10); repeatable, applied in order after --config.
//                      `--help` lists the fields of the experiment with their defaults.
//   --dry_run[=true|false]
//                      print the task list with estimated cost and output size, then exit 0
//                      without creating anything.
//   --allow_code_change=true|false
//                      resume from task files written by another code version (git commit or
//                      uncommitted-changes flag differing from this run's). Default: false, and
//                      such a task file is an error naming it and both commits.
//   --overwrite=true|false
//                      replace <out>/<name>.h5 when it holds the results of a run with other
//                      settings. Default: false, and such a file is an error listing the fields
//                      that differ (from its resolved_config and root attributes). A file that
//                      differs only in the seed count needs no flag: its seeds are reused (and
//                      one with more seeds than --seeds is kept whole, --overwrite or not). It
//                      also replaces a corrupt file, or one whose datasets lack a row per seed
//                      (each otherwise an error saying so); a directory there is always an error.
//   --keep_task_files=true|false
//                      keep <out>/tasks/ after a successful merge. Default: false; the per-task
//                      files are removed once <out>/<name>.h5 is written (a rerun of the same
//                      run then finds the results file complete and only reruns the analysis;
//                      a rerun with other settings, e.g. more seeds, recomputes every task).
//   --shard=I/N        run only the tasks of shard I of N (1 <= I <= N <= 1000000; shard.h: the
//                      tasks sorted by estimated cost, largest first, each dealt to the shard with
//                      the least estimated cost so far, so the partition depends only on the task
//                      list and N, never on ranks, threads or hosts) and write their task files;
//                      no merge, no analysis, task files kept. Run every shard I = 1..N (as
//                      separate processes, side by side or one after another, each with the
//                      same other flags and --out), then --merge_only. A shard rerun skips its
//                      finished tasks. Shards of one run must all use the same N. Shards share
//                      --out with each other but not with a run without --shard or a merge
//                      (file_util.h: DirectoryLock). Default: the whole run.
//   --merge_only[=true|false]
//                      compute nothing: when every task file of the run is in --out (or its
//                      results file is complete), merge them into <out>/<name>.h5, remove them
//                      (unless --keep_task_files=true) and run the analysis, as a whole run
//                      would; otherwise exit 1 with one line naming the missing tasks, leaving
//                      the results file as it was. Not with --shard. Default: false.
//   --help, -h         print usage and exit 0.
//
// Only the form --flag=value is accepted (and a bare --dry_run). Unknown flags, positional
// arguments, repeated flags (other than --set) and malformed values are errors whose message names
// the flag and the value.
#ifndef DPRL_EXPERIMENTS_RUNNER_RUNNER_FLAGS_H_
#define DPRL_EXPERIMENTS_RUNNER_RUNNER_FLAGS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "experiments/runner/experiment.h"
#include "experiments/runner/shard.h"

namespace dprl {

inline constexpr uint64_t kDefaultMasterSeed = 20201;

struct RunnerFlags {
  bool help = false;
  std::string out_dir;  // absolute after ResolveOutDir; "" = not given
  int seeds = 0;        // resolved: the --seeds value or the scale's default
  Scale scale = Scale::kDefault;
  uint64_t master_seed = kDefaultMasterSeed;
  int threads = 0;  // --threads value; 0 = not given (see DefaultThreads)
  bool allow_code_change = false;
  bool keep_task_files = false;
  bool overwrite = false;
  std::string config_file;                 // absolute after ParseRunnerFlags; "" = not given
  std::vector<std::string> set_overrides;  // the --set values ("FIELD=VALUE"), in order
  bool dry_run = false;
  std::optional<ShardSpec> shard;  // --shard; nullopt = the whole run
  bool merge_only = false;
};

// Compute threads of a run without mpirun when --threads is not given: the number of cores
// (at least 1).
int DefaultThreads();

// The value of a boolean flag (--dry_run, --overwrite, ...) given as `text`, the text after
// "<name>=" (a bare switch is "true"): true or false; anything else is the error
// "<name>: '<text>' is not true or false". Shared by the runner and the other binaries of
// experiments/ (reproduce_all, cost_model_calibration), so a flag reads the same everywhere.
absl::StatusOr<bool> ParseBoolFlag(const std::string& name, const std::string& text);

// Parses argv[1..argc-1]. On success `seeds` is resolved; `out_dir` is as given ("" if absent).
absl::StatusOr<RunnerFlags> ParseRunnerFlags(int argc, const char* const* argv,
                                             const ExperimentDefinition& experiment);

// The --help text (program name, description, flags with defaults).
std::string RunnerUsage(const char* program, const ExperimentDefinition& experiment);

// The absolute output directory for a --out value ("" = default), following the rules above.
// Reads the environment variables BUILD_WORKSPACE_DIRECTORY / BUILD_WORKING_DIRECTORY.
absl::StatusOr<std::string> ResolveOutDir(const std::string& flag_value,
                                          const std::string& experiment_name);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_RUNNER_RUNNER_FLAGS_H_
