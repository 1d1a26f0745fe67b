#include "experiments/runner/config_toml.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
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

// Skips the string that starts at text[i] (a quote) and returns the index after it; a string
// left open runs to the end (the parser reports it).
size_t SkipString(absl::string_view text, size_t i) {
  const char quote = text[i];
  const bool triple = text.substr(i, 3) == std::string(3, quote);
  size_t j = i + (triple ? 3 : 1);
  while (j < text.size()) {
    if (quote == '"' && text[j] == '\\') {
      j += 2;
    } else if (triple ? text.substr(j, 3) == std::string(3, quote) : text[j] == quote) {
      return j + (triple ? 3 : 1);
    } else if (!triple && text[j] == '\n') {
      return j;
    } else {
      ++j;
    }
  }
  return text.size();
}

// OK unless a key of `text` is nested deeper than kMaxConfigKeyDepth levels: counts the dots of
// each key (outside strings and comments; a table header is a key) plus the depth of the inline
// tables around it. An error names the line.
absl::Status CheckKeyDepth(absl::string_view text) {
  // Per open inline table: the depth of the key that opened it, and its open arrays.
  struct Level {
    int depth;
    int arrays;
  };
  std::vector<Level> levels = {{0, 0}};
  bool in_key = true;  // reading a key (before '=') rather than a value
  int depth = 1, line = 1;
  const auto too_deep = [&] {
    return absl::InvalidArgumentError(
        absl::StrCat("line ", line, ": a key nested deeper than ", kMaxConfigKeyDepth,
                     " levels (dotted keys, tables and inline tables together)"));
  };
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '"' || c == '\'') {
      const size_t end = SkipString(text, i);
      for (size_t j = i; j < end; ++j) line += text[j] == '\n';
      i = end;
      continue;
    }
    ++i;
    if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (c == '\n') {
      ++line;
      if (levels.size() == 1 && levels.back().arrays == 0) in_key = true, depth = 1;
    } else if (in_key) {
      if (c == '.' && ++depth + levels.back().depth > kMaxConfigKeyDepth) return too_deep();
      if (c == '=') in_key = false;
    } else if (c == '[') {
      ++levels.back().arrays;
    } else if (c == ']') {
      if (levels.back().arrays > 0) --levels.back().arrays;
    } else if (c == '{') {
      levels.push_back({levels.back().depth + depth, 0});
      if (levels.back().depth >= kMaxConfigKeyDepth) return too_deep();
      in_key = true, depth = 1;
    } else if (c == '}') {
      if (levels.size() > 1) levels.pop_back();
    } else if (c == ',' && levels.size() > 1 && levels.back().arrays == 0) {
      in_key = true, depth = 1;
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status ApplyToml(absl::string_view text, const std::string& source, ConfigFields* fields) {
  auto in_source = [&](const absl::Status& status) {
    return absl::Status(status.code(), absl::StrCat("--config=", source, ": ", status.message()));
  };
  if (absl::Status status = CheckKeyDepth(text); !status.ok()) return in_source(status);
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
  struct stat info;
  if (stat(path.c_str(), &info) != 0) {
    return absl::NotFoundError(
        absl::StrCat("--config=", path, ": cannot read the file: ", std::strerror(errno)));
  }
  if (S_ISDIR(info.st_mode)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--config=", path, ": is a directory, not a TOML file"));
  }
  if (!S_ISREG(info.st_mode)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--config=", path, ": is not a regular file (a device, pipe or socket); give a TOML file"));
  }
  const auto too_large = [&](int64_t bytes) {
    return absl::InvalidArgumentError(absl::StrCat("--config=", path, ": ", bytes,
                                                   " bytes, more than the ", kMaxConfigFileBytes,
                                                   " a configuration file may have"));
  };
  if (info.st_size > kMaxConfigFileBytes) return too_large(info.st_size);
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    return absl::NotFoundError(
        absl::StrCat("--config=", path, ": cannot read the file: ", std::strerror(errno)));
  }
  // At most one byte past the limit, in case the file grew since stat.
  std::string contents(kMaxConfigFileBytes + 1, '\0');
  file.read(contents.data(), static_cast<std::streamsize>(contents.size()));
  if (file.bad()) {
    return absl::DataLossError(absl::StrCat("--config=", path, ": error while reading the file"));
  }
  contents.resize(static_cast<size_t>(file.gcount()));
  if (static_cast<int64_t>(contents.size()) > kMaxConfigFileBytes) {
    return too_large(static_cast<int64_t>(contents.size()));
  }
  return ApplyToml(contents, path, fields);
}

}  // namespace dprl
