#include "analysis/figure_flags.h"

#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "common/command_line.h"
#include "common/status_macros.h"

namespace dprl {

absl::Status ParseFigureFlags(int argc, char** argv, FigureFlags* flags) {
  ASSIGN_OR_RETURN(CommandLine command_line,
                   SplitCommandLine(argc, argv, {"--in", "--out_prefix"}));
  flags->help = command_line.help;
  if (flags->help) return absl::OkStatus();
  RETURN_IF_ERROR(CheckRequiredFlags(command_line, {"--in", "--out_prefix"}));
  flags->in = *command_line.Get("--in");
  flags->out_prefix = *command_line.Get("--out_prefix");
  if (flags->in.empty()) return absl::InvalidArgumentError("--in: the file name is empty");
  if (flags->out_prefix.empty() || flags->out_prefix.back() == '/') {
    return absl::InvalidArgumentError(absl::StrCat("--out_prefix: '", flags->out_prefix,
                                                   "' is not a file name prefix (e.g. DIR/name)"));
  }
  // What the user typed: ~ is $HOME, relative to where `bazel run` was invoked.
  for (auto [flag, path] : {std::pair{"--in", &flags->in}, {"--out_prefix", &flags->out_prefix}}) {
    absl::StatusOr<std::string> resolved = ResolveUserPath(*path);
    if (!resolved.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(flag, ": ", resolved.status().message()));
    }
    *path = *resolved;
  }
  return absl::OkStatus();
}

}  // namespace dprl
