// private_ofu_figure: figure and summary of //experiments:private_ofu_fig.
//
//   private_ofu_figure --in=FILE.h5 --out_prefix=PATH
//
// Reads every config group (docs/hdf5_schema.md, section "private_ofu_fig") and writes
//   PATH.png, PATH.pdf   row 1: mean cumulative regret vs episode per LQ system (log-log, 95% band
//                        over seeds); row 2: privacy cost (private - non-private regret at the
//                        last episode) vs privacy_epsilon per system, with an eps^{-1/2} reference;
//                        row 3 (files with onset data): onset of learning vs eps, predicted and
//                        measured, with the coverage failures in the note;
//   PATH_summary.csv     the columns of analysis/chowdhury/private_ofu_summary.h (fitted regret exponent in
//                        K, privacy cost, fitted privacy-cost exponent in eps).
// Errors: one line naming the flag, non-zero exit, no output files (analysis/figure_main.h).
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "analysis/figure_main.h"
#include "analysis/chowdhury/private_ofu_summary.h"
#include "analysis/regret_summary.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

constexpr char kUsage[] =
    "Usage: private_ofu_figure --in=FILE.h5 --out_prefix=PATH\n"
    "Writes PATH.png, PATH.pdf (cumulative regret and privacy cost of OFU-RL, Private-OFU-RL and\n"
    "private certainty equivalence) and PATH_summary.csv from a private_ofu_fig results file.\n";

constexpr int kPlotPoints = 400;

absl::StatusOr<FigureOutputs> MakePrivateOfuFigure(const Hdf5Reader& reader) {
  ASSIGN_OR_RETURN(std::vector<RegretGroupSummary> summaries,
                   SummarizeRegretGroups(reader, kPlotPoints));
  std::vector<LqGroupAgent> agents;
  std::vector<LqOnsetSummary> onsets;
  for (const RegretGroupSummary& s : summaries) {
    ASSIGN_OR_RETURN(LqGroupAgent agent, ReadLqGroupAgent(reader, s.group));
    agents.push_back(std::move(agent));
    ASSIGN_OR_RETURN(LqOnsetSummary onset, ReadLqOnsetSummary(reader, s.group));
    onsets.push_back(std::move(onset));
  }
  ASSIGN_OR_RETURN(std::vector<PrivateOfuRow> rows,
                   BuildPrivateOfuRows(summaries, agents, onsets));
  FigureOutputs figure;
  figure.panels = PrivateOfuPanels(rows);
  std::set<std::string> envs;
  for (const PrivateOfuRow& row : rows) envs.insert(row.regret.env);
  figure.layout.columns = static_cast<int>(envs.size());  // one row per panel kind
  figure.csv = PrivateOfuSummaryCsv(rows);
  return figure;
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) {
  return dprl::RunFigureMain(argc, argv, "private_ofu_figure", dprl::kUsage,
                             dprl::MakePrivateOfuFigure);
}
