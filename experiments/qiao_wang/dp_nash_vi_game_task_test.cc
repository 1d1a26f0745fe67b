#include "experiments/qiao_wang/dp_nash_vi_game_task.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_game_agent.h"
#include "common/hdf5_names.h"
#include "experiments/core/episode_grid.h"
#include "experiments/core/grid_validation.h"
#include "experiments/core/task_result_checks.h"
#include "experiments/core/task_streams.h"
#include "experiments/tabular/agents/dp_nash_vi.h"
#include "schema/option_binding.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

TEST(DpNashViGameConfigsTest, EveryScaleHasEveryVariantAtEveryEps) {
  for (Scale scale : {Scale::kSmoke, Scale::kDefault, Scale::kPaper}) {
    const DpNashViGameGrid grid = DpNashViGameGrid::ForScale(scale);
    absl::StatusOr<std::vector<ConfigSpec>> configs = grid.MakeConfigs();
    ASSERT_THAT(configs, IsOk());
    EXPECT_THAT(ValidateConfigs(*configs), IsOk());
    const std::map<std::string, ConfigSpec> by_name = ConfigsByGroupName(*configs);
    for (const std::string game : {"matching_pennies", "random_game"}) {
      for (const std::string reference : {"nash_vi", "nash_vi_scaled"}) {
        EXPECT_TRUE(by_name.count(game + "-" + reference)) << game << " " << reference;
      }
      for (const std::string& variant : grid.private_agents) {
        for (double eps : grid.privacy_epsilons) {
          EXPECT_TRUE(by_name.count(game + "-" + variant + "-eps=" + GroupNameNumber(eps)))
              << game << " " << variant << " " << eps;
        }
      }
    }
    EXPECT_EQ(configs->size(), 2 * (2 + 4 * grid.privacy_epsilons.size()));
  }
}

TEST(DpNashViGameConfigsTest, GroupsRecordTheGameAndTheGuarantee) {
  const std::map<std::string, ConfigSpec> by_name =
      ConfigsByGroupName(DpNashViGameGrid::ForScale(Scale::kSmoke).MakeConfigs().value());
  const ConfigSpec& pennies = by_name.at("matching_pennies-dp_nash_vi_ldp-eps=10");
  EXPECT_EQ(ConfigAttribute<std::string>(pennies, hdf5_names::kEnv), "matching_pennies");
  EXPECT_EQ(ConfigAttribute<int64_t>(pennies, "num_max_actions"), 2);
  EXPECT_EQ(ConfigAttribute<int64_t>(pennies, "num_min_actions"), 2);
  EXPECT_FALSE(HasConfigAttribute(pennies, "dirichlet_concentration"));
  EXPECT_EQ(ConfigAttribute<std::string>(pennies, hdf5_names::kPrivacyNotion), "eps-LDP");
  EXPECT_EQ(ConfigAttribute<std::string>(pennies, hdf5_names::kNeighbourRelation),
            "any_two_trajectories");
  const ConfigSpec& jdp = by_name.at("random_game-dp_nash_vi_jdp_scaled-eps=10");
  EXPECT_EQ(ConfigAttribute<int64_t>(jdp, hdf5_names::kNumStates), 3);
  EXPECT_EQ(ConfigAttribute<double>(jdp, "dirichlet_concentration"), 1.0);
  EXPECT_EQ(ConfigAttribute<std::string>(jdp, hdf5_names::kNeighbourRelation), "add_remove");
  EXPECT_DOUBLE_EQ(ConfigAttribute<double>(jdp, "delivered_epsilon"), 10.0);
  EXPECT_DOUBLE_EQ(ConfigAttribute<double>(jdp, "gap_constant"), 0.03);
  EXPECT_GT(ConfigAttribute<double>(jdp, hdf5_names::kErrorBound), 0.0);
  EXPECT_THAT(ConfigAttribute<std::string>(jdp, hdf5_names::kLabel), HasSubstr("JDP"));
  const ConfigSpec& reference = by_name.at("random_game-nash_vi");
  EXPECT_FALSE(HasConfigAttribute(reference, hdf5_names::kPrivacyEpsilon));
  EXPECT_EQ(ConfigAttribute<double>(reference, hdf5_names::kErrorBound), 0.0);
}

