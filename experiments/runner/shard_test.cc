#include "experiments/runner/shard.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "experiments/runner/file_util.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(ParseShardSpecTest, AcceptsIndexOfCount) {
  absl::StatusOr<ShardSpec> shard = ParseShardSpec("2/3");
  ASSERT_TRUE(shard.ok()) << shard.status();
  EXPECT_EQ(shard->index, 2);
  EXPECT_EQ(shard->count, 3);
  EXPECT_EQ(ShardName(*shard), "2/3");
  ASSERT_TRUE(ParseShardSpec("1/1").ok());
  ASSERT_TRUE(ParseShardSpec("1000000/1000000").ok());
}

TEST(ParseShardSpecTest, RefusesNumbersOutOfRangeNamingTheFlag) {
  EXPECT_THAT(ParseShardSpec("0/3").status(),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       "--shard=0/3: the shard number must be in [1, 3] (shards are numbered "
                       "from 1)"));
  EXPECT_THAT(ParseShardSpec("4/3").status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("--shard=4/3: the shard "
                                                                     "number must be in [1, 3]")));
  EXPECT_THAT(ParseShardSpec("1/0").status(),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       "--shard=1/0: the shard count must be in [1, 1000000]"));
  EXPECT_THAT(ParseShardSpec("1/1000001").status(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("the shard count")));
}

TEST(ParseShardSpecTest, RefusesMalformedValues) {
  for (const char* text : {"-1/2", "junk", "", "2", "2/", "/3", "1/-2", " 1/2", "1/2 ", "1/2/3",
                           "1.0/2", "+1/2", "99999999999999999999/2"}) {
    EXPECT_THAT(ParseShardSpec(text).status(),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         absl::StrCat("--shard=", text,
                                      ": expected I/N with integers 1 <= I <= N, e.g. "
                                      "--shard=2/3")))
        << text;
  }
}

TEST(AssignShardsTest, EveryTaskInExactlyOneShardOfTheRange) {
  std::vector<double> weights;
  for (int t = 0; t < 37; ++t) weights.push_back(1.0 + (t * 7) % 5);
  for (int count : {1, 2, 3, 7, 37, 50}) {
    const std::vector<int> shard_of = AssignShards(weights, count);
    ASSERT_EQ(shard_of.size(), weights.size());
    for (int shard : shard_of) {
      EXPECT_GE(shard, 1);
      EXPECT_LE(shard, count);
    }
    EXPECT_EQ(shard_of, AssignShards(weights, count)) << "not deterministic";
  }
}

TEST(AssignShardsTest, LargestFirstToTheLeastLoadedShard) {
  // Equal costs: dealt round-robin in task order.
  EXPECT_THAT(AssignShards({1, 1, 1, 1, 1, 1, 1}, 3), ElementsAre(1, 2, 3, 1, 2, 3, 1));
  // The expensive task alone on shard 1, the five cheap ones on shard 2 (equal loads, 5 and 5).
  EXPECT_THAT(AssignShards({1, 1, 5, 1, 1, 1}, 2), ElementsAre(2, 2, 1, 2, 2, 2));
  // More shards than tasks: the last shards get none.
  EXPECT_THAT(AssignShards({2, 1}, 4), ElementsAre(1, 2));
  EXPECT_THAT(AssignShards({}, 3), ElementsAre());
}

TEST(DescribeMissingTasksTest, NamesConfigsAndSeedsInTaskOrder) {
  // 3 seeds per config; tasks 0, 2 (config a), 4 (config b).
  EXPECT_EQ(DescribeMissingTasks({0, 2, 4}, 9, 3, {"a", "b", "c"}),
            "3 of 9 tasks have no task file: config 'a' seeds 0, 2; config 'b' seed 1");
  EXPECT_EQ(DescribeMissingTasks({8}, 9, 3, {"a", "b", "c"}),
            "1 of 9 tasks has no task file: config 'c' seed 2");
  EXPECT_EQ(DescribeMissingTasks({0, 1, 5, 7}, 9, 3, {"a", "b", "c"}, 2),
            "4 of 9 tasks have no task file: config 'a' seeds 0, 1; ... and 2 more");
}

