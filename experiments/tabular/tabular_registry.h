// Registries of the tabular environments and agents that experiment configurations name, each
// with its parameters bound to its Options struct (option_binding.h; after OpenSpiel's GameType
// and parameter_specification).
//
// A configuration names its environment with the attribute `env` and its agent with `agent`
// (TabularTypeNames); the remaining attributes are the parameters of both (shared names such as
// num_episodes are read by both). Each environment and agent registers itself, at static
// initialisation, from its own file: experiments/tabular/environments/<name>.cc and
// experiments/tabular/agents/<name>.cc, which //experiments/tabular:tabular_types globs (linked
// with alwayslink = 1). The file declares everything about its entry once: name, description,
// legend, typed parameters with their documentation (its OptionBinding), the cost-model row that
// prices its tasks, its privacy guarantee and its constructor:
//
//   const CostModel& kMyAgentCost = RegisterCostModel({"my_agent", "episode x S A H", 2.3e-8,
//       {{experiment_names::kVietriFig, "default", {"num_episodes=100000"},
//       "riverswim-my_agent"}}});
//   const bool kRegistered = RegisterTabularAgent(BoundTabularAgent<MyOptions>(
//       "my_agent", "My agent (Author 2024, Alg. 1), non-private", "My agent", MyBinding(),
//       MyOptions(), SetFailureProbability<MyOptions>,
//       [](const MyOptions& options, const TabularShape& shape, const RandomStream&) {
//         return AsTabularAgent(MyAgent::Create(shape, options));
//       },
//       PerCellEpisodeCost(kMyAgentCost), /*privacy=*/std::nullopt));
//
// Adding one is its file plus its library in that target's deps; no shared code changes.
// docs/extending.md walks through it. tabular_registry_test runs every registered environment
// through the TabularMdp conformance suite and every agent on every environment under the
// TabularAgent contract, so a new type is tested by registering it.
#ifndef DPRL_EXPERIMENTS_TABULAR_TABULAR_REGISTRY_H_
#define DPRL_EXPERIMENTS_TABULAR_TABULAR_REGISTRY_H_

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "algorithms/tabular/tabular_agent.h"
#include "common/status_macros.h"
#include "envs/tabular_mdp.h"
#include "experiments/core/task_cost_model.h"
#include "experiments/runner/experiment.h"
#include "random/random_stream.h"
#include "schema/attribute_fields.h"
#include "schema/option_binding.h"
#include "schema/parameters.h"
#include "schema/tabular_records.h"

namespace dprl {

// The attributes that name a configuration's registered types (TabularTypeNames, with
// TabularEnvironmentNameBinding and TabularAgentNameBinding) are a record of the results schema
// (schema/tabular_records.h), which analysis reads them with.

// The grid-level settings an experiment gives every agent of a run; each agent type takes those
// its Options have (TabularAgentType::attributes).
struct TabularAgentSettings {
  int64_t num_episodes = 0;          // T
  double failure_probability = 0.0;  // beta (PUCB's), delta (UBEV's)
};

struct TabularEnvironmentType {
  std::string name;                       // the value of the `env` attribute
  std::string description;                // one line
  std::vector<ParameterSpec> parameters;  // binding.Specs(the registered defaults)
  // A of an environment without a num_actions parameter (RiverSwim: 2); 0 when it has one. With
  // the num_states and horizon parameters it gives the size of the MDP before it is built
  // (tabular_environments.h checks the memory of a configuration with it).
  int64_t fixed_num_actions = 0;
  // Builds the environment from `config`'s attributes (errors of reading them name the
  // configuration and the parameter); `generation` is the stream of random instances (keyed by
  // the environment name and the master seed, the same for every agent and seed).
  std::function<absl::StatusOr<TabularMdp>(const ConfigSpec& config, RandomStream& generation)>
      create;
};

// A private agent's guarantee as its registry entry declares it, so that a grid writes the
// privacy record of a configuration, and a task treats a group, from the entry and never by testing
// the agent's name.
struct TabularPrivacy {
  std::string notion;    // the `privacy_notion` attribute: "eps-JDP" | "(eps,delta)-JDP"
  std::string protects;  // the `privacy_protects` attribute: "states_and_rewards" | "rewards"
  // The guarantee in a legend, e.g. "JDP", "reward-JDP".
  std::string legend_notion;
  // The bound parameter that sets the privacy level (PUCB: "privacy_epsilon"), or empty where the
  // level follows from the other parameters (RLSVI: eps(delta) from S, A, H, K; Lu et al. 2026,
  // Cor. 14).
  std::string level_parameter;
  // The neighbour relation: the bound parameter that chooses it (PUCB: "neighbour_relation"), or
  // empty with `neighbour_relation` the one relation of the guarantee (RLSVI: "replacement", one
  // episode's rewards replaced).
  std::string neighbour_parameter;
  std::string neighbour_relation;
};

// What a registered agent is built for: an MDP's shape and, where the caller has it, the MDP
// itself. An agent that assumes known rewards (DP-Nash-VI as printed, Qiao & Wang 2024 Sec. 2.1)
// reads the MDP's mean rewards and refuses a target without it; every other agent reads the shape
// only. Implicit from either, so `CreateTabularAgent(config, mdp, noise)` and
// `CreateTabularAgent(config, shape, noise)` both read as they should.
struct TabularAgentTarget {
  TabularAgentTarget(const TabularShape& shape) : shape(shape) {}  // NOLINT: implicit
  TabularAgentTarget(const TabularMdp& mdp)                        // NOLINT: implicit
      : shape{mdp.num_states(), mdp.num_actions(), mdp.horizon()}, environment(&mdp) {}

