// Names of the temporary files of atomic writes (a file is written to "<dir>/.<base>.tmp.<pid>"
// next to its final name "<dir>/<base>", then renamed over it), and the removal of those that a
// killed process left behind. Shared by the experiment runner (task and results files) and the
// analysis binaries (figures and tables).
#ifndef DPRL_COMMON_TEMP_FILES_H_
#define DPRL_COMMON_TEMP_FILES_H_

#include <string>

#include "absl/status/statusor.h"

namespace dprl {

// "<dir>/.<base>.tmp.<pid of this process>" for final path "<dir>/<base>".
std::string TempPathFor(const std::string& final_path);

// The process id in a name produced by TempPathFor (".<base>.tmp.<digits>", without the
// directory), or -1 when `name` is not such a name.
long TempFileOwner(const std::string& name);

// True for names produced by TempPathFor.
inline bool IsTempFileName(const std::string& name) { return TempFileOwner(name) >= 0; }

// Whether a process with id `pid` exists on this host (kill(pid, 0) succeeds, or is refused
// with EPERM: it exists but belongs to another user).
bool ProcessExists(long pid);

// Removes the temporary files in `dir` whose owner process no longer exists on this host (never
// one of this process or of a live process, which may still be writing it); with `base`
// non-empty only those of the final name `base` (".<base>.tmp.<pid>"). Returns how many it
// removed; an error names a file it could not remove or a directory it could not list.
absl::StatusOr<int> RemoveDeadProcessTempFiles(const std::string& dir, const std::string& base);
// RemoveDeadProcessTempFiles for the one final path "<dir>/<base>" ("." when it has no '/').
absl::StatusOr<int> RemoveDeadProcessTempFilesOf(const std::string& final_path);

// Writes `contents` into `path` (created or truncated, mode 0644) and closes it. An error
// (FailedPrecondition) says why, "cannot write '<shown_as>': <strerror(errno)>", e.g.
// "cannot write 'out/fig_summary.csv': No space left on device"; `shown_as` is the name the user
// knows (the final path of a temporary file written next to it), `path` when empty.
absl::Status WriteFileContents(const std::string& path, const std::string& contents,
                               const std::string& shown_as = "");

}  // namespace dprl

#endif  // DPRL_COMMON_TEMP_FILES_H_
