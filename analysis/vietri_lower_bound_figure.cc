// vietri_lower_bound_figure: PAC and regret figure and summary table of a vietri_lower_bound_fig
// results file (Vietri et al. 2020, Sec. 5-6; experiments/vietri_lower_bound_task.h).
//
//   vietri_lower_bound_figure --in=FILE.h5 --out_prefix=PATH
//
// Reads every config group of FILE.h5 (docs/hdf5_schema.md, "vietri_lower_bound_fig";
// lower_bound_summary.h lists what each group must hold) and writes
//   PATH.png, PATH.pdf   one row per env: (a) mean non-alpha-optimal episodes at pac_alpha vs
//                        1/eps (log-log), with the Thm. 5 lower and Thm. 3 upper bound SHAPES
//                        (constant 1, polylog dropped) dashed, non-private agents as flat lines;
//                        (b) the same vs 1/alpha over pac_alpha_grid, one curve per (agent, eps),
//                        shapes at the largest eps; (c) mean cumulative regret vs episode with a
//                        95% band over seeds and the Thm. 6 lower shape at the smallest eps;
//   PATH_summary.csv     group,env,agent_variant,privacy_epsilon,error_bound_E,seeds,episodes,
//                        pac_alpha,non_alpha_optimal_mean,non_alpha_optimal_ci95,
//                        alpha_optimal_from_episode_median,counts_by_alpha,pac_lower_shape,
//                        pac_upper_shape,above_pac_lower_shape,inverse_eps_slope,slope_points,
//                        excess_inverse_eps_slope,excess_slope_points,final_regret_mean,
//                        regret_lower_shape,above_regret_lower_shape
//     counts_by_alpha    "alpha:mean count" pairs separated by ';'
//     pac_*_shape        the shapes at pac_alpha (non-private term only for non-private agents)
//     above_pac_lower_shape  mean count >= Thm. 5 shape at EVERY alpha of the grid
//     inverse_eps_slope  least-squares slope of log(mean count at pac_alpha) vs log(1/eps) over
//                        the eps of the same (env, agent_variant) with 0 < count < T (saturated
//                        runs excluded), slope_points of them; ~1 when the 1/eps term dominates
//     excess_inverse_eps_slope  the same for count minus the env's non-private agent's count
//                        (the privacy cost; points with excess <= 0 excluded)
//     regret_lower_shape Thm. 6 shape at T; above_regret_lower_shape: final mean regret >= it.
//   Empty cell = not applicable (non-private agent, single seed, < 2 points).
// Errors (missing/non-HDF5/foreign file, malformed group, unwritable PATH) print one line naming
// the flag, exit non-zero and leave no output files (outputs are written to temporary files and
// renamed together at the end).
#include <cstdio>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "analysis/hdf5_reader.h"
#include "analysis/line_plot.h"
#include "analysis/lower_bound_summary.h"
#include "analysis/output_files.h"

namespace dprl {
namespace {

constexpr int64_t kSupportedSchemaVersion = 1;
constexpr int kPlotPoints = 400;

struct Flags {
  std::string in;
  std::string out_prefix;
};

constexpr char kUsage[] =
    "Usage: vietri_lower_bound_figure --in=FILE.h5 --out_prefix=PATH\n"
    "Writes PATH.png, PATH.pdf (non-alpha-optimal episodes vs 1/eps and 1/alpha, cumulative\n"
    "regret, with the Vietri et al. 2020 bound shapes) and PATH_summary.csv from a\n"
    "vietri_lower_bound_fig results file (docs/hdf5_schema.md).\n";

absl::Status ParseFlags(int argc, char** argv, Flags* flags, bool* help) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      *help = true;
    } else if (arg.rfind("--in=", 0) == 0) {
      flags->in = arg.substr(5);
    } else if (arg.rfind("--out_prefix=", 0) == 0) {
      flags->out_prefix = arg.substr(13);
    } else {
      return absl::InvalidArgumentError(absl::StrCat("unknown argument '", arg, "' (see --help)"));
    }
  }
  if (*help) return absl::OkStatus();
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

absl::Status Prefixed(const std::string& prefix, const absl::Status& status) {
  return absl::Status(status.code(), absl::StrCat(prefix, status.message()));
}

absl::Status Run(const Flags& flags) {
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
  std::vector<LowerBoundGroupSummary> summaries;
  for (const std::string& group : *groups) {
    absl::StatusOr<LowerBoundGroupData> data = ReadLowerBoundGroup(*reader, group);
    if (!data.ok()) return Prefixed("--in: ", data.status());
    summaries.push_back(SummarizeLowerBoundGroup(*data, kPlotPoints));
  }
  FitInverseEpsSlopes(summaries);
  for (const char* device : {"pngcairo", "pdfcairo"}) {
    if (absl::Status status = CheckPlplotDevice(device); !status.ok()) return status;
  }

  const std::vector<std::string> outputs = {absl::StrCat(flags.out_prefix, ".png"),
                                            absl::StrCat(flags.out_prefix, ".pdf"),
                                            absl::StrCat(flags.out_prefix, "_summary.csv")};
  absl::StatusOr<OutputFiles> files = OutputFiles::Reserve(outputs, "--out_prefix");
  if (!files.ok()) return files.status();
  if (absl::Status status = RenderPngAndPdf(BuildLowerBoundPanels(summaries), files->temp_path(0),
                                            files->temp_path(1), kLowerBoundPanelColumns);
      !status.ok()) {
    return status;
  }
  const std::string csv = LowerBoundSummaryCsv(summaries);
  FILE* out = std::fopen(files->temp_path(2).c_str(), "w");
  const bool written = out != nullptr && std::fwrite(csv.data(), 1, csv.size(), out) == csv.size();
  if (out == nullptr || std::fclose(out) != 0 || !written) {
    return absl::InternalError(absl::StrCat("--out_prefix: cannot write '", outputs[2], "'"));
  }
  if (absl::Status status = files->Commit(); !status.ok()) return status;
  std::fprintf(stderr, "vietri_lower_bound_figure: wrote %s, %s, %s\n", outputs[0].c_str(),
               outputs[1].c_str(), outputs[2].c_str());
  return absl::OkStatus();
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) {
  dprl::Flags flags;
  bool help = false;
  if (absl::Status status = dprl::ParseFlags(argc, argv, &flags, &help); !status.ok()) {
    std::fprintf(stderr, "vietri_lower_bound_figure: error: %s\n",
                 std::string(status.message()).c_str());
    return 2;
  }
  if (help) {
    std::fputs(dprl::kUsage, stdout);
    return 0;
  }
  if (absl::Status status = dprl::Run(flags); !status.ok()) {
    std::fprintf(stderr, "vietri_lower_bound_figure: error: %s\n",
                 std::string(status.message()).c_str());
    return 1;
  }
  return 0;
}
