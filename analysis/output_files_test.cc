#include "analysis/output_files.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "testing/status_matchers.h"

namespace dprl {
namespace {

bool Exists(const std::string& path) { return std::filesystem::exists(path); }

TEST(OutputFilesTest, ReserveRemovesOnlyTheTemporariesOfEndedProcesses) {
  const std::string dir = std::string(std::getenv("TEST_TMPDIR")) + "/outputs";
  std::filesystem::create_directories(dir);
  const pid_t ended = fork();
  if (ended == 0) _exit(0);
  waitpid(ended, nullptr, 0);
  const pid_t live = fork();
  if (live == 0) {
    pause();
    _exit(0);
  }
  const std::string of_ended = dir + "/.fig.png.tmp." + std::to_string(ended);
  const std::string of_live = dir + "/.fig.png.tmp." + std::to_string(live);
  const std::string other_output = dir + "/.table.csv.tmp." + std::to_string(ended);
  for (const std::string& path : {of_ended, of_live, other_output}) std::ofstream(path) << "x";
  {
    absl::StatusOr<OutputFiles> files = OutputFiles::Reserve({dir + "/fig.png"}, "--out_prefix");
    ASSERT_THAT(files, IsOk());
    EXPECT_FALSE(Exists(of_ended));
    EXPECT_TRUE(Exists(of_live));       // a live process may still be writing it
    EXPECT_TRUE(Exists(other_output));  // not an output of this call
    EXPECT_TRUE(Exists(files->temp_path(0)));
  }
  kill(live, SIGKILL);
  waitpid(live, nullptr, 0);
}

}  // namespace
}  // namespace dprl
