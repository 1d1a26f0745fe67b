#include "experiments/chowdhury/private_ofu_task.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "common/hdf5_names.h"
#include "experiments/core/episode_grid.h"
#include "experiments/core/task_result_checks.h"
#include "experiments/lq/lq_registry.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(PrivateOfuTaskTest, ConfigsAreValidAtEveryScale) {
  for (Scale scale : {Scale::kSmoke, Scale::kDefault, Scale::kPaper}) {
    absl::StatusOr<std::vector<ConfigSpec>> configs = PrivateOfuGrid::ForScale(scale).MakeConfigs();
    ASSERT_THAT(configs, IsOk());
    EXPECT_THAT(ValidateConfigs(*configs), IsOk()) << ScaleName(scale);
    std::set<std::string> agents, envs;
    for (const ConfigSpec& c : *configs) {
      const LqConfigNames names = LqConfigNamesBinding().Read(c).value();
      agents.insert(names.agent);
      envs.insert(names.env);
      EXPECT_EQ(names.label, FindLqAgent(names.agent).value()->label);
    }
    // Every registered agent, both calibrations of Alg. 1 among them.
    const std::vector<std::string> registered = LqAgentNames();
    EXPECT_EQ(agents, std::set<std::string>(registered.begin(), registered.end()));
    EXPECT_EQ(agents.count("private_ofu_rl_tight"), 1u);
    EXPECT_GE(envs.size(), 3u);
    EXPECT_EQ(envs.count("relay_n2"), 1u) << ScaleName(scale);
  }
}

TEST(PrivateOfuTaskTest, TaskIsDeterministicAndStoresRegretOnTheGrid) {
  absl::StatusOr<std::vector<ConfigSpec>> configs =
      PrivateOfuGrid::ForScale(Scale::kSmoke).MakeConfigs();
  ASSERT_THAT(configs, IsOk());
  NullProgressReporter progress;
  const TaskContext context{1, 0, 7, &progress};
  absl::StatusOr<TaskResult> a = RunPrivateOfuTask((*configs)[1], context);
  absl::StatusOr<TaskResult> b = RunPrivateOfuTask((*configs)[1], context);
  ASSERT_THAT(a, IsOk());
  ASSERT_THAT(b, IsOk());
  EXPECT_THAT(ValidateTaskResult(*a), IsOk());
  ExpectRegretOnGrid(*a, 64);
  const std::vector<double>& iterations = SeriesOf(*a, hdf5_names::kCumulativeOfuIterations);
  ASSERT_EQ(iterations.size(), RegretEpisodeGrid(64).size());
  for (size_t j = 1; j < iterations.size(); ++j) EXPECT_GE(iterations[j], iterations[j - 1]);
  EXPECT_EQ(a->series, b->series);
  EXPECT_EQ(a->scalars, b->scalars);
}

// The baselines' knobs travel in the config attributes, and the task reads them back: a smaller
// ridge or another dither changes the dithered agent's results.
TEST(PrivateOfuGridTest, BaselineSettingsAreRecordedAndUsed) {
  auto run = [](const std::string& ridge, const std::string& dither) {
    TypedGrid<PrivateOfuGrid> grid(Scale::kSmoke);
    EXPECT_THAT(grid.fields().SetFromText("systems", "relay_n2"), IsOk());
    EXPECT_THAT(grid.fields().SetFromText("agents", "private_ce_dither"), IsOk());
    EXPECT_THAT(grid.fields().SetFromText("privacy_epsilons", "1000"), IsOk());
    EXPECT_THAT(grid.fields().SetFromText("num_episodes", "16"), IsOk());
    EXPECT_THAT(grid.fields().SetFromText("ce_ridge", ridge), IsOk());
    EXPECT_THAT(grid.fields().SetFromText("dither_scale", dither), IsOk());
    const std::vector<ConfigSpec> configs = grid.MakeConfigs().value();
    EXPECT_EQ(configs.size(), 1u);
    EXPECT_EQ(configs[0].group_name, "relay_n2-private_ce_dither-eps=1000");
    const LqAgentOptions& preset = FindLqAgent("private_ce_dither").value()->preset;
    const LqAgentOptions recorded =
        LqAgentParameterBinding(preset, "agent").Read(configs[0], preset).value();
    EXPECT_EQ(recorded.ce_ridge, std::stod(ridge));
    EXPECT_EQ(recorded.dither_scale, std::stod(dither));
    NullProgressReporter progress;
    return RunPrivateOfuTask(configs[0], {0, 0, 3, &progress}).value();
  };
  const TaskResult base = run("1", "0.5");
  EXPECT_THAT(ValidateTaskResult(base), IsOk());
  EXPECT_NE(base.series, run("0.1", "0.5").series);
  EXPECT_NE(base.series, run("1", "0.25").series);

  // Negative, and huge (from ~1e154 the dithered cost overflows double: the run aborted on a NaN
  // regret, and at 1e154 wrote inf), are refused where the grid is validated (--dry_run too).
  for (const std::string value : {"-1", "1e300", "1e154", "1001"}) {
    TypedGrid<PrivateOfuGrid> bad(Scale::kSmoke);
    ASSERT_THAT(bad.fields().SetFromText("dither_scale", value), IsOk());
    EXPECT_THAT(bad.MakeConfigs(),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         HasSubstr("'dither_scale' must be finite and in [0, 1000]")))
        << value;
  }
  TypedGrid<PrivateOfuGrid> bad_ridge(Scale::kSmoke);
  ASSERT_THAT(bad_ridge.fields().SetFromText("ce_ridge", "0"), IsOk());
  EXPECT_THAT(bad_ridge.MakeConfigs(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("ce_ridge")));
}

