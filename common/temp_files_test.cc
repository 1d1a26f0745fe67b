#include "common/temp_files.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "testing/status_matchers.h"

namespace dprl {
namespace {

std::string FreshDir(const std::string& name) {
  const std::string dir = std::string(std::getenv("TEST_TMPDIR")) + "/" + name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

std::set<std::string> Names(const std::string& dir) {
  std::set<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    names.insert(entry.path().filename().string());
  }
  return names;
}

// A child process that has ended and been reaped: its id names no process.
pid_t EndedProcess() {
  const pid_t child = fork();
  if (child == 0) _exit(0);
  waitpid(child, nullptr, 0);
  return child;
}

TEST(TempFilesTest, NamesCarryTheOwnerProcess) {
  EXPECT_EQ(TempFileOwner(".seed_0.h5.tmp.1234"), 1234);
  EXPECT_EQ(TempFileOwner("seed_0.h5"), -1);
  EXPECT_EQ(TempFileOwner(".seed_0.h5.tmp."), -1);
  EXPECT_EQ(TempFileOwner(".seed_0.h5.tmp.12a"), -1);
  EXPECT_EQ(TempFileOwner(".tmp.12"), -1);
  EXPECT_TRUE(IsTempFileName(".x.png.tmp.7"));
  const std::string temp = TempPathFor("/a/b/seed_3.h5");
  EXPECT_EQ(temp, "/a/b/.seed_3.h5.tmp." + std::to_string(getpid()));
  EXPECT_EQ(TempFileOwner(temp.substr(5)), getpid());
}

TEST(TempFilesTest, ProcessExistsOnlyForLiveProcesses) {
  EXPECT_TRUE(ProcessExists(getpid()));
  EXPECT_FALSE(ProcessExists(EndedProcess()));
  EXPECT_FALSE(ProcessExists(0));
  EXPECT_FALSE(ProcessExists(-5));
}

TEST(TempFilesTest, RemovesOnlyTheFilesOfEndedProcesses) {
  const std::string dir = FreshDir("dead");
  const pid_t live = fork();
  if (live == 0) {
    pause();
    _exit(0);
  }
  const std::string ended = std::to_string(EndedProcess());
  const std::string alive = std::to_string(live);
  const std::string mine = std::to_string(getpid());
  for (const std::string& name :
       {".r.h5.tmp." + ended, ".r.png.tmp." + ended, ".r.h5.tmp." + alive, ".r.h5.tmp." + mine,
        std::string("r.h5"), std::string(".r.h5.tmp.x")}) {
    std::ofstream(dir + "/" + name) << "partial";
  }
  // Only those of one final name, given as the final path.
  EXPECT_THAT(RemoveDeadProcessTempFilesOf(dir + "/r.png"), IsOkAndHolds(1));
  EXPECT_EQ(Names(dir).count(".r.png.tmp." + ended), 0u);
  EXPECT_EQ(Names(dir).count(".r.h5.tmp." + ended), 1u);
  // Every name: the ended process's file goes, the live process's and this one's stay.
  EXPECT_THAT(RemoveDeadProcessTempFiles(dir, ""), IsOkAndHolds(1));
  EXPECT_EQ(Names(dir), (std::set<std::string>{".r.h5.tmp." + alive, ".r.h5.tmp." + mine, "r.h5",
                                               ".r.h5.tmp.x"}));
  kill(live, SIGKILL);
  waitpid(live, nullptr, 0);
  EXPECT_THAT(RemoveDeadProcessTempFiles(dir, ""), IsOkAndHolds(1));
  EXPECT_THAT(RemoveDeadProcessTempFiles(dir + "/missing", ""),
              StatusIs(absl::StatusCode::kFailedPrecondition, ::testing::HasSubstr("missing")));
}

// Every failure says why (strerror), portably also as root: /dev/full gives ENOSPC, a path
// under a regular file ENOTDIR.
TEST(WriteFileContentsTest, WritesOrSaysWhyNot) {
  const std::string dir = std::string(std::getenv("TEST_TMPDIR"));
  const std::string path = dir + "/contents.txt";
  ASSERT_THAT(WriteFileContents(path, "first, longer"), IsOk());
  ASSERT_THAT(WriteFileContents(path, "second"), IsOk());
  std::ifstream in(path);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "second");
  EXPECT_THAT(WriteFileContents("/dev/full", "x", "out/fig_summary.csv"),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       "cannot write 'out/fig_summary.csv': No space left on device"));
  EXPECT_THAT(WriteFileContents(path + "/under_a_file.csv", "x"),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       "cannot write '" + path + "/under_a_file.csv': Not a directory"));
}

}  // namespace
}  // namespace dprl
