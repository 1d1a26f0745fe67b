#include "common/list_directory.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "testing/status_matchers.h"

namespace dprl {
namespace {

TEST(ListDirectoryTest, SortedNamesWithoutDotEntries) {
  const std::string dir = std::string(std::getenv("TEST_TMPDIR")) + "/listed";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir + "/sub");
  for (const char* name : {"b.h5", ".hidden", "a"}) std::ofstream(dir + "/" + name) << "x";
  EXPECT_THAT(ListDirectory(dir),
              IsOkAndHolds(std::vector<std::string>{".hidden", "a", "b.h5", "sub"}));
  EXPECT_THAT(ListDirectory(dir + "/sub"), IsOkAndHolds(std::vector<std::string>{}));
}

TEST(ListDirectoryTest, AMissingDirectoryIsNamed) {
  EXPECT_THAT(ListDirectory("/nonexistent/dprl"),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       "cannot list '/nonexistent/dprl': No such file or directory"));
}

}  // namespace
}  // namespace dprl
