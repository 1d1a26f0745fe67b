#include "tools/attribute_reference.h"

#include <map>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "schema/attribute_fields.h"

namespace dprl {
namespace {

// A table cell: '|' escaped so that it does not end the cell.
std::string Cell(const std::string& text) { return absl::StrReplaceAll(text, {{"|", "\\|"}}); }

// The cells of a table row "| a | b |" (escaped '|' kept inside its cell), trimmed.
std::vector<std::string> Cells(const std::string& row) {
  std::vector<std::string> cells;
  std::string cell;
  for (size_t i = 1; i < row.size(); ++i) {  // row[0] is the leading '|'
    if (row[i] == '\\' && i + 1 < row.size() && row[i + 1] == '|') {
      cell += "\\|";
      ++i;
    } else if (row[i] == '|') {
      cells.push_back(std::string(absl::StripAsciiWhitespace(cell)));
      cell.clear();
    } else {
      cell += row[i];
    }
  }
  return cells;
}

// The `names` of a cell, in order ("`num_states`, `num_actions`" -> num_states, num_actions);
// empty when the cell is not only backticked names separated by commas.
std::vector<std::string> BacktickedNames(const std::string& cell) {
  std::vector<std::string> names;
  for (absl::string_view part : absl::StrSplit(cell, ',')) {
    part = absl::StripAsciiWhitespace(part);
    if (part.size() < 3 || part.front() != '`' || part.back() != '`') return {};
    names.emplace_back(part.substr(1, part.size() - 2));
  }
  return names;
}

}  // namespace

std::string AttributeReferenceBlock() {
  std::string block = absl::StrCat(
      kAttributeReferenceBegin,
      " generated from schema/attribute_fields.h by `./bazelw run //tools:attribute_reference -- "
      "--write=docs/hdf5_schema.md`; edit the fields, not this table -->\n",
      "| attribute | type | meaning |\n|---|---|---|\n");
  for (const AttributeFieldInfo& field : attribute_fields::AttributeFieldTable()) {
    absl::StrAppend(&block, "| `", field.name, "` | ", field.type, " | ", Cell(field.doc), " |\n");
  }
  absl::StrAppend(&block, kAttributeReferenceEnd, "\n");
  return block;
}

absl::StatusOr<std::string> WithAttributeReference(const std::string& markdown) {
  const size_t begin = markdown.find(kAttributeReferenceBegin);
  const size_t end = markdown.find(kAttributeReferenceEnd);
  if (begin == std::string::npos || end == std::string::npos || end < begin) {
    return absl::InvalidArgumentError(absl::StrCat("the page has no '", kAttributeReferenceBegin,
                                                   " ... -->' line before a '",
                                                   kAttributeReferenceEnd, "' line"));
  }
  size_t after = end + std::string(kAttributeReferenceEnd).size();
  if (after < markdown.size() && markdown[after] == '\n') ++after;
  return absl::StrCat(markdown.substr(0, begin), AttributeReferenceBlock(), markdown.substr(after));
}

std::vector<std::string> AttributeReferenceProblems(const std::string& markdown) {
  std::vector<std::string> problems;
  absl::StatusOr<std::string> regenerated = WithAttributeReference(markdown);
  if (!regenerated.ok()) {
    problems.push_back(std::string(regenerated.status().message()));
  } else if (*regenerated != markdown) {
    problems.push_back(
        "the attribute reference is not the one schema/attribute_fields.h prints: run "
        "`./bazelw run //tools:attribute_reference -- --write=docs/hdf5_schema.md`");
  }
  std::map<std::string, std::string> type_of;
  for (const AttributeFieldInfo& field : attribute_fields::AttributeFieldTable()) {
    type_of[field.name] = field.type;
  }
  // The type column of the table the current row belongs to: -1 none, -2 the next row is a
  // table header.
  int type_column = -2;
  bool in_block = false;
  int number = 0;
  for (absl::string_view line_view : absl::StrSplit(markdown, '\n')) {
    ++number;
    const std::string line(line_view);
    if (absl::StartsWith(line, kAttributeReferenceBegin)) in_block = true;
    if (absl::StartsWith(line, kAttributeReferenceEnd)) in_block = false;
    if (in_block || !absl::StartsWith(line, "|")) {
      type_column = in_block ? -1 : (absl::StartsWith(line, "|") ? type_column : -2);
      continue;
    }
    const std::vector<std::string> cells = Cells(line);
    if (type_column == -2) {  // a table's header row
      type_column = -1;
      for (size_t i = 0; i < cells.size(); ++i) {
        if (cells[i] == "type" || cells[i] == "HDF5 type") type_column = static_cast<int>(i);
      }
      if (cells.empty() || cells[0] != "attribute") type_column = -1;
      continue;
    }
    if (type_column < 0 || static_cast<int>(cells.size()) <= type_column) continue;
    const std::vector<std::string> names = BacktickedNames(cells[0]);
    std::vector<std::string> types = absl::StrSplit(cells[type_column], ", ");
    if (types.size() == 1) types.resize(names.size(), types[0]);
    if (types.size() != names.size()) continue;  // "---" or a cell that is not one type per name
    for (size_t i = 0; i < names.size(); ++i) {
      const auto field = type_of.find(names[i]);
      if (field == type_of.end() || field->second == types[i]) continue;
      problems.push_back(absl::StrCat("line ", number, ": `", names[i], "` is ", field->second,
                                      " in schema/attribute_fields.h, the table says ", types[i]));
    }
  }
  return problems;
}

}  // namespace dprl
