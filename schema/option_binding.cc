#include "schema/option_binding.h"

#include <utility>

#include "absl/strings/str_join.h"
#include "glog/logging.h"

namespace dprl {

const AttributeValue* FindAttribute(const AttributeList& attributes, const std::string& name) {
  for (const auto& [key, value] : attributes) {
    if (key == name) return &value;
  }
  return nullptr;
}

void MergeAttributes(const AttributeList& more, AttributeList& attributes) {
  for (const auto& [name, value] : more) {
    if (const AttributeValue* present = FindAttribute(attributes, name); present != nullptr) {
      CHECK(*present == value) << "attribute '" << name << "' written twice with different values";
      continue;
    }
    attributes.emplace_back(name, value);
  }
}

void SetAttribute(AttributeList& attributes, const std::string& name, AttributeValue value) {
  for (auto& [attribute, current] : attributes) {
    if (attribute == name) {
      current = std::move(value);
      return;
    }
  }
  attributes.emplace_back(name, std::move(value));
}

namespace option_binding_internal {

std::string JoinChoiceNames(const std::vector<std::string>& names) {
  return absl::StrJoin(names, " | ");
}

}  // namespace option_binding_internal
}  // namespace dprl
