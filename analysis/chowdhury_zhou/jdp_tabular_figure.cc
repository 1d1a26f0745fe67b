// jdp_tabular_figure: the figure and summary of //experiments:jdp_tabular_fig (Chowdhury & Zhou
// 2022, Table 1: Private-UCB-VI and PUCB at matched eps-JDP).
//
//   jdp_tabular_figure --in=FILE.h5 --out_prefix=PATH
//
// Reads the regret groups of FILE.h5 (analysis/regret_summary.h) and writes
//   PATH.png, PATH.pdf  top row, one panel per environment: mean cumulative regret vs episode
//                       (log-log, 95% band over seeds) of the non-private references and of
//                       every private agent at the matched eps (the median of the file's
//                       privacy_epsilon values; the upper one of the middle two for an even count);
//                       bottom row, one panel per environment: final regret vs privacy_epsilon
//                       (log-log, 95% band), one curve per private agent, the references as dashed
//                       horizontal lines;
//   PATH_summary.csv    regret_figure's columns (regret_summary.h): one row per group, i.e. the
//                       final regret of every agent, eps and environment with its 95% interval;
//                       then dp_ucbvi_privacy_free_epsilon, the eps above which DP-UCBVI's bound
//                       says privacy is free on the group's instance (PrivacyFreeEpsilon below).
// The top panels' y axis spans every curve from episode 1 (the linear start of the regret before
// the optimistic values leave H included), the bottom panels' the final regrets and their bands.
// Errors print one line naming the flag, exit non-zero and leave no output files.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/figure_main.h"
#include "analysis/regret_summary.h"
#include "common/status_macros.h"
#include "schema/attribute_fields.h"
#include "schema/option_binding.h"

namespace dprl {
namespace {

constexpr char kUsage[] =
    "Usage: jdp_tabular_figure --in=FILE.h5 --out_prefix=PATH\n"
    "Writes PATH.png, PATH.pdf (regret vs episodes at the matched eps, final regret vs eps) and\n"
    "PATH_summary.csv from a jdp_tabular_fig results file (docs/hdf5_schema.md).\n";

constexpr int kPlotPoints = 400;

// The instance of a results group (its env attributes and K), through one binding.
struct Instance {
  int64_t num_states = 0;
  int64_t num_actions = 0;
  int64_t horizon = 0;
  int64_t num_episodes = 0;
};

const OptionBinding<Instance>& InstanceBinding() {
  namespace fields = attribute_fields;
  static const auto* binding = &(*new OptionBinding<Instance>("jdp_tabular_fig group instance"))
                                    .Int(fields::kNumStates, &Instance::num_states)
                                    .Int(fields::kNumActions, &Instance::num_actions)
                                    .Int(fields::kHorizon, &Instance::horizon)
                                    .Int(fields::kNumEpisodes, &Instance::num_episodes);
  return *binding;
}

// Qiao & Wang 2022 ("Near-optimal differentially private reinforcement learning", arXiv
// 2212.04680, abstract): DP-UCBVI's eps-JDP regret O~(sqrt(S A H^2 T) + S^2 A H^3 / eps) has its
// privacy term below its statistical term ("privacy for free") once
//   eps > S^1.5 A^0.5 H^2 / sqrt(T),   T = K H steps
// (S^2 A H^3 / eps <= sqrt(S A H^2 T) solved for eps; constants and log factors as the abstract
// states them: none). DP-UCBVI itself is not implemented; DP-Nash-VI with one player, which has
// its bounds, is (docs/dp_nash_vi.md, //experiments:dp_nash_vi_fig).
double PrivacyFreeEpsilon(const Instance& instance) {
  const double s = static_cast<double>(instance.num_states);
  const double a = static_cast<double>(instance.num_actions);
  const double h = static_cast<double>(instance.horizon);
  const double steps = static_cast<double>(instance.num_episodes) * h;
  return std::pow(s, 1.5) * std::sqrt(a) * h * h / std::sqrt(steps);
}

// The private agent a group belongs to, across its eps: the agent and its E method.
std::string VariantKey(const RegretGroupSummary& summary) {
  return absl::StrCat(summary.agent, "/", summary.error_bound_method);
}

std::string VariantLabel(const RegretGroupSummary& summary) {
  if (summary.agent == "pucb") {
    return summary.error_bound_method == "exact_tail" ? "PUCB, exact-tail E" : "PUCB, paper's E";
  }
  if (summary.agent == "private_ucbvi") return "Private-UCB-VI";
  return summary.agent;
}

absl::StatusOr<FigureOutputs> MakeJdpTabularFigure(const Hdf5Reader& reader) {
  ASSIGN_OR_RETURN(std::vector<RegretGroupSummary> summaries,
                   SummarizeRegretGroups(reader, kPlotPoints));
  // Top row: the references and every private agent at the matched eps; bottom row: final regret
  // vs eps per environment. A file of the references alone (private_agents=) gets the top row
  // of every group.
  std::vector<PlotPanel> top, bottom;
  if (HasPrivateGroup(summaries)) {
    ASSIGN_OR_RETURN(const double matched_epsilon, MatchedPrivacyEpsilon(summaries, reader.path()));
    std::vector<RegretGroupSummary> at_matched;
    for (const RegretGroupSummary& summary : summaries) {
      if (!summary.privacy_epsilon.has_value() || *summary.privacy_epsilon == matched_epsilon) {
        at_matched.push_back(summary);
      }
    }
    top = BuildRegretPanels(at_matched);
    for (size_t i = 0; i < top.size(); ++i) {
      PlotPanel& panel = top[i];
      // BuildRegretPanels titles a panel "<env> (<relation>)": keep the env, name the matched eps.
      panel.title = absl::StrFormat("%s: regret at #ge = %g (add/remove)",
                                    panel.title.substr(0, panel.title.find(' ')), matched_epsilon);
    }
    bottom = BuildFinalRegretVsEpsilonPanels(summaries, VariantKey, VariantLabel,
                                             "privacy #ge (eps-JDP, add/remove)");
  } else {
    top = BuildRegretPanels(summaries);
  }
  const int columns = static_cast<int>(bottom.size());

  FigureOutputs figure;
  figure.panels = top;
  figure.panels.insert(figure.panels.end(), bottom.begin(), bottom.end());
  std::map<std::string, double> privacy_free_epsilon;  // by group
  for (const RegretGroupSummary& summary : summaries) {
    ASSIGN_OR_RETURN(const Instance instance, reader.ReadRecord(summary.group, InstanceBinding()));
    privacy_free_epsilon[summary.group] = PrivacyFreeEpsilon(instance);
  }
  figure.csv = SummaryCsv(
      summaries, {{"dp_ucbvi_privacy_free_epsilon",
                   [&privacy_free_epsilon](const RegretGroupSummary& summary) {
                     return std::optional<double>(privacy_free_epsilon.at(summary.group));
                   }}});
  figure.layout.columns = columns;
  figure.layout.legend =
      bottom.empty() ? LegendLayout::kBelowEachColumn : LegendLayout::kRightOfEachPanel;
  return figure;
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) {
  return dprl::RunFigureMain(argc, argv, "jdp_tabular_figure", dprl::kUsage,
                             dprl::MakeJdpTabularFigure);
}
