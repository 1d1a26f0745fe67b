#include "tests/extending/toy_bonus_task.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "experiments/core/experiment_registry.h"
#include "experiments/core/task_result_checks.h"
#include "experiments/runner/experiment.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

TEST(ToyBonusGridTest, ListsEveryAgentOnEveryEnvironment) {
  for (Scale scale : {Scale::kSmoke, Scale::kDefault, Scale::kPaper}) {
    absl::StatusOr<std::vector<ConfigSpec>> configs = ToyBonusGrid::ForScale(scale).MakeConfigs();
    ASSERT_THAT(configs, IsOk());
    std::set<std::string> groups;
    for (const ConfigSpec& config : *configs) groups.insert(config.group_name);
    EXPECT_EQ(groups, (std::set<std::string>{"riverswim-toy_bonus", "riverswim-ucbvi",
                                             "random_mdp-toy_bonus", "random_mdp-ucbvi"}));
  }
}

TEST(ToyBonusGridTest, RefusesAnUnknownOrPrivateAgentNamingTheField) {
  for (const char* agent : {"no_such_agent", "pucb"}) {
    ToyBonusGrid grid = ToyBonusGrid::ForScale(Scale::kSmoke);
    grid.agents = {agent};
    EXPECT_THAT(grid.MakeConfigs(),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("agents")));
  }
}

TEST(ToyBonusTaskTest, IsRegisteredAndRunsDeterministically) {
  const ExperimentSpec* spec = FindRegisteredExperiment("toy_bonus_fig");
  ASSERT_NE(spec, nullptr);
  EXPECT_THAT(ValidateExperimentDefinition(spec->definition), IsOk());
  ToyBonusGrid grid = ToyBonusGrid::ForScale(Scale::kSmoke);
  grid.num_episodes = 200;
  const std::vector<ConfigSpec> configs = grid.MakeConfigs().value();
  NullProgressReporter progress;
  for (size_t c = 0; c < configs.size(); ++c) {
    const ConfigSpec& config = configs[c];
    SCOPED_TRACE(config.group_name);
    const TaskContext context{static_cast<int>(c), /*seed_index=*/1, /*master_seed=*/20201,
                              &progress};
    absl::StatusOr<TaskResult> first = spec->definition.run_task(config, context);
    absl::StatusOr<TaskResult> second = spec->definition.run_task(config, context);
    ASSERT_THAT(first, IsOk());
    ASSERT_THAT(second, IsOk());
    ExpectRegretOnGrid(*first, grid.num_episodes);
    EXPECT_EQ(first->series, second->series);
  }
}

}  // namespace
}  // namespace dprl
