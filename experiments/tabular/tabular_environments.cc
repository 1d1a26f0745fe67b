#include "experiments/tabular/tabular_environments.h"

#include <utility>
#include <variant>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/tabular/tabular_agent.h"
#include "common/hdf5_names.h"
#include "common/resource_limits.h"
#include "common/status_macros.h"
#include "envs/tabular_mdp.h"
#include "experiments/tabular/tabular_registry.h"
#include "experiments/tabular/tabular_task.h"

namespace dprl {

namespace {

// The memory of a regret task per (h, s, a, s') entry, at least: a task holds the MDP and an agent
// at once, so it is the MDP's tables (24 bytes) and the agent's transition count (8). (Python's
// tabular_environment checks the MDP's alone: an agent made there is checked when it is made.)
constexpr double kTaskBytesPerTransitionEntry =
    kTabularMdpBytesPerTransitionEntry + kTabularAgentBytesPerTransitionEntry;

// Refuses, before the MDP is built, a size whose tables would not fit in this machine's memory
// (CheckMemoryEstimate); the message names the fields and their values.
absl::Status CheckMemoryBeforeBuilding(const TabularEnvironmentType& type,
                                       const std::map<std::string, AttributeValue>& values) {
  auto field = [&](const std::string& name) -> const int64_t* {
    auto it = values.find(absl::StrCat(type.name, ".", name));
    return it == values.end() ? nullptr : std::get_if<int64_t>(&it->second);
  };
  const int64_t* num_states = field(hdf5_names::kNumStates);
  const int64_t* horizon = field(hdf5_names::kHorizon);
  const int64_t* num_actions = field(hdf5_names::kNumActions);
  if (num_states == nullptr || horizon == nullptr) return absl::OkStatus();
  const double actions =
      num_actions != nullptr ? static_cast<double>(*num_actions) : type.fixed_num_actions;
  const double entries =
      static_cast<double>(*horizon) * *num_states * actions * static_cast<double>(*num_states);
  std::string subject = absl::StrCat("fields '", type.name, ".num_states' = ", *num_states, ", '",
                                     type.name, ".horizon' = ", *horizon);
  if (num_actions != nullptr) {
    absl::StrAppend(&subject, ", '", type.name, ".num_actions' = ", *num_actions);
  }
  absl::StrAppend(&subject, " (H S A S = ", absl::StrFormat("%.3g", entries),
                  " transition entries)");
  return CheckMemoryEstimate(subject, kTaskBytesPerTransitionEntry * entries);
}

}  // namespace

TabularEnvironmentFields TabularEnvironmentFields::Defaults() {
  TabularEnvironmentFields fields;
  for (const std::string& env : Names()) {
    for (const ParameterSpec& spec : FindTabularEnvironment(env)->parameters) {
      fields.values[absl::StrCat(env, ".", spec.name)] = spec.default_value;
    }
  }
  return fields;
}

std::vector<std::string> TabularEnvironmentFields::Names() { return TabularEnvironmentNames(); }

void TabularEnvironmentFields::BindFields(ConfigFields& fields) {
  for (const std::string& env : Names()) {
    for (const ParameterSpec& spec : FindTabularEnvironment(env)->parameters) {
      const std::string key = absl::StrCat(env, ".", spec.name);
      std::visit([&](auto& value) { fields.Add(key, &value, spec.doc); }, values.at(key));
    }
  }
}

absl::StatusOr<TabularEnvironmentChoice> TabularEnvironmentFields::Resolve(
    const std::string& env) const {
  const TabularEnvironmentType* type = FindTabularEnvironment(env);
  if (type == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("unknown environment '", env, "'"));
  }
  ConfigSpec config;
  config.group_name = env;
  config.attributes = TabularEnvironmentNameBinding().Attributes(TabularTypeNames{env, ""});
  for (const ParameterSpec& spec : type->parameters) {
    config.attributes.push_back({spec.name, values.at(absl::StrCat(env, ".", spec.name))});
  }
  RETURN_IF_ERROR(CheckMemoryBeforeBuilding(*type, values));
  absl::StatusOr<TabularMdp> mdp = MakeTabularEnvironment(config, /*master_seed=*/0);
  if (!mdp.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("fields '", env, ".*': ", mdp.status().message()));
  }
  TabularEnvironmentChoice choice;
  choice.env = env;
  choice.shape = {mdp->num_states(), mdp->num_actions(), mdp->horizon()};
  choice.attributes = config.attributes;
  MergeAttributes(TabularShapeBinding().Attributes(choice.shape), choice.attributes);
  return choice;
}

absl::Status AddTabularRegretConfig(const TabularEnvironmentChoice& choice, int64_t num_episodes,
                                    const std::string& group, const std::string& agent,
                                    const std::string& label, const AttributeList& agent_attributes,
                                    std::vector<ConfigSpec>& configs) {
  ConfigSpec config;
  config.group_name = absl::StrCat(choice.env, "-", group);
  RETURN_IF_ERROR(FillTabularRegretConfig(
      choice.attributes, choice.shape, agent, label, num_episodes, agent_attributes,
      absl::StrCat("field 'num_episodes' = ", num_episodes, " on ", choice.env,
                   " (S A H = ", choice.shape.StateActionSteps(), ", agent ", group, ")"),
      config));
  configs.push_back(std::move(config));
  return absl::OkStatus();
}

}  // namespace dprl
