// The typed grid of a run and what the runner says about it: the resolved grid (scale defaults,
// then --config, then --set), the field list of --help, the task list of --dry_run and the
// command stored in the results file to re-run the same configuration.
#ifndef DPRL_EXPERIMENTS_RUNNER_CONFIG_REPORT_H_
#define DPRL_EXPERIMENTS_RUNNER_CONFIG_REPORT_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "experiments/runner/experiment.h"
#include "experiments/runner/runner_flags.h"

namespace dprl {

// The experiment's grid at flags.scale, overridden by flags.config_file and then by each of
// flags.set_overrides in order. Errors name the file or the --set value and the field.
absl::StatusOr<std::unique_ptr<ExperimentGrid>> ResolveGrid(const ExperimentDefinition& experiment,
                                                            const RunnerFlags& flags);

// A valid --config file for the experiment, for --help: its first top-level field and its
// first table field at the default scale's values, in TOML, joined by " / " on one line, e.g.
// "num_episodes = 300000 / [riverswim] num_states = 4" (fields of the experiment itself, so the
// example is valid for every experiment).
std::string ConfigExample(const ExperimentDefinition& experiment);

// For --help: every field with its type, documentation and default, e.g.
//   num_episodes (int): episodes T of every run
//       default 300000; smoke 3000; paper 10000000
std::string FieldsUsage(const ExperimentDefinition& experiment);

// A command that re-runs the configuration of `grid`:
//   bazel run //experiments:<name> -- --scale=S --seeds=N --master_seed=M [--set=FIELD=VALUE ...]
// with one --set for every field whose value differs from the scale's default (a --config file's
// values included), shell-quoted where needed. --out is left out (choose a fresh directory).
std::string ReproduceCommand(const ExperimentDefinition& experiment, const RunnerFlags& flags,
                             const ExperimentGrid& grid);

// For --dry_run: one line per configuration (group, seeds, estimated core-seconds per task,
// stored values per task), then the totals: tasks, estimated core-seconds and wall time on
// `cores` cores, and the data size of the results file (float64 values before compression).
std::string DryRunReport(const ExperimentDefinition& experiment, const RunnerFlags& flags,
                         const std::vector<ConfigSpec>& configs, int cores);

// Bytes as text: "812 B", "21.9 MB", "1.20 GB" (decimal units).
std::string FormatBytes(double bytes);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_RUNNER_CONFIG_REPORT_H_
