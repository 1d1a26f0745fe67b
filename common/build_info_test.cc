#include "common/build_info.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace dprl {
namespace {

using ::testing::HasSubstr;
using ::testing::MatchesRegex;

// The workspace is a git repository with a commit when the tests are built from a checkout:
// the stamp must then hold a 40-digit commit, not "unknown".
TEST(BuildInfoTest, TheCommitIsStampedFromTheWorkspace) {
  EXPECT_THAT(GetBuildInfo().git_commit, MatchesRegex("[0-9a-f]{40}"));
  EXPECT_NE(GetBuildInfo().version, "unknown");
  EXPECT_THAT(GetBuildInfo().build_time, MatchesRegex("[0-9]{4}-[0-9]{2}-[0-9]{2}T.*Z"));
}

TEST(BuildInfoTest, VersionTextNamesProgramVersionAndCommit) {
  const std::string text = VersionText("vietri_fig");
  EXPECT_THAT(text, HasSubstr("vietri_fig " + GetBuildInfo().version + " (git " +
                              GetBuildInfo().git_commit));
  EXPECT_EQ(text.back(), '\n');
}

}  // namespace
}  // namespace dprl
