// Cells of the summary CSV files written by //analysis binaries (RFC 4180 quoting, numbers with
// 10 significant digits, empty cell = not applicable).
#ifndef DPRL_ANALYSIS_CSV_CELLS_H_
#define DPRL_ANALYSIS_CSV_CELLS_H_

#include <optional>
#include <string>

namespace dprl {

// `text` as is, or double-quoted (inner quotes doubled) when it holds ',', '"', CR or LF.
std::string CsvField(const std::string& text);
// printf "%.10g".
std::string CsvNumber(double value);
// A figure label with PLplot's text escapes (line_plot.h) as plain UTF-8 text for a CSV cell:
// "#g<letter>" is the Greek letter (#gs -> σ, #ge -> ε, #gd -> δ, ...), "##" is '#', and the
// super/subscript and backspace escapes (#u, #d, #b, #+, #-) print nothing.
std::string CsvPlainText(const std::string& label);
// CsvNumber of the value, or "" when absent.
std::string CsvOptionalNumber(const std::optional<double>& value);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_CSV_CELLS_H_
