#include "common/list_directory.h"

#include <dirent.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace dprl {

absl::StatusOr<std::vector<std::string>> ListDirectory(const std::string& dir) {
  DIR* handle = opendir(dir.c_str());
  if (handle == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot list '", dir, "': ", std::strerror(errno)));
  }
  std::vector<std::string> names;
  while (const dirent* entry = readdir(handle)) {
    const std::string name = entry->d_name;
    if (name != "." && name != "..") names.push_back(name);
  }
  closedir(handle);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace dprl
