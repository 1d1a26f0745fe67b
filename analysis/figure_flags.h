// The command line shared by the figure binaries of //analysis (regret_figure,
// rlsvi_privacy_figure):
//
//   <binary> --in=FILE.h5 --out_prefix=PATH [--help|-h]
//
// The syntax is common/command_line.h's; --in and --out_prefix are required (unless --help), and
// PATH must not end with '/'. Errors name the flag (or the unknown argument), so a binary can
// print the message as is and exit 2.
#ifndef DPRL_ANALYSIS_FIGURE_FLAGS_H_
#define DPRL_ANALYSIS_FIGURE_FLAGS_H_

#include <string>

#include "absl/status/status.h"

namespace dprl {

struct FigureFlags {
  std::string in;          // --in: the dprl results file
  std::string out_prefix;  // --out_prefix: outputs are PATH.png, PATH.pdf, PATH_summary.csv, ...
  bool help = false;       // --help or -h was given
};

absl::Status ParseFigureFlags(int argc, char** argv, FigureFlags* flags);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_FIGURE_FLAGS_H_
