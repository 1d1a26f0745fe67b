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
#include "common/temp_files.h"

namespace dprl {

// Creates `path` and its missing parents (mode 0777 & ~umask). Error names the failing component.
absl::Status MakeDirectories(const std::string& path);
// Checks that a file can be created in directory `path` (creates and removes a probe file).
absl::Status CheckDirectoryWritable(const std::string& path);
bool PathExists(const std::string& path);
bool IsRegularFile(const std::string& path);

// TempPathFor ("<dir>/.<base>.tmp.<pid>") and IsTempFileName: common/temp_files.h.
// fsync(temp), rename(temp, final), fsync(dir of final).
absl::Status CommitTempFile(const std::string& temp_path, const std::string& final_path);
// Removes leftover temp files (IsTempFileName) in `dir`, whatever process wrote them (for the
// task directories, which only the holder of the output directory's lock writes); returns how
// many were removed. Elsewhere use RemoveDeadProcessTempFiles (common/temp_files.h).
absl::StatusOr<int> RemoveStaleTempFiles(const std::string& dir);
// ListDirectory (the sorted names in a directory): common/list_directory.h.

// A write into `temp_path` failed with `status` (errno `error` right after the failure): when the
// filesystem is full (errno ENOSPC or EDQUOT, or under 1 MiB available), one line saying so,
//   "cannot write '<final_path>': no space left on the filesystem of '<dir>' (12 kB available);
//    free space and rerun the same command (finished tasks are kept)"
// else `status` with the final path in front. Call before removing the temp file.
absl::Status WriteFailure(const absl::Status& status, int error, const std::string& temp_path,
                          const std::string& final_path);

// One output directory, one run: an exclusive POSIX record lock (fcntl F_SETLK, which NFS
// supports through its lock manager, unlike flock on some mounts) on the file <dir>/.dprl_lock,
// held until the object is destroyed or the process ends (the kernel releases it when the
// process dies, so a killed run leaves no stale lock). The holder writes "pid <pid> host
// <host>" into the file for the message of the next run. The file itself stays (removing it
// would race with a run about to lock it).
//
// Shards (--shard=I/N, shard.h) of one run share the directory: each locks byte 0 of the file
// shared (F_RDLCK) and its own byte N(N-1)/2 + I exclusively (F_WRLCK), while a whole run or a
// merge locks the whole file exclusively. So any number of distinct shards run side by side; a
// second process of the same shard, and a whole run or merge while any shard runs (or a shard
// while one of those runs), is refused at once. Shards do not write their pid into the file
// (several hold it at once); the messages about them take the pid from the lock itself
// (F_GETLK; on NFS the lock manager's value, which may not be a local pid).
class DirectoryLock {
 public:
  // Takes the whole directory without waiting. When another process holds it: FailedPrecondition
  //   "--out=<dir> is in use by another run (pid 1234 on host node7); wait for it to finish or
  //    use another --out"
  // or, when the holders are shards,
  //   "--out=<dir> is in use by --shard runs (pid 1234 holds a lock); wait for every shard to
  //    finish, or use another --out"
  static absl::StatusOr<DirectoryLock> Acquire(const std::string& dir);
  // Takes shard `shard_index` of `shard_count` (1 <= shard_index <= shard_count <=
  // kMaxShardCount) without waiting. Errors: the whole-run message above when a whole run or a
  // merge holds the directory, or
  //   "--out=<dir>: shard 2/3 is already running there (pid 1234 holds its lock); wait for it
  //    to finish"
  static absl::StatusOr<DirectoryLock> AcquireShard(const std::string& dir, int shard_index,
                                                    int shard_count);

  DirectoryLock(DirectoryLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  DirectoryLock& operator=(DirectoryLock&& other) noexcept;
  DirectoryLock(const DirectoryLock&) = delete;
  DirectoryLock& operator=(const DirectoryLock&) = delete;
  ~DirectoryLock();

 private:
  explicit DirectoryLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

// The name of the lock file in an output directory.
inline constexpr char kLockFileName[] = ".dprl_lock";

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_RUNNER_FILE_UTIL_H_
