// ofu_minimiser_figure: the LQ regret curves of two private_ofu_fig runs that differ only in the
// OFU step's minimiser (the grid field ofu_minimiser: ceres, the default, and lbfgspp).
//
//   ofu_minimiser_figure --ceres=A.h5 --lbfgspp=B.h5 --out_prefix=PATH
//
// Both files must be private_ofu_fig results with the same groups (the same grid otherwise), A's
// ofu_step agents without the ofu_minimiser attribute (Ceres) and B's with ofu_minimiser =
// lbfgspp. Writes
//   PATH.png, PATH.pdf   one panel per LQ system: mean cumulative regret vs episode (log-log, 95%
//                        band over seeds) of every group whose agent runs the OFU step (the
//                        others do not depend on the minimiser), Ceres solid and LBFGS++ dashed
//                        in the same colour;
//   PATH_summary.csv     per drawn group: final regret mean and 95% half-width of each run, and
//                        their difference (lbfgspp - ceres).
// Errors: one line naming the flag, exit 2 (flags) or 1 (files), no output file.
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/csv_cells.h"
#include "analysis/hdf5_reader.h"
#include "analysis/line_plot.h"
#include "analysis/output_files.h"
#include "analysis/regret_summary.h"
#include "analysis/results_check.h"
#include "common/build_info.h"
#include "common/command_line.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "common/temp_files.h"

namespace dprl {
namespace {

constexpr char kName[] = "ofu_minimiser_figure";
constexpr char kUsage[] =
    "Usage: ofu_minimiser_figure --ceres=A.h5 --lbfgspp=B.h5 --out_prefix=PATH\n"
    "Writes PATH.png, PATH.pdf (the regret curves of both runs, Ceres solid, LBFGS++ dashed) and\n"
    "PATH_summary.csv (final regrets and their difference) from two private_ofu_fig results\n"
    "files that differ only in the grid field ofu_minimiser (ceres, lbfgspp).\n";
constexpr char kMinimiserAttribute[] = "ofu_minimiser";
constexpr int kPlotPoints = 400;

absl::Status Prefixed(const std::string& prefix, const absl::Status& status) {
  return absl::Status(status.code(), absl::StrCat(prefix, status.message()));
}

struct MinimiserRun {
  std::vector<RegretGroupSummary> summaries;
  std::vector<std::string> minimiser_groups;  // the groups with the ofu_minimiser attribute
};

// The summaries of a checked private_ofu_fig file whose ofu_step groups were run with `minimiser`
// ("" = no ofu_minimiser attribute: Ceres).
absl::StatusOr<MinimiserRun> ReadRun(const std::string& path, const std::string& minimiser) {
  ASSIGN_OR_RETURN(const Hdf5Reader reader, Hdf5Reader::Open(path));
  RETURN_IF_ERROR(CheckResultsFile(reader));
  ASSIGN_OR_RETURN(const std::string experiment,
                   reader.ReadStringAttribute("/", hdf5_names::kExperiment));
  if (experiment != "private_ofu_fig") {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": a results file of ", experiment, ", not of private_ofu_fig"));
  }
  ASSIGN_OR_RETURN(std::vector<RegretGroupSummary> summaries,
                   SummarizeRegretGroups(reader, kPlotPoints));
  MinimiserRun run;
  for (const RegretGroupSummary& s : summaries) {
    if (!reader.HasAttribute(s.group, kMinimiserAttribute)) continue;
    ASSIGN_OR_RETURN(const std::string value,
                     reader.ReadStringAttribute(s.group, kMinimiserAttribute));
    if (value != minimiser) {
      return absl::InvalidArgumentError(absl::StrCat(path, ": group ", s.group, " was run with ",
                                                     kMinimiserAttribute, " = ", value));
    }
    run.minimiser_groups.push_back(s.group);
  }
  if (minimiser.empty() != run.minimiser_groups.empty()) {
    return absl::InvalidArgumentError(minimiser.empty()
                                          ? absl::StrCat(path, ": not a run with Ceres")
                                          : absl::StrCat(path, ": no group was run with ",
                                                         kMinimiserAttribute, " = ", minimiser));
  }
  run.summaries = std::move(summaries);
  return run;
}

// Legend text: the group's label, its eps, the minimiser.
std::string CurveLabel(const RegretGroupSummary& s, const char* minimiser) {
  const std::string label = s.label.empty() ? s.agent : s.label;
  return s.privacy_epsilon.has_value()
             ? absl::StrFormat("%s (ε=%g), %s", label, *s.privacy_epsilon, minimiser)
             : absl::StrCat(label, ", ", minimiser);
}

