#include "experiments/tabular/tabular_registry.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "common/hdf5_names.h"
#include "common/registry.h"
#include "common/resource_limits.h"
#include "common/status_macros.h"
#include "glog/logging.h"

namespace dprl {
namespace {

// Function-local statics: registration runs during static initialisation of other files.
Registry<TabularEnvironmentType>& Environments() {
  static auto* types = new Registry<TabularEnvironmentType>("environment");
  return *types;
}
Registry<TabularAgentType>& Agents() {
  static auto* types = new Registry<TabularAgentType>("agent");
  return *types;
}

// `status` with "configuration <group>: " before its message.
absl::Status InConfiguration(const ConfigSpec& config, const absl::Status& status) {
  return absl::Status(status.code(),
                      absl::StrCat("configuration ", config.group_name, ": ", status.message()));
}

}  // namespace

bool RegisterTabularEnvironment(TabularEnvironmentType type) {
  CHECK(type.create) << type.name;
  const std::string name = type.name;
  Environments().Register(name, std::move(type));
  return true;
}

bool RegisterTabularAgent(TabularAgentType type) {
  CHECK(type.create && type.attributes && type.core_seconds) << type.name;
  const std::string name = type.name;
  Agents().Register(name, std::move(type));
  return true;
}

const TabularEnvironmentType* FindTabularEnvironment(const std::string& name) {
  return Environments().FindOrNull(name);
}

const TabularAgentType* FindTabularAgent(const std::string& name) {
  return Agents().FindOrNull(name);
}

std::vector<std::pair<RewardModel, std::string>> RewardModelChoices(
    const std::vector<RewardModel>& models) {
  std::vector<std::pair<RewardModel, std::string>> choices;
  for (RewardModel model : models) choices.emplace_back(model, RewardModelName(model));
  return choices;
}

TabularTaskCost PerCellEpisodeCost(const CostModel& row) {
  const CostModel* model = &row;
  return [model](const ConfigSpec&, const TabularShape& shape, int64_t num_episodes) {
    return model->core_seconds_per_unit * static_cast<double>(shape.StateActionSteps()) *
           static_cast<double>(num_episodes);
  };
}

std::vector<std::string> TabularEnvironmentNames() { return Environments().Keys(); }
std::vector<std::string> TabularAgentNames() { return Agents().Keys(); }

std::vector<std::string> TabularReferenceAgentNames() {
  std::vector<std::string> names;
  for (const auto& [name, type] : Agents().entries()) {
    if (!type.privacy.has_value()) names.push_back(name);
  }
  return names;
}

std::string TabularReferenceAgentsDoc() {
  std::vector<std::string> entries;
  for (const std::string& name : TabularReferenceAgentNames()) {
    entries.push_back(absl::StrCat(name, " (", Agents().FindOrNull(name)->description, ")"));
  }
  return absl::StrJoin(entries, ", ");
}

absl::StatusOr<TabularMdp> CreateTabularEnvironment(const ConfigSpec& config,
                                                    RandomStream& generation) {
  ASSIGN_OR_RETURN(const TabularTypeNames names, TabularEnvironmentNameBinding().Read(config));
  absl::StatusOr<const TabularEnvironmentType*> type = Environments().Find(names.env);
  if (!type.ok()) return InConfiguration(config, type.status());
  return (*type)->create(config, generation);
}

absl::StatusOr<std::unique_ptr<TabularAgent>> CreateTabularAgent(const ConfigSpec& config,
                                                                 const TabularAgentTarget& target,
                                                                 const RandomStream& noise_stream) {
  ASSIGN_OR_RETURN(const TabularTypeNames names, TabularAgentNameBinding().Read(config));
  absl::StatusOr<const TabularAgentType*> type = Agents().Find(names.agent);
  if (!type.ok()) return InConfiguration(config, type.status());
  return (*type)->create(config, target, noise_stream);
}

absl::Status CheckMdpMemory(const std::string& caller, int64_t num_states, int64_t num_actions,
                            int64_t horizon) {
  if (num_states < 1 || horizon < 1 || num_actions < 1) return absl::OkStatus();
  const double entries = static_cast<double>(horizon) * static_cast<double>(num_states) *
                         static_cast<double>(num_actions) * static_cast<double>(num_states);
  return CheckMemoryEstimate(
      absl::StrCat(caller, ": num_states = ", num_states, ", num_actions = ", num_actions,
                   ", horizon = ", horizon, " (H S A S = ", absl::StrFormat("%.3g", entries),
                   " transition entries)"),
      kTabularMdpBytesPerTransitionEntry * entries);
}

absl::Status CheckEnvironmentMemory(const std::string& caller, const TabularEnvironmentType& type,
                                    const AttributeList& attributes) {
  auto int_attribute = [&](const char* name) -> const int64_t* {
    const AttributeValue* value = FindAttribute(attributes, name);
    return value == nullptr ? nullptr : std::get_if<int64_t>(value);
  };
  const int64_t* num_states = int_attribute(hdf5_names::kNumStates);
  const int64_t* horizon = int_attribute(hdf5_names::kHorizon);
  const int64_t* num_actions = int_attribute(hdf5_names::kNumActions);
  if (num_states == nullptr || horizon == nullptr) return absl::OkStatus();
  return CheckMdpMemory(caller, *num_states,
                        num_actions != nullptr ? *num_actions : type.fixed_num_actions, *horizon);
}

}  // namespace dprl
