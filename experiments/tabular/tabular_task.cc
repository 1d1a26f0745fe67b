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
#include "experiments/tabular/tabular_agent_types.h"
#include "experiments/tabular/tabular_registry.h"

namespace dprl {

const OptionBinding<TabularShape>& TabularShapeBinding() {
  static const auto* binding =
      &(*new OptionBinding<TabularShape>("the MDP"))
           .Int(hdf5_names::kNumStates, &TabularShape::num_states, "S, states of the MDP")
           .Int(hdf5_names::kNumActions, &TabularShape::num_actions, "A, actions of the MDP")
           .Int(hdf5_names::kHorizon, &TabularShape::horizon, "H, steps of an episode");
  return *binding;
}

const OptionBinding<TabularRegretSettings>& TabularRegretSettingsBinding() {
  static const auto* binding =
      &(*new OptionBinding<TabularRegretSettings>("the regret run"))
           .Int(hdf5_names::kNumEpisodes, &TabularRegretSettings::num_episodes,
                "T, episodes of the run");
  return *binding;
}

const OptionBinding<DisplayLabel>& DisplayLabelBinding() {
  static const auto* binding =
      &(*new OptionBinding<DisplayLabel>("the figure"))
           .String(hdf5_names::kLabel, &DisplayLabel::label, "legend text of the group's curve");
  return *binding;
}

std::string PrivateAgentLabel(const std::string& agent_label, double privacy_epsilon,
                              const std::string& qualifier) {
  return absl::StrCat(agent_label, " (#ge=", absl::StrFormat("%g", privacy_epsilon),
                      qualifier.empty() ? "" : ", ", qualifier, ")");
}

const OptionBinding<LowerBoundFamilyMember>& LowerBoundBinding() {
  using Member = LowerBoundFamilyMember;
  static const auto* binding =
      &(*new OptionBinding<Member>("the lower-bound family"))
           .String("env_family", &Member::env_family, "lower_bound")
           .Int(
               "num_initial_states", [](Member& m) -> int& { return m.mdp.num_initial_states; },
               "n, initial states; num_states = n + 2")
           .Int(
               "num_arms", [](Member& m) -> int& { return m.mdp.num_arms; },
               "m, arms; num_actions = m + 1")
           .Int(
               hdf5_names::kRewardedHorizon,
               [](Member& m) -> int& { return m.mdp.rewarded_horizon; },
               "the paper's H (return H or 0); horizon = H + 1")
           .Float(
               hdf5_names::kAlphaPrime, [](Member& m) -> double& { return m.mdp.alpha_prime; },
               "the gap parameter alpha'");
  return *binding;
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
  LowerBoundBinding().Write(LowerBoundFamilyMember{kLowerBoundFamily, mdp}, attributes);
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
  const TabularShape expected = LowerBoundShape(member.mdp);
  if (shape.num_states != expected.num_states || shape.num_actions != expected.num_actions ||
      shape.horizon != expected.horizon) {
    return absl::InvalidArgumentError(absl::StrCat(
        "configuration ", config.group_name,
        ": num_states, num_actions, horizon must be num_initial_states + 2, num_arms + 1, "
        "rewarded_horizon + 1"));
  }
  LowerBoundMdpOptions& options = member.mdp;
  RandomStream generation = TaskStreams::Instance(master_seed, names.env);
  ASSIGN_OR_RETURN(
      std::vector<int> instance,
      SampleLowerBoundInstance(options.num_initial_states, options.num_arms, generation));
  options.instance = instance;
  ASSIGN_OR_RETURN(TabularMdp mdp, MakeLowerBoundMdp(options));
  return LowerBoundEnvironment{std::move(mdp), std::move(instance)};
}

absl::StatusOr<std::unique_ptr<TabularAgent>> MakeTabularAgent(const ConfigSpec& config,
                                                               const TabularShape& shape,
                                                               const TaskContext& context) {
  return CreateTabularAgent(config, shape, TaskStreams(config, context).PrivacyNoise());
}

double TabularTaskCoreSeconds(const ConfigSpec& config, const TabularShape& shape,
                              int64_t num_episodes) {
  absl::StatusOr<TabularTypeNames> names = TabularAgentNameBinding().Read(config);
  CHECK(names.ok()) << names.status();
  const TabularAgentType* type = FindTabularAgent(names->agent);
  CHECK(type != nullptr) << "unregistered tabular agent " << names->agent;
  const double unit = static_cast<double>(shape.StateActionSteps());
  const double episodes = static_cast<double>(num_episodes);
  if (type->cost_kind != CostKind::kPucb) {
    return CoreSecondsPerUnit(type->cost_kind) * unit * episodes;
  }
  absl::StatusOr<PucbGuarantee> guarantee = PucbGuaranteeBinding().Read(config);
  CHECK(guarantee.ok()) << guarantee.status();
  const double burn_in = std::min(episodes, kPucbBurnInErrorBounds * guarantee->error_bound);
  return unit * (CoreSecondsPerUnit(CostKind::kPucbBurnIn) * burn_in +
                 CoreSecondsPerUnit(CostKind::kPucb) * (episodes - burn_in));
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
  ASSIGN_OR_RETURN(const TabularTypeNames names, TabularEnvironmentNameBinding().Read(config));
  ASSIGN_OR_RETURN(const TabularRegretSettings settings,
                   TabularRegretSettingsBinding().Read(config));
  ASSIGN_OR_RETURN(TabularMdp mdp, MakeTabularEnvironment(config, context.master_seed));
  const TabularShape shape{mdp.num_states(), mdp.num_actions(), mdp.horizon()};
  ASSIGN_OR_RETURN(std::unique_ptr<TabularAgent> agent, MakeTabularAgent(config, shape, context));

  CumulativeOnGrid regret(settings.num_episodes);
  ASSIGN_OR_RETURN(EpisodeLoopResult run,
                   RunTaskEpisodes(mdp, *agent, config, names.env, context, {}, &regret));
  TaskResult result = RegretOnGridResult(regret, run.total_regret);
  result.scalars.push_back({hdf5_names::kFirstEpisodeBonusBelowHorizon,
                            static_cast<double>(run.first_episode_below_cap)});
  return result;
}

}  // namespace dprl
