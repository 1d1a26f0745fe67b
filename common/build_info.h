// Provenance of this binary, stamped at build time from Bazel's workspace status
// (tools/workspace_status.sh; .bazelrc sets --workspace_status_command): the git commit and
// uncommitted-changes flag of the workspace it was built from, a version string, and the build's
// time and host. A run records these (experiments/runner: the results file's git_commit,
// git_dirty, dprl_version, build_time, build_host), so resuming does not depend on the
// directory a run is started in. Every binary prints them for --version.
#ifndef DPRL_COMMON_BUILD_INFO_H_
#define DPRL_COMMON_BUILD_INFO_H_

#include <string>

namespace dprl {

struct BuildInfo {
  // Whether the workspace status command ran (tools/workspace_status.sh; false for a build
  // without it) and found the workspace to be a git checkout with a commit (false for a source
  // tarball: then git_commit is "unknown" by design).
  bool stamped = false;
  bool git_checkout = false;
  std::string git_commit;  // `git rev-parse HEAD`, or "unknown"
  bool git_dirty = false;  // tracked files differed from HEAD
  std::string version;     // `git describe --tags --always --dirty`, or "unknown"
  std::string build_time;  // UTC, "2026-11-24T13:10:00Z", or "unknown"
  std::string build_host;  // the machine that built the binary, or "unknown"
};

// The stamped values of this binary.
const BuildInfo& GetBuildInfo();

// "<program> <version> (git <commit>[, uncommitted changes]; built <time> on <host>)\n": what
// --version prints.
std::string VersionText(const std::string& program);

// If an argument of argv[1..argc-1] is exactly "--version": prints VersionText(program) on
// stdout and returns true (the binary then exits 0 without parsing anything else). Every dprl
// binary calls it first thing in main().
bool HandleVersionFlag(int argc, const char* const* argv, const std::string& program);

}  // namespace dprl

#endif  // DPRL_COMMON_BUILD_INFO_H_
