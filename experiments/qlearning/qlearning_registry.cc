#include "experiments/qlearning/qlearning_registry.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "common/registry.h"
#include "absl/strings/str_replace.h"
#include "glog/logging.h"

namespace dprl {
namespace {

constexpr char kDetailPlaceholder[] = "{detail}";

// A function-local static: registration runs during static initialisation of other files.
Registry<QLearningAgentType>& Agents() {
  static auto* types = new Registry<QLearningAgentType>("agent");
  return *types;
}

}  // namespace

bool RegisterQLearningAgent(QLearningAgentType type) {
  CHECK(type.check && type.train) << type.name;
  const std::string name = type.name;
  Agents().Register(name, std::move(type));
  return true;
}

const QLearningAgentType* FindQLearningAgent(const std::string& name) {
  return Agents().FindOrNull(name);
}

absl::StatusOr<const QLearningAgentType*> FindQLearningAgentOrError(const std::string& name,
                                                                   const std::string& context) {
  absl::StatusOr<const QLearningAgentType*> type = Agents().Find(name);
  if (!type.ok()) {
    return absl::Status(type.status().code(), absl::StrCat(context, ": ", type.status().message()));
  }
  return type;
}

std::vector<std::string> QLearningAgentNames() { return Agents().Keys(); }

std::string QLearningLabel(const std::string& name, const std::string& detail) {
  const QLearningAgentType* type = FindQLearningAgent(name);
  CHECK(type != nullptr) << "unregistered Q-learning agent '" << name << "'";
  const bool has_placeholder = type->legend.find(kDetailPlaceholder) != std::string::npos;
  CHECK_EQ(has_placeholder, !detail.empty())
      << "agent " << name << ": legend '" << type->legend << "' with detail '" << detail << "'";
  return absl::StrReplaceAll(type->legend, {{kDetailPlaceholder, detail}});
}

}  // namespace dprl
