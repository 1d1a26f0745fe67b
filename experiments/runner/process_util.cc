#include "experiments/runner/process_util.h"

#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "common/build_info.h"
#include "absl/strings/str_join.h"

extern char** environ;

namespace dprl {
namespace {

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
  // A bare name (e.g. the launcher "mpirun") is looked up on $PATH, as a shell would.
  const bool bare_name = program.find('/') == std::string::npos;
  const int error =
      bare_name ? posix_spawnp(&pid, program.c_str(), nullptr, nullptr, argv.data(), environ)
                : posix_spawn(&pid, program.c_str(), nullptr, nullptr, argv.data(), environ);
  if (error != 0) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot start '", program, "': ", std::strerror(error),
                     bare_name && error == ENOENT ? " (not found on $PATH)" : ""));
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      return absl::InternalError(absl::StrCat("waitpid for '", program, "' failed"));
    }
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return 1;
}

}  // namespace dprl
