#include "schema/parameters.h"

#include <variant>

namespace dprl {

std::string AttributeTypeName(const AttributeValue& value) {
  if (std::holds_alternative<int64_t>(value)) return "int";
  if (std::holds_alternative<double>(value)) return "float";
  return "string";
}

}  // namespace dprl
