// Typed experiment configurations, overridable by field name.
//
// Each experiment describes its grid (environments and their parameters, agents, privacy levels,
// number of episodes, ...) as a plain struct with documented defaults per scale, and binds every
// field once, with its name and one line of documentation, to a ConfigFields:
//
//   struct MyGrid {
//     int64_t num_episodes = 0;
//     std::vector<double> privacy_epsilons;
//     void BindFields(ConfigFields& fields) {
//       fields.Add("num_episodes", &num_episodes, "episodes T of every run");
//       fields.Add("privacy_epsilons", &privacy_epsilons, "privacy levels of PUCB");
//     }
//   };
//
// The runner then overrides fields from a TOML file (--config, config_toml.h) and from the
// command line (--set=NAME=VALUE), prints them for --help, and stores them, resolved, in the
// results file (ToToml) together with a command that re-runs the same configuration.
//
// Field names: lower-case letters, digits and '_', in dot-separated parts ("num_episodes",
// "riverswim.num_states"); a dotted name is a TOML table entry ([riverswim] num_states = 10).
//
// Text syntax of --set values (ParseFieldText; FormatFieldText writes the same syntax back):
//   int       decimal integer, or an integral number in exponent form: 1000000, 1e6
//   float     a number (strtod syntax): 0.5, 1e-3, inf
//   bool      true | false
//   string    the text as given
//   lists     comma-separated items of the element type: 0.5,5 ; an empty value is the empty list
// Range and consistency checks (e.g. "privacy_epsilons must be > 0") are the grid's own, done when
// it makes its configurations; ConfigFields checks names and types only.
#ifndef DPRL_EXPERIMENTS_RUNNER_CONFIG_FIELDS_H_
#define DPRL_EXPERIMENTS_RUNNER_CONFIG_FIELDS_H_

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace dprl {

// A field's value, by type (what a TOML file or a --set value is converted to).
using FieldValue = std::variant<int64_t, double, bool, std::string, std::vector<int64_t>,
                                std::vector<double>, std::vector<std::string>>;

// "int", "float", "bool", "string", "list of int", "list of float", "list of string".
std::string FieldTypeName(const FieldValue& value);

class ConfigFields {
 public:
  struct Field {
    std::string name;
    std::string doc;
    std::variant<int64_t*, double*, bool*, std::string*, std::vector<int64_t>*,
                 std::vector<double>*, std::vector<std::string>*>
        target;
  };

  ConfigFields() = default;
  // Fields point into the bound struct: neither may be copied independently.
  ConfigFields(const ConfigFields&) = delete;
  ConfigFields& operator=(const ConfigFields&) = delete;

  // Binds `*target` under `name` (syntax above; unique; CHECKed: a bad name is a bug). The pointer
  // must outlive this object.
  void Add(const std::string& name, int64_t* target, const std::string& doc);
  void Add(const std::string& name, double* target, const std::string& doc);
  void Add(const std::string& name, bool* target, const std::string& doc);
  void Add(const std::string& name, std::string* target, const std::string& doc);
  void Add(const std::string& name, std::vector<int64_t>* target, const std::string& doc);
  void Add(const std::string& name, std::vector<double>* target, const std::string& doc);
  void Add(const std::string& name, std::vector<std::string>* target, const std::string& doc);

  // In binding order.
  const std::vector<Field>& fields() const { return fields_; }
  // nullptr when no field has this name.
  const Field* Find(absl::string_view name) const;

  // Sets the field from --set syntax. Errors name the field, the text and the expected type:
  //   unknown field 'x' (see --help for the fields of this experiment)
  //   field 'num_episodes' takes an int, got 'ten'
  absl::Status SetFromText(absl::string_view name, absl::string_view text);
  // Sets the field from a typed value (e.g. read from TOML). An int value is accepted for a float
  // field and a list of ints for a list of floats; other type mismatches are errors as above.
  absl::Status SetValue(absl::string_view name, const FieldValue& value);

  // The field's current value in --set syntax (numbers in shortest round-trip form).
  static std::string FormatText(const Field& field);
  // The field's current value as a TOML value (strings quoted, lists in brackets).
  static std::string FormatToml(const Field& field);
  // Every field as a TOML document: undotted names first, then one [table] per dotted prefix, in
  // binding order. ApplyToml of this text reproduces every value (tested).
  std::string ToToml() const;

  // The list fields that are empty, in binding order (to name them when a grid has no
  // configurations).
  std::vector<std::string> EmptyListFields() const;
  // "field 'x' lists 'v' twice" for the first list field that holds a value twice, or OK (to name
  // it when two configurations get the same group name).
  absl::Status FindRepeatedListValue() const;

 private:
  template <typename T>
  void AddField(const std::string& name, T* target, const std::string& doc);
  std::vector<Field> fields_;
};

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_RUNNER_CONFIG_FIELDS_H_
