// wang_hegde_figure: learning-curve figure and summary of the Wang & Hegde 2019 experiments.
//
//   wang_hegde_figure --in=FILE.h5 --out_prefix=PATH
//
// Reads every config group of FILE.h5 (layout and statistics: wang_hegde_summary.h) and writes
// PATH.png, PATH.pdf (one panel per `panel` attribute: mean return vs samples, each seed's
// returns averaged over the last 10 episodes, +-1 sd band over seeds, reference policies dashed)
// and PATH_summary.csv (last-10-episode mean return with its 95% interval per group). Errors print
// one line naming the flag, exit non-zero and leave no output files.
#include <string>
#include <vector>

#include "analysis/figure_main.h"
#include "analysis/wang_hegde/wang_hegde_summary.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

constexpr char kUsage[] =
    "Usage: wang_hegde_figure --in=FILE.h5 --out_prefix=PATH\n"
    "Writes PATH.png, PATH.pdf (return vs samples, 10-episode moving average, +-1 sd band over\n"
    "seeds, reference policies dashed) and PATH_summary.csv (last-10-episode mean return, 95% "
    "interval) from a results\n"
    "file of //experiments:wang_hegde_fig1 or wang_hegde_fig2 (docs/hdf5_schema.md).\n";

absl::StatusOr<FigureOutputs> MakeWangHegdeFigure(const Hdf5Reader& reader) {
  ASSIGN_OR_RETURN(std::vector<std::string> groups, ListConfigGroups(reader));
  std::vector<ReturnGroupSummary> summaries;
  for (const std::string& group : groups) {
    ASSIGN_OR_RETURN(ReturnGroupSummary summary, ReadReturnGroup(reader, group));
    summaries.push_back(std::move(summary));
  }
  FigureOutputs figure;
  figure.panels = BuildReturnPanels(summaries, "");
  figure.csv = ReturnSummaryCsv(summaries);
  figure.layout.legend = LegendLayout::kBelowEachColumn;
  if (figure.panels.empty()) {
    return absl::InvalidArgumentError(reader.path() +
                                      ": no learning-curve group (every group has panel 'all')");
  }
  return figure;
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) {
  return dprl::RunFigureMain(argc, argv, "wang_hegde_figure", dprl::kUsage,
                             dprl::MakeWangHegdeFigure);
}
