#include "experiments/vietri_task.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include "common/hdf5_names.h"
#include "experiments/task_result_checks.h"

namespace dprl {
namespace {

class NullProgress : public ProgressReporter {
 public:
  void Update(double) override {}
};

TEST(VietriConfigsTest, EveryScaleHasValidConfigsWithBothAgentsOnBothEnvironments) {
  for (Scale scale : {Scale::kSmoke, Scale::kDefault, Scale::kPaper}) {
    absl::StatusOr<std::vector<ConfigSpec>> configs = MakeVietriConfigs(scale);
    ASSERT_TRUE(configs.ok());
    EXPECT_TRUE(ValidateConfigs(*configs).ok());
    std::set<std::string> groups;
    for (const ConfigSpec& config : *configs) groups.insert(config.group_name);
    EXPECT_TRUE(groups.count("riverswim-ubev"));
    EXPECT_TRUE(groups.count("random_mdp-ubev"));
  }
  EXPECT_TRUE(ValidateExperimentDefinition(VietriExperiment()).ok());
}

TEST(VietriTaskTest, TaskIsDeterministicAndRegretIsNonNegative) {
  std::vector<ConfigSpec> configs = MakeVietriConfigs(Scale::kSmoke).value();
  NullProgress progress;
  for (int c : {0, 1}) {  // riverswim UBEV and the first PUCB
    TaskContext context{c, 1, 20201, &progress};
    TaskResult first = RunVietriTask(configs[c], context).value();
    TaskResult second = RunVietriTask(configs[c], context).value();
    ASSERT_EQ(first.series.size(), 2u);  // episode_grid, cumulative_regret
    ExpectRegretOnGrid(first, 3000);
    EXPECT_EQ(first.series, second.series);
    EXPECT_EQ(first.scalars, second.scalars);
    ScalarOf(first, hdf5_names::kFirstEpisodeBonusBelowHorizon);
    EXPECT_TRUE(ValidateTaskResult(first).ok());
  }
}

TEST(VietriTaskTest, RejectsConfigWithoutAttributes) {
  ConfigSpec broken;
  broken.group_name = "broken";
  NullProgress progress;
  absl::StatusOr<TaskResult> result = RunVietriTask(broken, {0, 0, 1, &progress});
  EXPECT_FALSE(result.ok());
  EXPECT_THAT(std::string(result.status().message()), ::testing::HasSubstr("env"));
}

}  // namespace
}  // namespace dprl
