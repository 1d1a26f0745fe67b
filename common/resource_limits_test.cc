#include "common/resource_limits.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

TEST(ResourceLimitsTest, PhysicalMemoryIsPositive) { EXPECT_GT(PhysicalMemoryBytes(), 0.0); }

TEST(ResourceLimitsTest, TheNodeLimitIsAtMostPhysicalMemory) {
  const NodeMemoryLimit limit = GetNodeMemoryLimit();
  EXPECT_GT(limit.bytes, 0.0);
  EXPECT_LE(limit.bytes, PhysicalMemoryBytes());
  EXPECT_TRUE(limit.source == "physical memory" || limit.source == "cgroup memory limit")
      << limit.source;
}

TEST(ResourceLimitsTest, HumanBytesUsesDecimalUnits) {
  EXPECT_EQ(HumanBytes(640), "640 B");
  EXPECT_EQ(HumanBytes(4.8e11), "480 GB");
  EXPECT_EQ(HumanBytes(3.2e9), "3.2 GB");
  EXPECT_EQ(HumanBytes(3.2e18), "3.2 EB");
}

// A fake /sys/fs/cgroup under the test's temporary directory.
class CgroupTest : public ::testing::Test {
 protected:
  void Write(const std::string& relative, const std::string& text) {
    const std::filesystem::path path = root_ / relative;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path) << text;
  }
  std::string root() const { return root_.string(); }

 private:
  std::filesystem::path root_ =
      std::filesystem::path(std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR") : "/tmp") /
      ::testing::UnitTest::GetInstance()->current_test_info()->name();
};

TEST_F(CgroupTest, V2TakesTheSmallestLimitOfTheCgroupAndItsAncestors) {
  Write("slurm/uid_0/job_7/memory.max", "max\n");
  Write("slurm/uid_0/memory.max", "8000000000\n");
  Write("slurm/memory.max", "16000000000\n");
  EXPECT_EQ(CgroupMemoryLimitBytes("0::/slurm/uid_0/job_7\n", root()), 8e9);
}

TEST_F(CgroupTest, V1ReadsTheMemoryControllerAndIgnoresUnlimited) {
  Write("memory/slurm/job_7/memory.limit_in_bytes", "4000000000\n");
  Write("memory/memory.limit_in_bytes", "9223372036854771712\n");
  EXPECT_EQ(
      CgroupMemoryLimitBytes("5:cpu,cpuacct:/slurm/job_7\n4:memory:/slurm/job_7\n0::/\n", root()),
      4e9);
}

TEST_F(CgroupTest, NoLimitIsInfinity) {
  Write("memory/memory.limit_in_bytes", "9223372036854771712\n");
  EXPECT_TRUE(std::isinf(CgroupMemoryLimitBytes("4:memory:/\n0::/\n", root())));
  EXPECT_TRUE(std::isinf(CgroupMemoryLimitBytes("", root())));
}

TEST(ResourceLimitsTest, AnEstimateAboveTheMachineIsRefusedNamingSubjectEstimateAndLimit) {
  SetConcurrentTasksOnNode(1, "");
  EXPECT_THAT(CheckMemoryEstimate("field 'x' = 1", 1.0), IsOk());
  EXPECT_THAT(CheckMemoryEstimate("field 'x' = 1e20", 1e20),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("field 'x' = 1e20: needs at least 1e+20 bytes (100 EB) of "
                                 "memory, above this machine's")));
}

// Tasks that compute at once on one node share its memory: 0.4 of the limit fits once or twice,
// not three times.
TEST(ResourceLimitsTest, ConcurrentTasksOnTheNodeShareItsMemory) {
  const double per_task = 0.4 * GetNodeMemoryLimit().bytes;
  SetConcurrentTasksOnNode(2, "--threads=2");
  EXPECT_THAT(CheckMemoryEstimate("field 'x' = 2", per_task), IsOk());
  SetConcurrentTasksOnNode(3, "--threads=3");
  EXPECT_THAT(CheckMemoryEstimate("field 'x' = 2", per_task),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("of memory per task, " + HumanBytes(3 * per_task) +
                                 " for the 3 tasks at once on this node (--threads=3), above "
                                 "this machine's")));
  SetConcurrentTasksOnNode(1, "");
  EXPECT_THAT(CheckMemoryEstimate("field 'x' = 2", per_task), IsOk());
}

}  // namespace
}  // namespace dprl
