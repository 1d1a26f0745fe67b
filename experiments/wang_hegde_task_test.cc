#include "experiments/wang_hegde_task.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "experiments/tabular_task.h"

namespace dprl {
namespace {

TEST(WangHegdeTaskTest, Fig1GridIsSigmaTimesJPlusReferences) {
  absl::StatusOr<std::vector<ConfigSpec>> configs = MakeWangHegdeFig1Configs(Scale::kDefault);
  ASSERT_TRUE(configs.ok()) << configs.status();
  ASSERT_TRUE(ValidateConfigs(*configs).ok());
  EXPECT_EQ(configs->size(), 6u * 2u + 2u);
  std::set<std::pair<double, int64_t>> grid;
  for (const ConfigSpec& config : *configs) {
    if (*Attribute<std::string>(config, "agent") != "functional_noise") continue;
    grid.insert(
        {*Attribute<double>(config, "noise_stddev"), *Attribute<int64_t>(config, "num_resets")});
    EXPECT_EQ(*Attribute<int64_t>(config, "num_samples"), 5000);
    EXPECT_EQ(*Attribute<int64_t>(config, "batch_size"), 50);
  }
  EXPECT_EQ(grid.size(), 12u);
  EXPECT_TRUE(grid.count({1.0, 100}));
  EXPECT_TRUE(grid.count({0.0, 1}));
}

TEST(WangHegdeTaskTest, Fig2HasEveryMethodAtBothTargets) {
  for (Scale scale : {Scale::kSmoke, Scale::kDefault, Scale::kPaper}) {
    absl::StatusOr<std::vector<ConfigSpec>> configs = MakeWangHegdeFig2Configs(scale);
    ASSERT_TRUE(configs.ok()) << configs.status();
    ASSERT_TRUE(ValidateConfigs(*configs).ok());
    std::set<std::string> agents;
    for (const ConfigSpec& config : *configs)
      agents.insert(*Attribute<std::string>(config, "agent"));
    EXPECT_EQ(agents, (std::set<std::string>{"functional_noise", "input_perturbation", "dp_sgd",
                                             "output_perturbation", "scripted", "uniform"}));
    EXPECT_EQ(configs->size(), 2u * 5u + 2u);
  }
}

// A task depends only on (config, seed, master seed): running it twice gives the same returns,
// and every configuration of both figures runs at smoke scale.
TEST(WangHegdeTaskTest, EveryConfigRunsAndIsDeterministic) {
  NullProgressReporter progress;
  for (auto make : {MakeWangHegdeFig1Configs, MakeWangHegdeFig2Configs}) {
    absl::StatusOr<std::vector<ConfigSpec>> configs = make(Scale::kSmoke);
    ASSERT_TRUE(configs.ok());
    for (int i = 0; i < static_cast<int>(configs->size()); ++i) {
      const TaskContext context{i, 1, 77, &progress};
      absl::StatusOr<TaskResult> a = RunWangHegdeTask((*configs)[i], context);
      absl::StatusOr<TaskResult> b = RunWangHegdeTask((*configs)[i], context);
      ASSERT_TRUE(a.ok()) << (*configs)[i].group_name << ": " << a.status();
      ASSERT_TRUE(b.ok());
      ASSERT_TRUE(ValidateTaskResult(*a).ok());
      EXPECT_EQ(a->series[0].second, b->series[0].second) << (*configs)[i].group_name;
      EXPECT_EQ(a->series[0].second.size(), 10u);
    }
  }
}

TEST(WangHegdeTaskTest, BadConfigurationsAreErrors) {
  NullProgressReporter progress;
  const TaskContext context{0, 0, 1, &progress};
  ConfigSpec config = (*MakeWangHegdeFig1Configs(Scale::kSmoke))[0];
  for (auto& [name, value] : config.attributes) {
    if (name == "agent") value = std::string("sarsa");
  }
  absl::StatusOr<TaskResult> result = RunWangHegdeTask(config, context);
  EXPECT_EQ(result.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(result.status().message().find("unknown agent 'sarsa'"), std::string::npos);
  config = (*MakeWangHegdeFig1Configs(Scale::kSmoke))[1];
  for (auto& [name, value] : config.attributes) {
    if (name == "noise_stddev") value = -0.5;
  }
  result = RunWangHegdeTask(config, context);
  EXPECT_NE(result.status().message().find("noise_stddev = -0.5"), std::string::npos)
      << result.status();
  config = (*MakeWangHegdeFig1Configs(Scale::kSmoke))[1];
  for (auto& [name, value] : config.attributes) {
    if (name == "batch_size") value = int64_t{64};
  }
  result = RunWangHegdeTask(config, context);
  EXPECT_NE(result.status().message().find("batch_size = 64"), std::string::npos)
      << result.status();
}

}  // namespace
}  // namespace dprl
