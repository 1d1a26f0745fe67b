#include "analysis/csv_cells.h"

#include "absl/strings/str_format.h"

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

}  // namespace dprl
