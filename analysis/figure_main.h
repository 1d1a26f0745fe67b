// The main() of every figure binary of //analysis (regret_figure, vietri_lower_bound_figure,
// rlsvi_privacy_figure):
//
//   <name> --in=FILE.h5 --out_prefix=PATH      (figure_flags.h)
//
// 1. parses the flags (bad flags: one line on stderr, exit 2, nothing written);
// 2. opens FILE.h5 and checks it as every reader does (results_check.h: a dprl results file of
//    the schema version this build reads, finite per-seed datasets, complete regret groups) and
//    that it is not a file of an experiment another figure binary draws;
// 3. calls the binary's MakeFigure, which reads the file and returns the panels and the CSV;
// 4. writes PATH.png, PATH.pdf (line_plot.h) and PATH_summary.csv to temporary files and renames
//    them together (output_files.h), then prints "<name>: wrote ..." on stderr.
// Any error after step 1 prints one line naming the flag ("--in: ..." for problems of the file,
// "--out_prefix: ..." for the outputs), exits 1 and leaves no output file.
#ifndef DPRL_ANALYSIS_FIGURE_MAIN_H_
#define DPRL_ANALYSIS_FIGURE_MAIN_H_

#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "analysis/hdf5_reader.h"
#include "analysis/line_plot.h"

namespace dprl {

struct FigureOutputs {
  std::vector<PlotPanel> panels;
  FigureLayout layout;  // columns and legend placement (line_plot.h)
  std::string csv;      // the whole PATH_summary.csv
};

// Reads the opened results file; errors are reported as "--in: <message>".
using MakeFigure = std::function<absl::StatusOr<FigureOutputs>(const Hdf5Reader& reader)>;

// Steps 1-4 above; returns the process exit code. `usage` is printed for --help.
int RunFigureMain(int argc, char** argv, const std::string& name, const std::string& usage,
                  const MakeFigure& make_figure);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_FIGURE_MAIN_H_
