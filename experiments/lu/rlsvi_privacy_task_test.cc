#include "experiments/lu/rlsvi_privacy_task.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "algorithms/accounting/rlsvi_privacy.h"
#include "common/hdf5_names.h"
#include "experiments/core/task_result_checks.h"
#include "experiments/tabular/agents/pucb.h"
#include "experiments/tabular/tabular_task.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

const ConfigSpec& Find(const std::vector<ConfigSpec>& configs, const std::string& group) {
  for (const ConfigSpec& config : configs) {
    if (config.group_name == group) return config;
  }
  ADD_FAILURE() << "no group " << group;
  return configs.front();
}

TEST(RlsviPrivacyConfigsTest, EveryScaleIsValidWithCurvesAndAllThreeAgentsOnBothEnvironments) {
  for (Scale scale : {Scale::kSmoke, Scale::kDefault, Scale::kPaper}) {
    absl::StatusOr<std::vector<ConfigSpec>> configs =
        RlsviPrivacyGrid::ForScale(scale).MakeConfigs();
    ASSERT_THAT(configs, IsOk());
    EXPECT_THAT(ValidateConfigs(*configs), IsOk());
    std::map<std::string, int> kinds;
    for (const ConfigSpec& config : *configs)
      ++kinds[ConfigAttribute<std::string>(config, hdf5_names::kKind)];
    EXPECT_EQ(kinds["privacy_curve"], 12);  // 4 shapes x 3 deltas
    EXPECT_EQ(kinds["regret"], 6);          // 2 envs x 3 agents
    for (const std::string env : {"riverswim", "random_mdp"}) {
      const ConfigSpec& rlsvi = Find(*configs, env + "-rlsvi");
      const ConfigSpec& pucb = Find(*configs, env + "-pucb");
      Find(*configs, env + "-ubev");
      EXPECT_EQ(ConfigAttribute<std::string>(rlsvi, hdf5_names::kPrivacyProtects), "rewards");
      EXPECT_EQ(ConfigAttribute<std::string>(pucb, hdf5_names::kPrivacyProtects),
                "states_and_rewards");
      // PUCB runs at RLSVI's privacy_epsilon for this K and delta, from the accountant.
      RlsviPrivacyOptions options;
      const TabularShape shape = TabularShapeBinding().Read(rlsvi).value();
      options.num_states = shape.num_states;
      options.num_actions = shape.num_actions;
      options.horizon = shape.horizon;
      options.num_episodes = TabularRegretSettingsBinding().Read(rlsvi).value().num_episodes;
      const double expected = RlsviCorollary14Epsilon(options, kRlsviRegretTargetDelta).value();
      EXPECT_EQ(ConfigAttribute<double>(rlsvi, hdf5_names::kPrivacyEpsilon), expected);
      EXPECT_EQ(PucbBinding().Read(pucb).value().privacy_epsilon, expected);
      EXPECT_EQ(ConfigAttribute<double>(rlsvi, hdf5_names::kTargetDelta), kRlsviRegretTargetDelta);
      EXPECT_EQ(ConfigAttribute<double>(pucb, hdf5_names::kTargetDelta), 0.0);
      EXPECT_LT(ConfigAttribute<double>(rlsvi, hdf5_names::kPrivacyEpsilonImproved), expected);
      EXPECT_GT(expected, 10.0);  // the finding: large at realistic K
    }
  }
}

// Valid target deltas whose %g forms are equal still name distinct curves (GroupNameNumber).
TEST(RlsviPrivacyConfigsTest, CloseTargetDeltasNameDistinctCurves) {
  RlsviPrivacyGrid grid = RlsviPrivacyGrid::ForScale(Scale::kSmoke);
  grid.curve_shapes = {"S4_A2_H5"};
  grid.curve_target_deltas = {0.1000000001, 0.1000000002};
  absl::StatusOr<std::vector<ConfigSpec>> configs = grid.MakeConfigs();
  ASSERT_THAT(configs, IsOk());
  EXPECT_THAT(ValidateConfigs(*configs), IsOk());
  Find(*configs, "privacy-S=4-A=2-H=5-delta=0.1000000001");
  Find(*configs, "privacy-S=4-A=2-H=5-delta=0.1000000002");
}

