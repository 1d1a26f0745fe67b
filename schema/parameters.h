// Typed parameter specifications of registered environments and agents (after OpenSpiel's
// GameType::parameter_specification). A spec names a parameter, its type (int64, float64 or
// string: the HDF5 attribute types), its documentation and its default. Specs are not written by
// hand: an OptionBinding (option_binding.h) gives them, from the same declaration that writes and
// reads the parameters.
#ifndef DPRL_SCHEMA_PARAMETERS_H_
#define DPRL_SCHEMA_PARAMETERS_H_

#include <string>

#include "common/attribute_value.h"

namespace dprl {

struct ParameterSpec {
  std::string name;
  // Its alternative is the parameter's type. Its value is where experiment grids start from
  // (tabular_environments.h) and, for an optional parameter, the value of a configuration that
  // lacks it.
  AttributeValue default_value;
  bool required = true;  // a configuration must carry it
  std::string doc;
};

// "int", "float" or "string".
std::string AttributeTypeName(const AttributeValue& value);
// The same with its indefinite article: "an int", "a float", "a string".
std::string AttributeTypeNameWithArticle(const AttributeValue& value);

}  // namespace dprl

#endif  // DPRL_SCHEMA_PARAMETERS_H_
