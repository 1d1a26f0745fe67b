// OptionBinding: the one typed binding between an Options struct of the library (PucbOptions,
// LqAgentOptions, ...) and the attributes of an experiment configuration, which are also the HDF5
// attributes of its results group (docs/hdf5_schema.md).
//
// Each parameter is bound once, with its name, its documentation and the member it lives in. The
// same binding then
//   * lists the parameter specifications (Specs: name, type, default, doc) that registries,
//     --help texts and conformance tests show,
//   * writes an Options value as attributes (Write: grids make their configurations with it), and
//   * reads the attributes back into an Options value (Read: tasks and analysis binaries), with
//     one error message per problem naming the configuration, the owner and the parameter.
// So no experiment spells an attribute name twice, and what is stored is exactly what is read.
// An attribute that more than one binding records is bound through its one declaration in
// schema/attribute_fields.h, which gives its name and its doc:
//   .Float(attribute_fields::kPrivacyEpsilon, &Options::privacy_epsilon)
//
//   struct MyAgentOptions { double privacy_epsilon = 1.0; int num_counters = 4;
//                           MyRule rule = MyRule::kPaper; ScaleOptions scale; };
//   const OptionBinding<MyAgentOptions>& MyAgentBinding() {
//     static const auto* binding = &(*new OptionBinding<MyAgentOptions>("agent my_agent"))
//         .Float("privacy_epsilon", &MyAgentOptions::privacy_epsilon, "eps of the JDP guarantee")
//         .Int("num_counters", &MyAgentOptions::num_counters, "counters per step")
//         .Choice("rule", &MyAgentOptions::rule, {{MyRule::kPaper, "paper"},
//                 {MyRule::kAsRun, "as_run"}}, "bonus rule").Optional()
//         .Float("scale", [](MyAgentOptions& o) -> double& { return o.scale.value; }, "scale");
//     return *binding;
//   }
//
// A parameter is bound either to a data member (`&Options::member`) or, for a member of a nested
// struct, to an accessor `Options& -> T&`. Types: Int (int, int64_t, ... members; stored as int64),
// Float (double), Bool (stored as the int 0 or 1: HDF5 attributes have no bool), String
// (std::string) and Choice (an enum member stored as one of its names). Required parameters must
// be present in what Read reads; an Optional() one keeps the value of the `defaults` given to Read.
// Attributes that no parameter binds are ignored (a configuration carries the parameters of its
// environment and of its agent side by side). Values are not range-checked here: that is the
// Options' own Validate(), which callers run after Read.
#ifndef DPRL_SCHEMA_OPTION_BINDING_H_
#define DPRL_SCHEMA_OPTION_BINDING_H_

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "common/attribute_value.h"
#include "schema/attribute_field.h"
#include "glog/logging.h"
#include "schema/parameters.h"

namespace dprl {

// The attributes of a configuration (ConfigSpec::attributes) or of a results group.
using AttributeList = std::vector<std::pair<std::string, AttributeValue>>;

// The attribute `name` in `attributes`, or nullptr (the first one if it is there twice).
const AttributeValue* FindAttribute(const AttributeList& attributes, const std::string& name);

// Appends each attribute of `more` that `attributes` lacks. A configuration joins the attributes
// of several bindings (environment, task settings, agent) that may share a parameter (e.g.
// num_episodes): it is written once, and the bindings must agree on its value (a bug otherwise:
// CHECK).
void MergeAttributes(const AttributeList& more, AttributeList& attributes);

// Sets attribute `name` to `value`: replaces the value of a present one (its first), appends it
// otherwise. For a configuration that changes what a binding wrote (a variant of an agent).
void SetAttribute(AttributeList& attributes, const std::string& name, AttributeValue value);

namespace option_binding_internal {
// "a | b | c".
std::string JoinChoiceNames(const std::vector<std::string>& names);

// The type a member pointer or an accessor Options& -> T& refers to.
template <typename Options, typename Access>
using AccessedType = std::decay_t<std::invoke_result_t<Access, Options&>>;

// A callable Options& -> T& for a member pointer or an accessor.
template <typename Options, typename T, typename Access>
std::function<T&(Options&)> Reference(Access access) {
  if constexpr (std::is_member_object_pointer_v<Access>) {
    return [access](Options& o) -> T& { return o.*access; };
  } else {
    return [access](Options& o) -> T& { return access(o); };
  }
}
}  // namespace option_binding_internal

template <typename Options>
class OptionBinding {
  template <typename Access>
  using AccessedType = option_binding_internal::AccessedType<Options, Access>;
  template <typename T, typename Access>
  static std::function<T&(Options&)> Reference(Access access) {
    return option_binding_internal::Reference<Options, T>(access);
  }

 public:
  // `owner` names what the parameters belong to in error messages, e.g. "agent pucb".
  explicit OptionBinding(std::string owner) : owner_(std::move(owner)) {}

  const std::string& owner() const { return owner_; }

