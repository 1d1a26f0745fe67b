// AttributeField: one attribute of a results file or group, declared once with its name, its
// stored type and its documentation (schema/attribute_fields.h declares every one the schema
// records). Every OptionBinding that writes or reads the attribute binds it through its field
// (option_binding.h: `.Float(attribute_fields::kPrivacyEpsilon, &Options::privacy_epsilon)`), so
// the doc string is written once, and docs/hdf5_schema.md's attribute reference is printed from
// the same declarations (//schema:print_attribute_reference).
//
//   field type    stored as   bound with
//   IntAttributeField      int64       OptionBinding::Int
//   FloatAttributeField    float64     OptionBinding::Float
//   FlagAttributeField     int64 0/1   OptionBinding::Bool
//   StringAttributeField   string      OptionBinding::String, OptionBinding::Choice
//
// A binding may add a short qualifier to the field's doc where the attribute means something more
// specific for its owner (PUCB's failure_probability is the beta of its bonuses): its ParameterSpec
// doc is then "<field doc>; <qualifier>". The general meaning stays the field's.
#ifndef DPRL_SCHEMA_ATTRIBUTE_FIELD_H_
#define DPRL_SCHEMA_ATTRIBUTE_FIELD_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace dprl {

// `Stored` is the C++ type of the bound member's stored value (int64_t, double, bool,
// std::string): a tag that makes binding a field with the wrong OptionBinding method a compile
// error. `name` and `doc` point at string literals (or hdf5_names constants).
template <typename Stored>
struct AttributeField {
  const char* name;
  const char* doc;
};
using IntAttributeField = AttributeField<int64_t>;
using FloatAttributeField = AttributeField<double>;
using FlagAttributeField = AttributeField<bool>;
using StringAttributeField = AttributeField<std::string>;

// "int64", "float64" or "string": the HDF5 type an attribute of this field has.
template <typename Stored>
constexpr const char* StoredTypeName(const AttributeField<Stored>&) {
  if constexpr (std::is_same_v<Stored, double>) {
    return "float64";
  } else if constexpr (std::is_same_v<Stored, std::string>) {
    return "string";
  } else {
    return "int64";  // integers and flags
  }
}

// The doc of a field as one binding states it: the field's doc, then "; <qualifier>" when the
// binding gives one.
inline std::string QualifiedDoc(const char* field_doc, std::string_view qualifier) {
  std::string doc = field_doc;
  if (!qualifier.empty()) {
    doc += "; ";
    doc += qualifier;
  }
  return doc;
}

// A field without its type tag: what the table of every field (AttributeFieldTable) lists.
struct AttributeFieldInfo {
  std::string name;
  std::string type;  // int64 | float64 | string
  std::string doc;
  template <typename Stored>
  static AttributeFieldInfo Of(const AttributeField<Stored>& field) {
    return AttributeFieldInfo{field.name, StoredTypeName(field), field.doc};
  }
};

}  // namespace dprl

#endif  // DPRL_SCHEMA_ATTRIBUTE_FIELD_H_
