// regret_figure: cumulative-regret figure and summary table from a dprl results file.
//
//   regret_figure --in=FILE.h5 --out_prefix=PATH
//
// Reads every config group of FILE.h5 (docs/hdf5_schema.md; each must have per_episode_regret
// [seeds x episodes] and string attributes env, agent) and writes
//   PATH.png, PATH.pdf   one panel per env: mean cumulative regret vs episode, log-log axes,
//                        shaded 95% confidence band over seeds (mean +- t_{0.975,n-1} sd/sqrt(n);
//                        the mean line alone for 1 seed), one colour per (agent,
//                        privacy_epsilon), ~400 log-spaced points per curve (PLplot, cairo);
//   PATH_summary.csv     group,env,agent,privacy_epsilon,error_bound_E,e_eps_bound,seeds,episodes,
//                        final_regret_mean,final_regret_ci95,loglog_slope_last_decade,
//                        first_episode_bonus_below_horizon
//                        (definitions in regret_stats.h; empty cell = not applicable).
// Errors (missing/non-HDF5/foreign file, malformed group, unwritable PATH) print one line naming
// the flag, exit non-zero and leave no output files (outputs are written to temporary files and
// renamed together at the end).
#include <cstdio>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "analysis/figure_flags.h"
#include "analysis/hdf5_reader.h"
#include "analysis/line_plot.h"
#include "analysis/output_files.h"
#include "analysis/regret_summary.h"

namespace dprl {
namespace {

constexpr int64_t kSupportedSchemaVersion = 1;
constexpr int kPlotPoints = 400;

constexpr char kUsage[] =
    "Usage: regret_figure --in=FILE.h5 --out_prefix=PATH\n"
    "Writes PATH.png, PATH.pdf (cumulative regret, log-log, 95% band over seeds) and\n"
    "PATH_summary.csv from a dprl results file (docs/hdf5_schema.md).\n";

absl::Status Prefixed(const std::string& prefix, const absl::Status& status) {
  return absl::Status(status.code(), absl::StrCat(prefix, status.message()));
}

absl::Status Run(const FigureFlags& flags) {
  absl::StatusOr<Hdf5Reader> reader = Hdf5Reader::Open(flags.in);
  if (!reader.ok()) return Prefixed("--in: ", reader.status());
  if (absl::Status status = CheckDprlSchema(*reader, kSupportedSchemaVersion); !status.ok()) {
    return Prefixed("--in: ", status);
  }
  absl::StatusOr<std::vector<std::string>> groups = reader->ListGroups("/");
  if (!groups.ok()) return Prefixed("--in: ", groups.status());
  if (groups->empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--in: '", flags.in, "' contains no config groups"));
  }
  std::vector<RegretGroupSummary> summaries;
  for (const std::string& group : *groups) {
    absl::StatusOr<RegretGroupData> data = ReadRegretGroup(*reader, group);
    if (!data.ok()) return Prefixed("--in: ", data.status());
    summaries.push_back(SummarizeRegretGroup(*data, kPlotPoints));
  }
  for (const char* device : {"pngcairo", "pdfcairo"}) {
    if (absl::Status status = CheckPlplotDevice(device); !status.ok()) return status;
  }

  const std::vector<std::string> outputs = {absl::StrCat(flags.out_prefix, ".png"),
                                            absl::StrCat(flags.out_prefix, ".pdf"),
                                            absl::StrCat(flags.out_prefix, "_summary.csv")};
  absl::StatusOr<OutputFiles> files = OutputFiles::Reserve(outputs, "--out_prefix");
  if (!files.ok()) return files.status();
  if (absl::Status status =
          RenderPngAndPdf(BuildRegretPanels(summaries), files->temp_path(0), files->temp_path(1));
      !status.ok()) {
    return status;
  }
  const std::string csv = SummaryCsv(summaries);
  FILE* out = std::fopen(files->temp_path(2).c_str(), "w");
  const bool written = out != nullptr && std::fwrite(csv.data(), 1, csv.size(), out) == csv.size();
  if (out == nullptr || std::fclose(out) != 0 || !written) {
    return absl::InternalError(absl::StrCat("--out_prefix: cannot write '", outputs[2], "'"));
  }
  if (absl::Status status = files->Commit(); !status.ok()) return status;
  std::fprintf(stderr, "regret_figure: wrote %s, %s, %s\n", outputs[0].c_str(), outputs[1].c_str(),
               outputs[2].c_str());
  return absl::OkStatus();
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) {
  dprl::FigureFlags flags;
  if (absl::Status status = dprl::ParseFigureFlags(argc, argv, &flags); !status.ok()) {
    std::fprintf(stderr, "regret_figure: error: %s\n", std::string(status.message()).c_str());
    return 2;
  }
  if (flags.help) {
    std::fputs(dprl::kUsage, stdout);
    return 0;
  }
  if (absl::Status status = dprl::Run(flags); !status.ok()) {
    std::fprintf(stderr, "regret_figure: error: %s\n", std::string(status.message()).c_str());
    return 1;
  }
  return 0;
}
