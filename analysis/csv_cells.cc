#include "analysis/csv_cells.h"

#include "absl/strings/str_format.h"
#include "analysis/plplot_text.h"

namespace dprl {

std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

std::string CsvNumber(double value) { return absl::StrFormat("%.10g", value); }

std::string CsvOptionalNumber(const std::optional<double>& value) {
  return value.has_value() ? CsvNumber(*value) : "";
}

std::string CsvPlainText(const std::string& label) {
  std::string text;
  for (size_t i = 0; i < label.size(); ++i) {
    if (label[i] != '#' || i + 1 == label.size()) {
      text += label[i];
      continue;
    }
    const char next = label[i + 1];
    if (next == '#') {
      text += '#';
      ++i;
    } else if (next == 'g' && i + 2 < label.size()) {
      std::string letter(1, label[i + 2]);
      for (const PlplotGreekLetter& entry : PlplotGreekLetters()) {
        if (label[i + 2] == entry.key) letter = entry.utf8;
      }
      text += letter;
      i += 2;
    } else if (next == 'u' || next == 'd' || next == 'b' || next == '+' || next == '-') {
      ++i;
    } else {
      text += label[i];
    }
  }
  return text;
}

}  // namespace dprl
