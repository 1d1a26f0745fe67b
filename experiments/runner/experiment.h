// The shared experiment runner: one binary per paper result describes its configurations and
// how to run one (configuration, seed) task; the runner does everything else.
//
// Specification (docs/conventions.md, "Experiments and outputs")
// ---------------------------------------------------------------
// * Flags: --out=DIR, --seeds=N, --scale=smoke|default|paper, --master_seed=N, --threads=N,
//   --config=FILE.toml, --set=FIELD=VALUE (repeatable), --dry_run, --allow_code_change,
//   --keep_task_files, --overwrite, --shard=I/N, --merge_only, --help (see runner_flags.h). A bad
//   flag or config field prints ONE message naming the flag or field and the value on stderr
//   (rank 0 only), every rank exits non-zero, nothing is created.
// * The configurations come from the experiment's typed grid (ExperimentGrid below): its defaults
//   for --scale, then the --config file, then the --set overrides in order. --help lists every
//   field with its defaults; --dry_run prints the task list with its estimated cost and output
//   size and exits without creating anything (config_report.h).
// * Tasks are (config, seed) pairs. With one MPI rank (or no mpirun) they run serially; with N
//   ranks rank 0 hands them out dynamically, largest ConfigSpec::estimated_core_seconds first, and
//   also computes tasks itself (its dispatcher runs in a second thread).
// * Each task's result is written by the rank that computed it to
//   <out>/tasks/<group_name>/seed_<k>.h5 atomically (temp file in the same directory, fsync,
//   rename), so <out> must be on a filesystem shared by all ranks. A rerun with the same flags
//   skips the task files already present (resume); a task file written with different
//   metadata (scale, master seed, config attributes) is an error asking for a fresh --out, and
//   so is one written by another code version (git commit or uncommitted-changes flag, recorded
//   per task file) unless --allow_code_change=true.
// * One output directory, one run: rank 0 locks <out>/.dprl_lock (file_util.h: DirectoryLock)
//   before it looks at anything; a second run into the same <out> exits with one line naming
//   the holder's pid and host. An existing <out>/<name>.h5 of a run with other settings is an
//   error listing the differing fields (merge.h: CheckMergedFile) unless --overwrite=true; one
//   that differs only in the seed count is turned back into task files for the seeds both runs
//   share (ExtractTaskFiles), so --seeds=3 after 2 computes only the third seed.
// * Rank 0 then merges the task files into <out>/<name>.h5 (layout: docs/hdf5_schema.md; its root
//   attributes hold the resolved grid as TOML and a `bazel run` command that re-runs it), one
//   task file at a time, removes the task files unless --keep_task_files=true, and runs the
//   analysis binary: <analysis> --in=<out>/<name>.h5 --out_prefix=<out>/<name>. A rerun whose
//   <out>/<name>.h5 already holds this run's results (merge.h: CheckMergedFile) computes and
//   merges nothing and only reruns the analysis.
// * Shards: --shard=I/N computes only shard I of a fixed partition of the tasks (shard.h) and
//   stops at its task files; distinct shards run side by side in one <out> (the lock has a
//   shared part for them); --merge_only then merges and analyses when every task file is there,
//   else names the missing tasks and exits 1. The merged file is the same as a single run's.
// * Results are bit-identical on 1 or N ranks, over shards and after a resume, because a task's result
//   depends only on (config, seed_index, master_seed) and the merge writes configs in
//   definition order, seeds ascending, with HDF5 object time stamps disabled.
// * Progress (tasks done/total, elapsed, ETA) is printed on stderr by rank 0 every ~2 s: one
//   updating line on a terminal, plain lines otherwise (progress.h).
#ifndef DPRL_EXPERIMENTS_RUNNER_EXPERIMENT_H_
#define DPRL_EXPERIMENTS_RUNNER_EXPERIMENT_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "common/attribute_value.h"
#include "experiments/runner/config_fields.h"