TEST(RlsviPrivacyTaskTest, PrivacyCurveMatchesTheAccountantAndIsTheSameForEverySeed) {
  std::vector<ConfigSpec> configs = RlsviPrivacyGrid::ForScale(Scale::kSmoke).MakeConfigs().value();
  const ConfigSpec& curve = Find(configs, "privacy-S=5-A=2-H=10-delta=1e-05");
  NullProgressReporter progress;
  TaskResult seed0 = RunRlsviPrivacyTask(curve, {0, 0, 20201, &progress}).value();
  TaskResult seed1 = RunRlsviPrivacyTask(curve, {0, 1, 7, &progress}).value();
  EXPECT_THAT(ValidateTaskResult(seed0), IsOk());
  EXPECT_EQ(seed0.series, seed1.series);
  const std::vector<double>& episodes = SeriesOf(seed0, "episodes");
  const std::vector<double>& paper = SeriesOf(seed0, "privacy_epsilon_paper");
  const std::vector<double>& improved = SeriesOf(seed0, "privacy_epsilon_improved");
  ASSERT_EQ(episodes.size(), 25u);  // 4 per decade over 6 decades, and 1
  EXPECT_EQ(episodes.back(), 1e6);
  for (size_t i = 0; i < episodes.size(); ++i) {
    RlsviPrivacyOptions options;  // S=5, A=2, H=10 are the defaults
    options.num_episodes = static_cast<int64_t>(episodes[i]);
    RlsviPrivacyReport report = ComputeRlsviPrivacy(options, 1e-5).value();
    EXPECT_EQ(paper[i], report.corollary14_privacy_epsilon);
    EXPECT_EQ(improved[i], report.improved_conversion.privacy_epsilon);
    EXPECT_LT(improved[i], paper[i]);
    if (i > 0) {
      EXPECT_GT(paper[i], paper[i - 1]);
    }
  }
  // The accounting README's row (S, A, H, K, delta) = (5, 2, 10, 1000, 1e-5): 26.195 / 24.940.
  RlsviEpsilonPair at_1000 = RlsviEpsilons(5, 2, 10, 1000, 1e-5).value();
  EXPECT_NEAR(at_1000.paper, 26.195, 1e-3);
  EXPECT_NEAR(at_1000.improved, 24.940, 1e-3);
}

TEST(RlsviPrivacyTaskTest, RegretTasksAreDeterministicPerSeedAndRlsviHasNoBonusScalar) {
  std::vector<ConfigSpec> configs = RlsviPrivacyGrid::ForScale(Scale::kSmoke).MakeConfigs().value();
  NullProgressReporter progress;
  for (const std::string group : {"riverswim-rlsvi", "random_mdp-pucb", "riverswim-ubev"}) {
    const ConfigSpec& config = Find(configs, group);
    TaskResult first = RunRlsviPrivacyTask(config, {0, 1, 20201, &progress}).value();
    TaskResult again = RunRlsviPrivacyTask(config, {0, 1, 20201, &progress}).value();
    TaskResult other = RunRlsviPrivacyTask(config, {0, 0, 20201, &progress}).value();
    EXPECT_THAT(ValidateTaskResult(first), IsOk());
    ExpectRegretOnGrid(first, 2000);
    const std::vector<double>& regret = SeriesOf(first, hdf5_names::kCumulativeRegret);
    EXPECT_EQ(regret, SeriesOf(again, hdf5_names::kCumulativeRegret)) << group;  // same bits
    EXPECT_EQ(first.scalars, again.scalars);
    if (group == "riverswim-rlsvi") {
      // Another seed: other noise.
      EXPECT_NE(regret, SeriesOf(other, hdf5_names::kCumulativeRegret));
      ASSERT_EQ(first.scalars.size(), 1u);  // only total_regret: no optimistic cap to leave
      EXPECT_EQ(first.scalars[0].first, hdf5_names::kTotalRegret);
    } else {
      ASSERT_EQ(first.scalars.size(), 2u);
      EXPECT_EQ(first.scalars[1].first, hdf5_names::kFirstEpisodeBonusBelowHorizon);
    }
  }
}

