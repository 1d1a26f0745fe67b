// Reading the regret groups of a dprl results file and summarizing them for
// //analysis:regret_figure (figure panels and the summary CSV).
//
// A regret group (docs/hdf5_schema.md, schema version 2) has the datasets episode_grid and
// cumulative_regret [seeds x n] (the cumulative regret after each grid episode, identical grid
// rows, strictly increasing 1-based integers ending at T) and total_regret [seeds] (equal to the
// last column), string attributes env and agent, optional numeric attributes privacy_epsilon and
// error_bound (absent for non-private agents), an optional string attribute neighbour_relation
// (add_remove | replacement: what privacy_epsilon is the guarantee for), an optional string
// attribute label (the legend text the experiment wrote for the group), and an optional dataset
// first_episode_bonus_below_horizon [seeds] (-1 = never). A group with the version-1 dataset
// per_episode_regret instead is refused with a message naming it.
#ifndef DPRL_ANALYSIS_REGRET_SUMMARY_H_
#define DPRL_ANALYSIS_REGRET_SUMMARY_H_

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "analysis/hdf5_reader.h"
#include "analysis/regret_group.h"
#include "analysis/line_plot.h"

namespace dprl {

struct RegretGroupSummary {
  std::string group;
  std::string env;
  std::string agent;
  std::optional<double> privacy_epsilon;
  std::string neighbour_relation;
  std::optional<double> error_bound;
  std::string error_bound_method;
  std::string label;  // "" = none
  int seeds = 0;
  int64_t episodes = 0;
  double final_regret_mean = 0;
  std::optional<double> final_regret_ci95;  // half-width; none for 1 seed
  // Of the mean cumulative regret, over the grid episodes in [ceil(T/10), T].
  std::optional<double> loglog_slope_last_decade;
  double first_episode_bonus_below_horizon = -1;  // median over seeds, -1 = never/absent
  // Mean cumulative regret (and 95% band for >= 2 seeds) at ~plot_points log-spaced episodes of
  // the grid.
  std::vector<double> plot_episodes, plot_mean, plot_lower, plot_upper;
};

RegretGroupSummary SummarizeRegretGroup(const RegretGroupData& data, int plot_points);

// ReadRegretGroup + SummarizeRegretGroup for every config group of the file, in file order;
// the first error (no groups, a malformed group) is returned.
absl::StatusOr<std::vector<RegretGroupSummary>> SummarizeRegretGroups(const Hdf5Reader& reader,
                                                                      int plot_points);

// A column a figure adds after SummaryCsv's own: its header name and each group's cell (nullopt =
// an empty cell).
struct SummaryColumn {
  std::string name;
  std::function<std::optional<double>(const RegretGroupSummary&)> value;
};

// Header + one row per summary (columns in the order of the header, see regret_figure.cc), then
// `extra_columns` in their order.
std::string SummaryCsv(const std::vector<RegretGroupSummary>& summaries,
                       const std::vector<SummaryColumn>& extra_columns = {});

// How BuildRegretPanels labels and colours curves; empty functions mean the defaults.
struct RegretPanelStyle {
  // Legend text. Default: the group's label attribute; for a group without one, "agent
  // (non-private)" or "agent (#ge=<privacy_epsilon>[, <relation>][, exact-tail E])" (the relation
  // when the panel's private curves have several).
  std::function<std::string(const RegretGroupSummary&)> label;
  // Curves with the same key share a colour (in first-appearance order). Default: (agent,
  // privacy_epsilon).
  std::function<std::string(const RegretGroupSummary&)> color_key;
};

// One panel per env (first-appearance order, title = env): mean cumulative regret vs episode,
// log-log, with the 95% band and a dot at the median first episode whose optimistic value fell
// below the cap H (the note under a panel with a dot says so); exact-tail curves dashed, each
// with its own legend entry;
// one colour per color_key, shared across panels.
std::vector<PlotPanel> BuildRegretPanels(const std::vector<RegretGroupSummary>& summaries,
                                         const RegretPanelStyle& style = RegretPanelStyle());

// Whether some group has a privacy_epsilon (a figure of the references alone draws no eps row).
bool HasPrivateGroup(const std::vector<RegretGroupSummary>& summaries);

// The matched privacy_epsilon of a file's groups: the median of their distinct privacy_epsilon
// values (the upper of the middle two for an even count). InvalidArgument naming `path` when no
// group has one.
absl::StatusOr<double> MatchedPrivacyEpsilon(const std::vector<RegretGroupSummary>& summaries,
                                             const std::string& path);

// One panel per env (first-appearance order, title "<env>: final regret vs #ge", x label
// `x_label`): final regret vs privacy_epsilon (log-log when there are several eps, 95% band), one
// curve per variant_key of the private groups (those with privacy_epsilon; first-appearance order,
// legend variant_label, ascending eps), then the references (groups without privacy_epsilon) as
// dashed horizontal lines across the file's eps range, in file order; colours in that order.
std::vector<PlotPanel> BuildFinalRegretVsEpsilonPanels(
    const std::vector<RegretGroupSummary>& summaries,
    const std::function<std::string(const RegretGroupSummary&)>& variant_key,
    const std::function<std::string(const RegretGroupSummary&)>& variant_label,
    const std::string& x_label);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_REGRET_SUMMARY_H_
