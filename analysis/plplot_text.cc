#include "analysis/plplot_text.h"

#include <cstring>

namespace dprl {

absl::Span<const PlplotGreekLetter> PlplotGreekLetters() {
  static constexpr PlplotGreekLetter kLetters[] = {
      {'a', "α"}, {'b', "β"}, {'g', "γ"}, {'d', "δ"}, {'e', "ε"}, {'z', "ζ"}, {'y', "η"},
      {'h', "θ"}, {'i', "ι"}, {'k', "κ"}, {'l', "λ"}, {'m', "μ"}, {'n', "ν"}, {'c', "ξ"},
      {'o', "ο"}, {'p', "π"}, {'r', "ρ"}, {'s', "σ"}, {'t', "τ"}, {'u', "υ"}, {'f', "φ"},
      {'x', "χ"}, {'q', "ψ"}, {'w', "ω"}, {'A', "Α"}, {'B', "Β"}, {'G', "Γ"}, {'D', "Δ"},
      {'E', "Ε"}, {'Z', "Ζ"}, {'Y', "Η"}, {'H', "Θ"}, {'I', "Ι"}, {'K', "Κ"}, {'L', "Λ"},
      {'M', "Μ"}, {'N', "Ν"}, {'C', "Ξ"}, {'O', "Ο"}, {'P', "Π"}, {'R', "Ρ"}, {'S', "Σ"},
      {'T', "Τ"}, {'U', "Υ"}, {'F', "Φ"}, {'X', "Χ"}, {'Q', "Ψ"}, {'W', "Ω"}};
  return kLetters;
}

std::string PlplotText(const std::string& text) {
  std::string plplot;
  for (size_t i = 0; i < text.size();) {
    const PlplotGreekLetter* greek = nullptr;
    for (const PlplotGreekLetter& letter : PlplotGreekLetters()) {
      if (text.compare(i, std::strlen(letter.utf8), letter.utf8) == 0) greek = &letter;
    }
    if (greek == nullptr) {
      plplot += text[i++];
      continue;
    }
    plplot += "#g";
    plplot += greek->key;
    i += std::strlen(greek->utf8);
  }
  return plplot;
}

}  // namespace dprl
