#include "analysis/output_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "common/temp_files.h"

namespace dprl {

absl::StatusOr<OutputFiles> OutputFiles::Reserve(const std::vector<std::string>& final_paths,
                                                 const std::string& flag) {
  OutputFiles files;
  for (const std::string& path : final_paths) {
    struct stat info;
    if (stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) {
      return absl::FailedPreconditionError(
          absl::StrCat(flag, ": output '", path, "' is an existing directory"));
    }
    // Leftovers of an analysis of the same output that was killed (never a live one's). Best
    // effort: a directory that cannot be listed fails the create below, with its own message.
    RemoveDeadProcessTempFilesOf(path).status().IgnoreError();
    const std::string temp = TempPathFor(path);
    unlink(temp.c_str());
    const int fd = open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0) {
      return absl::FailedPreconditionError(absl::StrCat(
          flag, ": cannot create output file next to '", path, "': ", std::strerror(errno)));
    }
    close(fd);
    files.final_paths_.push_back(path);
    files.temp_paths_.push_back(temp);
  }
  return files;
}

OutputFiles::OutputFiles(OutputFiles&& other) noexcept
    : final_paths_(std::move(other.final_paths_)),
      temp_paths_(std::move(other.temp_paths_)),
      committed_(other.committed_) {
  other.temp_paths_.clear();
  other.final_paths_.clear();
}

OutputFiles::~OutputFiles() {
  if (committed_) return;
  for (const std::string& temp : temp_paths_) unlink(temp.c_str());
}

absl::Status OutputFiles::Commit() {
  for (size_t i = 0; i < temp_paths_.size(); ++i) {
    struct stat info;
    if (stat(temp_paths_[i].c_str(), &info) != 0 || info.st_size == 0) {
      // A plotting library that could not write says nothing: a full disk is the usual cause.
      const std::string& path = final_paths_[i];
      const size_t slash = path.rfind('/');
      const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash);
      struct statvfs disk;
      const bool full = statvfs(dir.c_str(), &disk) == 0 &&
                        static_cast<double>(disk.f_bavail) * disk.f_frsize < 1024.0 * 1024.0;
      return absl::InternalError(absl::StrCat(
          "output '", path, "' came out empty",
          full ? absl::StrCat(": no space left on the filesystem of '", dir, "' (",
                              static_cast<int64_t>(disk.f_bavail * disk.f_frsize / 1024),
                              " kB available)")
               : ""));
    }
    const int fd = open(temp_paths_[i].c_str(), O_RDONLY);
    if (fd < 0 || fsync(fd) != 0) {
      if (fd >= 0) close(fd);
      return absl::InternalError(
          absl::StrCat("cannot fsync '", temp_paths_[i], "': ", std::strerror(errno)));
    }
    close(fd);
  }
  for (size_t i = 0; i < temp_paths_.size(); ++i) {
    if (std::rename(temp_paths_[i].c_str(), final_paths_[i].c_str()) != 0) {
      return absl::InternalError(absl::StrCat("cannot rename '", temp_paths_[i], "' to '",
                                              final_paths_[i], "': ", std::strerror(errno)));
    }
  }
  committed_ = true;
  return absl::OkStatus();
}

}  // namespace dprl
