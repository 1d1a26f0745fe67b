// reproduce_all: every experiment, its figures, and the claims table, in one command.
//
//   bazel run //experiments:reproduce_all -- --scale=default
//   bazel run //experiments:reproduce_all -- --scale=paper --launcher="mpirun -np 64 --hostfile hosts"
//
// Runs every registered experiment (experiments/core/experiment_registry.h) in ascending `order` of
// its registration (--dry_run lists them), each binary //experiments:<name> (a data dependency,
// found in the runfiles) with --scale and --out=RESULTS/<name> and the forwarded flags
// --threads, --master_seed, --allow_code_change; each experiment writes RESULTS/<name>/<name>.h5
// and runs its own analysis binary (figure PNG/PDF, summary CSV). Every experiment resumes from
// its task files, so a killed reproduce_all started again with the same command skips finished
// work. Then it runs //analysis:claims --results=RESULTS (RESULTS/claims.csv, claims.md) and
// writes RESULTS/REPORT.md: the claims table, every figure (embedded by relative path) with its
// summary CSV, and the wall time of each step.
//
// Its flags, errors and signal handling are documented once, in kUsage below (`--help`).
#include <sys/stat.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "common/build_info.h"
#include "common/command_line.h"
#include "common/status_macros.h"
#include "common/temp_files.h"
#include "experiments/core/claims_profile.h"
#include "experiments/core/experiment_registry.h"
#include "experiments/runner/config_report.h"
#include "experiments/runner/experiment.h"
#include "experiments/runner/process_util.h"
#include "experiments/runner/runner_flags.h"

