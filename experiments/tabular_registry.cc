#include "experiments/tabular_registry.h"

#include <map>
#include <utility>
#include <variant>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/status_macros.h"
#include "glog/logging.h"

namespace dprl {
namespace {

// Function-local statics: registration may run during static initialisation of other files.
std::map<std::string, TabularEnvironmentType>& Environments() {
  static auto* types = new std::map<std::string, TabularEnvironmentType>();
  return *types;
}
std::map<std::string, TabularAgentType>& Agents() {
  static auto* types = new std::map<std::string, TabularAgentType>();
  return *types;
}

template <typename Type>
std::vector<std::string> Names(const std::map<std::string, Type>& types) {
  std::vector<std::string> names;
  for (const auto& [name, type] : types) names.push_back(name);
  return names;
}

// The string attribute `name` of `config` (`env` or `agent`), or an error naming it.
absl::StatusOr<std::string> TypeName(const ConfigSpec& config, const std::string& name) {
  for (const auto& [key, value] : config.attributes) {
    if (key == name && std::holds_alternative<std::string>(value)) {
      return std::get<std::string>(value);
    }
  }
  return absl::InvalidArgumentError(
      absl::StrCat("configuration ", config.group_name, " lacks string attribute ", name));
}

}  // namespace

bool RegisterTabularEnvironment(TabularEnvironmentType type) {
  CHECK(type.create) << type.name;
  const std::string name = type.name;
  CHECK(Environments().emplace(name, std::move(type)).second)
      << "tabular environment '" << name << "' registered twice";
  return true;
}

bool RegisterTabularAgent(TabularAgentType type) {
  CHECK(type.create) << type.name;
  const std::string name = type.name;
  CHECK(Agents().emplace(name, std::move(type)).second)
      << "tabular agent '" << name << "' registered twice";
  return true;
}

const TabularEnvironmentType* FindTabularEnvironment(const std::string& name) {
  auto it = Environments().find(name);
  return it == Environments().end() ? nullptr : &it->second;
}

const TabularAgentType* FindTabularAgent(const std::string& name) {
  auto it = Agents().find(name);
  return it == Agents().end() ? nullptr : &it->second;
}

std::vector<std::string> TabularEnvironmentNames() { return Names(Environments()); }
std::vector<std::string> TabularAgentNames() { return Names(Agents()); }

std::vector<std::string> TabularReferenceAgentNames() {
  std::vector<std::string> names;
  for (const auto& [name, type] : Agents()) {
    if (!type.differentially_private) names.push_back(name);
  }
  return names;
}

std::string TabularReferenceAgentsDoc() {
  std::vector<std::string> entries;
  for (const std::string& name : TabularReferenceAgentNames()) {
    entries.push_back(absl::StrCat(name, " (", Agents().at(name).description, ")"));
  }
  return absl::StrJoin(entries, ", ");
}

absl::StatusOr<TabularMdp> CreateTabularEnvironment(const ConfigSpec& config,
                                                    RandomStream& generation) {
  ASSIGN_OR_RETURN(std::string name, TypeName(config, "env"));
  const TabularEnvironmentType* type = FindTabularEnvironment(name);
  if (type == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("configuration ", config.group_name, ": unknown environment '", name,
                     "' (one of ", absl::StrJoin(TabularEnvironmentNames(), ", "), ")"));
  }
  ASSIGN_OR_RETURN(
      Parameters parameters,
      Parameters::FromConfig(config, type->parameters, absl::StrCat("environment ", name)));
  return type->create(parameters, generation);
}

absl::StatusOr<std::unique_ptr<TabularAgent>> CreateTabularAgent(const ConfigSpec& config,
                                                                 const TabularShape& shape,
                                                                 const RandomStream& noise_stream) {
  ASSIGN_OR_RETURN(std::string name, TypeName(config, "agent"));
  const TabularAgentType* type = FindTabularAgent(name);
  if (type == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("configuration ", config.group_name,
                                                   ": unknown agent '", name, "' (one of ",
                                                   absl::StrJoin(TabularAgentNames(), ", "), ")"));
  }
  ASSIGN_OR_RETURN(Parameters parameters,
                   Parameters::FromConfig(config, type->parameters, absl::StrCat("agent ", name)));
  absl::StatusOr<std::unique_ptr<TabularAgent>> agent =
      type->create(parameters, shape, noise_stream);
  if (!agent.ok()) {
    return absl::Status(agent.status().code(), absl::StrCat("configuration ", config.group_name,
                                                            ": ", agent.status().message()));
  }
  return agent;
}

}  // namespace dprl
