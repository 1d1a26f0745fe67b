#include "experiments/wang_hegde/wang_hegde_task.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "experiments/qlearning/qlearning_agent_bindings.h"
#include "experiments/wang_hegde/wang_hegde_option_bindings.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

std::string AgentOf(const ConfigSpec& config) { return WalkGroupBinding().Read(config)->agent; }

// `config` with attribute `name` set to `value` (it must be there).
ConfigSpec WithAttribute(ConfigSpec config, const std::string& name, AttributeValue value) {
  bool found = false;
  for (auto& [key, old] : config.attributes) {
    if (key == name) {
      old = value;
      found = true;
    }
  }
  EXPECT_TRUE(found) << name;
  return config;
}

TEST(WangHegdeTaskTest, Fig1GridIsSigmaTimesJPlusReferences) {
  absl::StatusOr<std::vector<ConfigSpec>> configs =
      WangHegdeFig1Grid::ForScale(Scale::kDefault).MakeConfigs();
  ASSERT_THAT(configs, IsOk());
  ASSERT_THAT(ValidateConfigs(*configs), IsOk());
  EXPECT_EQ(configs->size(), 6u * 2u + 6u + 2u);  // + the authors' loop as run, 6 sigmas
  std::set<std::pair<double, int64_t>> grid;
  for (const ConfigSpec& config : *configs) {
    if (AgentOf(config) != "functional_noise") continue;
    absl::StatusOr<FunctionalNoiseQLearningOptions> options =
        FunctionalNoiseAgentBinding().Read(config);
    ASSERT_THAT(options, IsOk());
    grid.insert({options->noise_stddev, options->num_resets});
    EXPECT_EQ(options->num_samples, 5000);
    EXPECT_EQ(options->batch_size, 50);
  }
  EXPECT_EQ(grid.size(), 12u);
  EXPECT_TRUE(grid.count({1.0, 100}));
  EXPECT_TRUE(grid.count({0.0, 1}));
  std::set<double> as_run;
  for (const ConfigSpec& config : *configs) {
    if (AgentOf(config) != "replay_dqn_as_run") continue;
    absl::StatusOr<ReplayDqnAgentOptions> options = ReplayDqnAgentBinding().Read(config);
    ASSERT_THAT(options, IsOk());
    as_run.insert(options->dqn.noise_stddev);
    EXPECT_EQ(options->dqn.batch_size, 128);
    EXPECT_EQ(options->dqn.discount, 0.999);
    EXPECT_EQ(options->dqn.optimizer.kind, OptimizerKind::kRmsProp);
  }
  EXPECT_EQ(as_run, (std::set<double>{0.0, 0.2, 0.4, 0.6, 0.8, 1.0}));
}

TEST(WangHegdeTaskTest, Fig2HasEveryMethodAtBothTargets) {
  for (Scale scale : {Scale::kSmoke, Scale::kDefault, Scale::kPaper}) {
    absl::StatusOr<std::vector<ConfigSpec>> configs =
        WangHegdeFig2Grid::ForScale(scale).MakeConfigs();
    ASSERT_THAT(configs, IsOk());
    ASSERT_THAT(ValidateConfigs(*configs), IsOk());
    std::set<std::string> agents;
    for (const ConfigSpec& config : *configs) agents.insert(AgentOf(config));
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
  for (absl::StatusOr<std::vector<ConfigSpec>> configs :
       {WangHegdeFig1Grid::ForScale(Scale::kSmoke).MakeConfigs(),
        WangHegdeFig2Grid::ForScale(Scale::kSmoke).MakeConfigs()}) {
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
  const ConfigSpec first = (*WangHegdeFig1Grid::ForScale(Scale::kSmoke).MakeConfigs())[0];
  EXPECT_THAT(RunWangHegdeTask(WithAttribute(first, "agent", std::string("sarsa")), context),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("unknown agent 'sarsa' (one of dp_sgd, frozen, ")));
  const ConfigSpec second = (*WangHegdeFig1Grid::ForScale(Scale::kSmoke).MakeConfigs())[1];
  EXPECT_THAT(RunWangHegdeTask(WithAttribute(second, "noise_stddev", -0.5), context),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("noise_stddev = -0.5")));
  EXPECT_THAT(RunWangHegdeTask(WithAttribute(second, "batch_size", int64_t{64}), context),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("batch_size = 64")));
  // What the task reads is what the agent's binding binds, with its type.
  EXPECT_THAT(RunWangHegdeTask(WithAttribute(second, "batch_size", 50.0), context),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("parameter 'batch_size' of agent functional_noise must be an int")));
  EXPECT_THAT(RunWangHegdeTask(WithAttribute(second, "optimizer", std::string("rmsprop")), context),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("'rmsprop' is not one of sgd")));
  EXPECT_THAT(RunWangHegdeTask(WithAttribute(second, "episode_length", int64_t{0}), context),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("episode_length")));
}

TEST(WangHegdeTaskTest, AnEpsilonNoCalibrationCanTakeIsNamed) {
  TypedGrid<WangHegdeFig2Grid> grid(Scale::kSmoke);  // 1e300 overflows an accountant's rho
  ASSERT_THAT(grid.fields().SetFromText("privacy_epsilons", "1e300"), IsOk());
  EXPECT_THAT(grid.MakeConfigs(), StatusIs(absl::StatusCode::kInvalidArgument,
                                           HasSubstr("field 'privacy_epsilons' value 1e+300 (")));
}

}  // namespace
}  // namespace dprl