absl::Status Run(const std::string& ceres_path, const std::string& lbfgspp_path,
                 const std::string& out_prefix) {
  absl::StatusOr<MinimiserRun> ceres = ReadRun(ceres_path, "");
  if (!ceres.ok()) return Prefixed("--ceres: ", ceres.status());
  absl::StatusOr<MinimiserRun> lbfgspp = ReadRun(lbfgspp_path, "lbfgspp");
  if (!lbfgspp.ok()) return Prefixed("--lbfgspp: ", lbfgspp.status());
  std::map<std::string, const RegretGroupSummary*> by_group;
  for (const RegretGroupSummary& s : lbfgspp->summaries) by_group[s.group] = &s;
  if (by_group.size() != ceres->summaries.size()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("--lbfgspp: %d groups, --ceres %d: not the same grid", by_group.size(),
                        ceres->summaries.size()));
  }
  // Only the groups whose agent runs the OFU step (those the minimiser changes).
  const std::set<std::string> drawn(lbfgspp->minimiser_groups.begin(),
                                    lbfgspp->minimiser_groups.end());
  std::vector<RegretGroupSummary> both;
  std::string csv =
      "group,env,agent,privacy_epsilon,seeds,ceres_final_regret_mean,ceres_final_regret_ci95,"
      "lbfgspp_final_regret_mean,lbfgspp_final_regret_ci95,difference\n";
  for (const RegretGroupSummary& a : ceres->summaries) {
    const auto found = by_group.find(a.group);
    if (found == by_group.end() || found->second->episodes != a.episodes ||
        found->second->seeds != a.seeds) {
      return absl::InvalidArgumentError(
          absl::StrCat("--lbfgspp: group ", a.group, " is missing or has other episodes or seeds"));
    }
    if (drawn.count(a.group) == 0) continue;
    const RegretGroupSummary& b = *found->second;
    both.push_back(a);
    both.back().label = CurveLabel(a, "Ceres");
    both.push_back(b);
    both.back().group = absl::StrCat(b.group, "-lbfgspp");
    both.back().label = CurveLabel(b, "LBFGS++");
    absl::StrAppend(&csv, CsvField(a.group), ",", CsvField(a.env), ",", CsvField(a.agent), ",",
                    CsvOptionalNumber(a.privacy_epsilon), ",", a.seeds, ",",
                    CsvNumber(a.final_regret_mean), ",", CsvOptionalNumber(a.final_regret_ci95),
                    ",", CsvNumber(b.final_regret_mean), ",",
                    CsvOptionalNumber(b.final_regret_ci95), ",",
                    CsvNumber(b.final_regret_mean - a.final_regret_mean), "\n");
  }
  RegretPanelStyle style;
  style.label = [](const RegretGroupSummary& s) { return s.label; };
  style.color_key = [](const RegretGroupSummary& s) {
    return absl::StrCat(s.agent, "/", s.privacy_epsilon.value_or(0));
  };
  std::vector<PlotPanel> panels = BuildRegretPanels(both, style);
  for (PlotPanel& panel : panels) {
    for (PlotCurve& curve : panel.curves) {
      curve.dashed = curve.label.size() >= 9 &&
                     curve.label.compare(curve.label.size() - 9, 9, ", LBFGS++") == 0;
    }
    panel.note = "solid: Ceres (the default); dashed: LBFGS++ (grid field ofu_minimiser)";
  }
  FigureLayout layout;
  layout.legend = LegendLayout::kBelowEachColumn;
  for (const char* device : {"pngcairo", "pdfcairo"}) RETURN_IF_ERROR(CheckPlplotDevice(device));
  const std::vector<std::string> outputs = {absl::StrCat(out_prefix, ".png"),
                                            absl::StrCat(out_prefix, ".pdf"),
                                            absl::StrCat(out_prefix, "_summary.csv")};
  ASSIGN_OR_RETURN(OutputFiles files, OutputFiles::Reserve(outputs, "--out_prefix"));
  RETURN_IF_ERROR(RenderPngAndPdf(panels, files.temp_path(0), files.temp_path(1), layout));
  if (absl::Status status = WriteFileContents(files.temp_path(2), csv, outputs[2]); !status.ok()) {
    return Prefixed("--out_prefix: ", status);
  }
  RETURN_IF_ERROR(files.Commit());
  std::fprintf(stderr, "%s: wrote %s, %s, %s\n", kName, outputs[0].c_str(), outputs[1].c_str(),
               outputs[2].c_str());
  return absl::OkStatus();
}

int Main(int argc, char** argv) {
  if (HandleVersionFlag(argc, argv, kName)) return 0;
  absl::StatusOr<CommandLine> cl =
      SplitCommandLine(argc, argv, {"--ceres", "--lbfgspp", "--out_prefix"});
  if (cl.ok() && cl->help) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  absl::Status status =
      cl.ok() ? CheckRequiredFlags(*cl, {"--ceres", "--lbfgspp", "--out_prefix"}) : cl.status();
  std::string paths[3];
  if (status.ok()) {
    const char* names[3] = {"--ceres", "--lbfgspp", "--out_prefix"};
    for (int i = 0; i < 3 && status.ok(); ++i) {
      absl::StatusOr<std::string> path = ResolveUserPath(*cl->Get(names[i]));
      if (!path.ok()) {
        status = Prefixed(absl::StrCat(names[i], ": "), path.status());
      } else if (path->empty() || path->back() == '/') {
        status = absl::InvalidArgumentError(
            absl::StrCat(names[i], ": '", *path, "' is not a file path"));
      } else {
        paths[i] = *path;
      }
    }
  }
  if (!status.ok()) {
    std::fprintf(stderr, "%s: error: %s\n", kName, std::string(status.message()).c_str());
    return 2;
  }
  if (absl::Status run = Run(paths[0], paths[1], paths[2]); !run.ok()) {
    std::fprintf(stderr, "%s: error: %s\n", kName, std::string(run.message()).c_str());
    return 1;
  }
  return 0;
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) { return dprl::Main(argc, argv); }
