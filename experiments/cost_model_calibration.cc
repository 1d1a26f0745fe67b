// Recalibrates the runner's cost model (experiments/core/task_cost_model.h) in one command:
//
//   bazel run //experiments:cost_model_calibration [-- --repeats=3 --kinds=pucb,ofu_rl]
//
// For each row of the table (or those named by --kinds) it builds each of the row's probe
// configurations exactly as the experiment's binary would (the registered grid at the probe's
// --scale, its --set overrides, the configuration by group name), runs the task in this process
// on one thread (seed 0, the default master seed) --repeats times, and takes the median thread
// CPU time. A probe's estimate is (nearly: PUCB's burn-in and the OFU agents' certainty-
// equivalence term come from other rows; the probes keep them small) linear in the row's
// constant, so its measured constant is
//
//   core_seconds_per_unit * measured / estimated_core_seconds,
//
// and the row's is the geometric mean over its probes.
//
// Prints a table (kind, probe, estimate, measured, measured / estimate) on stdout and then the
// measured constant of each row, to enter where the row is declared (its RegisterCostModel call:
// `grep -rn '"<row>",' experiments/`). Run it on an
// otherwise idle machine: the constants are single-core seconds.
#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "common/build_info.h"
#include "common/command_line.h"
#include "common/status_macros.h"
#include "experiments/core/experiment_registry.h"
#include "experiments/core/task_cost_model.h"
#include "experiments/runner/experiment.h"
#include "experiments/runner/runner_flags.h"