namespace dprl {

// How big a run is: smoke = seconds (tests), default = minutes on 2 cores, paper = full size.
enum class Scale { kSmoke, kDefault, kPaper };

// "smoke", "default", "paper".
std::string ScaleName(Scale scale);
// Inverse of ScaleName; an error names the flag --scale and the bad value.
absl::StatusOr<Scale> ParseScale(absl::string_view text);

struct ConfigSpec {
  // HDF5 group name, unique within the experiment, characters [A-Za-z0-9_.=-], not "." or "..".
  std::string group_name;
  // Parameters, written as HDF5 attributes of the group (names unique, non-empty).
  std::vector<std::pair<std::string, AttributeValue>> attributes;
  // Rough single-core seconds of one task (one seed) on a 2-core x86 machine of 2026, from the
  // measured per-agent constants of experiments/core/task_cost_model.h (re-measured by
  // //experiments:cost_model_calibration). Orders the scheduler (largest first),
  // weights the progress ETA and gives --dry_run's cost; finite and > 0.
  double estimated_core_seconds = 1.0;
  // Number of float64 values one task stores (series lengths + scalars), for --dry_run's output
  // size; >= 1. The experiments' tests check it against the tasks' actual results.
  int64_t stored_values_per_seed = 1;
};

struct TaskResult {
  // Each series becomes a float64 dataset [seeds x length] in the config's group; all seeds of a
  // config must give the same length. At least one series; regret experiments store
  // episode_grid and cumulative_regret (experiments/core/episode_grid.h, RegretOnGridResult: what
  // //analysis:regret_figure reads), other configurations (e.g. the deterministic privacy curves
  // of //experiments:rlsvi_privacy_fig) store other series. Names unique, characters
  // [A-Za-z0-9_.=-]; series must be non-empty.
  std::vector<std::pair<std::string, std::vector<double>>> series;
  // Each scalar becomes a float64 dataset [seeds] in the config's group. Names unique and
  // distinct from the series names.
  std::vector<std::pair<std::string, double>> scalars;
};

class ProgressReporter {
 public:
  virtual ~ProgressReporter() = default;
  // Fraction in [0, 1] of the current task done so far (values outside are clamped). Cheap to
  // call often: the runner throttles what it does with it.
  virtual void Update(double fraction_of_task_done) = 0;
};

// An experiment's typed grid at one scale (what varies between its configurations), with its
// fields bound by name so the runner can override, print and store them (config_fields.h).
// Implemented by TypedGrid<Grid> below for a plain struct Grid.
class ExperimentGrid {
 public:
  virtual ~ExperimentGrid() = default;
  // The grid's fields, bound to the grid: setting a field changes the grid.
  virtual ConfigFields& fields() = 0;
  virtual const ConfigFields& fields() const = 0;
  // Validates the grid (errors name the field and the value) and lists its configurations.
  virtual absl::StatusOr<std::vector<ConfigSpec>> MakeConfigs() const = 0;
};

// The ExperimentGrid of a struct `Grid` with
//   static Grid ForScale(Scale scale);                    // documented defaults per scale
//   void BindFields(ConfigFields& fields);                // every field: name + one-line doc
//   absl::StatusOr<std::vector<ConfigSpec>> MakeConfigs() const;
template <typename Grid>
class TypedGrid final : public ExperimentGrid {
 public:
  explicit TypedGrid(Scale scale) : grid_(Grid::ForScale(scale)) { grid_.BindFields(fields_); }
  ConfigFields& fields() override { return fields_; }
  const ConfigFields& fields() const override { return fields_; }
  absl::StatusOr<std::vector<ConfigSpec>> MakeConfigs() const override {
    return grid_.MakeConfigs();
  }
  const Grid& grid() const { return grid_; }