TEST(DpNashViGameConfigsTest, RefusesBadFieldsByName) {
  const auto refused = [](void (*change)(DpNashViGameGrid&), const std::string& field) {
    DpNashViGameGrid grid = DpNashViGameGrid::ForScale(Scale::kSmoke);
    change(grid);
    EXPECT_THAT(grid.MakeConfigs(), StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr(field)));
  };
  refused([](DpNashViGameGrid& g) { g.games = {"chess"}; }, "games");
  refused([](DpNashViGameGrid& g) { g.matching_pennies_horizon = 0; }, "matching_pennies.horizon");
  refused([](DpNashViGameGrid& g) { g.random_game_num_states = 3000000000; },
          "random_game.num_states");
  refused([](DpNashViGameGrid& g) { g.random_game_dirichlet_concentration = -1; },
          "random_game.dirichlet_concentration");
  // Subnormal: every log-Gamma draw was -inf and the transitions NaN.
  refused([](DpNashViGameGrid& g) { g.random_game_dirichlet_concentration = 5e-324; },
          "field 'random_game.dirichlet_concentration' must be finite and in [1e-100, 1e+100]");
  refused([](DpNashViGameGrid& g) { g.random_game_num_states = 100000; }, "random_game");
  refused([](DpNashViGameGrid& g) { g.private_agents = {"pucb"}; }, "private_agents");
  refused([](DpNashViGameGrid& g) { g.reference_agents = {"ucbvi"}; }, "reference_agents");
  refused([](DpNashViGameGrid& g) { g.privacy_epsilons = {0.0}; }, "privacy_epsilons");
  refused([](DpNashViGameGrid& g) { g.scaled_constants = 0.0; }, "scaled_constants");
  refused([](DpNashViGameGrid& g) { g.num_episodes = 0; }, "num_episodes");
}

// The task is RunGameEpisodes of the configured agent with the task's streams, summed on the
// episode grid.
TEST(DpNashViGameTaskTest, TaskIsTheGameEpisodeLoopOnTheGrid) {
  DpNashViGameGrid grid = DpNashViGameGrid::ForScale(Scale::kSmoke);
  grid.num_episodes = 60;
  const std::map<std::string, ConfigSpec> by_name = ConfigsByGroupName(grid.MakeConfigs().value());
  NullProgressReporter progress;
  for (const std::string group :
       {"random_game-dp_nash_vi_jdp_scaled-eps=1000", "matching_pennies-nash_vi"}) {
    const ConfigSpec& config = by_name.at(group);
    const TaskContext context{0, 1, 7, &progress};
    absl::StatusOr<TaskResult> result = RunDpNashViGameTask(config, context);
    ASSERT_THAT(result, IsOk());
    ExpectRegretOnGrid(*result, grid.num_episodes);
    EXPECT_EQ(
        static_cast<int64_t>(result->series.size() * EpisodeGridSize(60) + result->scalars.size()),
        config.stored_values_per_seed);

    const MarkovGame game = MakeConfiguredGame(config, 7).value();
    const DpNashViOptions options = ReadDpNashViOptions(config).value();
    const TaskStreams streams(config, context);
    auto agent = DpNashViGameAgent::Create(game, options, streams.PrivacyNoise()).value();
    double total = 0, value_gap = 0, violations = 0;
    ASSERT_THAT(RunGameEpisodes(
                    game, *agent, 60,
                    streams.Environment(config.group_name.substr(0, config.group_name.find('-'))),
                    streams.Policy(),
                    [&](const GameEpisode& episode) {
                      total += episode.regret();
                      value_gap += episode.value_gap();
                      violations += episode.BracketViolated(1e-9 * game.horizon());
                    }),
                IsOk());
    EXPECT_EQ(ScalarOf(*result, hdf5_names::kTotalValueGap), value_gap) << group;
    EXPECT_EQ(ScalarOf(*result, hdf5_names::kBracketViolationEpisodes), violations) << group;
    EXPECT_GE(value_gap, total) << group;
    EXPECT_EQ(ScalarOf(*result, hdf5_names::kTotalRegret), total) << group;
  }
}

TEST(DpNashViGameTaskTest, RefusesAConfigurationOfAnotherGameOrAgent) {
  const std::map<std::string, ConfigSpec> by_name =
      ConfigsByGroupName(DpNashViGameGrid::ForScale(Scale::kSmoke).MakeConfigs().value());
  ConfigSpec config = by_name.at("matching_pennies-nash_vi");
  NullProgressReporter progress;
  ConfigSpec other_game = config;
  SetAttribute(other_game.attributes, hdf5_names::kEnv, std::string("riverswim"));
  EXPECT_THAT(RunDpNashViGameTask(other_game, {0, 0, 1, &progress}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("'riverswim'")));
  ConfigSpec other_agent = config;
  SetAttribute(other_agent.attributes, hdf5_names::kAgent, std::string("ucbvi"));
  EXPECT_THAT(RunDpNashViGameTask(other_agent, {0, 0, 1, &progress}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("'ucbvi'")));
  ConfigSpec wrong_shape = config;
  SetAttribute(wrong_shape.attributes, hdf5_names::kNumStates, int64_t{2});
  EXPECT_THAT(RunDpNashViGameTask(wrong_shape, {0, 0, 1, &progress}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("matching_pennies has")));
}

}  // namespace
}  // namespace dprl
