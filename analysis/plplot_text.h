// Figure text in PLplot's escape syntax. Results files store display text as plain UTF-8 (e.g. a
// group's `label` "PUCB (ε=10)"); the figure code turns it into PLplot's text when it draws.
//
// PLplot's text escapes: "#g<key>" is a Greek letter (#ge = ε, #gd = δ, #gs = σ, #ga = α, the
// keys of PlplotGreekLetters), "#u"/"#d" start/end a superscript ("#ge#u-1/2#d" is ε^-1/2), "##"
// is '#'.
#ifndef DPRL_ANALYSIS_PLPLOT_TEXT_H_
#define DPRL_ANALYSIS_PLPLOT_TEXT_H_

#include <string>

#include "absl/types/span.h"

namespace dprl {

// A Greek letter as PLplot writes it: "#g" + `key` prints `utf8`.
struct PlplotGreekLetter {
  char key;          // Latin key after "#g", e.g. 'e'
  const char* utf8;  // the letter in UTF-8, e.g. "ε"
};

// PLplot's 48 Greek escape keys (upper and lower case) and the letters they print.
absl::Span<const PlplotGreekLetter> PlplotGreekLetters();

// `text` for PLplot: each Greek letter of PlplotGreekLetters in UTF-8 becomes its "#g<key>"
// escape ("PUCB (ε=10)" -> "PUCB (#ge=10)"); everything else is kept byte for byte, including
// escapes already there, so a label stored with escapes ("PUCB (#ge=10)") draws as the plain
// label does. A '#' in `text` therefore starts an escape.
std::string PlplotText(const std::string& text);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_PLPLOT_TEXT_H_
