#include "experiments/wang_hegde/wang_hegde_task.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "experiments/tabular_task.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

TEST(WangHegdeTaskTest, Fig1GridIsSigmaTimesJPlusReferences) {
  absl::StatusOr<std::vector<ConfigSpec>> configs = MakeWangHegdeFig1Configs(Scale::kDefault);
  ASSERT_THAT(configs, IsOk());
  ASSERT_THAT(ValidateConfigs(*configs), IsOk());
  EXPECT_EQ(configs->size(), 6u * 2u + 6u + 2u);  // + the authors' loop as run, 6 sigmas
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
  std::set<double> as_run;
  for (const ConfigSpec& config : *configs) {
    if (*Attribute<std::string>(config, "agent") != "replay_dqn_as_run") continue;
    as_run.insert(*Attribute<double>(config, "noise_stddev"));
    EXPECT_EQ(*Attribute<int64_t>(config, "batch_size"), 128);
    EXPECT_EQ(*Attribute<double>(config, "discount"), 0.999);
    EXPECT_EQ(*Attribute<std::string>(config, "optimizer"), "rmsprop");
  }
  EXPECT_EQ(as_run, (std::set<double>{0.0, 0.2, 0.4, 0.6, 0.8, 1.0}));
}

TEST(WangHegdeTaskTest, Fig2HasEveryMethodAtBothTargets) {
  for (Scale scale : {Scale::kSmoke, Scale::kDefault, Scale::kPaper}) {
    absl::StatusOr<std::vector<ConfigSpec>> configs = MakeWangHegdeFig2Configs(scale);
    ASSERT_THAT(configs, IsOk());
    ASSERT_THAT(ValidateConfigs(*configs), IsOk());
    std::set<std::string> agents;
    for (const ConfigSpec& config : *configs)
      agents.insert(*Attribute<std::string>(config, "agent"));
    EXPECT_EQ(agents, (std::set<std::string>{"functional_noise", "input_perturbation", "dp_sgd",
                                             "output_perturbation", "scripted", "uniform",
                                             "frozen", "replay_dqn_as_run"}));
    EXPECT_EQ(configs->size(), 2u * 6u + 3u);
  }
}

// A task depends only on (config, seed, master seed): running it twice gives the same returns,
// and every configuration of both figures runs at smoke scale.
TEST(WangHegdeTaskTest, EveryConfigRunsAndIsDeterministic) {
  NullProgressReporter progress;
  for (auto make : {MakeWangHegdeFig1Configs, MakeWangHegdeFig2Configs}) {
    absl::StatusOr<std::vector<ConfigSpec>> configs = make(Scale::kSmoke);
    ASSERT_THAT(configs, IsOk());
    for (int i = 0; i < static_cast<int>(configs->size()); ++i) {
      const TaskContext context{i, 1, 77, &progress};
      absl::StatusOr<TaskResult> a = RunWangHegdeTask((*configs)[i], context);
      absl::StatusOr<TaskResult> b = RunWangHegdeTask((*configs)[i], context);
      ASSERT_THAT(a, IsOk()) << (*configs)[i].group_name;
      ASSERT_THAT(b, IsOk());
      ASSERT_THAT(ValidateTaskResult(*a), IsOk());
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
  EXPECT_THAT(result,
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("unknown agent 'sarsa'")));
  config = (*MakeWangHegdeFig1Configs(Scale::kSmoke))[1];
  for (auto& [name, value] : config.attributes) {
    if (name == "noise_stddev") value = -0.5;
  }
  result = RunWangHegdeTask(config, context);
  EXPECT_THAT(result,
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("noise_stddev = -0.5")));
  config = (*MakeWangHegdeFig1Configs(Scale::kSmoke))[1];
  for (auto& [name, value] : config.attributes) {
    if (name == "batch_size") value = int64_t{64};
  }
  result = RunWangHegdeTask(config, context);
  EXPECT_THAT(result, StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("batch_size = 64")));
}

}  // namespace
}  // namespace dprl
