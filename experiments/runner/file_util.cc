#include "experiments/runner/file_util.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdint>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "common/list_directory.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

// A full disk or quota says what to do, wherever it is met (the lock file, a directory, a task
// file): as WriteFailure does.
absl::Status ErrnoError(const std::string& what, int error) {
  if (error == ENOSPC || error == EDQUOT) {
    return absl::ResourceExhaustedError(
        absl::StrCat(what, ": ", std::strerror(error),
                     "; free space and rerun the same command (finished tasks are kept)"));
  }
  return absl::FailedPreconditionError(absl::StrCat(what, ": ", std::strerror(error)));
}

std::string DirName(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

absl::Status FsyncPath(const std::string& path, bool directory) {
  const int fd = open(path.c_str(), directory ? (O_RDONLY | O_DIRECTORY) : O_RDONLY);
  if (fd < 0) return ErrnoError(absl::StrCat("cannot open '", path, "' for fsync"), errno);
  const int result = fsync(fd);
  const int error = errno;
  close(fd);
  // Some filesystems (e.g. certain network mounts) do not support fsync on directories.
  if (result != 0 && !(directory && (error == EINVAL || error == ENOTSUP))) {
    return ErrnoError(absl::StrCat("fsync of '", path, "' failed"), error);
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status MakeDirectories(const std::string& path) {
  std::string partial;
  size_t position = 0;
  while (position <= path.size()) {
    size_t slash = path.find('/', position);
    if (slash == std::string::npos) slash = path.size();
    partial = path.substr(0, slash);
    position = slash + 1;
    if (partial.empty()) continue;
    struct stat info;
    if (stat(partial.c_str(), &info) == 0) {
      if (!S_ISDIR(info.st_mode)) {
        return absl::FailedPreconditionError(absl::StrCat("'", partial, "' is not a directory"));
      }
      continue;
    }
    if (mkdir(partial.c_str(), 0777) != 0 && errno != EEXIST) {
      return ErrnoError(absl::StrCat("cannot create directory '", partial, "'"), errno);
    }
  }
  return absl::OkStatus();
}

absl::Status CheckDirectoryWritable(const std::string& path) {
  const std::string probe = TempPathFor(absl::StrCat(path, "/write_probe"));
  const int fd = open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd < 0) return ErrnoError(absl::StrCat("cannot write in directory '", path, "'"), errno);
  close(fd);
  unlink(probe.c_str());
  return absl::OkStatus();
}

bool PathExists(const std::string& path) {
  struct stat info;
  return stat(path.c_str(), &info) == 0;
}

bool IsRegularFile(const std::string& path) {
  struct stat info;
  return stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

absl::Status CommitTempFile(const std::string& temp_path, const std::string& final_path) {
  RETURN_IF_ERROR(FsyncPath(temp_path, false));
  if (std::rename(temp_path.c_str(), final_path.c_str()) != 0) {
    return ErrnoError(absl::StrCat("cannot rename '", temp_path, "' to '", final_path, "'"), errno);
  }
  return FsyncPath(DirName(final_path), true);
}

absl::StatusOr<int> RemoveStaleTempFiles(const std::string& dir) {
  ASSIGN_OR_RETURN(std::vector<std::string> names, ListDirectory(dir));
  int removed = 0;
  for (const std::string& name : names) {
    if (!IsTempFileName(name)) continue;
    const std::string path = absl::StrCat(dir, "/", name);
    if (unlink(path.c_str()) != 0) {
      return ErrnoError(absl::StrCat("cannot remove stale temporary file '", path, "'"), errno);
    }
    ++removed;
  }
  return removed;
}

absl::Status WriteFailure(const absl::Status& status, int error, const std::string& temp_path,
                          const std::string& final_path) {
  const std::string dir = DirName(temp_path);
  struct statvfs info;
  const bool known = statvfs(dir.c_str(), &info) == 0;
  const double available =
      known ? static_cast<double>(info.f_bavail) * static_cast<double>(info.f_frsize) : -1.0;
  if (error == ENOSPC || error == EDQUOT || (known && available < 1024.0 * 1024.0)) {
    return absl::ResourceExhaustedError(absl::StrCat(
        "cannot write '", final_path, "': no space left on the filesystem of '", dir, "'",
        known ? absl::StrCat(" (", static_cast<int64_t>(available / 1024.0), " kB available)")
              : "",
        "; free space and rerun the same command (finished tasks are kept)"));
  }
  return absl::Status(status.code(), absl::StrCat("writing '", final_path, "': ", status.message()));
}

namespace {

absl::StatusOr<int> OpenLockFile(const std::string& dir) {
  const std::string path = absl::StrCat(dir, "/", kLockFileName);
  const int fd = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0) return ErrnoError(absl::StrCat("cannot open the lock file '", path, "'"), errno);
  return fd;
}

// A record lock of `type` on [start, start + length) (length 0: to the end, i.e. the whole
// file), taken without waiting. Returns 0 or the errno of the failure.
int TryLock(int fd, short type, off_t start, off_t length) {
  struct flock lock = {};
  lock.l_type = type;
  lock.l_whence = SEEK_SET;
  lock.l_start = start;
  lock.l_len = length;
  return fcntl(fd, F_SETLK, &lock) == 0 ? 0 : errno;
}

// A lock another process holds that conflicts with `type` on [start, start + length)
// (l_type F_UNLCK when there is none any more).
struct flock ConflictingLock(int fd, short type, off_t start, off_t length) {
  struct flock lock = {};
  lock.l_type = type;
  lock.l_whence = SEEK_SET;
  lock.l_start = start;
  lock.l_len = length;
  if (fcntl(fd, F_GETLK, &lock) != 0) lock.l_type = F_UNLCK;
  return lock;
}

std::string PidText(const struct flock& lock) {
  return lock.l_pid > 0 ? absl::StrCat("pid ", lock.l_pid, " holds a lock")
                        : "its pid is not known";
}

// Why a lock of `type` on [start, start + length) of `dir`'s lock file (open as `fd`) was refused
// with errno `error`; closes `fd`.
absl::Status InUseError(const std::string& dir, int fd, int error, short type, off_t start,
                        off_t length) {
  const std::string path = absl::StrCat(dir, "/", kLockFileName);
  if (error != EACCES && error != EAGAIN) {
    close(fd);
    return ErrnoError(absl::StrCat("cannot lock '", path, "'"), error);
  }
  const struct flock holder = ConflictingLock(fd, type, start, length);
  if (holder.l_type != F_UNLCK && !(holder.l_start == 0 && holder.l_len == 0)) {
    close(fd);  // a partial lock: a shard's (DirectoryLock::AcquireShard)
    return absl::FailedPreconditionError(
        absl::StrCat("--out=", dir, " is in use by --shard runs (", PidText(holder),
                     "); wait for every shard to finish, or use another --out"));
  }
  char text[256] = {0};
  const ssize_t n = pread(fd, text, sizeof(text) - 1, 0);
  close(fd);
  std::string who = n > 0 ? std::string(text, n) : "";
  while (!who.empty() && (who.back() == '\n' || who.back() == ' ')) who.pop_back();
  // "pid 1234 host node7" -> "pid 1234 on host node7".
  const size_t host = who.find(" host ");
  if (host != std::string::npos) who.replace(host, 6, " on host ");
  return absl::FailedPreconditionError(
      absl::StrCat("--out=", dir, " is in use by another run (",
                   who.empty() ? "its pid is not recorded yet" : who,
                   "); wait for it to finish or use another --out"));
}

}  // namespace

absl::StatusOr<DirectoryLock> DirectoryLock::Acquire(const std::string& dir) {
  ASSIGN_OR_RETURN(const int fd, OpenLockFile(dir));
  if (const int error = TryLock(fd, F_WRLCK, 0, 0); error != 0) {
    return InUseError(dir, fd, error, F_WRLCK, 0, 0);
  }
  char host[256] = {0};
  if (gethostname(host, sizeof(host) - 1) != 0) std::snprintf(host, sizeof(host), "unknown");
  const std::string text = absl::StrCat("pid ", getpid(), " host ", host, "\n");
  if (ftruncate(fd, 0) != 0 ||
      pwrite(fd, text.data(), text.size(), 0) != static_cast<ssize_t>(text.size())) {
    const int error = errno;
    close(fd);
    return ErrnoError(absl::StrCat("cannot write the lock file '", dir, "/", kLockFileName, "'"),
                      error);
  }
  return DirectoryLock(fd);
}

absl::StatusOr<DirectoryLock> DirectoryLock::AcquireShard(const std::string& dir, int shard_index,
                                                          int shard_count) {
  ASSIGN_OR_RETURN(const int fd, OpenLockFile(dir));
  // Byte 0, shared by every shard: refused while a whole run or a merge holds the file.
  if (const int error = TryLock(fd, F_RDLCK, 0, 1); error != 0) {
    return InUseError(dir, fd, error, F_RDLCK, 0, 1);
  }
  // This shard's own byte: bytes 1 .. N(N+1)/2 hold one per (shard, count) pair.
  const off_t own = static_cast<off_t>(shard_count) * (shard_count - 1) / 2 + shard_index;
  if (const int error = TryLock(fd, F_WRLCK, own, 1); error != 0) {
    if (error != EACCES && error != EAGAIN) return InUseError(dir, fd, error, F_WRLCK, own, 1);
    const struct flock holder = ConflictingLock(fd, F_WRLCK, own, 1);
    close(fd);
    return absl::FailedPreconditionError(absl::StrCat("--out=", dir, ": shard ", shard_index, "/",
                                                      shard_count, " is already running there (",
                                                      PidText(holder),
                                                      "); wait for it to finish"));
  }
  return DirectoryLock(fd);
}

DirectoryLock& DirectoryLock::operator=(DirectoryLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) close(fd_);
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

DirectoryLock::~DirectoryLock() {
  if (fd_ >= 0) close(fd_);  // closing releases the record lock
}

}  // namespace dprl
