#include "experiments/runner/config_toml.h"

#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "common/status_macros.h"
#include "toml++/toml.h"

namespace dprl {
namespace {

// The FieldValue of a TOML leaf, or an error naming the key. An empty array becomes the empty
// list of the field's own type.
absl::StatusOr<FieldValue> ToFieldValue(const toml::node& node, const std::string& key,
                                        const ConfigFields& fields) {
  if (const auto* integer = node.as_integer()) return FieldValue(integer->get());
  if (const auto* floating = node.as_floating_point()) return FieldValue(floating->get());
  if (const auto* boolean = node.as_boolean()) return FieldValue(boolean->get());
  if (const auto* text = node.as_string()) return FieldValue(text->get());
  if (const auto* array = node.as_array()) {
    if (array->empty()) {
      const ConfigFields::Field* field = fields.Find(key);
      if (field == nullptr) return FieldValue(std::vector<std::string>{});  // reported later
      return std::visit([](auto* target) { return FieldValue(std::decay_t<decltype(*target)>{}); },
                        field->target);
    }
    if (array->is_homogeneous<int64_t>()) {
      std::vector<int64_t> values;
      for (const toml::node& item : *array) values.push_back(item.as_integer()->get());
      return FieldValue(std::move(values));
    }
    bool all_numbers = true;
    for (const toml::node& item : *array) all_numbers &= item.is_number();
    if (all_numbers) {
      std::vector<double> values;
      for (const toml::node& item : *array) values.push_back(item.value<double>().value());
      return FieldValue(std::move(values));
    }
    if (array->is_homogeneous<std::string>()) {
      std::vector<std::string> values;
      for (const toml::node& item : *array) values.push_back(item.as_string()->get());
      return FieldValue(std::move(values));
    }
  }
  return absl::InvalidArgumentError(
      absl::StrCat("field '", key,
                   "' has a TOML value of an unsupported type (use an int, float, bool, "
                   "string or an array of one of them)"));
}

absl::Status ApplyTable(const toml::table& table, const std::string& prefix, ConfigFields* fields) {
  for (const auto& [key_part, node] : table) {
    const std::string key = prefix + std::string(key_part.str());
    if (const toml::table* sub = node.as_table()) {
      RETURN_IF_ERROR(ApplyTable(*sub, key + ".", fields));
      continue;
    }
    ASSIGN_OR_RETURN(FieldValue value, ToFieldValue(node, key, *fields));
    RETURN_IF_ERROR(fields->SetValue(key, value));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status ApplyToml(absl::string_view text, const std::string& source, ConfigFields* fields) {
  auto in_source = [&](const absl::Status& status) {
    return absl::Status(status.code(), absl::StrCat("--config=", source, ": ", status.message()));
  };
  toml::table table;
  try {
    table = toml::parse(std::string_view(text.data(), text.size()), source);
  } catch (const toml::parse_error& error) {
    return in_source(absl::InvalidArgumentError(
        absl::StrCat("line ", error.source().begin.line, ": ", std::string(error.description()))));
  }
  if (absl::Status status = ApplyTable(table, "", fields); !status.ok()) return in_source(status);
  return absl::OkStatus();
}

absl::Status ApplyTomlFile(const std::string& path, ConfigFields* fields) {
  std::ifstream file(path);
  if (!file) {
    return absl::NotFoundError(absl::StrCat("--config=", path, ": cannot read the file"));
  }
  std::stringstream contents;
  contents << file.rdbuf();
  if (file.bad()) {
    return absl::DataLossError(absl::StrCat("--config=", path, ": error while reading the file"));
  }
  return ApplyToml(contents.str(), path, fields);
}

}  // namespace dprl