namespace dprl {
namespace {

constexpr char kUsage[] =
    "Usage: cost_model_calibration [--repeats=N] [--kinds=NAME,NAME,...] [--dry_run]\n"
    "Times each cost-model row's probe task (experiments/core/task_cost_model.h) and prints the\n"
    "measured constant of each row, to enter at the row's RegisterCostModel declaration.\n"
    "  --repeats=N  runs per probe, median taken (1 to 100, default 3)\n"
    "  --kinds=...  only these rows (row names, e.g. pucb,ofu_rl; default all)\n"
    "  --dry_run    build each probe and print its estimate, time nothing\n";

double ThreadCpuSeconds() {
  timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

struct Probe {
  ExperimentDefinition definition;
  ConfigSpec config;
  int config_index = 0;
};

// One of the row's probe configurations, built as the experiment's binary builds it.
absl::StatusOr<Probe> MakeProbe(const CostModel& row, const CostProbe& spec) {
  auto error = [&](absl::string_view message) {
    return absl::InvalidArgumentError(
        absl::StrCat("cost-model row '", row.name, "': ", message));
  };
  Probe probe;
  const ExperimentSpec* experiment = FindRegisteredExperiment(spec.experiment);
  if (experiment == nullptr) {
    return error(absl::StrCat("no registered experiment '", spec.experiment, "'"));
  }
  probe.definition = experiment->definition;
  absl::StatusOr<Scale> scale = ParseScale(spec.scale);
  if (!scale.ok()) return error(scale.status().message());
  std::unique_ptr<ExperimentGrid> grid = probe.definition.make_grid(*scale);
  for (const std::string& set : spec.sets) {
    std::vector<std::string> parts = absl::StrSplit(set, absl::MaxSplits('=', 1));
    if (parts.size() != 2) return error(absl::StrCat("set '", set, "' is not FIELD=VALUE"));
    if (absl::Status status = grid->fields().SetFromText(parts[0], parts[1]); !status.ok()) {
      return error(status.message());
    }
  }
  absl::StatusOr<std::vector<ConfigSpec>> configs = grid->MakeConfigs();
  if (!configs.ok()) return error(configs.status().message());
  for (size_t i = 0; i < configs->size(); ++i) {
    if ((*configs)[i].group_name == spec.group_name) {
      probe.config = (*configs)[i];
      probe.config_index = static_cast<int>(i);
      return probe;
    }
  }
  return error(absl::StrCat("no configuration '", spec.group_name, "' in ", spec.experiment));
}

// Median thread CPU seconds of `repeats` runs of the probe's task.
absl::StatusOr<double> TimeProbe(const Probe& probe, int repeats) {
  std::vector<double> seconds;
  NullProgressReporter progress;
  for (int i = 0; i < repeats; ++i) {
    const TaskContext context{probe.config_index, 0, kDefaultMasterSeed, &progress};
    const double start = ThreadCpuSeconds();
    absl::StatusOr<TaskResult> result = probe.definition.run_task(probe.config, context);
    seconds.push_back(ThreadCpuSeconds() - start);
    if (!result.ok()) return result.status();
  }
  std::sort(seconds.begin(), seconds.end());
  return seconds[seconds.size() / 2];
}

absl::Status Run(int argc, char** argv) {
  ASSIGN_OR_RETURN(auto command_line,
                   SplitCommandLine(argc, argv, {"--repeats", "--kinds", "--dry_run"},
                                    /*repeatable_names=*/{},
                                    /*switch_names=*/{"--dry_run"}));
  if (command_line.help) {
    std::fputs(kUsage, stdout);
    return absl::OkStatus();
  }
  int64_t repeats = 3;
  if (std::optional<std::string> text = command_line.Get("--repeats")) {
    uint64_t value = 0;
    if (!ParseUnsignedText(*text, &value) || value < 1 || value > 100) {
      return absl::InvalidArgumentError(
          absl::StrCat("--repeats=", *text, ": must be an integer in [1, 100]"));
    }
    repeats = static_cast<int64_t>(value);
  }
  bool dry_run = false;
  if (std::optional<std::string> text = command_line.Get("--dry_run")) {
    ASSIGN_OR_RETURN(dry_run, ParseBoolFlag("--dry_run", *text));
  }
  std::vector<std::string> kinds;
  if (std::optional<std::string> text = command_line.Get("--kinds")) {
    kinds = absl::StrSplit(*text, ',');
    for (const std::string& kind : kinds) {
      if (absl::Status found = FindCostModel(kind).status(); !found.ok()) {
        return absl::InvalidArgumentError(absl::StrCat("--kinds: ", found.message()));
      }
    }
  }
  std::printf("%-22s %-58s %10s %10s %8s\n", "kind", "probe (experiment: group)", "estimate s",
              "measured s", "ratio");
  std::string rows;
  for (const CostModel* registered : RegisteredCostModels()) {
    const CostModel& row = *registered;
    if (!kinds.empty() && std::find(kinds.begin(), kinds.end(), row.name) == kinds.end()) continue;
    if (row.probes.empty())
      return absl::InternalError(absl::StrCat("row '", row.name, "': no probe"));
    double log_constant_sum = 0.0;
    for (const CostProbe& spec : row.probes) {
      ASSIGN_OR_RETURN(const Probe probe, MakeProbe(row, spec));
      const double estimate = probe.config.estimated_core_seconds;
      const std::string probe_name = absl::StrCat(spec.experiment, ": ", spec.group_name);
      if (dry_run) {
        std::printf("%-22s %-58s %10.3g\n", row.name.c_str(), probe_name.c_str(), estimate);
        continue;
      }
      ASSIGN_OR_RETURN(const double measured, TimeProbe(probe, static_cast<int>(repeats)));
      std::printf("%-22s %-58s %10.3g %10.3g %8.2f\n", row.name.c_str(), probe_name.c_str(),
                  estimate, measured, measured / estimate);
      std::fflush(stdout);
      log_constant_sum += std::log(row.core_seconds_per_unit * measured / estimate);
    }
    absl::StrAppendFormat(&rows, "  %-22s %-10.3g (%s)\n", row.name,
                          std::exp(log_constant_sum / row.probes.size()), row.unit);
  }
  if (dry_run) return absl::OkStatus();
  std::printf(
      "\ncore_seconds_per_unit measured (median of %lld runs, one thread), for the rows' "
      "RegisterCostModel declarations:\n%s",
      static_cast<long long>(repeats), rows.c_str());
  return absl::OkStatus();
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) {
  if (dprl::HandleVersionFlag(argc, argv, "cost_model_calibration")) return 0;
  const absl::Status status = dprl::Run(argc, argv);
  if (!status.ok()) {
    std::fprintf(stderr, "cost_model_calibration: %s\n", std::string(status.message()).c_str());
    return 1;
  }
  return 0;
}
