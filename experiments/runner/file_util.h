// POSIX file helpers for atomic commits: a result is written to a temporary file in the
// directory of its final name, fsync'ed, renamed over the final name (rename(2) is atomic within
// a filesystem) and the directory is fsync'ed so the rename survives a crash. A reader therefore
// sees either no file or a complete one.
#ifndef DPRL_EXPERIMENTS_RUNNER_FILE_UTIL_H_
#define DPRL_EXPERIMENTS_RUNNER_FILE_UTIL_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace dprl {

// Creates `path` and its missing parents (mode 0777 & ~umask). Error names the failing component.
absl::Status MakeDirectories(const std::string& path);
// Checks that a file can be created in directory `path` (creates and removes a probe file).
absl::Status CheckDirectoryWritable(const std::string& path);
bool PathExists(const std::string& path);
bool IsRegularFile(const std::string& path);

// "<dir>/.<base>.tmp.<pid>" for final path "<dir>/<base>".
std::string TempPathFor(const std::string& final_path);
// True for names produced by TempPathFor (".<base>.tmp.<digits>").
bool IsTempFileName(const std::string& name);
// fsync(temp), rename(temp, final), fsync(dir of final).
absl::Status CommitTempFile(const std::string& temp_path, const std::string& final_path);
// Removes leftover temp files (IsTempFileName) in `dir`; returns how many were removed.
absl::StatusOr<int> RemoveStaleTempFiles(const std::string& dir);
// Names of the entries of `dir` (without "." and ".."), sorted.
absl::StatusOr<std::vector<std::string>> ListDirectory(const std::string& dir);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_RUNNER_FILE_UTIL_H_
