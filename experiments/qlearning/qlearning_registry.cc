#include "experiments/qlearning/qlearning_registry.h"

#include <map>
#include <utility>

#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "glog/logging.h"

namespace dprl {
namespace {

constexpr char kDetailPlaceholder[] = "{detail}";

// A function-local static: registration may run during static initialisation of other files.
std::map<std::string, QLearningAgentType>& Agents() {
  static auto* types = new std::map<std::string, QLearningAgentType>();
  return *types;
}

}  // namespace

bool RegisterQLearningAgent(QLearningAgentType type) {
  CHECK(type.check && type.train) << type.name;
  const std::string name = type.name;
  CHECK(Agents().emplace(name, std::move(type)).second)
      << "Q-learning agent '" << name << "' registered twice";
  return true;
}

const QLearningAgentType* FindQLearningAgent(const std::string& name) {
  auto it = Agents().find(name);
  return it == Agents().end() ? nullptr : &it->second;
}

absl::StatusOr<const QLearningAgentType*> FindQLearningAgentOrError(const std::string& name,
                                                                   const std::string& context) {
  const QLearningAgentType* type = FindQLearningAgent(name);
  if (type == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(context, ": unknown agent '", name,
                                                   "' (one of ",
                                                   absl::StrJoin(QLearningAgentNames(), ", "), ")"));
  }
  return type;
}

std::vector<std::string> QLearningAgentNames() {
  std::vector<std::string> names;
  for (const auto& [name, type] : Agents()) names.push_back(name);
  return names;
}

std::string QLearningLabel(const std::string& name, const std::string& detail) {
  const QLearningAgentType* type = FindQLearningAgent(name);
  CHECK(type != nullptr) << "unregistered Q-learning agent '" << name << "'";
  const bool has_placeholder = type->legend.find(kDetailPlaceholder) != std::string::npos;
  CHECK_EQ(has_placeholder, !detail.empty())
      << "agent " << name << ": legend '" << type->legend << "' with detail '" << detail << "'";
  return absl::StrReplaceAll(type->legend, {{kDetailPlaceholder, detail}});
}

}  // namespace dprl