  TabularShape shape;
  const TabularMdp* environment = nullptr;  // not owned; null when only the shape is known
};

// ConfigSpec::estimated_core_seconds of a regret task of `num_episodes` episodes on an MDP of
// `shape` whose configuration is `config` (the agent's parameters and, for PUCB, its error_bound
// already written), from the agent's rows of the cost model (experiments/core/task_cost_model.h).
using TabularTaskCost = std::function<double(const ConfigSpec& config, const TabularShape& shape,
                                             int64_t num_episodes)>;

struct TabularAgentType {
  std::string name;         // the value of the `agent` attribute
  std::string description;  // one line
  // The display name of its curves (the `label` attribute of its results groups; a private agent's
  // grid adds its privacy level), e.g. "UBEV (paper's Alg. 1)", "PUCB".
  std::string label;
  std::vector<ParameterSpec> parameters;  // binding.Specs(the registered defaults)
  // Its parameters' attributes for a grid's common `settings` (the registered defaults otherwise).
  std::function<AttributeList(const TabularAgentSettings& settings)> attributes;
  // Builds the agent for `target` from `config`'s attributes; `noise_stream` is its
  // privacy-noise stream. Errors name the configuration.
  std::function<absl::StatusOr<std::unique_ptr<TabularAgent>>(
      const ConfigSpec& config, const TabularAgentTarget& target, const RandomStream& noise_stream)>
      create;
  // Whether it reads the MDP of its target (known rewards), so that a target with only a shape
  // is refused.
  bool needs_environment = false;
  // The guarantee of an agent with one (its grids set its privacy parameters); empty for the
  // non-private references that an experiment may list by name (TabularReferenceAgentNames).
  std::optional<TabularPrivacy> privacy;
  // Whether its plan is optimistic (Q+ capped at H), so that first_episode_bonus_below_horizon
  // says when its bonuses first fell below the cap; false for a randomised plan (RLSVI's
  // perturbed Q~, PSRL's sampled MDP), whose values below H are a diagnostic only.
  bool optimistic = true;
  // What a regret task of it costs the runner (TabularTaskCost).
  TabularTaskCost core_seconds;
  // The parameters that `attributes` leaves out: no grid sets them, so its configurations run
  // them at the registered default, which their accounting assumes (RLSVI's beta_scale = 1, the
  // Alg. 1 of the guarantee). They are set from Python or by a configuration that has them.
  std::vector<std::string> unwritten_parameters;
};

// An environment type whose parameters are `binding`'s (specs at `defaults`; Read from
// `defaults`, so an optional parameter a configuration lacks keeps its default), built by
// `make` from the Options read.
template <typename Options>
TabularEnvironmentType BoundTabularEnvironment(
    std::string name, std::string description, const OptionBinding<Options>& binding,
    Options defaults, int64_t fixed_num_actions,
    std::function<absl::StatusOr<TabularMdp>(const Options&, RandomStream&)> make) {
  TabularEnvironmentType type;
  type.name = std::move(name);
  type.description = std::move(description);
  type.parameters = binding.Specs(defaults);
  type.fixed_num_actions = fixed_num_actions;
  type.create = [&binding, defaults, make](const ConfigSpec& config,
                                           RandomStream& generation) -> absl::StatusOr<TabularMdp> {
    ASSIGN_OR_RETURN(const Options options, binding.Read(config, defaults));
    return make(options, generation);
  };
  return type;
}

// An agent type whose parameters are `binding`'s (as above); `configure` sets the grid's common
// settings its Options have; `make` builds the agent from the Options read and the target (its
// errors are prefixed with the configuration); `core_seconds`, `privacy`, `optimistic` and
// `unwritten_parameters` (bound parameters of `binding`) as TabularAgentType's. The general form
// of BoundTabularAgent and BoundKnownRewardTabularAgent below.
template <typename Options>
TabularAgentType BoundTabularAgentForTarget(
    std::string name, std::string description, std::string label,
    const OptionBinding<Options>& binding, Options defaults,
    std::function<void(const TabularAgentSettings&, Options&)> configure,
    std::function<absl::StatusOr<std::unique_ptr<TabularAgent>>(
        const Options&, const TabularAgentTarget&, const RandomStream&)>
        make,
    TabularTaskCost core_seconds, std::optional<TabularPrivacy> privacy, bool optimistic,
    std::vector<std::string> unwritten_parameters) {
  TabularAgentType type;
  type.name = std::move(name);
  type.description = std::move(description);
  type.label = std::move(label);
  type.parameters = binding.Specs(defaults);
  type.attributes = [&binding, defaults, configure,
                     unwritten_parameters](const TabularAgentSettings& settings) {
    Options options = defaults;
    configure(settings, options);
    AttributeList attributes;
    for (auto& [attribute, value] : binding.Attributes(options)) {
      if (std::find(unwritten_parameters.begin(), unwritten_parameters.end(), attribute) ==
          unwritten_parameters.end()) {
        attributes.emplace_back(std::move(attribute), std::move(value));
      }
    }
    return attributes;
  };
  type.create =
      [&binding, defaults, make](
          const ConfigSpec& config, const TabularAgentTarget& target,
          const RandomStream& noise_stream) -> absl::StatusOr<std::unique_ptr<TabularAgent>> {
    ASSIGN_OR_RETURN(const Options options, binding.Read(config, defaults));
    absl::StatusOr<std::unique_ptr<TabularAgent>> agent = make(options, target, noise_stream);
    if (!agent.ok()) {
      return absl::Status(agent.status().code(), absl::StrCat("configuration ", config.group_name,
                                                              ": ", agent.status().message()));
    }
    return agent;
  };
  type.core_seconds = std::move(core_seconds);
  type.privacy = std::move(privacy);
  type.optimistic = optimistic;
  type.unwritten_parameters = std::move(unwritten_parameters);
  return type;
}

// BoundTabularAgentForTarget for an agent built from the target's shape alone.
template <typename Options>
TabularAgentType BoundTabularAgent(
    std::string name, std::string description, std::string label,
    const OptionBinding<Options>& binding, Options defaults,
    std::function<void(const TabularAgentSettings&, Options&)> configure,
    std::function<absl::StatusOr<std::unique_ptr<TabularAgent>>(const Options&, const TabularShape&,
                                                                const RandomStream&)>
        make,
    TabularTaskCost core_seconds, std::optional<TabularPrivacy> privacy, bool optimistic = true,
    std::vector<std::string> unwritten_parameters = {}) {
  return BoundTabularAgentForTarget<Options>(
      std::move(name), std::move(description), std::move(label), binding, std::move(defaults),
      std::move(configure),
      [make](const Options& options, const TabularAgentTarget& target,
             const RandomStream& noise_stream) {
        return make(options, target.shape, noise_stream);
      },
      std::move(core_seconds), std::move(privacy), optimistic, std::move(unwritten_parameters));
}

// BoundTabularAgentForTarget for an agent that assumes known rewards: `make` also receives the
// target MDP's mean rewards (TabularMdp::mean_rewards, at TabularShape::Index), and a target
// without an MDP is refused with InvalidArgument naming the agent.
template <typename Options>
TabularAgentType BoundKnownRewardTabularAgent(
    std::string name, std::string description, std::string label,
    const OptionBinding<Options>& binding, Options defaults,
    std::function<void(const TabularAgentSettings&, Options&)> configure,
    std::function<absl::StatusOr<std::unique_ptr<TabularAgent>>(
        const Options&, const TabularShape&, const std::vector<double>& mean_rewards,
        const RandomStream&)>
        make,
    TabularTaskCost core_seconds, std::optional<TabularPrivacy> privacy) {
  const std::string agent_name = name;
  TabularAgentType type = BoundTabularAgentForTarget<Options>(
      std::move(name), std::move(description), std::move(label), binding, std::move(defaults),
      std::move(configure),
      [make, agent_name](
          const Options& options, const TabularAgentTarget& target,
          const RandomStream& noise_stream) -> absl::StatusOr<std::unique_ptr<TabularAgent>> {
        if (target.environment == nullptr) {
          return absl::InvalidArgumentError(absl::StrCat(
              "agent ", agent_name,
              " assumes the rewards known and needs its environment (its mean rewards), not only "
              "a shape"));
        }
        return make(options, target.shape, target.environment->mean_rewards(), noise_stream);
      },
      std::move(core_seconds), std::move(privacy), /*optimistic=*/true,
      /*unwritten_parameters=*/{});
  type.needs_environment = true;
  return type;
}

// ---- For the files that register an environment ----------------------------------------------

// The attribute of an environment's reward model, each of `models` named by RewardModelName.
inline constexpr char kRewardModelAttribute[] = "reward_model";
std::vector<std::pair<RewardModel, std::string>> RewardModelChoices(
    const std::vector<RewardModel>& models);

// ---- For the files that register an agent ----------------------------------------------------

// The cost of an agent whose episode costs `row`'s constant per (s, a, h) cell:
// row.core_seconds_per_unit x S A H x num_episodes.
TabularTaskCost PerCellEpisodeCost(const CostModel& row);

// A std::unique_ptr<TabularAgent> from the StatusOr of a concrete agent.
template <typename Agent>
absl::StatusOr<std::unique_ptr<TabularAgent>> AsTabularAgent(
    absl::StatusOr<std::unique_ptr<Agent>> agent) {
  ASSIGN_OR_RETURN(std::unique_ptr<Agent> concrete, std::move(agent));
  return std::unique_ptr<TabularAgent>(std::move(concrete));
}

// The `configure` of an agent that takes none of the grid's settings.
template <typename Options>
void NoSettings(const TabularAgentSettings&, Options&) {}

// The `configure` of an agent whose one grid setting is failure_probability.
template <typename Options>
void SetFailureProbability(const TabularAgentSettings& settings, Options& options) {
  options.failure_probability = settings.failure_probability;
}

// A new binding (one per registered type, never freed) of an Options struct whose one parameter
// is failure_probability (attribute_fields::kFailureProbability), with `qualifier` saying what it
// is for this agent.
template <typename Options>
const OptionBinding<Options>& NewFailureProbabilityBinding(const std::string& owner,
                                                           const std::string& qualifier) {
  return (*new OptionBinding<Options>(owner))
      .Float(attribute_fields::kFailureProbability, &Options::failure_probability, qualifier);
}

// ---- The registry ------------------------------------------------------------------------------

// Adds a type (a second type of the same name is a bug: CHECK). Returns true, for use as the
// initialiser of a namespace-scope constant.
bool RegisterTabularEnvironment(TabularEnvironmentType type);
bool RegisterTabularAgent(TabularAgentType type);

// The registered type of that name, or nullptr.
const TabularEnvironmentType* FindTabularEnvironment(const std::string& name);
const TabularAgentType* FindTabularAgent(const std::string& name);

// The registered names, sorted.
std::vector<std::string> TabularEnvironmentNames();
std::vector<std::string> TabularAgentNames();
// The registered agents without a privacy guarantee, sorted.
std::vector<std::string> TabularReferenceAgentNames();
// "name (description)" of each of them, joined by ", ": the documentation of a grid field that
// lists reference agents.
std::string TabularReferenceAgentsDoc();

// Refuses, before an MDP of S = num_states, A = num_actions and H = horizon is built, a size whose
// tables would not fit in this machine's memory (CheckMemoryEstimate), naming `caller` and the
// three. It counts the MDP's tables alone (kTabularMdpBytesPerTransitionEntry), not an agent's
// (CheckTabularAgentMemory checks those). Sizes that are not positive are left to the
// environment's own validation.
absl::Status CheckMdpMemory(const std::string& caller, int64_t num_states, int64_t num_actions,
                            int64_t horizon);
// CheckMdpMemory before `type` is built from `attributes` (its num_states, horizon and
// num_actions, or its fixed_num_actions); OK when the attributes lack num_states or horizon.
absl::Status CheckEnvironmentMemory(const std::string& caller, const TabularEnvironmentType& type,
                                    const AttributeList& attributes);

// The environment named by `config`'s `env` attribute, with its parameters read through its
// binding. Errors name the configuration and the parameter, or list the registered names.
absl::StatusOr<TabularMdp> CreateTabularEnvironment(const ConfigSpec& config,
                                                    RandomStream& generation);
// The agent named by `config`'s `agent` attribute, for `target`, likewise.
absl::StatusOr<std::unique_ptr<TabularAgent>> CreateTabularAgent(const ConfigSpec& config,
                                                                 const TabularAgentTarget& target,
                                                                 const RandomStream& noise_stream);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_TABULAR_TABULAR_REGISTRY_H_