// ofu_minimiser: absent from every group at the default (ceres: the attributes of the runs before
// the option existed); lbfgspp is recorded on the ofu_step agents only, read back and used (the
// step's end points, and so the regret, differ); another name is refused by field.
TEST(PrivateOfuGridTest, OfuMinimiserIsRecordedOnlyWhenNotCeres) {
  auto configs_with = [](const std::string& minimiser) {
    TypedGrid<PrivateOfuGrid> grid(Scale::kSmoke);
    EXPECT_THAT(grid.fields().SetFromText("systems", "chain_n2"), IsOk());
    EXPECT_THAT(grid.fields().SetFromText("agents", "ofu_rl,private_ce"), IsOk());
    EXPECT_THAT(grid.fields().SetFromText("privacy_epsilons", "1000"), IsOk());
    if (!minimiser.empty()) {
      EXPECT_THAT(grid.fields().SetFromText("ofu_minimiser", minimiser), IsOk());
    }
    return grid.MakeConfigs().value();
  };
  const std::vector<ConfigSpec> defaults = configs_with("");
  const std::vector<ConfigSpec> ceres = configs_with("ceres");
  const std::vector<ConfigSpec> lbfgspp = configs_with("lbfgspp");
  ASSERT_EQ(defaults.size(), 2u);
  for (size_t c = 0; c < defaults.size(); ++c) {
    EXPECT_EQ(FindAttribute(defaults[c].attributes, "ofu_minimiser"), nullptr);
    EXPECT_EQ(defaults[c].attributes, ceres[c].attributes);
  }
  EXPECT_EQ(lbfgspp[0].group_name, "chain_n2-ofu_rl");
  EXPECT_EQ(ConfigAttribute<std::string>(lbfgspp[0], "ofu_minimiser"), "lbfgspp");
  EXPECT_EQ(FindAttribute(lbfgspp[1].attributes, "ofu_minimiser"), nullptr);  // no OFU step
  const LqAgentOptions& preset = FindLqAgent("ofu_rl").value()->preset;
  EXPECT_EQ(LqAgentParameterBinding(preset, "agent").Read(lbfgspp[0], preset)->ofu.minimiser,
            OfuMinimiser::kLbfgspp);
  NullProgressReporter progress;
  const TaskResult with_ceres = RunPrivateOfuTask(defaults[0], {0, 0, 3, &progress}).value();
  const TaskResult with_lbfgspp = RunPrivateOfuTask(lbfgspp[0], {0, 0, 3, &progress}).value();
  EXPECT_THAT(ValidateTaskResult(with_lbfgspp), IsOk());
  EXPECT_NE(with_ceres.series, with_lbfgspp.series);

  TypedGrid<PrivateOfuGrid> bad(Scale::kSmoke);
  ASSERT_THAT(bad.fields().SetFromText("ofu_minimiser", "bfgs"), IsOk());
  EXPECT_THAT(bad.MakeConfigs(),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       "field 'ofu_minimiser': 'bfgs' is not one of ceres | lbfgspp"));
}

TEST(PrivateOfuTaskTest, BadConfigIsAnError) {
  ConfigSpec config;
  config.group_name = "x";
  config.attributes = {{"env", std::string("nope")},
                       {"agent", std::string("ofu_rl")},
                       {"horizon", int64_t{5}},
                       {"num_episodes", int64_t{4}}};
  NullProgressReporter progress;
  absl::StatusOr<TaskResult> r = RunPrivateOfuTask(config, TaskContext{0, 0, 1, &progress});
  EXPECT_THAT(r, StatusIs(absl::StatusCode::kInvalidArgument,
                          HasSubstr("unknown LQ system 'nope' (one of chain_n2, ")));
}

TEST(PrivateOfuGridTest, OverridesAndStoredValues) {
  TypedGrid<PrivateOfuGrid> grid(Scale::kSmoke);
  ASSERT_THAT(grid.fields().SetFromText("systems", "chain_n2"), IsOk());
  ASSERT_THAT(grid.fields().SetFromText("agents", "private_ce"), IsOk());
  ASSERT_THAT(grid.fields().SetFromText("privacy_epsilons", "0.5,20"), IsOk());
  ASSERT_THAT(grid.fields().SetFromText("num_episodes", "8"), IsOk());
  const std::vector<ConfigSpec> configs = grid.MakeConfigs().value();
  std::vector<std::string> groups;
  for (const ConfigSpec& config : configs) groups.push_back(config.group_name);
  EXPECT_THAT(groups, ElementsAre("chain_n2-private_ce-eps=0.5", "chain_n2-private_ce-eps=20"));
  NullProgressReporter progress;
  const TaskResult result = RunPrivateOfuTask(configs[0], {0, 0, 20201, &progress}).value();
  int64_t values = static_cast<int64_t>(result.scalars.size());
  for (const auto& [name, series] : result.series) values += static_cast<int64_t>(series.size());
  EXPECT_EQ(values, configs[0].stored_values_per_seed);

  TypedGrid<PrivateOfuGrid> bad(Scale::kSmoke);
  ASSERT_THAT(bad.fields().SetFromText("systems", "chain_n3"), IsOk());
  EXPECT_THAT(bad.MakeConfigs(), StatusIs(absl::StatusCode::kInvalidArgument,
                                          HasSubstr("field 'systems': 'chain_n3' is not one of")));
}

}  // namespace
}  // namespace dprl
