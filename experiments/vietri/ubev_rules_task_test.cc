#include "experiments/vietri/ubev_rules_task.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "experiments/runner/experiment.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

TEST(UbevRulesTaskTest, EveryScaleListsBothRulesOnEveryEnvironment) {
  for (Scale scale : {Scale::kSmoke, Scale::kDefault, Scale::kPaper}) {
    absl::StatusOr<std::vector<ConfigSpec>> configs = UbevRulesGrid::ForScale(scale).MakeConfigs();
    ASSERT_THAT(configs, IsOk());
    ASSERT_EQ(configs->size(), 4u);
    EXPECT_EQ((*configs)[1].group_name, "riverswim-ubev_as_run");
  }
  EXPECT_THAT(ValidateExperimentDefinition(UbevRulesExperiment()), IsOk());
}

TEST(UbevRulesTaskTest, RefusesABadFailureProbability) {
  UbevRulesGrid grid = UbevRulesGrid::ForScale(Scale::kSmoke);
  grid.failure_probability = 1.5;
  EXPECT_THAT(grid.MakeConfigs(), StatusIs(absl::StatusCode::kInvalidArgument,
                                           ::testing::HasSubstr("failure_probability")));
}

}  // namespace
}  // namespace dprl
