#include "experiments/runner/config_fields.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <type_traits>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "common/command_line.h"
#include "glog/logging.h"

namespace dprl {
namespace {

bool IsValidFieldName(absl::string_view name) {
  if (name.empty()) return false;
  for (absl::string_view part : absl::StrSplit(name, '.')) {
    if (part.empty()) return false;
    for (char c : part) {
      if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
    }
  }
  return true;
}

template <typename T>
std::string TypeName() {
  if constexpr (std::is_same_v<T, int64_t>) return "int";
  if constexpr (std::is_same_v<T, double>) return "float";
  if constexpr (std::is_same_v<T, bool>) return "bool";
  if constexpr (std::is_same_v<T, std::string>) return "string";
  if constexpr (std::is_same_v<T, std::vector<int64_t>>) return "list of int";
  if constexpr (std::is_same_v<T, std::vector<double>>) return "list of float";
  if constexpr (std::is_same_v<T, std::vector<std::string>>) return "list of string";
}

// A type name with its indefinite article, for messages: "an int", "a float".
std::string WithArticle(const std::string& type) {
  return absl::StrCat(type == "int" ? "an " : "a ", type);
}

// Scalars in --set syntax.
bool ParseScalar(absl::string_view text, int64_t* value) {
  if (text.empty()) return false;
  const char* end = text.data() + text.size();
  auto [ptr, error] = std::from_chars(text.data(), end, *value);
  if (error == std::errc() && ptr == end) return true;
  // An integral number in exponent form (1e6): exact when |x| < 2^63.
  double number = 0;
  if (!ParseNumberText(text, &number) || !std::isfinite(number) || number != std::floor(number) ||
      std::fabs(number) >= 9.2233720368547758e18) {
    return false;
  }
  *value = static_cast<int64_t>(number);
  return true;
}
bool ParseScalar(absl::string_view text, double* value) { return ParseNumberText(text, value); }
bool ParseScalar(absl::string_view text, bool* value) {
  if (text != "true" && text != "false") return false;
  *value = text == "true";
  return true;
}
bool ParseScalar(absl::string_view text, std::string* value) {
  *value = std::string(text);
  return true;
}
template <typename T>
bool ParseScalar(absl::string_view text, std::vector<T>* values) {
  values->clear();
  if (text.empty()) return true;
  for (absl::string_view item : absl::StrSplit(text, ',')) {
    T value{};
    if (!ParseScalar(item, &value)) return false;
    values->push_back(std::move(value));
  }
  return true;
}

std::string FormatNumber(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[64];
  auto [ptr, error] = std::to_chars(buffer, buffer + sizeof(buffer), value);
  CHECK(error == std::errc());
  return std::string(buffer, ptr);
}

template <typename T>
struct IsVector : std::false_type {};
template <typename T>
struct IsVector<std::vector<T>> : std::true_type {};

std::string TextOf(int64_t value) { return absl::StrCat(value); }
std::string TextOf(double value) { return FormatNumber(value); }
std::string TextOf(bool value) { return value ? "true" : "false"; }
std::string TextOf(const std::string& value) { return value; }
template <typename T>
std::string TextOf(const std::vector<T>& values) {
  std::vector<std::string> items;
  for (const T& value : values) items.push_back(TextOf(value));
  return absl::StrJoin(items, ",");
}

std::string TomlOf(int64_t value) { return absl::StrCat(value); }
std::string TomlOf(double value) {
  std::string text = FormatNumber(value);
  // TOML floats need a fraction or an exponent ("5" would read back as an int).
  if (std::isfinite(value) && text.find_first_of(".e") == std::string::npos) text += ".0";
  return text;
}
std::string TomlOf(bool value) { return value ? "true" : "false"; }
std::string TomlOf(const std::string& value) {
  std::string quoted = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\') {
      quoted += '\\';
      quoted += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escape[8];
      std::snprintf(escape, sizeof(escape), "\\u%04x", c);
      quoted += escape;
    } else {
      quoted += c;
    }
  }
  return quoted + "\"";
}
template <typename T>
std::string TomlOf(const std::vector<T>& values) {
  std::vector<std::string> items;
  for (const T& value : values) items.push_back(TomlOf(value));
  return absl::StrCat("[", absl::StrJoin(items, ", "), "]");
}

absl::Status UnknownField(absl::string_view name) {
  return absl::InvalidArgumentError(
      absl::StrCat("unknown field '", name, "' (see --help for the fields of this experiment)"));
}

}  // namespace

std::string FieldTypeName(const FieldValue& value) {
  return std::visit([](const auto& v) { return TypeName<std::decay_t<decltype(v)>>(); }, value);
}

template <typename T>
void ConfigFields::AddField(const std::string& name, T* target, const std::string& doc) {
  CHECK(IsValidFieldName(name)) << "invalid config field name '" << name << "'";
  CHECK(Find(name) == nullptr) << "config field '" << name << "' bound twice";
  for (const Field& other : fields_) {  // a TOML key cannot be both a value and a table
    CHECK(!absl::StartsWith(other.name, name + ".") && !absl::StartsWith(name, other.name + "."))
        << "config field '" << name << "' clashes with '" << other.name << "'";
  }
  CHECK(target != nullptr) << name;
  fields_.push_back(Field{name, doc, target});
}