  // Binds a required parameter (see the header comment). `access` is `&Options::member` or a
  // callable Options& -> T&. A name bound twice is a bug (CHECK).
  template <typename Access>
  OptionBinding& Int(const std::string& name, Access access, const std::string& doc) {
    using Integer = AccessedType<Access>;
    static_assert(std::is_integral_v<Integer> && !std::is_same_v<Integer, bool>,
                  "Int binds an integer member");
    auto ref = Reference<Integer>(access);
    return Add(
        name, doc, int64_t{0}, [ref](Options& o) { return AttributeValue(int64_t(ref(o))); },
        [ref](const AttributeValue& value, Options& o) -> absl::Status {
          const int64_t v = std::get<int64_t>(value);
          if (v < int64_t(std::numeric_limits<Integer>::min()) ||
              v > int64_t(std::numeric_limits<Integer>::max())) {
            return absl::InvalidArgumentError(absl::StrCat(v, " is out of this parameter's range"));
          }
          ref(o) = static_cast<Integer>(v);
          return absl::OkStatus();
        });
  }
  template <typename Access>
  OptionBinding& Float(const std::string& name, Access access, const std::string& doc) {
    static_assert(std::is_same_v<AccessedType<Access>, double>, "Float binds a double member");
    auto ref = Reference<double>(access);
    return Add(
        name, doc, 0.0, [ref](Options& o) { return AttributeValue(ref(o)); },
        [ref](const AttributeValue& value, Options& o) -> absl::Status {
          ref(o) = std::get<double>(value);
          return absl::OkStatus();
        });
  }
  template <typename Access>
  OptionBinding& Bool(const std::string& name, Access access, const std::string& doc) {
    static_assert(std::is_same_v<AccessedType<Access>, bool>, "Bool binds a bool member");
    auto ref = Reference<bool>(access);
    return Add(
        name, doc, int64_t{0},
        [ref](Options& o) { return AttributeValue(int64_t(ref(o) ? 1 : 0)); },
        [ref](const AttributeValue& value, Options& o) -> absl::Status {
          const int64_t v = std::get<int64_t>(value);
          if (v != 0 && v != 1) {
            return absl::InvalidArgumentError(absl::StrCat("must be 0 or 1 (a flag), got ", v));
          }
          ref(o) = v == 1;
          return absl::OkStatus();
        });
  }
  template <typename Access>
  OptionBinding& String(const std::string& name, Access access, const std::string& doc) {
    static_assert(std::is_same_v<AccessedType<Access>, std::string>,
                  "String binds a std::string member");
    auto ref = Reference<std::string>(access);
    return Add(
        name, doc, std::string(), [ref](Options& o) { return AttributeValue(ref(o)); },
        [ref](const AttributeValue& value, Options& o) -> absl::Status {
          ref(o) = std::get<std::string>(value);
          return absl::OkStatus();
        });
  }
  // An enum member stored as its name in `choices` (every value the member can take must be
  // listed: writing an unlisted one is a bug, CHECK). Read refuses other names, listing these.
  template <typename Access>
  OptionBinding& Choice(const std::string& name, Access access,
                        std::vector<std::pair<AccessedType<Access>, std::string>> choices,
                        const std::string& doc) {
    using Value = AccessedType<Access>;
    auto ref = Reference<Value>(access);
    std::vector<std::string> names;
    for (const auto& choice : choices) names.push_back(choice.second);
    const std::string listed = option_binding_internal::JoinChoiceNames(names);
    const std::string full_doc = absl::StrCat(doc, " (", listed, ")");
    return Add(
        name, full_doc, std::string(),
        [ref, choices, name](Options& o) {
          for (const auto& [value, text] : choices) {
            if (value == ref(o)) return AttributeValue(text);
          }
          LOG(FATAL) << "parameter '" << name << "' holds a value with no listed name";
          return AttributeValue(std::string());
        },
        [ref, choices, listed](const AttributeValue& value, Options& o) -> absl::Status {
          const std::string& text = std::get<std::string>(value);
          for (const auto& [choice, choice_name] : choices) {
            if (choice_name == text) {
              ref(o) = choice;
              return absl::OkStatus();
            }
          }
          return absl::InvalidArgumentError(absl::StrCat("'", text, "' is not one of ", listed));
        });
  }
  // The same, bound through the attribute's one declaration (schema/attribute_fields.h): its name
  // and doc are the field's, with "; <qualifier>" appended where this owner means something
  // narrower (attribute_field.h). A field of another stored type does not compile.
  template <typename Access>
  OptionBinding& Int(const IntAttributeField& field, Access access,
                     std::string_view qualifier = {}) {
    return Int(field.name, access, QualifiedDoc(field.doc, qualifier));
  }
  template <typename Access>
  OptionBinding& Float(const FloatAttributeField& field, Access access,
                       std::string_view qualifier = {}) {
    return Float(field.name, access, QualifiedDoc(field.doc, qualifier));
  }
  template <typename Access>
  OptionBinding& Bool(const FlagAttributeField& field, Access access,
                      std::string_view qualifier = {}) {
    return Bool(field.name, access, QualifiedDoc(field.doc, qualifier));
  }
  template <typename Access>
  OptionBinding& String(const StringAttributeField& field, Access access,
                        std::string_view qualifier = {}) {
    return String(field.name, access, QualifiedDoc(field.doc, qualifier));
  }
  template <typename Access>
  OptionBinding& Choice(const StringAttributeField& field, Access access,
                        std::vector<std::pair<AccessedType<Access>, std::string>> choices,
                        std::string_view qualifier = {}) {
    return Choice(field.name, access, std::move(choices), QualifiedDoc(field.doc, qualifier));
  }
  // Makes the parameter bound last optional (CHECKs that one was bound).
  OptionBinding& Optional() {
    CHECK(!fields_.empty()) << owner_ << ": Optional() before any parameter";
    fields_.back().required = false;
    return *this;
  }
  // Makes the parameter bound last optional and not written while it holds its value in a
  // default-constructed Options: a later option (e.g. a second solver) leaves the attributes, and
  // so the files, of every run that does not use it as they were; Read keeps the default when the
  // attribute is absent.
  OptionBinding& OmittedWhenDefault() {
    Optional();
    fields_.back().omitted_when_default = true;
    return *this;
  }

