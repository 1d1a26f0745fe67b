#include "experiments/tabular_task.h"

#include <utility>

#include "algorithms/tabular/episode_loop.h"
#include "algorithms/tabular/pucb.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "envs/lower_bound_mdp.h"
#include "experiments/episode_grid.h"
#include "experiments/tabular_agent_types.h"
#include "experiments/tabular_registry.h"

namespace dprl {

absl::StatusOr<TabularMdp> MakeTabularEnvironment(const ConfigSpec& config, uint64_t master_seed) {
  ASSIGN_OR_RETURN(const std::string env, Attribute<std::string>(config, "env"));
  RandomStream generation = TaskStreams::Instance(master_seed, env);
  return CreateTabularEnvironment(config, generation);
}

absl::StatusOr<LowerBoundEnvironment> MakeLowerBoundEnvironment(const ConfigSpec& config,
                                                                uint64_t master_seed) {
  ASSIGN_OR_RETURN(std::string env, Attribute<std::string>(config, "env"));
  ASSIGN_OR_RETURN(std::string family, Attribute<std::string>(config, "env_family"));
  ASSIGN_OR_RETURN(double alpha_prime, Attribute<double>(config, "alpha_prime"));
  if (family != "lower_bound") {
    return absl::InvalidArgumentError(absl::StrCat(
        "configuration ", config.group_name, ": env_family '", family, "' is not lower_bound"));
  }
  int64_t values[6];
  const char* names[6] = {"num_initial_states", "num_arms",    "rewarded_horizon",
                          "num_states",         "num_actions", "horizon"};
  for (int i = 0; i < 6; ++i) {
    ASSIGN_OR_RETURN(int64_t value, Attribute<int64_t>(config, names[i]));
    values[i] = value;
  }
  if (values[3] != values[0] + 2 || values[4] != values[1] + 1 || values[5] != values[2] + 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "configuration ", config.group_name,
        ": num_states, num_actions, horizon must be num_initial_states + 2, num_arms + 1, "
        "rewarded_horizon + 1"));
  }
  LowerBoundMdpOptions options;
  options.num_initial_states = static_cast<int>(values[0]);
  options.num_arms = static_cast<int>(values[1]);
  options.rewarded_horizon = static_cast<int>(values[2]);
  options.alpha_prime = alpha_prime;
  RandomStream generation = TaskStreams::Instance(master_seed, env);
  ASSIGN_OR_RETURN(
      std::vector<int> instance,
      SampleLowerBoundInstance(options.num_initial_states, options.num_arms, generation));
  options.instance = instance;
  ASSIGN_OR_RETURN(TabularMdp mdp, MakeLowerBoundMdp(options));
  return LowerBoundEnvironment{std::move(mdp), std::move(instance)};
}

absl::StatusOr<PucbOptions> PucbOptionsFromConfig(const ConfigSpec& config) {
  ASSIGN_OR_RETURN(const Parameters parameters,
                   Parameters::FromConfig(config, PucbParameters(), "agent pucb"));
  absl::StatusOr<PucbOptions> options = PucbOptionsFromParameters(parameters);
  if (!options.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("configuration ", config.group_name, ": ", options.status().message()));
  }
  return options;
}

absl::StatusOr<std::vector<std::pair<std::string, AttributeValue>>> PucbGuaranteeAttributes(
    const TabularShape& shape, const PucbOptions& options) {
  ASSIGN_OR_RETURN(const double error_bound, CheckedPucbErrorBound(shape, options));
  return std::vector<std::pair<std::string, AttributeValue>>{
      {hdf5_names::kNeighbourRelation, PucbNeighbourRelationName(options.neighbour_relation)},
      {hdf5_names::kPrivacyEpsilonReplacement,
       PucbEpsilonUnder(options, PucbNeighbourRelation::kReplacement)},
      {hdf5_names::kErrorBound, error_bound},
      {hdf5_names::kCounterEpsilon, PucbCounterEpsilon(shape, options)}};
}

absl::StatusOr<std::unique_ptr<TabularAgent>> MakeTabularAgent(const ConfigSpec& config,
                                                               const TabularShape& shape,
                                                               const TaskContext& context) {
  return CreateTabularAgent(config, shape, TaskStreams(config, context).PrivacyNoise());
}

double TabularTaskCoreSeconds(const TabularShape& shape, int64_t num_episodes, double cost_factor) {
  // vietri_fig at default scale: 88 tasks of 3e5 episodes on (4, 2, 5) / (4, 2, 4) shapes took
  // about 200 core-seconds, i.e. about 0.13 microseconds per (S A H) unit and episode.
  constexpr double kSecondsPerUnitEpisode = 0.13e-6;
  return kSecondsPerUnitEpisode * cost_factor * shape.num_states * shape.num_actions *
         shape.horizon * static_cast<double>(num_episodes);
}

int64_t TabularRegretValuesPerSeed(int64_t num_episodes) {
  // episode_grid and cumulative_regret on the grid, total_regret and
  // first_episode_bonus_below_horizon.
  return 2 * EpisodeGridSize(num_episodes) + 2;
}

absl::StatusOr<EpisodeLoopResult> RunTaskEpisodes(const TabularMdp& mdp, TabularAgent& agent,
                                                  const ConfigSpec& config, const std::string& env,
                                                  const TaskContext& context,
                                                  const std::vector<double>& pac_alphas,
                                                  CumulativeOnGrid* regret) {
  const int64_t num_episodes = regret->num_episodes();
  const TaskStreams streams(config, context);
  return RunEpisodes(
      mdp, agent, num_episodes, streams.Environment(env), streams.Policy(),
      [&](double fraction) { context.progress->Update(fraction); }, pac_alphas,
      [regret](double value) { regret->Add(value); });
}

absl::StatusOr<TaskResult> RunTabularRegretTask(const ConfigSpec& config,
                                                const TaskContext& context) {
  absl::StatusOr<std::string> env = Attribute<std::string>(config, "env");
  absl::StatusOr<int64_t> episodes = Attribute<int64_t>(config, "num_episodes");
  for (const absl::Status& status : {env.status(), episodes.status()}) {
    if (!status.ok()) return status;
  }
  ASSIGN_OR_RETURN(TabularMdp mdp, MakeTabularEnvironment(config, context.master_seed));
  const TabularShape shape{mdp.num_states(), mdp.num_actions(), mdp.horizon()};
  ASSIGN_OR_RETURN(std::unique_ptr<TabularAgent> agent, MakeTabularAgent(config, shape, context));

  CumulativeOnGrid regret(*episodes);
  ASSIGN_OR_RETURN(EpisodeLoopResult run,
                   RunTaskEpisodes(mdp, *agent, config, *env, context, {}, &regret));
  TaskResult result = RegretOnGridResult(regret, run.total_regret);
  result.scalars.push_back({hdf5_names::kFirstEpisodeBonusBelowHorizon,
                            static_cast<double>(run.first_episode_below_cap)});
  return result;
}

}  // namespace dprl
