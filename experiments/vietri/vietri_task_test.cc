#include "experiments/vietri/vietri_task.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "common/hdf5_names.h"
#include "experiments/core/task_result_checks.h"
#include "experiments/tabular/tabular_task.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(VietriConfigsTest, EveryScaleHasValidConfigsWithBothAgentsOnBothEnvironments) {
  for (Scale scale : {Scale::kSmoke, Scale::kDefault, Scale::kPaper}) {
    absl::StatusOr<std::vector<ConfigSpec>> configs = VietriGrid::ForScale(scale).MakeConfigs();
    ASSERT_THAT(configs, IsOk());
    EXPECT_THAT(ValidateConfigs(*configs), IsOk());
    std::set<std::string> groups;
    for (const ConfigSpec& config : *configs) groups.insert(config.group_name);
    EXPECT_TRUE(groups.count("riverswim-ubev"));
    EXPECT_TRUE(groups.count("random_mdp-ubev"));
    EXPECT_TRUE(groups.count("riverswim-ubev_as_run"));
    EXPECT_TRUE(groups.count("random_mdp-ubev_as_run"));
  }
}

TEST(VietriTaskTest, TaskIsDeterministicAndRegretIsNonNegative) {
  std::vector<ConfigSpec> configs = VietriGrid::ForScale(Scale::kSmoke).MakeConfigs().value();
  NullProgressReporter progress;
  for (int c : {0, 1, 3}) {  // riverswim UBEV (paper's Alg. 1, authors' code), the first PUCB
    TaskContext context{c, 1, 20201, &progress};
    TaskResult first = RunTabularRegretTask(configs[c], context).value();
    TaskResult second = RunTabularRegretTask(configs[c], context).value();
    ASSERT_EQ(first.series.size(), 2u);  // episode_grid, cumulative_regret
    ExpectRegretOnGrid(first, 3000);
    EXPECT_EQ(first.series, second.series);
    EXPECT_EQ(first.scalars, second.scalars);
    ScalarOf(first, hdf5_names::kFirstEpisodeBonusBelowHorizon);
    EXPECT_THAT(ValidateTaskResult(first), IsOk());
  }
}

TEST(VietriGridTest, OverridesChangeTheConfigurations) {
  TypedGrid<VietriGrid> grid(Scale::kDefault);
  for (const char* set :
       {"environments=riverswim", "riverswim.num_states=10", "privacy_epsilons=0.5,5",
        "exact_tail_privacy_epsilons=5", "num_episodes=1e6"}) {
    const std::string text(set);
    const size_t eq = text.find('=');
    ASSERT_THAT(grid.fields().SetFromText(text.substr(0, eq), text.substr(eq + 1)), IsOk());
  }
  absl::StatusOr<std::vector<ConfigSpec>> configs = grid.MakeConfigs();
  ASSERT_THAT(configs, IsOk());
  std::vector<std::string> groups;
  for (const ConfigSpec& config : *configs) {
    groups.push_back(config.group_name);
    EXPECT_EQ(TabularShapeBinding().Read(config).value().num_states, 10);
    EXPECT_EQ(TabularRegretSettingsBinding().Read(config).value().num_episodes, 1000000);
  }
  EXPECT_THAT(groups, ElementsAre("riverswim-ubev", "riverswim-ubev_as_run",
                                  "riverswim-pucb_noiseless", "riverswim-pucb-eps=0.5",
                                  "riverswim-pucb-eps=5", "riverswim-pucb-exact-eps=5"));
}

