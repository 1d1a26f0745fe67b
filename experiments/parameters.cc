#include "experiments/parameters.h"

#include <utility>
#include <variant>

#include "absl/strings/str_cat.h"
#include "glog/logging.h"

namespace dprl {

ParameterSpec Required(const std::string& name, AttributeValue grid_default,
                       const std::string& doc) {
  return ParameterSpec{name, std::move(grid_default), /*required=*/true, doc};
}

ParameterSpec Optional(const std::string& name, AttributeValue default_value,
                       const std::string& doc) {
  return ParameterSpec{name, std::move(default_value), /*required=*/false, doc};
}

std::string AttributeTypeName(const AttributeValue& value) {
  if (std::holds_alternative<int64_t>(value)) return "int";
  if (std::holds_alternative<double>(value)) return "float";
  return "string";
}

absl::StatusOr<Parameters> Parameters::FromConfig(const ConfigSpec& config,
                                                  const std::vector<ParameterSpec>& specs,
                                                  const std::string& owner) {
  Parameters parameters;
  for (const ParameterSpec& spec : specs) {
    const AttributeValue* found = nullptr;
    for (const auto& [name, value] : config.attributes) {
      if (name == spec.name) found = &value;
    }
    if (found == nullptr) {
      if (spec.required) {
        return absl::InvalidArgumentError(
            absl::StrCat("configuration ", config.group_name, ": ", owner, " needs ",
                         AttributeTypeName(spec.default_value), " parameter '", spec.name, "'"));
      }
      parameters.values_[spec.name] = spec.default_value;
      continue;
    }
    if (found->index() != spec.default_value.index()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "configuration ", config.group_name, ": parameter '", spec.name, "' of ", owner,
          " must be ", AttributeTypeName(spec.default_value) == "int" ? "an " : "a ",
          AttributeTypeName(spec.default_value), ", got a ", AttributeTypeName(*found)));
    }
    parameters.values_[spec.name] = *found;
  }
  return parameters;
}

int64_t Parameters::Int(const std::string& name) const {
  auto it = values_.find(name);
  CHECK(it != values_.end() && std::holds_alternative<int64_t>(it->second)) << name;
  return std::get<int64_t>(it->second);
}

double Parameters::Float(const std::string& name) const {
  auto it = values_.find(name);
  CHECK(it != values_.end() && std::holds_alternative<double>(it->second)) << name;
  return std::get<double>(it->second);
}

const std::string& Parameters::String(const std::string& name) const {
  auto it = values_.find(name);
  CHECK(it != values_.end() && std::holds_alternative<std::string>(it->second)) << name;
  return std::get<std::string>(it->second);
}

}  // namespace dprl
