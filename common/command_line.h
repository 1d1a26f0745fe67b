// The command-line syntax of every dprl binary: `--name=value` flags, `--help` / `-h`.
//
// SplitCommandLine checks the syntax against the binary's list of flag names and returns the
// values as text. A flag may be given at most once, except the `repeatable_names`, whose values
// are kept in order (e.g. --set=a=1 --set=b=2). The `switch_names` may also be given bare:
// `--dry_run` means `--dry_run=true`; each binary then parses and range-checks its own values (with
// the helpers below) so that its messages name the flag and the bad value. Syntax errors (one line
// each):
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
  // Repeatable flag name (with "--") -> its values in command-line order.
  std::map<std::string, std::vector<std::string>> repeated;

  // The value of `name`, or nullopt when the flag was not given.
  std::optional<std::string> Get(const std::string& name) const;
  // The values of a repeatable flag in command-line order (empty when it was not given).
  std::vector<std::string> GetAll(const std::string& name) const;
};

// Splits argv[1..argc-1]; `known_names` are the accepted flag names, with their leading "--";
// `repeatable_names` and `switch_names` (see above) must also be listed in `known_names`.
absl::StatusOr<CommandLine> SplitCommandLine(int argc, const char* const* argv,
                                             const std::vector<std::string>& known_names,
                                             const std::vector<std::string>& repeatable_names = {},
                                             const std::vector<std::string>& switch_names = {});

// OK when every flag of `required` was given, else
// "missing required flag(s) --a=VALUE --b=VALUE (see --help)".
absl::Status CheckRequiredFlags(const CommandLine& command_line,
                                const std::vector<std::string>& required);

// The path a user meant by a path flag (--out, --config, --in, --results, ...): a leading "~"
// or "~/" is $HOME (a shell does this, `bazel run -- --out=~/x` and scripts quoting it do not);
// a relative path is taken relative to $BUILD_WORKING_DIRECTORY under `bazel run` (where the
// user invoked bazel; the process itself runs in the runfiles tree) or, where ./bazelw was
// started outside the workspace and had to start Bazel inside it, $DPRL_CALLER_DIRECTORY (set
// by ./bazelw), else to the current directory. An absolute path is returned as is. Errors: "~" without $HOME, no current directory.
absl::StatusOr<std::string> ResolveUserPath(const std::string& path);

// All of `text` as an unsigned decimal integer (no sign, no spaces, no exponent).
bool ParseUnsignedText(absl::string_view text, uint64_t* value);
// All of `text` as a double in decimal or exponent form (strtod's decimal syntax, including nan
// and inf; no surrounding spaces). Hexadecimal (0x10, 0x1p3), which strtod also reads, is refused:
// the documented forms are decimal and exponent only.
bool ParseNumberText(absl::string_view text, double* value);

}  // namespace dprl

#endif  // DPRL_COMMON_COMMAND_LINE_H_
