// Process-level helpers of the runner: provenance (git commit, command line), locating a data
// dependency in Bazel runfiles, running the analysis binary, and (reproduce_all) forwarding
// termination signals to the child being run.
#ifndef DPRL_EXPERIMENTS_RUNNER_PROCESS_UTIL_H_
#define DPRL_EXPERIMENTS_RUNNER_PROCESS_UTIL_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace dprl {

// The code version a run was started from: under `bazel run` (which rebuilds first) asked of git
// in $BUILD_WORKSPACE_DIRECTORY; otherwise the binary's own, stamped at build time
// (common/build_info.h), never the current directory's.
struct GitState {
  // `git rev-parse HEAD`; "unknown" if git or the repository is unavailable.
  std::string commit = "unknown";
  // True when tracked files differ from HEAD (`git status --porcelain --untracked-files=no` prints
  // something, or fails); untracked files (e.g. results/) do not count. False when the commit is
  // unknown.
  bool dirty = false;
};
GitState CurrentGitState();

// `arg` single-quoted for a POSIX shell if it holds anything but [A-Za-z0-9_-.,/=:+@%].
std::string ShellQuote(const std::string& arg);

// Locates the runfile `relative_path` (e.g. "analysis/regret_figure", relative to the workspace
// root) of the binary `argv0`. Tries, in order: $RUNFILES_DIR/dprl/, $TEST_SRCDIR/dprl/,
// <argv0>.runfiles/dprl/, and the current directory (the runfiles tree under `bazel run`).
// Returns the first regular executable file; the error lists the places tried.
absl::StatusOr<std::string> FindRunfile(const std::string& argv0, const std::string& relative_path);

// Runs `program` with `args` (argv[1..]), inheriting stdout/stderr; a `program` without '/' is
// looked up on $PATH (posix_spawnp), a path is run as is. Returns its exit status
// (128 + signal if killed) or an error if it could not be started.
absl::StatusOr<int> RunProcess(const std::string& program, const std::vector<std::string>& args);

// Makes this process a supervisor that stops cleanly: from now on SIGINT, SIGTERM and SIGHUP (what
// Ctrl-C, `timeout`, Slurm and a closed terminal send) no longer end it at once; each is
// forwarded to the child RunProcess is waiting for (which ends and so releases what it holds,
// e.g. its output directory's lock) and RunProcess returns when that child has ended. A
// RunProcess called after such a signal starts nothing and returns an error. A signal this
// process ignores when it calls this (nohup's SIGHUP) stays ignored.
void ForwardTerminationSignalsToChildren();
// The first termination signal received since ForwardTerminationSignalsToChildren, or 0.
int ReceivedTerminationSignal();

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_RUNNER_PROCESS_UTIL_H_