  // The specifications, in binding order; each default_value is the member's value in
  // `defaults` (for a grid: where it starts; for an optional parameter: what Read keeps).
  std::vector<ParameterSpec> Specs(const Options& defaults = Options()) const {
    Options copy = defaults;
    std::vector<ParameterSpec> specs;
    for (const Field& field : fields_) {
      specs.push_back(ParameterSpec{field.name, field.get(copy), field.required, field.doc});
    }
    return specs;
  }

  // Appends one attribute per bound parameter, in binding order (none for an
  // OmittedWhenDefault() one at its default).
  void Write(const Options& options, AttributeList& attributes) const {
    Options copy = options;
    Options defaults;
    for (const Field& field : fields_) {
      AttributeValue value = field.get(copy);
      if (field.omitted_when_default && value == field.get(defaults)) continue;
      attributes.emplace_back(field.name, std::move(value));
    }
  }
  AttributeList Attributes(const Options& options) const {
    AttributeList attributes;
    Write(options, attributes);
    return attributes;
  }

  // `defaults` with every bound parameter present in `attributes` set from it. Errors begin with
  // `context` (e.g. "configuration ubev_riverswim") and name the owner and the parameter:
  //   configuration g: agent pucb needs float parameter 'privacy_epsilon'
  //   configuration g: parameter 'num_episodes' of agent pucb must be an int, got a float
  //   configuration g: parameter 'rule' of agent pucb: 'x' is not one of paper | as_run
  absl::StatusOr<Options> Read(const AttributeList& attributes, const std::string& context,
                               Options defaults = Options()) const {
    for (const Field& field : fields_) {
      const AttributeValue* found = FindAttribute(attributes, field.name);
      if (found == nullptr) {
        if (!field.required) continue;
        return absl::InvalidArgumentError(absl::StrCat(context, ": ", owner_, " needs ",
                                                       AttributeTypeName(field.type),
                                                       " parameter '", field.name, "'"));
      }
      if (found->index() != field.type.index()) {
        return absl::InvalidArgumentError(
            absl::StrCat(context, ": parameter '", field.name, "' of ", owner_, " must be ",
                         AttributeTypeNameWithArticle(field.type), ", got ",
                         AttributeTypeNameWithArticle(*found)));
      }
      if (absl::Status status = field.set(*found, defaults); !status.ok()) {
        return absl::InvalidArgumentError(absl::StrCat(context, ": parameter '", field.name,
                                                       "' of ", owner_, ": ", status.message()));
      }
    }
    return defaults;
  }
  // The same for a configuration of the experiments' runner (ConfigSpec,
  // experiments/runner/experiment.h) or any record with a `group_name` and its `attributes`
  // (context "configuration <group_name>"). A template, so that this layer does not depend on the
  // runner.
  template <typename Config, typename = decltype(std::declval<const Config&>().group_name),
            typename = std::enable_if_t<std::is_same_v<
                std::decay_t<decltype(std::declval<const Config&>().attributes)>, AttributeList>>>
  absl::StatusOr<Options> Read(const Config& config, Options defaults = Options()) const {
    return Read(config.attributes, absl::StrCat("configuration ", config.group_name),
                std::move(defaults));
  }

 private:
  struct Field {
    std::string name;
    std::string doc;
    AttributeValue type;  // its alternative is the stored type
    bool required = true;
    bool omitted_when_default = false;  // OmittedWhenDefault()
    std::function<AttributeValue(Options&)> get;
    std::function<absl::Status(const AttributeValue&, Options&)> set;  // value of `type`'s type
  };

  OptionBinding& Add(const std::string& name, const std::string& doc, AttributeValue type,
                     std::function<AttributeValue(Options&)> get,
                     std::function<absl::Status(const AttributeValue&, Options&)> set) {
    for (const Field& field : fields_) {
      CHECK(field.name != name) << owner_ << ": parameter '" << name << "' bound twice";
    }
    fields_.push_back(
        Field{name, doc, std::move(type), true, false, std::move(get), std::move(set)});
    return *this;
  }

  std::string owner_;
  std::vector<Field> fields_;
};

}  // namespace dprl

#endif  // DPRL_SCHEMA_OPTION_BINDING_H_
