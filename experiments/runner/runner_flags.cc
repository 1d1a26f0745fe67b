#include "experiments/runner/runner_flags.h"

#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <optional>
#include <thread>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "common/command_line.h"
#include "common/status_macros.h"
#include "experiments/runner/config_report.h"

namespace dprl {
namespace {

constexpr uint64_t kMaxThreads = 1024;

}  // namespace

int DefaultThreads() { return std::max(1u, std::thread::hardware_concurrency()); }

absl::StatusOr<bool> ParseBoolFlag(const std::string& name, const std::string& text) {
  if (text != "true" && text != "false") {
    return absl::InvalidArgumentError(absl::StrCat(name, ": '", text, "' is not true or false"));
  }
  return text == "true";
}

absl::StatusOr<RunnerFlags> ParseRunnerFlags(int argc, const char* const* argv,
                                             const ExperimentDefinition& experiment) {
  ASSIGN_OR_RETURN(
      CommandLine command_line,
      SplitCommandLine(
          argc, argv,
          {"--out", "--seeds", "--scale", "--master_seed", "--threads", "--allow_code_change",
           "--keep_task_files", "--overwrite", "--config", "--set", "--dry_run", "--shard",
           "--merge_only"},
          /*repeatable_names=*/{"--set"}, /*switch_names=*/{"--dry_run", "--merge_only"}));
  RunnerFlags flags;
  flags.help = command_line.help;
  if (std::optional<std::string> value = command_line.Get("--out")) {
    if (absl::StripAsciiWhitespace(*value).empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--out: the directory name is ", value->empty() ? "empty" : "only white space"));
    }
    flags.out_dir = *value;
  }
  flags.seeds = DefaultSeeds(experiment, flags.scale);
  if (std::optional<std::string> value = command_line.Get("--scale")) {
    ASSIGN_OR_RETURN(Scale scale, ParseScale(*value));
    flags.scale = scale;
    flags.seeds = DefaultSeeds(experiment, flags.scale);
  }
  if (std::optional<std::string> value = command_line.Get("--seeds")) {
    const absl::string_view text = *value;
    uint64_t seeds = 0;
    if (!ParseUnsignedText(text, &seeds)) {
      if (!text.empty() && text[0] == '-' && ParseUnsignedText(text.substr(1), &seeds)) {
        return absl::InvalidArgumentError(absl::StrCat("--seeds must be >= 1, got '", text, "'"));
      }
      return absl::InvalidArgumentError(
          absl::StrCat("--seeds: '", text, "' is not a positive integer"));
    }
    if (seeds == 0) return absl::InvalidArgumentError("--seeds must be >= 1, got '0'");
    if (seeds > static_cast<uint64_t>(INT_MAX)) {
      return absl::InvalidArgumentError(absl::StrCat("--seeds: '", text, "' is too large"));
    }
    flags.seeds = static_cast<int>(seeds);
  }
  if (std::optional<std::string> value = command_line.Get("--master_seed")) {
    if (!ParseUnsignedText(*value, &flags.master_seed)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--master_seed: '", *value, "' is not an integer in [0, 18446744073709551615]"));
    }
  }
  if (std::optional<std::string> value = command_line.Get("--threads")) {
    uint64_t threads = 0;
    if (!ParseUnsignedText(*value, &threads) || threads == 0 || threads > kMaxThreads) {
      return absl::InvalidArgumentError(
          absl::StrCat("--threads: '", *value, "' is not an integer in [1, ", kMaxThreads, "]"));
    }
    flags.threads = static_cast<int>(threads);
  }
  if (std::optional<std::string> value = command_line.Get("--config")) {
    if (value->empty()) return absl::InvalidArgumentError("--config: the file name is empty");
    ASSIGN_OR_RETURN(std::string path, ResolveUserPath(*value));
    flags.config_file = path;
  }
  for (const std::string& value : command_line.GetAll("--set")) {
    const size_t eq = value.find('=');
    if (eq == std::string::npos || eq == 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--set=", value, ": expected --set=FIELD=VALUE (see --help for the fields)"));
    }
    flags.set_overrides.push_back(value);
  }
  for (const auto& [name, flag] :
       {std::pair<const char*, bool*>{"--allow_code_change", &flags.allow_code_change},
        {"--keep_task_files", &flags.keep_task_files},
        {"--overwrite", &flags.overwrite},
        {"--dry_run", &flags.dry_run},
        {"--merge_only", &flags.merge_only}}) {
    if (std::optional<std::string> value = command_line.Get(name)) {
      ASSIGN_OR_RETURN(*flag, ParseBoolFlag(name, *value));
    }
  }
  if (std::optional<std::string> value = command_line.Get("--shard")) {
    ASSIGN_OR_RETURN(ShardSpec shard, ParseShardSpec(*value));
    flags.shard = shard;
  }
  if (flags.shard.has_value() && flags.merge_only) {
    return absl::InvalidArgumentError(
        absl::StrCat("--shard=", ShardName(*flags.shard),
                     " and --merge_only exclude each other: run every shard with --shard, then "
                     "the merge with --merge_only alone"));
  }
  return flags;
}

std::string RunnerUsage(const char* program, const ExperimentDefinition& experiment) {
  return absl::StrFormat(
      "%s: %s\n\n"
      "Usage: %s [--out=DIR] [--seeds=N] [--scale=smoke|default|paper] [--master_seed=N]\n"
      "          [--config=FILE.toml] [--set=FIELD=VALUE ...] [--dry_run] [--threads=N]\n"
      "          [--allow_code_change=true] [--keep_task_files=true] [--overwrite=true]\n"
      "          [--shard=I/N | --merge_only]\n"
      "       mpirun -np N %s [flags]   (tasks are distributed over the ranks)\n\n"
      "  --out=DIR        output directory (default: $BUILD_WORKSPACE_DIRECTORY/results/%s under\n"
      "                   `bazel run`, else ./results/%s); results go to DIR/%s.h5, task files\n"
      "                   to DIR/tasks/. Rerunning with the same DIR resumes.\n"
      "  --seeds=N        seeds per config (default: %d for smoke, %d for default, %d for paper);\n"
      "                   a results file of this run with more seeds is kept whole, never shrunk\n"
      "  --scale=S        smoke | default | paper (default: default)\n"
      "  --master_seed=N  master random seed (default: %d)\n"
      "  --config=FILE    TOML file of field values (below), applied over the scale's defaults:\n"
      "                   %s\n"
      "  --set=FIELD=VALUE\n"
      "                   override one field (below), after --config; repeatable. Lists are\n"
      "                   comma-separated: --set=privacy_epsilons=0.5,5\n"
      "  --dry_run        print the tasks with estimated cost and output size, then exit\n"
      "  --threads=N      compute threads without mpirun (default: the number of cores, %d);\n"
      "                   under mpirun use ranks instead. Results do not depend on it.\n"
      "  --allow_code_change=true|false\n"
      "                   resume from task files written by another code version (another git\n"
      "                   commit, or uncommitted changes in one run only); default false:\n"
      "                   such a task file is an error\n"
      "  --keep_task_files=true|false\n"
      "                   keep DIR/tasks/ after the merge (default false: removed once DIR/%s.h5\n"
      "                   is written; rerunning the same run then only redoes the analysis)\n"
      "  --overwrite=true|false\n"
      "                   replace DIR/%s.h5 when it holds a run with other settings (default\n"
      "                   false: an error listing the differing fields; a file differing only in\n"
      "                   --seeds needs no flag: its seeds are reused, and one with more seeds\n"
      "                   is kept untouched)\n"
      "  --shard=I/N      run only shard I of N (1 <= I <= N; a fixed partition of the tasks by\n"
      "                   estimated cost) and keep its task files; no merge, no analysis. Shards\n"
      "                   run side by side into one DIR; then merge with --merge_only\n"
      "  --merge_only     compute nothing: merge the task files of every shard into DIR/%s.h5\n"
      "                   and run the analysis, or name the missing tasks and exit 1\n"
      "  --help           this text\n\n%s",
      experiment.name, experiment.description, program, program, experiment.name, experiment.name,
      experiment.name, experiment.default_seeds_smoke, experiment.default_seeds_default,
      experiment.default_seeds_paper, kDefaultMasterSeed, ConfigExample(experiment),
      DefaultThreads(), experiment.name, experiment.name, experiment.name,
      FieldsUsage(experiment));
}

absl::StatusOr<std::string> ResolveOutDir(const std::string& flag_value,
                                          const std::string& experiment_name) {
  const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY");
  std::string path;
  if (flag_value.empty()) {
    std::string root;
    if (workspace != nullptr && workspace[0] != '\0') {
      root = workspace;
    } else {
      ASSIGN_OR_RETURN(root, ResolveUserPath("."));
      root.resize(root.size() - 2);  // drop the "/."
    }
    path = absl::StrCat(root, "/results/", experiment_name);
  } else {
    ASSIGN_OR_RETURN(std::string resolved, ResolveUserPath(flag_value));
    path = resolved;
  }
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

}  // namespace dprl
