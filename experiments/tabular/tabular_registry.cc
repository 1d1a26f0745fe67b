#include "experiments/tabular/tabular_registry.h"

#include <map>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/hdf5_names.h"
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

}  // namespace

bool RegisterTabularEnvironment(TabularEnvironmentType type) {
  CHECK(type.create) << type.name;
  const std::string name = type.name;
  CHECK(Environments().emplace(name, std::move(type)).second)
      << "tabular environment '" << name << "' registered twice";
  return true;
}

bool RegisterTabularAgent(TabularAgentType type) {
  CHECK(type.create && type.attributes) << type.name;
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
    if (!type.privacy.has_value()) names.push_back(name);
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
  ASSIGN_OR_RETURN(const TabularTypeNames names, TabularEnvironmentNameBinding().Read(config));
  const std::string& name = names.env;
  const TabularEnvironmentType* type = FindTabularEnvironment(name);
  if (type == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("configuration ", config.group_name, ": unknown environment '", name,
                     "' (one of ", absl::StrJoin(TabularEnvironmentNames(), ", "), ")"));
  }
  return type->create(config, generation);
}

absl::StatusOr<std::unique_ptr<TabularAgent>> CreateTabularAgent(const ConfigSpec& config,
                                                                 const TabularShape& shape,
                                                                 const RandomStream& noise_stream) {
  ASSIGN_OR_RETURN(const TabularTypeNames names, TabularAgentNameBinding().Read(config));
  const std::string& name = names.agent;
  const TabularAgentType* type = FindTabularAgent(name);
  if (type == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("configuration ", config.group_name,
                                                   ": unknown agent '", name, "' (one of ",
                                                   absl::StrJoin(TabularAgentNames(), ", "), ")"));
  }
  return type->create(config, shape, noise_stream);
}

}  // namespace dprl
