// rlsvi_privacy_figure: the figure and summary table of //experiments:rlsvi_privacy_fig (Lu et al.
// 2026, RLSVI is joint-DP) from its results file.
//
//   rlsvi_privacy_figure --in=FILE.h5 --out_prefix=PATH
//
// Reads the privacy_curve and regret groups (analysis/lu/rlsvi_privacy_summary.h,
// docs/hdf5_schema.md) and writes
//   PATH.png, PATH.pdf   (a) RLSVI's privacy_epsilon vs K, log-log (solid = improved conversion,
//                        dashed = the paper's Cor. 14), per (S, A, H) and per delta; (b) one
//                        cumulative-regret panel per env (rlsvi, pucb at the same epsilon, ubev;
//                        95% band over seeds), labelled with what each protects;
//   PATH_summary.csv     one row per curve (RlsviPrivacySummaryCsv).
// Errors (missing/non-HDF5/foreign file, malformed group, unwritable PATH) print one line naming
// the flag, exit non-zero and leave no output files (temporary files renamed together at the end).
#include "analysis/figure_main.h"
#include "analysis/lu/rlsvi_privacy_summary.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

constexpr char kUsage[] =
    "Usage: rlsvi_privacy_figure --in=FILE.h5 --out_prefix=PATH\n"
    "Writes PATH.png, PATH.pdf (RLSVI's privacy epsilon vs K; regret of rlsvi, pucb, ubev) and\n"
    "PATH_summary.csv from a //experiments:rlsvi_privacy_fig results file.\n";

constexpr int kPlotPoints = 400;

absl::StatusOr<FigureOutputs> MakeRlsviPrivacyFigure(const Hdf5Reader& reader) {
  ASSIGN_OR_RETURN(RlsviPrivacyResults results, ReadRlsviPrivacyResults(reader, kPlotPoints));
  FigureOutputs figure;
  figure.panels = BuildRlsviPrivacyPanels(results);
  figure.csv = RlsviPrivacySummaryCsv(results);
  return figure;
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) {
  return dprl::RunFigureMain(argc, argv, "rlsvi_privacy_figure", dprl::kUsage,
                             dprl::MakeRlsviPrivacyFigure);
}
