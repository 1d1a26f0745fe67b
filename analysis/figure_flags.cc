#include "analysis/figure_flags.h"

#include "absl/strings/str_cat.h"

namespace dprl {

absl::Status ParseFigureFlags(int argc, char** argv, FigureFlags* flags) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      flags->help = true;
    } else if (arg.rfind("--in=", 0) == 0) {
      flags->in = arg.substr(5);
    } else if (arg.rfind("--out_prefix=", 0) == 0) {
      flags->out_prefix = arg.substr(13);
    } else {
      return absl::InvalidArgumentError(absl::StrCat("unknown argument '", arg, "' (see --help)"));
    }
  }
  if (flags->help) return absl::OkStatus();
  if (flags->in.empty()) return absl::InvalidArgumentError("--in=FILE.h5 is required");
  if (flags->out_prefix.empty()) {
    return absl::InvalidArgumentError("--out_prefix=PATH is required");
  }
  if (flags->out_prefix.back() == '/') {
    return absl::InvalidArgumentError(absl::StrCat("--out_prefix: '", flags->out_prefix,
                                                   "' ends with '/'; give a file name prefix"));
  }
  return absl::OkStatus();
}

}  // namespace dprl
