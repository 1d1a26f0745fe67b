#include "experiments/runner/code_versions.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(CodeVersionsTest, AttributeListsEveryTaskByVersionAndGroupWithSeedRanges) {
  const CodeVersion old_code{"aaa", false}, new_code{"bbb", true};
  TaskCodeVersions versions;
  for (int seed = 0; seed < 6; ++seed) {
    versions.Add("g1", seed, seed < 3 || seed == 5 ? old_code : new_code);
    versions.Add("g0", seed, seed < 3 ? old_code : new_code);
  }
  EXPECT_THAT(versions.Versions(), ElementsAre(old_code, new_code));
  const std::string text = versions.ToAttribute();
  EXPECT_EQ(text,
            "aaa\t0\tg1\t0-2,5\n"
            "aaa\t0\tg0\t0-2\n"
            "bbb\t1\tg1\t3-4\n"
            "bbb\t1\tg0\t3-5\n");
  absl::StatusOr<TaskCodeVersions> parsed = TaskCodeVersions::FromAttribute(text, 6);
  ASSERT_THAT(parsed, IsOk());
  EXPECT_EQ(parsed->ToAttribute(), text);
  EXPECT_EQ(parsed->Find("g1", 5), old_code);
  EXPECT_EQ(parsed->Find("g1", 4), new_code);
  EXPECT_EQ(parsed->Find("g2", 0), std::nullopt);
}

TEST(CodeVersionsTest, RefusesMalformedLinesAndSeedsPastTheFile) {
  for (const char* text : {"aaa\t0\tg\n", "aaa\t2\tg\t0\n", "aaa\t0\tg\t2-1\n",
                           "aaa\t0\tg\tx\n", "aaa\t0\tg\t0-1-2\n", "\t0\tg\t0\n"}) {
    EXPECT_THAT(TaskCodeVersions::FromAttribute(text, 3),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("task_code_versions line 1")))
        << text;
  }
  EXPECT_THAT(TaskCodeVersions::FromAttribute("aaa\t0\tg\t0-3\n", 3),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("below 3")));
}

TEST(CodeVersionsTest, DescribesOneOrSeveralVersions) {
  EXPECT_EQ(DescribeCodeVersion({"aaa", true}), "commit aaa with uncommitted changes");
  EXPECT_EQ(DescribeCodeVersions({{"aaa", false}}), "commit aaa");
  EXPECT_EQ(DescribeCodeVersions({{"aaa", false}, {"bbb", true}, {"ccc", false}}),
            "commits aaa, bbb with uncommitted changes and ccc");
}

}  // namespace
}  // namespace dprl