 private:
  Grid grid_;
  ConfigFields fields_;
};

// ExperimentDefinition::make_grid for a struct Grid as above.
template <typename Grid>
std::unique_ptr<ExperimentGrid> MakeTypedGrid(Scale scale) {
  return std::make_unique<TypedGrid<Grid>>(scale);
}

// Ignores progress: for running a task outside the runner (tests, benchmarks, scripts).
class NullProgressReporter final : public ProgressReporter {
 public:
  void Update(double) override {}
};

struct TaskContext {
  int config_index;  // index into the grid's MakeConfigs()
  int seed_index;    // 0 .. seeds-1
  uint64_t master_seed;
  ProgressReporter* progress;  // never null
};

struct ExperimentDefinition {
  std::string name;         // output file <out>/<name>.h5; characters [A-Za-z0-9_.=-]
  std::string description;  // one line for --help
  int default_seeds_smoke = 2, default_seeds_default = 5, default_seeds_paper = 20;
  // The grid at a scale's defaults, e.g. MakeTypedGrid<VietriGrid>.
  std::function<std::unique_ptr<ExperimentGrid>(Scale)> make_grid;
  // Must be deterministic in (config, seed_index, master_seed) and must not use MPI or HDF5.
  std::function<absl::StatusOr<TaskResult>(const ConfigSpec& config, const TaskContext& context)>
      run_task;
  std::string analysis_binary;  // runfiles-relative path, e.g. "analysis/regret_figure"; "" = none
  // The claims profile (reproduce_all --scale=claims | claims_reduced) a run is, decided from its
  // scale, seeds and resolved grid (ConfigFields::ToToml), or "" for none. The merge records a
  // non-empty one as the root attribute claims_profile, so a reader of the file (the claims
  // report) need not know the profiles. Unset: no run is one. experiment_main sets it from the
  // registry of results (experiments/core/experiment_registry.h).
  std::function<std::string(Scale scale, int seeds, const std::string& resolved_config)>
      claims_profile_of;
};

// The time limit of one task, checked before anything is allocated (the runner checks every
// config's estimated_core_seconds; grids check it where they can name the field). Memory is
// bounded by common/resource_limits.h (CheckMemoryEstimate) before a grid builds what its tasks
// build. 1e7 core-seconds is about 116 core-days: no single task of a paper-scale grid comes
// near it.
inline constexpr double kMaxTaskCoreSeconds = 1e7;
// OK if estimated_core_seconds <= kMaxTaskCoreSeconds; else InvalidArgument
//   "<subject>: one task would take an estimated 3.2e+11 core-seconds, above the limit of 1e+07
//    core-seconds (116 core-days) per task"
// `subject` names what the user set, e.g. "field 'num_episodes' = 1000000000000000000".
absl::Status CheckTaskTime(const std::string& subject, double estimated_core_seconds);

// True for a non-empty name of characters [A-Za-z0-9_.=-] other than "." and "..".
bool IsValidObjectName(absl::string_view name);

// Checks the definition's name, seed defaults and callbacks.
absl::Status ValidateExperimentDefinition(const ExperimentDefinition& experiment);
// Checks group names (valid, unique), attribute names (non-empty, unique per config), cost and
// size estimates (each task within kMaxTaskCoreSeconds: CheckTaskTime).
absl::Status ValidateConfigs(const std::vector<ConfigSpec>& configs);
// Checks that a task result has at least one series, valid unique names and non-empty series.
absl::Status ValidateTaskResult(const TaskResult& result);

// The experiment's default seed count at `scale` (default_seeds_smoke, _default or _paper).
int DefaultSeeds(const ExperimentDefinition& experiment, Scale scale);

// Parses flags, validates, runs tasks over MPI ranks (or serially without mpirun), writes
// <out>/<name>.h5, runs the analysis. Calls MPI_Init_thread and MPI_Finalize itself, so it must
// be called at most once per process. Returns the process exit code: 0 on success (and for
// --help), 2 for bad flags, 1 for any other failure.
int RunExperimentMain(int argc, char** argv, const ExperimentDefinition& experiment);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_RUNNER_EXPERIMENT_H_
