// The command-line syntax of every dprl binary: `--name=value` flags, `--help` / `-h`.
//
// SplitCommandLine checks the syntax against the binary's list of flag names and returns the
// values as text; each binary then parses and range-checks its own values (with the helpers
// below) so that its messages name the flag and the bad value. Syntax errors (one line each):
//   unexpected argument 'X' (flags have the form --flag=value; see --help)
//   unknown flag 'X' (see --help)
//   flag --name needs a value: --name=VALUE
//   flag --name is given more than once
#ifndef DPRL_COMMON_COMMAND_LINE_H_
#define DPRL_COMMON_COMMAND_LINE_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace dprl {

struct CommandLine {
  bool help = false;                          // --help or -h was given
  std::map<std::string, std::string> values;  // flag name (with "--") -> value text

  // The value of `name`, or nullopt when the flag was not given.
  std::optional<std::string> Get(const std::string& name) const;
};

// Splits argv[1..argc-1]; `known_names` are the accepted flag names, with their leading "--".
absl::StatusOr<CommandLine> SplitCommandLine(int argc, const char* const* argv,
                                             const std::vector<std::string>& known_names);

// OK when every flag of `required` was given, else
// "missing required flag(s) --a=VALUE --b=VALUE (see --help)".
absl::Status CheckRequiredFlags(const CommandLine& command_line,
                                const std::vector<std::string>& required);

// All of `text` as an unsigned decimal integer (no sign, no spaces, no exponent).
bool ParseUnsignedText(absl::string_view text, uint64_t* value);
// All of `text` as a double (strtod syntax, including nan and inf; no surrounding spaces).
bool ParseNumberText(absl::string_view text, double* value);

}  // namespace dprl

#endif  // DPRL_COMMON_COMMAND_LINE_H_