void ConfigFields::Add(const std::string& name, int64_t* target, const std::string& doc) {
  AddField(name, target, doc);
}
void ConfigFields::Add(const std::string& name, double* target, const std::string& doc) {
  AddField(name, target, doc);
}
void ConfigFields::Add(const std::string& name, bool* target, const std::string& doc) {
  AddField(name, target, doc);
}
void ConfigFields::Add(const std::string& name, std::string* target, const std::string& doc) {
  AddField(name, target, doc);
}
void ConfigFields::Add(const std::string& name, std::vector<int64_t>* target,
                       const std::string& doc) {
  AddField(name, target, doc);
}
void ConfigFields::Add(const std::string& name, std::vector<double>* target,
                       const std::string& doc) {
  AddField(name, target, doc);
}
void ConfigFields::Add(const std::string& name, std::vector<std::string>* target,
                       const std::string& doc) {
  AddField(name, target, doc);
}

const ConfigFields::Field* ConfigFields::Find(absl::string_view name) const {
  for (const Field& field : fields_) {
    if (field.name == name) return &field;
  }
  return nullptr;
}

absl::Status ConfigFields::SetFromText(absl::string_view name, absl::string_view text) {
  const Field* field = Find(name);
  if (field == nullptr) return UnknownField(name);
  return std::visit(
      [&](auto* target) -> absl::Status {
        using T = std::remove_pointer_t<decltype(target)>;
        T value{};
        if (!ParseScalar(text, &value)) {
          return absl::InvalidArgumentError(absl::StrCat(
              "field '", name, "' takes ", WithArticle(TypeName<T>()), ", got '", text, "'"));
        }
        *target = std::move(value);
        return absl::OkStatus();
      },
      field->target);
}

absl::Status ConfigFields::SetValue(absl::string_view name, const FieldValue& value) {
  const Field* field = Find(name);
  if (field == nullptr) return UnknownField(name);
  return std::visit(
      [&](auto* target) -> absl::Status {
        using T = std::remove_pointer_t<decltype(target)>;
        if (const T* exact = std::get_if<T>(&value)) {
          *target = *exact;
          return absl::OkStatus();
        }
        if constexpr (std::is_same_v<T, double>) {
          if (const int64_t* integer = std::get_if<int64_t>(&value)) {
            *target = static_cast<double>(*integer);
            return absl::OkStatus();
          }
        }
        if constexpr (std::is_same_v<T, std::vector<double>>) {
          if (const auto* integers = std::get_if<std::vector<int64_t>>(&value)) {
            target->assign(integers->begin(), integers->end());
            return absl::OkStatus();
          }
        }
        return absl::InvalidArgumentError(absl::StrCat("field '", name, "' takes ",
                                                       WithArticle(TypeName<T>()), ", got ",
                                                       WithArticle(FieldTypeName(value))));
      },
      field->target);
}

std::string ConfigFields::FormatText(const Field& field) {
  return std::visit([](const auto* target) { return TextOf(*target); }, field.target);
}

std::string ConfigFields::FormatToml(const Field& field) {
  return std::visit([](const auto* target) { return TomlOf(*target); }, field.target);
}

std::vector<std::string> ConfigFields::EmptyListFields() const {
  std::vector<std::string> empty;
  for (const Field& field : fields_) {
    const bool is_empty = std::visit(
        [](const auto* target) {
          if constexpr (IsVector<std::decay_t<decltype(*target)>>::value) return target->empty();
          return false;
        },
        field.target);
    if (is_empty) empty.push_back(field.name);
  }
  return empty;
}

absl::Status ConfigFields::FindRepeatedListValue() const {
  for (const Field& field : fields_) {
    const std::optional<std::string> repeated = std::visit(
        [](const auto* target) -> std::optional<std::string> {
          if constexpr (IsVector<std::decay_t<decltype(*target)>>::value) {
            for (size_t i = 0; i < target->size(); ++i) {
              for (size_t j = 0; j < i; ++j) {
                if ((*target)[j] == (*target)[i]) return TextOf((*target)[i]);
              }
            }
          }
          return std::nullopt;
        },
        field.target);
    if (repeated.has_value()) {
      return absl::InvalidArgumentError(
          absl::StrCat("field '", field.name, "' lists '", *repeated, "' twice"));
    }
  }
  return absl::OkStatus();
}

std::string ConfigFields::ToToml() const {
  std::string top;
  std::vector<std::string> table_order;
  std::map<std::string, std::string> tables;
  for (const Field& field : fields_) {
    const size_t dot = field.name.rfind('.');
    const std::string line =
        absl::StrCat(dot == std::string::npos ? field.name : field.name.substr(dot + 1), " = ",
                     FormatToml(field), "\n");
    if (dot == std::string::npos) {
      top += line;
      continue;
    }
    const std::string table = field.name.substr(0, dot);
    if (tables.count(table) == 0) table_order.push_back(table);
    tables[table] += line;
  }
  std::string toml = top;
  for (const std::string& table : table_order) {
    absl::StrAppend(&toml, "\n[", table, "]\n", tables[table]);
  }
  return toml;
}

}  // namespace dprl