TEST(VietriGridTest, BadFieldsAreNamed) {
  auto error_of = [](const std::string& field, const std::string& value) {
    TypedGrid<VietriGrid> grid(Scale::kSmoke);
    EXPECT_THAT(grid.fields().SetFromText(field, value), IsOk());
    return grid.MakeConfigs().status();
  };
  EXPECT_THAT(error_of("num_episodes", "0"), StatusIs(absl::StatusCode::kInvalidArgument,
                                                      "field 'num_episodes' must be >= 1, got 0"));
  EXPECT_THAT(error_of("environments", "riverswim,gridworld"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       "field 'environments': 'gridworld' is not one of random_mdp, riverswim"));
  EXPECT_THAT(error_of("privacy_epsilons", "1,-2"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("field 'privacy_epsilons' value #2 must be finite and > 0")));
  EXPECT_THAT(
      error_of("failure_probability", "1"),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("field 'failure_probability'")));
  EXPECT_THAT(error_of("riverswim.num_states", "1"),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("fields 'riverswim.*': ")));
  EXPECT_THAT(error_of("riverswim.reward_model", "gaussian"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("fields 'riverswim.*': configuration riverswim: parameter "
                                 "'reward_model' of environment riverswim: 'gaussian' is not "
                                 "one of deterministic | bernoulli")));
  EXPECT_THAT(
      error_of("reference_agents", "ubev,ubev"),
      StatusIs(absl::StatusCode::kInvalidArgument, "field 'reference_agents' lists 'ubev' twice"));
}

TEST(VietriTaskTest, StoredValuesEstimateMatchesTheResult) {
  std::vector<ConfigSpec> configs = VietriGrid::ForScale(Scale::kSmoke).MakeConfigs().value();
  NullProgressReporter progress;
  for (int c : {0, 2}) {
    const TaskResult result = RunTabularRegretTask(configs[c], {c, 0, 20201, &progress}).value();
    int64_t values = static_cast<int64_t>(result.scalars.size());
    for (const auto& [name, series] : result.series) values += static_cast<int64_t>(series.size());
    EXPECT_EQ(values, configs[c].stored_values_per_seed) << configs[c].group_name;
  }
}

// The estimate of a task at large S against its cost measured by hand (user + system CPU time of
// a --threads=1 run of the one task less that of its --dry_run, 2-core development machine,
// 2026-12-02). A task of few episodes costs what building its MDP costs, which the per-episode
// rows alone missed by 1e4x: the estimate must be within 2x of the measured cost.
TEST(VietriTaskCostTest, LargeStateSpaceEstimatesAreWithinTwiceTheMeasuredCost) {
  struct Measured {
    const char* agent;
    TabularShape shape;
    int64_t num_episodes;
    double core_seconds;
  };
  const Measured cases[] = {
      {"ubev", {3000, 2, 4}, 1, 6.44},     // random_mdp, S = 3 000: 5.5e-4 before
      {"ubev", {1000, 2, 4}, 1, 0.79},     // random_mdp, S = 1 000
      {"ubev", {3000, 2, 5}, 1, 2.94},     // riverswim, S = 3 000
      {"ubev", {1000, 2, 5}, 1, 0.39},     // riverswim, S = 1 000
      {"ubev", {3000, 2, 4}, 3000, 6.81},  // random_mdp, smoke's T: 1.65 before
  };
  for (const Measured& task : cases) {
    ConfigSpec config;
    config.group_name = absl::StrCat(task.agent, "-S=", task.shape.num_states);
    TabularAgentNameBinding().Write(TabularTypeNames{"", task.agent}, config.attributes);
    const double estimate = TabularTaskCoreSeconds(config, task.shape, task.num_episodes);
    EXPECT_GE(estimate, task.core_seconds / 2) << config.group_name;
    EXPECT_LE(estimate, task.core_seconds * 2) << config.group_name;
  }
}

TEST(VietriTaskTest, RejectsConfigWithoutAttributes) {
  ConfigSpec broken;
  broken.group_name = "broken";
  NullProgressReporter progress;
  absl::StatusOr<TaskResult> result = RunTabularRegretTask(broken, {0, 0, 1, &progress});
  EXPECT_THAT(result, StatusIs(absl::StatusCode::kInvalidArgument, ::testing::HasSubstr("env")));
}

}  // namespace
}  // namespace dprl
