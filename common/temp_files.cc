#include "common/temp_files.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "common/list_directory.h"
#include "common/status_macros.h"

namespace dprl {

namespace {

// "<dir>/<base>" as {"<dir>/", "<base>"}; a path without '/' as {"", path}.
std::pair<std::string, std::string> SplitFinalPath(const std::string& final_path) {
  const size_t slash = final_path.rfind('/');
  if (slash == std::string::npos) return {"", final_path};
  return {final_path.substr(0, slash + 1), final_path.substr(slash + 1)};
}

}  // namespace

std::string TempPathFor(const std::string& final_path) {
  const auto [dir, base] = SplitFinalPath(final_path);
  return absl::StrCat(dir, ".", base, ".tmp.", static_cast<long>(getpid()));
}

long TempFileOwner(const std::string& name) {
  if (name.size() < 2 || name[0] != '.') return -1;
  const size_t marker = name.rfind(".tmp.");
  if (marker == std::string::npos || marker == 0 || marker + 5 >= name.size()) return -1;
  const std::string digits = name.substr(marker + 5);
  if (digits.find_first_not_of("0123456789") != std::string::npos) return -1;
  long pid = 0;
  return absl::SimpleAtoi(digits, &pid) ? pid : -1;
}

bool ProcessExists(long pid) {
  if (pid <= 0 || pid != static_cast<pid_t>(pid)) return false;
  return kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

absl::StatusOr<int> RemoveDeadProcessTempFiles(const std::string& dir, const std::string& base) {
  ASSIGN_OR_RETURN(const std::vector<std::string> names, ListDirectory(dir));
  const std::string prefix = absl::StrCat(".", base, ".tmp.");
  int removed = 0;
  for (const std::string& name : names) {
    const long owner = TempFileOwner(name);
    if (owner < 0 || (!base.empty() && !absl::StartsWith(name, prefix))) continue;
    if (owner == static_cast<long>(getpid()) || ProcessExists(owner)) continue;
    const std::string path = absl::StrCat(dir, "/", name);
    if (unlink(path.c_str()) != 0 && errno != ENOENT) {
      return absl::FailedPreconditionError(
          absl::StrCat("cannot remove the temporary file '", path,
                       "' of an ended process: ", std::strerror(errno)));
    }
    ++removed;
  }
  return removed;
}

absl::StatusOr<int> RemoveDeadProcessTempFilesOf(const std::string& final_path) {
  const auto [dir, base] = SplitFinalPath(final_path);
  return RemoveDeadProcessTempFiles(dir.empty() ? "." : dir.substr(0, dir.size() - 1), base);
}

absl::Status WriteFileContents(const std::string& path, const std::string& contents,
                               const std::string& shown_as) {
  auto failure = [&](int error) {
    return absl::FailedPreconditionError(absl::StrCat(
        "cannot write '", shown_as.empty() ? path : shown_as, "': ", std::strerror(error)));
  };
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return failure(errno);
  size_t done = 0;
  while (done < contents.size()) {
    const ssize_t n = write(fd, contents.data() + done, contents.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int error = n < 0 ? errno : EIO;
      close(fd);
      return failure(error);
    }
    done += static_cast<size_t>(n);
  }
  if (close(fd) != 0) return failure(errno);
  return absl::OkStatus();
}

}  // namespace dprl
