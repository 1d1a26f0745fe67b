#include "common/build_info.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace dprl {
namespace {

using ::testing::HasSubstr;
using ::testing::MatchesRegex;

// The workspace status command must have run (.bazelrc). Built from a git checkout, the stamp
// must hold its 40-digit commit, not "unknown"; built from a source tarball there is no commit to
// stamp, and the test says so and skips.
TEST(BuildInfoTest, TheCommitIsStampedFromTheWorkspace) {
  ASSERT_TRUE(GetBuildInfo().stamped)
      << "built without --workspace_status_command=tools/workspace_status.sh (see .bazelrc)";
  if (!GetBuildInfo().git_checkout) {
    EXPECT_EQ(GetBuildInfo().git_commit, "unknown");
    GTEST_SKIP() << "not built from a git checkout (e.g. a source tarball): no commit to stamp";
  }
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
