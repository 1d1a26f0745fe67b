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

std::string CsvPlainText(const std::string& label) {
  // PLplot's Greek escape letters (#g + Latin key) and the letters they print.
  static const char* const kGreek[][2] = {
      {"a", "α"}, {"b", "β"}, {"g", "γ"}, {"d", "δ"}, {"e", "ε"}, {"z", "ζ"},
      {"y", "η"}, {"h", "θ"}, {"i", "ι"}, {"k", "κ"}, {"l", "λ"}, {"m", "μ"},
      {"n", "ν"}, {"c", "ξ"}, {"o", "ο"}, {"p", "π"}, {"r", "ρ"}, {"s", "σ"},
      {"t", "τ"}, {"u", "υ"}, {"f", "φ"}, {"x", "χ"}, {"q", "ψ"}, {"w", "ω"},
      {"A", "Α"}, {"B", "Β"}, {"G", "Γ"}, {"D", "Δ"}, {"E", "Ε"}, {"Z", "Ζ"},
      {"Y", "Η"}, {"H", "Θ"}, {"I", "Ι"}, {"K", "Κ"}, {"L", "Λ"}, {"M", "Μ"},
      {"N", "Ν"}, {"C", "Ξ"}, {"O", "Ο"}, {"P", "Π"}, {"R", "Ρ"}, {"S", "Σ"},
      {"T", "Τ"}, {"U", "Υ"}, {"F", "Φ"}, {"X", "Χ"}, {"Q", "Ψ"}, {"W", "Ω"}};
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
      const std::string key(1, label[i + 2]);
      std::string letter = key;
      for (const auto& entry : kGreek) {
        if (key == entry[0]) letter = entry[1];
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
