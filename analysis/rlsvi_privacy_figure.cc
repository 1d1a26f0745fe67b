// rlsvi_privacy_figure: the figure and summary table of //experiments:rlsvi_privacy_fig (Lu et al.
// 2026, RLSVI is joint-DP) from its results file.
//
//   rlsvi_privacy_figure --in=FILE.h5 --out_prefix=PATH
//
// Reads the privacy_curve and regret groups (analysis/rlsvi_privacy_summary.h,
// docs/hdf5_schema.md) and writes
//   PATH.png, PATH.pdf   (a) RLSVI's privacy_epsilon vs K, log-log (solid = improved conversion,
//                        dashed = the paper's Cor. 14), per (S, A, H) and per delta; (b) one
//                        cumulative-regret panel per env (rlsvi, pucb at the same epsilon, ubev;
//                        95% band over seeds), labelled with what each protects;
//   PATH_summary.csv     one row per curve (RlsviPrivacySummaryCsv).
// Errors (missing/non-HDF5/foreign file, malformed group, unwritable PATH) print one line naming
// the flag, exit non-zero and leave no output files (temporary files renamed together at the end).
#include <cstdio>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "analysis/figure_flags.h"
#include "analysis/hdf5_reader.h"
#include "analysis/line_plot.h"
#include "analysis/output_files.h"
#include "analysis/rlsvi_privacy_summary.h"

namespace dprl {
namespace {

constexpr int64_t kSupportedSchemaVersion = 1;
constexpr int kPlotPoints = 400;

constexpr char kUsage[] =
    "Usage: rlsvi_privacy_figure --in=FILE.h5 --out_prefix=PATH\n"
    "Writes PATH.png, PATH.pdf (RLSVI's privacy epsilon vs K; regret of rlsvi, pucb, ubev) and\n"
    "PATH_summary.csv from a //experiments:rlsvi_privacy_fig results file.\n";

absl::Status Prefixed(const std::string& prefix, const absl::Status& status) {
  return absl::Status(status.code(), absl::StrCat(prefix, status.message()));
}

absl::Status Run(const FigureFlags& flags) {
  absl::StatusOr<Hdf5Reader> reader = Hdf5Reader::Open(flags.in);
  if (!reader.ok()) return Prefixed("--in: ", reader.status());
  if (absl::Status status = CheckDprlSchema(*reader, kSupportedSchemaVersion); !status.ok()) {
    return Prefixed("--in: ", status);
  }
  absl::StatusOr<RlsviPrivacyResults> results = ReadRlsviPrivacyResults(*reader, kPlotPoints);
  if (!results.ok()) return Prefixed("--in: ", results.status());
  for (const char* device : {"pngcairo", "pdfcairo"}) {
    if (absl::Status status = CheckPlplotDevice(device); !status.ok()) return status;
  }
  const std::vector<std::string> outputs = {absl::StrCat(flags.out_prefix, ".png"),
                                            absl::StrCat(flags.out_prefix, ".pdf"),
                                            absl::StrCat(flags.out_prefix, "_summary.csv")};
  absl::StatusOr<OutputFiles> files = OutputFiles::Reserve(outputs, "--out_prefix");
  if (!files.ok()) return files.status();
  if (absl::Status status = RenderPngAndPdf(BuildRlsviPrivacyPanels(*results), files->temp_path(0),
                                            files->temp_path(1));
      !status.ok()) {
    return status;
  }
  const std::string csv = RlsviPrivacySummaryCsv(*results);
  FILE* out = std::fopen(files->temp_path(2).c_str(), "w");
  const bool written = out != nullptr && std::fwrite(csv.data(), 1, csv.size(), out) == csv.size();
  if (out == nullptr || std::fclose(out) != 0 || !written) {
    return absl::InternalError(absl::StrCat("--out_prefix: cannot write '", outputs[2], "'"));
  }
  if (absl::Status status = files->Commit(); !status.ok()) return status;
  std::fprintf(stderr, "rlsvi_privacy_figure: wrote %s, %s, %s\n", outputs[0].c_str(),
               outputs[1].c_str(), outputs[2].c_str());
  return absl::OkStatus();
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) {
  dprl::FigureFlags flags;
  if (absl::Status status = dprl::ParseFigureFlags(argc, argv, &flags); !status.ok()) {
    std::fprintf(stderr, "rlsvi_privacy_figure: error: %s\n",
                 std::string(status.message()).c_str());
    return 2;
  }
  if (flags.help) {
    std::fputs(dprl::kUsage, stdout);
    return 0;
  }
  if (absl::Status status = dprl::Run(flags); !status.ok()) {
    std::fprintf(stderr, "rlsvi_privacy_figure: error: %s\n",
                 std::string(status.message()).c_str());
    return 1;
  }
  return 0;
}