TEST(RlsviPrivacyTaskTest, RejectsUnknownKindAndMissingAttributes) {
  NullProgressReporter progress;
  ConfigSpec broken;
  broken.group_name = "broken";
  EXPECT_THAT(RunRlsviPrivacyTask(broken, {0, 0, 1, &progress}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("kind")));
  broken.attributes = {{hdf5_names::kKind, std::string("other")}};
  EXPECT_THAT(
      RunRlsviPrivacyTask(broken, {0, 0, 1, &progress}),
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("configuration broken: parameter 'kind' of an RLSVI privacy group: "
                         "'other' is not one of privacy_curve | regret")));
  broken.attributes = {{hdf5_names::kKind, std::string("privacy_curve")}};
  EXPECT_THAT(RunRlsviPrivacyTask(broken, {0, 0, 1, &progress}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_states")));
}

TEST(RlsviPrivacyGridTest, StoredValuesEstimateMatchesEveryKindOfResult) {
  const std::vector<ConfigSpec> configs =
      RlsviPrivacyGrid::ForScale(Scale::kSmoke).MakeConfigs().value();
  NullProgressReporter progress;
  std::set<std::string> checked;
  for (size_t c = 0; c < configs.size(); ++c) {
    const std::string agent = ConfigAttribute<std::string>(configs[c], hdf5_names::kAgent);
    const std::string kind = ConfigAttribute<std::string>(configs[c], hdf5_names::kKind);
    if (!checked.insert(kind + agent).second) continue;  // one config per kind and agent
    const TaskResult result =
        RunRlsviPrivacyTask(configs[c], {static_cast<int>(c), 0, 20201, &progress}).value();
    int64_t values = static_cast<int64_t>(result.scalars.size());
    for (const auto& [name, series] : result.series) values += static_cast<int64_t>(series.size());
    EXPECT_EQ(values, configs[c].stored_values_per_seed) << configs[c].group_name;
  }
  EXPECT_EQ(checked.size(), 4u);  // privacy_curve, and the regret of rlsvi, pucb and ubev
}

TEST(RlsviPrivacyGridTest, BadFieldsAreNamed) {
  EXPECT_THAT(ParseShapeName("S4_A2"),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("S<S>_A<A>_H<H>")));
  EXPECT_EQ(ParseShapeName("S20_A4_H20").value().num_actions, 4);
  TypedGrid<RlsviPrivacyGrid> grid(Scale::kSmoke);
  ASSERT_THAT(grid.fields().SetFromText("curve_shapes", "S0_A2_H5"), IsOk());
  EXPECT_THAT(grid.MakeConfigs(), StatusIs(absl::StatusCode::kInvalidArgument,
                                           HasSubstr("field 'curve_shapes' value #1: ")));
  TypedGrid<RlsviPrivacyGrid> deltas(Scale::kSmoke);
  ASSERT_THAT(deltas.fields().SetFromText("curve_target_deltas", "1e-5,1"), IsOk());
  EXPECT_THAT(deltas.MakeConfigs(), StatusIs(absl::StatusCode::kInvalidArgument,
                                             HasSubstr("field 'curve_target_deltas' value #2")));
  TypedGrid<RlsviPrivacyGrid> points(Scale::kSmoke);  // 2^63 - 1 once wrapped to an empty curve
  ASSERT_THAT(points.fields().SetFromText("curve_points_per_decade", "9223372036854775807"),
              IsOk());
  EXPECT_THAT(points.MakeConfigs(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("curve_points_per_decade")));
}

}  // namespace
}  // namespace dprl