namespace dprl {
namespace {

constexpr char kUsage[] =
    "Usage: reproduce_all [--scale=smoke|default|paper|claims|claims_reduced] [--results=DIR]\n"
    "                     [--launcher=\"CMD ...\"] [--threads=N] [--master_seed=N]\n"
    "                     [--allow_code_change=true|false] [--dry_run] [--slurm_array=N]\n"
    "Runs every registered experiment (resumable) with its figures in its registered order, then\n"
    "//analysis:claims, and writes DIR/REPORT.md. Flags (--flag=value only):\n"
    "  --scale=S         smoke | default | paper, or a claims profile: claims (the regimes the\n"
    "                    claims need, >= 20 seeds; for a 16-64-core node) | claims_reduced (the\n"
    "                    same at smaller T, ~30 min on 2 cores), each experiment run with the\n"
    "                    scale, seeds and grid values registered with it. Default: default.\n"
    "  --dry_run         forward --dry_run to every experiment (each prints its tasks and\n"
    "                    estimated cost), print the sum of their estimates and stop: no claims,\n"
    "                    no REPORT.md, nothing created.\n"
    "  --slurm_array=N   run nothing: print a bash script that submits every experiment as a\n"
    "                    Slurm job array of N shards plus its merge job after every shard\n"
    "                    succeeded (docs/running_on_a_cluster.md); once every merge job has\n"
    "                    ended, the same command without --slurm_array makes the figures, claims\n"
    "                    and REPORT.md. 1 <= N <= 1000000; not with --dry_run or --launcher.\n"
    "  --results=DIR     results root. Default: $BUILD_WORKSPACE_DIRECTORY/results under\n"
    "                    `bazel run`, else ./results; a relative DIR is taken from the directory\n"
    "                    bazel was invoked from.\n"
    "  --launcher=\"CMD\"  prefix of every experiment's command line, split on spaces, e.g.\n"
    "                    \"mpirun -np 64 --hostfile hosts\"; the analysis steps run once.\n"
    "  --threads=N, --master_seed=N, --allow_code_change=true|false\n"
    "                    forwarded to every experiment (checked here first with the\n"
    "                    experiments' rules).\n"
    "An experiment whose results file already holds more seeds of the same run keeps it untouched,\n"
    "so a rerun after a larger run redoes only its figures. A bad flag prints one line naming it\n"
    "and exits 2 before anything runs; a failing step stops the run with exit 1 naming the step\n"
    "(finished experiments stay resumable) and REPORT.md is not written. SIGINT, SIGTERM and SIGHUP\n"
    "are forwarded to the running step; reproduce_all then exits with 128 + the signal number,\n"
    "leaving the output directory unlocked, so the same command resumes.\n";

struct Flags {
  bool help = false;
  std::string scale = "default";  // a Scale name or a claims profile
  bool dry_run = false;
  std::string results_dir;
  std::vector<std::string> launcher;
  std::vector<std::string> forwarded;  // --threads, --master_seed, --allow_code_change
  int64_t slurm_array_shards = 0;      // --slurm_array=N; 0: run here
};

absl::StatusOr<Flags> ParseFlags(int argc, char** argv) {
  // (`auto`: process_util.h's function CommandLine hides the struct's name here.)
  ASSIGN_OR_RETURN(auto command_line,
                   SplitCommandLine(argc, argv,
                                    {"--scale", "--results", "--launcher", "--threads",
                                     "--master_seed", "--allow_code_change", "--dry_run",
                                     "--slurm_array"},
                                    /*repeatable_names=*/{}, /*switch_names=*/{"--dry_run"}));
  Flags flags;
  flags.help = command_line.help;
  if (flags.help) return flags;
  if (std::optional<std::string> value = command_line.Get("--dry_run")) {
    ASSIGN_OR_RETURN(flags.dry_run, ParseBoolFlag("--dry_run", *value));
  }
  if (std::optional<std::string> scale = command_line.Get("--scale")) {
    if (IsClaimsProfile(*scale)) {
      flags.scale = *scale;
    } else {
      absl::StatusOr<Scale> parsed = ParseScale(*scale);
      if (!parsed.ok()) {
        return absl::InvalidArgumentError(absl::StrCat(
            parsed.status().message(), " (or a claims profile: claims | claims_reduced)"));
      }
      flags.scale = ScaleName(*parsed);
    }
  }
  // The experiments' own rule for --out, applied to the results root (an empty value is an
  // error, as for --out, not the default root).
  const std::optional<std::string> results_flag = command_line.Get("--results");
  if (results_flag.has_value() && absl::StripAsciiWhitespace(*results_flag).empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--results: the directory name is ", results_flag->empty() ? "empty" : "only white space"));
  }
  ASSIGN_OR_RETURN(std::string results, ResolveOutDir(results_flag.value_or(""), ""));
  flags.results_dir = results;
  if (std::optional<std::string> launcher = command_line.Get("--launcher")) {
    flags.launcher = absl::StrSplit(*launcher, ' ', absl::SkipEmpty());
    if (flags.launcher.empty()) {
      return absl::InvalidArgumentError(
          "--launcher: empty command (omit the flag to run directly)");
    }
  }
  // The forwarded flags are checked here with the experiments' rules (runner_flags.h), so that
  // a bad value stops the run before the first experiment starts.
  if (std::optional<std::string> value = command_line.Get("--threads")) {
    uint64_t threads = 0;
    if (!ParseUnsignedText(*value, &threads) || threads < 1 || threads > 1024) {
      return absl::InvalidArgumentError(
          absl::StrCat("--threads: '", *value, "' is not an integer in [1, 1024]"));
    }
    flags.forwarded.push_back(absl::StrCat("--threads=", *value));
  }
  if (std::optional<std::string> value = command_line.Get("--master_seed")) {
    uint64_t seed = 0;
    if (!ParseUnsignedText(*value, &seed)) {
      return absl::InvalidArgumentError(
          absl::StrCat("--master_seed: '", *value, "' is not an integer in [0, 2^64)"));
    }
    flags.forwarded.push_back(absl::StrCat("--master_seed=", *value));
  }
  if (std::optional<std::string> value = command_line.Get("--allow_code_change")) {
    RETURN_IF_ERROR(ParseBoolFlag("--allow_code_change", *value).status());
    flags.forwarded.push_back(absl::StrCat("--allow_code_change=", *value));
  }
  if (std::optional<std::string> value = command_line.Get("--slurm_array")) {
    uint64_t shards = 0;
    if (!ParseUnsignedText(*value, &shards) || shards < 1 || shards > 1000000) {
      return absl::InvalidArgumentError(
          absl::StrCat("--slurm_array: '", *value, "' is not an integer in [1, 1000000]"));
    }
    if (flags.dry_run || !flags.launcher.empty()) {
      return absl::InvalidArgumentError(
          flags.dry_run ? "--slurm_array prints a submission script and runs nothing: drop --dry_run"
                        : "--slurm_array: drop --launcher (each array task is one process computing "
                          "on --threads threads)");
    }
    flags.slurm_array_shards = static_cast<int64_t>(shards);
  }
  return flags;
}

// mkdir -p of the absolute path `path`.
absl::Status MakeDirectory(const std::string& path) {
  for (size_t slash = path.find('/', 1);; slash = path.find('/', slash + 1)) {
    const std::string prefix = path.substr(0, slash);
    if (mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST) {
      return absl::FailedPreconditionError(
          absl::StrCat("--results: cannot create directory '", prefix, "'"));
    }
    if (slash == std::string::npos) return absl::OkStatus();
  }
}

bool FileExists(const std::string& path) {
  struct stat info;
  return stat(path.c_str(), &info) == 0;
}

// Runs one step; returns its wall time in seconds.
absl::StatusOr<double> RunStep(const std::string& step, const std::vector<std::string>& command) {
  std::fprintf(stderr, "reproduce_all: %s\n", step.c_str());
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::string> args(command.begin() + 1, command.end());
  ASSIGN_OR_RETURN(int code, RunProcess(command[0], args));
  if (const int signal_number = ReceivedTerminationSignal(); signal_number != 0) {
    return absl::CancelledError(absl::StrFormat(
        "stopped by signal %d (%s) during step '%s', which was given the signal and has ended; "
        "rerun the same command to resume",
        signal_number, strsignal(signal_number), step));
  }
  if (code != 0) {
    return absl::InternalError(absl::StrFormat("step '%s' exited with status %d", step, code));
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

absl::StatusOr<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read '", path, "'"));
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Each experiment's flags: --scale=S, or its registered claims-profile run.
absl::StatusOr<std::vector<std::vector<std::string>>> ExperimentFlags(const Flags& flags) {
  std::vector<std::vector<std::string>> result;
  if (!IsClaimsProfile(flags.scale)) {
    for (size_t i = 0; i < RegisteredExperiments().size(); ++i) {
      result.push_back({"--scale=" + flags.scale});
    }
    return result;
  }
  ASSIGN_OR_RETURN(std::vector<ProfileStep> steps, ClaimsProfileSteps(flags.scale));
  for (ProfileStep& step : steps) result.push_back(std::move(step.flags));
  return result;
}

// --slurm_array: the submission script (stdout), one submit_array.sh call per experiment.
void PrintSlurmArrayScript(const Flags& flags,
                           const std::vector<std::vector<std::string>>& experiment_flags) {
  const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY");
  std::string script = absl::StrCat(
      "#!/usr/bin/env bash\n"
      "# Printed by reproduce_all --slurm_array=",
      flags.slurm_array_shards, " --scale=", flags.scale,
      ": every dprl experiment as a Slurm job array of\n"
      "# its shards and a merge job that starts when every shard has succeeded\n"
      "# (scripts/slurm/submit_array.sh; site options in DPRL_SBATCH_OPTIONS). When every merge\n"
      "# job has ended, run reproduce_all with the same --scale and --results and without\n"
      "# --slurm_array: it finds every results file complete and makes the figures, the claims\n"
      "# table and REPORT.md.\n"
      "set -euo pipefail\n");
  if (workspace != nullptr && *workspace != '\0') {
    absl::StrAppend(&script, "[[ -n \"${DPRL_ROOT:-}\" ]] || DPRL_ROOT=", ShellQuote(workspace),
                    "\nexport DPRL_ROOT\n");
  } else {
    absl::StrAppend(&script,
                    ": \"${DPRL_ROOT:?set DPRL_ROOT to the dprl checkout with a built bazel-bin}\"\n"
                    "export DPRL_ROOT\n");
  }
  const std::vector<const ExperimentSpec*> experiments = RegisteredExperiments();
  for (size_t i = 0; i < experiments.size(); ++i) {
    std::vector<std::string> words = {"\"$DPRL_ROOT/scripts/slurm/submit_array.sh\"",
                                      absl::StrCat(flags.slurm_array_shards),
                                      experiments[i]->definition.name};
    for (const std::string& flag : experiment_flags[i]) words.push_back(ShellQuote(flag));
    words.push_back(ShellQuote(absl::StrCat("--results=", flags.results_dir)));
    for (const std::string& flag : flags.forwarded) words.push_back(ShellQuote(flag));
    absl::StrAppend(&script, absl::StrJoin(words, " "), "\n");
  }
  std::fputs(script.c_str(), stdout);
}

// An experiment's estimated core-seconds (the sum its --dry_run prints) under `step_flags` and
// the forwarded flags, from the cost model its grid uses (experiments/core/task_cost_model.h).
absl::StatusOr<double> EstimatedCoreSeconds(const ExperimentDefinition& experiment,
                                            const std::vector<std::string>& step_flags,
                                            const std::vector<std::string>& forwarded) {
  std::vector<const char*> argv = {experiment.name.c_str()};
  for (const std::string& flag : step_flags) argv.push_back(flag.c_str());
  for (const std::string& flag : forwarded) argv.push_back(flag.c_str());
  ASSIGN_OR_RETURN(const RunnerFlags runner_flags,
                   ParseRunnerFlags(static_cast<int>(argv.size()), argv.data(), experiment));
  ASSIGN_OR_RETURN(const std::unique_ptr<ExperimentGrid> grid,
                   ResolveGrid(experiment, runner_flags));
  ASSIGN_OR_RETURN(const std::vector<ConfigSpec> configs, grid->MakeConfigs());
  double core_seconds = 0.0;
  for (const ConfigSpec& config : configs) {
    core_seconds += config.estimated_core_seconds * runner_flags.seeds;
  }
  return core_seconds;
}

absl::Status Run(const Flags& flags, const std::string& argv0) {
  ASSIGN_OR_RETURN(const std::vector<std::vector<std::string>> experiment_flags,
                   ExperimentFlags(flags));
  if (flags.slurm_array_shards > 0) {
    PrintSlurmArrayScript(flags, experiment_flags);
    return absl::OkStatus();
  }
  if (!flags.dry_run) RETURN_IF_ERROR(MakeDirectory(flags.results_dir));
  // The experiments find their analysis binaries through RUNFILES_DIR: point it at this
  // binary's runfiles tree (which holds them all) whatever the current directory is.
  ASSIGN_OR_RETURN(std::string claims, FindRunfile(argv0, "analysis/claims"));
  const std::vector<const ExperimentSpec*> experiments = RegisteredExperiments();
  std::vector<std::string> binaries;
  for (const ExperimentSpec* experiment : experiments) {
    ASSIGN_OR_RETURN(
        std::string binary,
        FindRunfile(argv0, absl::StrCat("experiments/", experiment->definition.name)));
    binaries.push_back(binary);
  }
  {
    char resolved[PATH_MAX];
    const std::string suffix = "/dprl/analysis/claims";
    std::string absolute = claims;
    if (absolute[0] != '/') {
      if (getcwd(resolved, sizeof(resolved)) == nullptr) {
        return absl::FailedPreconditionError("cannot determine the current directory");
      }
      absolute = absl::StrCat(resolved, "/", absolute);
    }
    if (absolute.size() > suffix.size() &&
        absolute.compare(absolute.size() - suffix.size(), suffix.size(), suffix) == 0) {
      setenv("RUNFILES_DIR", absolute.substr(0, absolute.size() - suffix.size()).c_str(), 1);
    }
  }

  std::string timings = "| step | wall time |\n|---|---|\n";
  double total_core_seconds = 0.0;
  std::string figures;
  for (size_t i = 0; i < binaries.size(); ++i) {
    const std::string name = experiments[i]->definition.name;
    std::vector<std::string> command = flags.launcher;
    command.push_back(binaries[i]);
    command.insert(command.end(), experiment_flags[i].begin(), experiment_flags[i].end());
    command.push_back(absl::StrCat("--out=", flags.results_dir, "/", name));
    command.insert(command.end(), flags.forwarded.begin(), flags.forwarded.end());
    if (flags.dry_run) command.push_back("--dry_run");
    ASSIGN_OR_RETURN(double seconds, RunStep(name, command));
    if (flags.dry_run) {
      ASSIGN_OR_RETURN(const double core_seconds,
                       EstimatedCoreSeconds(experiments[i]->definition, experiment_flags[i],
                                            flags.forwarded));
      total_core_seconds += core_seconds;
      continue;
    }
    absl::StrAppendFormat(&timings, "| `%s` | %.0f s |\n", name, seconds);
    absl::StrAppendFormat(&figures, "### `%s`\n\n%s.\n\n", name, experiments[i]->paper_result);
    const std::string png = absl::StrCat(name, "/", name, ".png");
    if (FileExists(absl::StrCat(flags.results_dir, "/", png))) {
      absl::StrAppendFormat(&figures, "![%s](%s)\n\n", name, png);
    }
    absl::StrAppendFormat(
        &figures,
        "Results: `%s/%s.h5`; summary table: [`%s_summary.csv`](%s/%s_summary.csv)"
        ".\n\n",
        name, name, name, name, name);
  }
  if (flags.dry_run) {
    std::printf("reproduce_all --scale=%s: estimated cost of every experiment: %.3g core-seconds "
                "(%.1f core-hours)\n",
                flags.scale.c_str(), total_core_seconds, total_core_seconds / 3600.0);
    return absl::OkStatus();
  }
  ASSIGN_OR_RETURN(double seconds,
                   RunStep("claims", {claims, absl::StrCat("--results=", flags.results_dir)}));
  absl::StrAppendFormat(&timings, "| `claims` | %.0f s |\n", seconds);
  ASSIGN_OR_RETURN(std::string table, ReadFile(flags.results_dir + "/claims.md"));

  const std::string report = absl::StrCat(
      "# dprl: paper claims and figures (", flags.scale, " scale)\n\n",
      "Generated by `bazel run //experiments:reproduce_all -- --scale=", flags.scale,
      "`. Each claim is measured from the HDF5 results files by `//analysis:claims` "
      "(registry: `analysis/<paper>/<paper>_claims.cc`, method: `docs/claims.md`); the same table is in "
      "`claims.csv` and `claims.md`.\n\n## Claims\n\n",
      table, "\n## Figures\n\n", figures,
      "The privacy audit (claimed ε against an empirical lower bound) is a test-only target: "
      "`bazel run //analysis:privacy_audit_report -- --out_prefix=$PWD/privacy_audit` "
      "(`docs/privacy_audit.md`).\n\n## Wall time\n\n",
      timings);
  const std::string path = flags.results_dir + "/REPORT.md";
  RETURN_IF_ERROR(RemoveDeadProcessTempFiles(flags.results_dir, "REPORT.md").status());
  const std::string temp = TempPathFor(path);
  if (absl::Status status = WriteFileContents(temp, report, path); !status.ok()) {
    unlink(temp.c_str());
    return absl::Status(status.code(), absl::StrCat("--results: ", status.message()));
  }
  if (rename(temp.c_str(), path.c_str()) != 0) {
    const int error = errno;
    unlink(temp.c_str());
    return absl::FailedPreconditionError(
        absl::StrCat("--results: cannot write '", path, "': ", std::strerror(error)));
  }
  std::fprintf(stderr, "reproduce_all: wrote %s\n", path.c_str());
  return absl::OkStatus();
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) {
  if (dprl::HandleVersionFlag(argc, argv, "reproduce_all")) return 0;
  absl::StatusOr<dprl::Flags> flags = dprl::ParseFlags(argc, argv);
  if (!flags.ok()) {
    std::fprintf(stderr, "reproduce_all: error: %s\n",
                 std::string(flags.status().message()).c_str());
    return 2;
  }
  if (flags->help) {
    std::fputs(dprl::kUsage, stdout);
    return 0;
  }
  dprl::ForwardTerminationSignalsToChildren();
  if (absl::Status status = dprl::Run(*flags, argv[0]); !status.ok()) {
    std::fprintf(stderr, "reproduce_all: error: %s\n", std::string(status.message()).c_str());
    const int signal_number = dprl::ReceivedTerminationSignal();
    return signal_number != 0 ? 128 + signal_number : 1;
  }
  return 0;
}
