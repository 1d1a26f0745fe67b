#include "experiments/tabular_environments.h"

#include <variant>

#include "absl/strings/str_cat.h"
#include "experiments/tabular_registry.h"
#include "experiments/tabular_task.h"

namespace dprl {

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
  config.attributes.push_back({"env", env});
  for (const ParameterSpec& spec : type->parameters) {
    config.attributes.push_back({spec.name, values.at(absl::StrCat(env, ".", spec.name))});
  }
  absl::StatusOr<TabularMdp> mdp = MakeTabularEnvironment(config, /*master_seed=*/0);
  if (!mdp.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("fields '", env, ".*': ", mdp.status().message()));
  }
  TabularEnvironmentChoice choice;
  choice.env = env;
  choice.shape = {mdp->num_states(), mdp->num_actions(), mdp->horizon()};
  choice.attributes = config.attributes;
  for (const auto& [name, value] :
       {std::pair<std::string, int>{"num_states", choice.shape.num_states},
        {"num_actions", choice.shape.num_actions},
        {"horizon", choice.shape.horizon}}) {
    bool present = false;
    for (const auto& attribute : choice.attributes) present |= attribute.first == name;
    if (!present) choice.attributes.push_back({name, int64_t{value}});
  }
  return choice;
}

}  // namespace dprl
