#include "experiments/chowdhury_zhou/jdp_tabular_task.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "common/hdf5_names.h"
#include "experiments/core/grid_validation.h"
#include "experiments/core/task_cost_model.h"
#include "experiments/core/task_result_checks.h"
#include "experiments/tabular/tabular_task.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

const AttributeValue& Attribute(const ConfigSpec& config, const std::string& name) {
  const AttributeValue* value = FindAttribute(config.attributes, name);
  EXPECT_NE(value, nullptr) << config.group_name << " lacks " << name;
  static const AttributeValue kNone = std::string();
  return value != nullptr ? *value : kNone;
}

TEST(JdpTabularConfigsTest, EveryScaleHasEveryAgentAtEveryEpsOnBothEnvironments) {
  for (Scale scale : {Scale::kSmoke, Scale::kDefault, Scale::kPaper}) {
    absl::StatusOr<std::vector<ConfigSpec>> configs = JdpTabularGrid::ForScale(scale).MakeConfigs();
    ASSERT_THAT(configs, IsOk());
    EXPECT_THAT(ValidateConfigs(*configs), IsOk());
    const JdpTabularGrid grid = JdpTabularGrid::ForScale(scale);
    std::set<std::string> groups;
    for (const ConfigSpec& config : *configs) groups.insert(config.group_name);
    for (const std::string env : {"riverswim", "random_mdp"}) {
      EXPECT_TRUE(groups.count(env + "-ucbvi"));
      EXPECT_TRUE(groups.count(env + "-pucb_noiseless"));
      for (double eps : grid.privacy_epsilons) {
        for (const std::string agent : {"pucb", "pucb-exact", "private_ucbvi"}) {
          EXPECT_TRUE(groups.count(env + "-" + agent + "-eps=" + GroupNameNumber(eps)))
              << env << " " << agent << " " << eps;
        }
      }
    }
    EXPECT_EQ(configs->size(), 2 * (2 + 3 * grid.privacy_epsilons.size()));
  }
}

TEST(JdpTabularConfigsTest, PrivateAgentsShareEpsAndNeighbourRelation) {
  std::vector<ConfigSpec> configs = JdpTabularGrid::ForScale(Scale::kSmoke).MakeConfigs().value();
  std::map<std::string, const ConfigSpec*> by_name;
  for (const ConfigSpec& config : configs) by_name[config.group_name] = &config;
  const ConfigSpec& ucbvi = *by_name.at("riverswim-private_ucbvi-eps=10");
  const ConfigSpec& pucb = *by_name.at("riverswim-pucb-eps=10");
  for (const ConfigSpec* config : {&ucbvi, &pucb}) {
    EXPECT_EQ(std::get<double>(Attribute(*config, hdf5_names::kPrivacyEpsilon)), 10.0);
    EXPECT_EQ(std::get<double>(Attribute(*config, hdf5_names::kPrivacyEpsilonReplacement)), 20.0);
    EXPECT_EQ(std::get<std::string>(Attribute(*config, hdf5_names::kNeighbourRelation)),
              "add_remove");
    EXPECT_GT(std::get<double>(Attribute(*config, hdf5_names::kErrorBound)), 0.0);
  }
  EXPECT_EQ(std::get<std::string>(Attribute(ucbvi, hdf5_names::kAgent)), "private_ucbvi");
  // Private-UCB-VI is charged per episode x S^2 A H, UCB-VI per episode x S A H (S = 4 here).
  const ConfigSpec& reference = *by_name.at("riverswim-ucbvi");
  // Both also pay for building the MDP once (TabularModelCoreSeconds), which the ratio leaves out.
  const double model = TabularModelCoreSeconds(TabularShapeBinding().Read(reference).value());
  absl::StatusOr<const CostModel*> private_row = FindCostModel("private_ucbvi");
  absl::StatusOr<const CostModel*> reference_row = FindCostModel("ucbvi");
  ASSERT_THAT(private_row, IsOk());
  ASSERT_THAT(reference_row, IsOk());
  EXPECT_DOUBLE_EQ(
      (ucbvi.estimated_core_seconds - model) / (reference.estimated_core_seconds - model),
      4 * (*private_row)->core_seconds_per_unit / (*reference_row)->core_seconds_per_unit);
}

TEST(JdpTabularConfigsTest, BadFieldsAreRefusedByName) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"private_agents", "pucb,dp_ucbvi"},
      {"privacy_epsilons", "0"},
      {"reference_agents", "pucb"},
      {"failure_probability", "1"},
  };
  for (const auto& [field, value] : cases) {
    TypedGrid<JdpTabularGrid> grid(Scale::kSmoke);
    absl::Status set = grid.fields().SetFromText(field, value);
    if (!set.ok()) {
      EXPECT_THAT(set.message(), HasSubstr(field));
      continue;
    }
    EXPECT_THAT(grid.grid().MakeConfigs(),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr(field)))
        << field << "=" << value;
  }
}

TEST(JdpTabularTaskTest, PrivateUcbviTaskIsDeterministicWithRegretOnTheGrid) {
  std::vector<ConfigSpec> configs = JdpTabularGrid::ForScale(Scale::kSmoke).MakeConfigs().value();
  NullProgressReporter progress;
  for (const ConfigSpec& config : configs) {
    if (config.group_name != "random_mdp-private_ucbvi-eps=1000") continue;
    TaskContext context{0, 1, 20201, &progress};
    TaskResult first = RunTabularRegretTask(config, context).value();
    TaskResult second = RunTabularRegretTask(config, context).value();
    ExpectRegretOnGrid(first, 2000);
    EXPECT_EQ(first.series, second.series);
    EXPECT_EQ(first.scalars, second.scalars);
    EXPECT_THAT(ValidateTaskResult(first), IsOk());
    return;
  }
  FAIL() << "no random_mdp-private_ucbvi-eps=1000 group";
}

}  // namespace
}  // namespace dprl
