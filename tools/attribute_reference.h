// The attribute reference of docs/hdf5_schema.md: one Markdown table of every attribute field
// (schema/attribute_fields.h: name, HDF5 type, doc), kept in the page between the markers
//   <!-- attribute_reference:begin ... -->   and   <!-- attribute_reference:end -->
// and rewritten by `./bazelw run //tools:attribute_reference -- --write=docs/hdf5_schema.md`.
// The check (//tools:attribute_reference_test) also holds the page's hand-written attribute
// tables to the fields: a row naming a field (`privacy_epsilon`, or several names in one cell)
// must give it the field's HDF5 type.
#ifndef DPRL_TOOLS_ATTRIBUTE_REFERENCE_H_
#define DPRL_TOOLS_ATTRIBUTE_REFERENCE_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace dprl {

inline constexpr char kAttributeReferenceBegin[] = "<!-- attribute_reference:begin";
inline constexpr char kAttributeReferenceEnd[] = "<!-- attribute_reference:end -->";

// The generated block: the begin marker line, the table, the end marker line.
std::string AttributeReferenceBlock();

// `markdown` with the text from its begin marker to its end marker (inclusive) replaced by
// AttributeReferenceBlock(). Error when the page lacks either marker or has them out of order.
absl::StatusOr<std::string> WithAttributeReference(const std::string& markdown);

// One line per problem (empty: none): the block differs from AttributeReferenceBlock(), or a
// hand-written table row gives a field another type ("line 42: `seeds` is int64 in
// schema/attribute_fields.h, the table says float64").
std::vector<std::string> AttributeReferenceProblems(const std::string& markdown);

}  // namespace dprl

#endif  // DPRL_TOOLS_ATTRIBUTE_REFERENCE_H_
