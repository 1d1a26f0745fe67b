#include "experiments/runner/process_util.h"

#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/build_info.h"

extern char** environ;

namespace dprl {
namespace {

// The child RunProcess waits for (0: none) and the first termination signal received; written by
// the signal handler (ForwardTerminationSignalsToChildren).
volatile sig_atomic_t running_child = 0;
volatile sig_atomic_t termination_signal = 0;
constexpr int kTerminationSignals[] = {SIGINT, SIGTERM, SIGHUP};

void ForwardToChild(int signal_number) {
  const int saved_errno = errno;  // the interrupted code may be about to read it
  if (termination_signal == 0) termination_signal = signal_number;
  const pid_t child = running_child;
  if (child > 0) kill(child, signal_number);
  errno = saved_errno;
}

bool IsExecutableFile(const std::string& path) {
  struct stat info;
  return stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) && access(path.c_str(), X_OK) == 0;
}

// Runs `git <arguments>` in the workspace (see GitState); false if it cannot run or fails.
bool RunGit(const std::string& arguments, std::string* output) {
  const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY");
  std::string command = "git";
  if (workspace != nullptr && workspace[0] != '\0') {
    command += " -C " + ShellQuote(workspace);
  }
  command += " " + arguments + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return false;
  char buffer[128] = {0};
  output->clear();
  while (std::fgets(buffer, sizeof(buffer), pipe) != nullptr) *output += buffer;
  return pclose(pipe) == 0;
}

}  // namespace

GitState CurrentGitState() {
  GitState state;
  const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY");
  if (workspace == nullptr || workspace[0] == '\0') {
    // Not under `bazel run`: the code is the binary's, stamped at build time, whatever the
    // current directory (a run started outside the repository must not record "unknown").
    state.commit = GetBuildInfo().git_commit;
    state.dirty = state.commit != "unknown" && GetBuildInfo().git_dirty;
    return state;
  }
  std::string output;
  if (!RunGit("rev-parse HEAD", &output)) return state;
  while (!output.empty() && (output.back() == '\n' || output.back() == '\r')) output.pop_back();
  const bool hex =
      output.size() >= 40 && output.find_first_not_of("0123456789abcdef") == std::string::npos;
  if (!hex) return state;
  state.commit = output;
  std::string changes;
  // --no-optional-locks: do not refresh (write) the index of a repository someone may be using.
  state.dirty = !RunGit("--no-optional-locks status --porcelain --untracked-files=no", &changes) ||
                !changes.empty();
  return state;
}

std::string ShellQuote(const std::string& arg) {
  const bool safe = !arg.empty() && arg.find_first_not_of(
                                        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                        "0123456789_-.,/=:+@%") == std::string::npos;
  if (safe) return arg;
  std::string quoted = "'";
  for (char c : arg) {
    if (c == '\'') {
      quoted += "'\\''";
    } else {
      quoted += c;
    }
  }
  return quoted + "'";
}

absl::StatusOr<std::string> FindRunfile(const std::string& argv0,
                                        const std::string& relative_path) {
  std::vector<std::string> candidates;
  for (const char* variable : {"RUNFILES_DIR", "TEST_SRCDIR"}) {
    const char* dir = std::getenv(variable);
    if (dir != nullptr && dir[0] != '\0') {
      candidates.push_back(absl::StrCat(dir, "/dprl/", relative_path));
    }
  }
  if (!argv0.empty()) candidates.push_back(absl::StrCat(argv0, ".runfiles/dprl/", relative_path));
  candidates.push_back(relative_path);
  for (const std::string& candidate : candidates) {
    if (IsExecutableFile(candidate)) return candidate;
  }
  return absl::NotFoundError(absl::StrCat(
      "cannot find the analysis binary '", relative_path, "' in the runfiles (tried ",
      absl::StrJoin(candidates, ", "),
      "); add it to the experiment's `data` in BUILD and run through bazel or from bazel-bin"));
}

absl::StatusOr<int> RunProcess(const std::string& program, const std::vector<std::string>& args) {
  std::vector<std::string> storage = {program};
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& arg : storage) argv.push_back(arg.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  // The termination signals are blocked from before the spawn until the child is recorded, so
  // one that arrives meanwhile is forwarded to it; the child starts with the caller's mask.
  sigset_t termination, caller_mask;
  sigemptyset(&termination);
  for (int signal_number : kTerminationSignals) sigaddset(&termination, signal_number);
  sigprocmask(SIG_BLOCK, &termination, &caller_mask);
  if (termination_signal != 0) {
    sigprocmask(SIG_SETMASK, &caller_mask, nullptr);
    return absl::CancelledError(absl::StrCat("not starting '", program, "': stopped by signal ",
                                             static_cast<int>(termination_signal)));
  }
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setsigmask(&attributes, &caller_mask);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);
  // A bare name (e.g. the launcher "mpirun") is looked up on $PATH, as a shell would.
  const bool bare_name = program.find('/') == std::string::npos;
  const int error =
      bare_name ? posix_spawnp(&pid, program.c_str(), nullptr, &attributes, argv.data(), environ)
                : posix_spawn(&pid, program.c_str(), nullptr, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  if (error == 0) running_child = pid;
  sigprocmask(SIG_SETMASK, &caller_mask, nullptr);
  if (error != 0) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot start '", program, "': ", std::strerror(error),
                     bare_name && error == ENOENT ? " (not found on $PATH)" : ""));
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      running_child = 0;
      return absl::InternalError(absl::StrCat("waitpid for '", program, "' failed"));
    }
  }
  running_child = 0;
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return 1;
}

void ForwardTerminationSignalsToChildren() {
  struct sigaction action = {};
  action.sa_handler = ForwardToChild;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  for (int signal_number : kTerminationSignals) {
    // One that is ignored (nohup's SIGHUP, SIGINT of a background job) stays ignored, for this
    // process and its children alike.
    struct sigaction current = {};
    if (sigaction(signal_number, nullptr, &current) == 0 && current.sa_handler == SIG_IGN) {
      continue;
    }
    sigaction(signal_number, &action, nullptr);
  }
}

int ReceivedTerminationSignal() { return termination_signal; }

}  // namespace dprl