// A DirectoryLock held by a child process (fcntl locks of one process never conflict with
// each other) until the object is destroyed.
class LockInChild {
 public:
  explicit LockInChild(const std::function<absl::StatusOr<DirectoryLock>()>& take) {
    int ready[2], release[2];
    if (pipe(ready) != 0 || pipe(release) != 0) std::abort();
    pid_ = fork();
    if (pid_ == 0) {
      close(ready[0]);
      close(release[1]);
      absl::StatusOr<DirectoryLock> lock = take();
      const char ok = lock.ok() ? '1' : '0';
      if (write(ready[1], &ok, 1) != 1) _exit(2);
      char byte;
      while (read(release[0], &byte, 1) > 0) {
      }
      _exit(0);
    }
    close(ready[1]);
    close(release[0]);
    release_fd_ = release[1];
    char ok = '0';
    taken_ = read(ready[0], &ok, 1) == 1 && ok == '1';
    close(ready[0]);
  }
  ~LockInChild() {
    close(release_fd_);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  bool taken() const { return taken_; }
  pid_t pid() const { return pid_; }

 private:
  pid_t pid_ = -1;
  int release_fd_ = -1;
  bool taken_ = false;
};

std::string TestDirectory() {
  const std::string dir = absl::StrCat(std::getenv("TEST_TMPDIR"), "/lock_", getpid());
  EXPECT_TRUE(MakeDirectories(dir).ok());
  return dir;
}

TEST(DirectoryLockTest, DistinctShardsShareTheDirectory) {
  const std::string dir = TestDirectory();
  LockInChild shard1([&] { return DirectoryLock::AcquireShard(dir, 1, 3); });
  ASSERT_TRUE(shard1.taken());
  EXPECT_TRUE(DirectoryLock::AcquireShard(dir, 2, 3).ok());
  EXPECT_TRUE(DirectoryLock::AcquireShard(dir, 3, 3).ok());
  // The same shard twice is refused, naming the holder's pid.
  EXPECT_THAT(DirectoryLock::AcquireShard(dir, 1, 3).status(),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       absl::StrCat("--out=", dir, ": shard 1/3 is already running there (pid ",
                                    shard1.pid(), " holds a lock); wait for it to finish")));
  // A whole run or a merge waits for the shards.
  EXPECT_THAT(DirectoryLock::Acquire(dir).status(),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       absl::StrCat("--out=", dir, " is in use by --shard runs (pid ",
                                    shard1.pid(),
                                    " holds a lock); wait for every shard to finish, or use "
                                    "another --out")));
}

TEST(DirectoryLockTest, AWholeRunExcludesShardsAndIsFreedWhenItEnds) {
  const std::string dir = TestDirectory();
  {
    LockInChild whole([&] { return DirectoryLock::Acquire(dir); });
    ASSERT_TRUE(whole.taken());
    EXPECT_THAT(DirectoryLock::AcquireShard(dir, 2, 3).status(),
                StatusIs(absl::StatusCode::kFailedPrecondition,
                         HasSubstr(absl::StrCat("--out=", dir, " is in use by another run (pid ",
                                                whole.pid(), " on host "))));
    EXPECT_THAT(DirectoryLock::Acquire(dir).status(),
                StatusIs(absl::StatusCode::kFailedPrecondition,
                         HasSubstr(absl::StrCat("in use by another run (pid ", whole.pid()))));
  }
  EXPECT_TRUE(DirectoryLock::AcquireShard(dir, 2, 3).ok());
  EXPECT_TRUE(DirectoryLock::Acquire(dir).ok());
}

}  // namespace
}  // namespace dprl
