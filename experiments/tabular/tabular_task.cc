#include "experiments/tabular/tabular_task.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_format.h"
#include "algorithms/tabular/episode_loop.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "envs/lower_bound_mdp.h"
#include "experiments/core/episode_grid.h"
#include "experiments/core/task_cost_model.h"
#include "experiments/tabular/tabular_registry.h"

namespace dprl {

std::string PrivateAgentLabel(const std::string& agent_label, double privacy_epsilon,
                              const std::string& qualifier) {
  return absl::StrCat(agent_label, " (ε=", absl::StrFormat("%g", privacy_epsilon),
                      qualifier.empty() ? "" : ", ", qualifier, ")");
}

namespace {

constexpr char kLowerBoundFamily[] = "lower_bound";

TabularShape LowerBoundShape(const LowerBoundMdpOptions& mdp) {
  return TabularShape{mdp.num_initial_states + 2, mdp.num_arms + 1, mdp.rewarded_horizon + 1};
}

}  // namespace

AttributeList LowerBoundEnvironmentAttributes(const std::string& env,
                                              const LowerBoundMdpOptions& mdp) {
  AttributeList attributes = TabularEnvironmentNameBinding().Attributes(TabularTypeNames{env, ""});
  LowerBoundBinding().Write(
      LowerBoundFamilyMember{kLowerBoundFamily,
                             LowerBoundMemberParameters{mdp.num_initial_states, mdp.num_arms,
                                                        mdp.alpha_prime, mdp.rewarded_horizon}},
      attributes);
  TabularShapeBinding().Write(LowerBoundShape(mdp), attributes);
  return attributes;
}

absl::StatusOr<TabularMdp> MakeTabularEnvironment(const ConfigSpec& config, uint64_t master_seed) {
  ASSIGN_OR_RETURN(const TabularTypeNames names, TabularEnvironmentNameBinding().Read(config));
  RandomStream generation = TaskStreams::Instance(master_seed, names.env);
  return CreateTabularEnvironment(config, generation);
}

absl::StatusOr<LowerBoundEnvironment> MakeLowerBoundEnvironment(const ConfigSpec& config,
                                                                uint64_t master_seed) {
  ASSIGN_OR_RETURN(const TabularTypeNames names, TabularEnvironmentNameBinding().Read(config));
  ASSIGN_OR_RETURN(LowerBoundFamilyMember member, LowerBoundBinding().Read(config));
  ASSIGN_OR_RETURN(const TabularShape shape, TabularShapeBinding().Read(config));
  if (member.env_family != kLowerBoundFamily) {
    return absl::InvalidArgumentError(absl::StrCat("configuration ", config.group_name,
                                                   ": env_family '", member.env_family, "' is not ",
                                                   kLowerBoundFamily));
  }
  LowerBoundMdpOptions options;
  options.num_initial_states = member.mdp.num_initial_states;
  options.num_arms = member.mdp.num_arms;
  options.alpha_prime = member.mdp.alpha_prime;
  options.rewarded_horizon = member.mdp.rewarded_horizon;
  const TabularShape expected = LowerBoundShape(options);
  if (shape.num_states != expected.num_states || shape.num_actions != expected.num_actions ||
      shape.horizon != expected.horizon) {
    return absl::InvalidArgumentError(absl::StrCat(
        "configuration ", config.group_name,
        ": num_states, num_actions, horizon must be num_initial_states + 2, num_arms + 1, "
        "rewarded_horizon + 1"));
  }
  RandomStream generation = TaskStreams::Instance(master_seed, names.env);
  ASSIGN_OR_RETURN(
      std::vector<int> instance,
      SampleLowerBoundInstance(options.num_initial_states, options.num_arms, generation));
  options.instance = instance;
  ASSIGN_OR_RETURN(TabularMdp mdp, MakeLowerBoundMdp(options));
  return LowerBoundEnvironment{std::move(mdp), std::move(instance)};
}

absl::StatusOr<std::unique_ptr<TabularAgent>> MakeTabularAgent(const ConfigSpec& config,
                                                               const TabularMdp& mdp,
                                                               const TaskContext& context) {
  return CreateTabularAgent(config, mdp, TaskStreams(config, context).PrivacyNoise());
}

double TabularModelCoreSeconds(const TabularShape& shape) {
  return kTabularModelCoreSecondsPerEntry * static_cast<double>(shape.num_states) *
         static_cast<double>(shape.StateActionSteps());
}

double TabularTaskCoreSeconds(const ConfigSpec& config, const TabularShape& shape,
                              int64_t num_episodes) {
  absl::StatusOr<TabularTypeNames> names = TabularAgentNameBinding().Read(config);
  CHECK(names.ok()) << names.status();
  const TabularAgentType* type = FindTabularAgent(names->agent);
  CHECK(type != nullptr) << "unregistered tabular agent " << names->agent;
  return TabularModelCoreSeconds(shape) + type->core_seconds(config, shape, num_episodes);
}

absl::Status FillTabularRegretConfig(const AttributeList& env_attributes, const TabularShape& shape,
                                     const std::string& agent, const std::string& label,
                                     int64_t num_episodes, const AttributeList& agent_attributes,
                                     const std::string& subject, ConfigSpec& config) {
  config.attributes = env_attributes;
  TabularAgentNameBinding().Write(TabularTypeNames{"", agent}, config.attributes);
  DisplayLabelBinding().Write(DisplayLabel{label}, config.attributes);
  TabularRegretSettingsBinding().Write(TabularRegretSettings{num_episodes}, config.attributes);
  MergeAttributes(agent_attributes, config.attributes);
  // What the analysis reads back of the agent's parameters must read (schema/tabular_records.h).
  RETURN_IF_ERROR(TabularAgentParametersBinding().Read(config.attributes, subject).status());
  config.estimated_core_seconds = TabularTaskCoreSeconds(config, shape, num_episodes);
  config.stored_values_per_seed = TabularRegretValuesPerSeed(num_episodes);
  return CheckTaskTime(subject, config.estimated_core_seconds);
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
                                                  CumulativeOnGrid* regret,
                                                  const RegretObserver& also_observe) {
  const int64_t num_episodes = regret->num_episodes();
  const TaskStreams streams(config, context);
  return RunEpisodes(
      mdp, agent, num_episodes, streams.Environment(env), streams.Policy(),
      [&](double fraction) { context.progress->Update(fraction); }, pac_alphas,
      [regret, &also_observe](double value) {
        regret->Add(value);
        if (also_observe) also_observe(value);
      });
}

absl::StatusOr<TaskResult> RunTabularRegretTask(const ConfigSpec& config,
                                                const TaskContext& context) {
  return RunRecordedTabularRegretTask(config, context, {});
}

absl::StatusOr<TaskResult> RunRecordedTabularRegretTask(
    const ConfigSpec& config, const TaskContext& context,
    const TabularEpisodeRecorderFactory& recorder) {
  ASSIGN_OR_RETURN(const TabularTypeNames names, TabularEnvironmentNameBinding().Read(config));
  ASSIGN_OR_RETURN(const TabularRegretSettings settings,
                   TabularRegretSettingsBinding().Read(config));
  ASSIGN_OR_RETURN(TabularMdp mdp, MakeTabularEnvironment(config, context.master_seed));
  ASSIGN_OR_RETURN(std::unique_ptr<TabularAgent> agent, MakeTabularAgent(config, mdp, context));
  const std::unique_ptr<TabularEpisodeRecorder> recording =
      recorder ? recorder(mdp, *agent) : nullptr;

  CumulativeOnGrid regret(settings.num_episodes);
  RegretObserver observe;
  if (recording != nullptr) observe = [&recording](double value) { recording->Observe(value); };
  ASSIGN_OR_RETURN(EpisodeLoopResult run,
                   RunTaskEpisodes(mdp, *agent, config, names.env, context, {}, &regret, observe));
  TaskResult result = RegretOnGridResult(regret, run.total_regret);
  result.scalars.push_back({hdf5_names::kFirstEpisodeBonusBelowHorizon,
                            static_cast<double>(run.first_episode_below_cap)});
  if (recording != nullptr) recording->Finish(result);
  return result;
}

}  // namespace dprl
