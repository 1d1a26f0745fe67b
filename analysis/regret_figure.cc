// regret_figure: cumulative-regret figure and summary table from a dprl results file.
//
//   regret_figure --in=FILE.h5 --out_prefix=PATH
//
// Reads every config group of FILE.h5 (docs/hdf5_schema.md, schema version 2; each must have
// episode_grid and cumulative_regret [seeds x grid points], total_regret [seeds] and string
// attributes env, agent) and writes
//   PATH.png, PATH.pdf   one panel per env: mean cumulative regret vs episode, log-log axes,
//                        shaded 95% confidence band over seeds (mean +- t_{0.975,n-1} sd/sqrt(n);
//                        the mean line alone for 1 seed), one colour per (agent,
//                        privacy_epsilon), up to ~400 log-spaced points of the file's episode
//                        grid per curve (PLplot, cairo);
//   PATH_summary.csv     group,env,agent,privacy_epsilon,neighbour_relation,error_bound,
//                        error_bound_method,seeds,episodes,
//                        final_regret_mean,final_regret_ci95,loglog_slope_last_decade,
//                        first_episode_bonus_below_horizon
//                        (definitions in regret_stats.h; empty cell = not applicable).
// Errors (missing/non-HDF5/foreign file, malformed group, unwritable PATH) print one line naming
// the flag, exit non-zero and leave no output files (outputs are written to temporary files and
// renamed together at the end).
#include <string>
#include <vector>

#include "analysis/figure_main.h"
#include "analysis/regret_summary.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

constexpr char kUsage[] =
    "Usage: regret_figure --in=FILE.h5 --out_prefix=PATH\n"
    "Writes PATH.png, PATH.pdf (cumulative regret, log-log, 95% band over seeds) and\n"
    "PATH_summary.csv from a dprl results file (docs/hdf5_schema.md).\n";

constexpr int kPlotPoints = 400;

absl::StatusOr<FigureOutputs> MakeRegretFigure(const Hdf5Reader& reader) {
  ASSIGN_OR_RETURN(std::vector<RegretGroupSummary> summaries,
                   SummarizeRegretGroups(reader, kPlotPoints));
  FigureOutputs figure;
  figure.panels = BuildRegretPanels(summaries);
  figure.csv = SummaryCsv(summaries);
  figure.layout.legend = LegendLayout::kBelowEachColumn;
  return figure;
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) {
  return dprl::RunFigureMain(argc, argv, "regret_figure", dprl::kUsage, dprl::MakeRegretFigure);
}
