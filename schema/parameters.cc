#include "schema/parameters.h"

#include <variant>

namespace dprl {

std::string AttributeTypeName(const AttributeValue& value) {
  if (std::holds_alternative<int64_t>(value)) return "int";
  if (std::holds_alternative<double>(value)) return "float";
  return "string";
}

std::string AttributeTypeNameWithArticle(const AttributeValue& value) {
  return (std::holds_alternative<int64_t>(value) ? "an " : "a ") + AttributeTypeName(value);
}

}  // namespace dprl
