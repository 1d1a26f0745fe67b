// dp_nash_vi_figure: the figure and summary of //experiments:dp_nash_vi_fig (Qiao & Wang 2024,
// DP-Nash-VI with B = 1 under eps-JDP and eps-LDP, beside PUCB and Private-UCB-VI).
//
//   dp_nash_vi_figure --in=FILE.h5 --out_prefix=PATH
//
// Reads the regret groups of FILE.h5 (analysis/regret_summary.h) and writes
//   PATH.png, PATH.pdf  top row, one panel per environment: mean cumulative regret vs episode
//                       (log-log, 95% band over seeds) of the references and of every private
//                       variant but the as-printed ones at the matched eps (the median of the
//                       file's privacy_epsilon values; the upper of the middle two for an even
//                       count); bottom row, one panel per environment: final regret vs
//                       privacy_epsilon, one curve per private variant (as-printed ones
//                       included), the references as dashed horizontal lines;
//   PATH_summary.csv    regret_figure's columns (regret_summary.h), one row per group.
// A variant is a group's name without its environment and eps (dp_nash_vi_jdp_scaled, ...): one
// colour per variant in the top row. Errors print one line naming the flag, exit non-zero and
// leave no output files.
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/figure_main.h"
#include "analysis/regret_summary.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

constexpr char kUsage[] =
    "Usage: dp_nash_vi_figure --in=FILE.h5 --out_prefix=PATH\n"
    "Writes PATH.png, PATH.pdf (regret vs episodes at the matched eps, final regret vs eps) and\n"
    "PATH_summary.csv from a dp_nash_vi_fig results file (docs/hdf5_schema.md).\n";

constexpr int kPlotPoints = 400;

// The group's name without "<env>-" and "-eps=<eps>": its variant.
std::string VariantKey(const RegretGroupSummary& summary) {
  std::string name = summary.group;
  const std::string prefix = summary.env + "-";
  if (absl::StartsWith(name, prefix)) name = name.substr(prefix.size());
  const size_t eps = name.find("-eps=");
  return eps == std::string::npos ? name : name.substr(0, eps);
}

std::string VariantLabel(const RegretGroupSummary& summary) {
  std::string key = VariantKey(summary);
  std::string suffix;
  if (absl::EndsWith(key, "_as_printed")) {
    key = key.substr(0, key.size() - 11);
    suffix = ", as printed";
  } else if (absl::EndsWith(key, "_scaled")) {
    key = key.substr(0, key.size() - 7);
    suffix = ", C1, C2 scaled (outside Thm. 4.1)";
  }
  if (key == "pucb") return "PUCB, JDP";
  if (key == "private_ucbvi") return "Private-UCB-VI, JDP";
  if (key == "dp_nash_vi_jdp") return "DP-Nash-VI, JDP" + suffix;
  if (key == "dp_nash_vi_ldp") return "DP-Nash-VI, LDP" + suffix;
  return key + suffix;
}

absl::StatusOr<FigureOutputs> MakeDpNashViFigure(const Hdf5Reader& reader) {
  ASSIGN_OR_RETURN(std::vector<RegretGroupSummary> summaries,
                   SummarizeRegretGroups(reader, kPlotPoints));
  FigureOutputs figure;
  figure.csv = SummaryCsv(summaries);
  figure.layout.legend = LegendLayout::kRightOfEachPanel;
  if (!HasPrivateGroup(summaries)) {  // e.g. private_agents= (the references alone)
    RegretPanelStyle style;
    style.color_key = VariantKey;
    figure.panels = BuildRegretPanels(summaries, style);
    figure.layout.legend = LegendLayout::kBelowEachColumn;
    return figure;
  }
  ASSIGN_OR_RETURN(const double matched_epsilon, MatchedPrivacyEpsilon(summaries, reader.path()));

  // Top row: the references and the private variants at the matched eps (not as printed: the
  // same curves as the stated calibration's at about twice the noise).
  std::vector<RegretGroupSummary> at_matched;
  for (const RegretGroupSummary& summary : summaries) {
    if (absl::EndsWith(VariantKey(summary), "_as_printed")) continue;
    if (!summary.privacy_epsilon.has_value() || *summary.privacy_epsilon == matched_epsilon) {
      at_matched.push_back(summary);
    }
  }
  RegretPanelStyle style;
  style.color_key = VariantKey;
  std::vector<PlotPanel> top = BuildRegretPanels(at_matched, style);
  for (PlotPanel& panel : top) {
    panel.title = absl::StrFormat("%s: regret at #ge = %g",
                                  panel.title.substr(0, panel.title.find(' ')), matched_epsilon);
  }
  const std::vector<PlotPanel> bottom = BuildFinalRegretVsEpsilonPanels(
      summaries, VariantKey, VariantLabel,
      "privacy #ge (JDP: add/remove one episode; LDP: any two trajectories)");

  figure.panels = top;
  figure.panels.insert(figure.panels.end(), bottom.begin(), bottom.end());
  figure.layout.columns = static_cast<int>(bottom.size());
  return figure;
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) {
  return dprl::RunFigureMain(argc, argv, "dp_nash_vi_figure", dprl::kUsage,
                             dprl::MakeDpNashViFigure);
}
