#include "experiments/option_binding.h"

#include "absl/strings/str_join.h"

namespace dprl {

const AttributeValue* FindAttribute(const AttributeList& attributes, const std::string& name) {
  for (const auto& [key, value] : attributes) {
    if (key == name) return &value;
  }
  return nullptr;
}

namespace option_binding_internal {

std::string JoinChoiceNames(const std::vector<std::string>& names) {
  return absl::StrJoin(names, " | ");
}

}  // namespace option_binding_internal
}  // namespace dprl
