// The names in a directory: the one directory listing of dprl (the experiment runner's task and
// output directories, and the removal of temporary files left by ended processes).
#ifndef DPRL_COMMON_LIST_DIRECTORY_H_
#define DPRL_COMMON_LIST_DIRECTORY_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace dprl {

// Names of the entries of `dir` (without "." and ".."), sorted. Error (FailedPrecondition):
// "cannot list '<dir>': <strerror>".
absl::StatusOr<std::vector<std::string>> ListDirectory(const std::string& dir);

}  // namespace dprl

#endif  // DPRL_COMMON_LIST_DIRECTORY_H_
