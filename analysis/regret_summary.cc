#include "analysis/regret_summary.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/csv_cells.h"
#include "analysis/hdf5_reader.h"
#include "analysis/regret_stats.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

// An exact-tail error bound is flagged in the legend (its curve is dashed, in the colour of the
// same agent and privacy_epsilon with the paper's bound).
constexpr char kExactTail[] = "exact_tail";

// How a neighbour relation reads in a legend or title.
std::string RelationText(const std::string& relation) {
  return relation == "add_remove" ? "add/remove" : relation;
}

// The legend text of a group without a `label` attribute: "<agent> (non-private)" or
// "<agent> (#ge=<eps>[, relation][, exact-tail E])".
std::string FallbackLabel(const RegretGroupSummary& summary, bool with_relation) {
  if (!summary.privacy_epsilon.has_value()) return absl::StrCat(summary.agent, " (non-private)");
  return absl::StrCat(summary.agent, " (#ge=", absl::StrFormat("%g", *summary.privacy_epsilon),
                      with_relation && !summary.neighbour_relation.empty()
                          ? ", " + RelationText(summary.neighbour_relation)
                          : "",
                      summary.error_bound_method == kExactTail ? ", exact-tail E" : "", ")");
}

}  // namespace

RegretGroupSummary SummarizeRegretGroup(const RegretGroupData& data, int plot_points) {
  RegretGroupSummary summary;
  summary.group = data.group;
  summary.env = data.env;
  summary.agent = data.agent;
  summary.privacy_epsilon = data.privacy_epsilon;
  summary.neighbour_relation = data.neighbour_relation;
  summary.error_bound = data.error_bound;
  summary.error_bound_method = data.error_bound_method;
  summary.label = data.label;
  const Hdf5Matrix& cumulative = data.cumulative_regret;
  const std::vector<double>& grid = data.episode_grid;
  summary.seeds = static_cast<int>(cumulative.rows);
  summary.episodes = static_cast<int64_t>(grid.back());

  // The seeds' cumulative regret at grid point j, and its mean over seeds at every grid point.
  auto column = [&](int64_t j) {
    std::vector<double> samples;
    for (int64_t s = 0; s < cumulative.rows; ++s) samples.push_back(cumulative.at(s, j));
    return samples;
  };
  std::vector<double> mean_cumulative;
  for (int64_t j = 0; j < cumulative.cols; ++j) {
    mean_cumulative.push_back(MeanWithConfidence95(column(j)).mean);
  }
  const MeanInterval final_interval = MeanWithConfidence95(column(cumulative.cols - 1));
  summary.final_regret_mean = final_interval.mean;
  summary.final_regret_ci95 = final_interval.half_width;
  summary.loglog_slope_last_decade = LogLogSlopeLastDecade(grid, mean_cumulative);
  if (data.first_episode_bonus_below_horizon.has_value()) {
    summary.first_episode_bonus_below_horizon =
        MedianEpisodeOrNever(*data.first_episode_bonus_below_horizon);
  }
  for (int64_t index : LogSpacedGridIndices(grid, plot_points)) {
    const MeanInterval interval = MeanWithConfidence95(column(index));
    summary.plot_episodes.push_back(grid[index]);
    summary.plot_mean.push_back(interval.mean);
    if (interval.half_width.has_value()) {
      summary.plot_lower.push_back(interval.mean - *interval.half_width);
      summary.plot_upper.push_back(interval.mean + *interval.half_width);
    }
  }
  return summary;
}

absl::StatusOr<std::vector<RegretGroupSummary>> SummarizeRegretGroups(const Hdf5Reader& reader,
                                                                      int plot_points) {
  ASSIGN_OR_RETURN(std::vector<std::string> groups, ListConfigGroups(reader));
  std::vector<RegretGroupSummary> summaries;
  for (const std::string& group : groups) {
    ASSIGN_OR_RETURN(RegretGroupData data, ReadRegretGroup(reader, group));
    summaries.push_back(SummarizeRegretGroup(data, plot_points));
  }
  return summaries;
}

std::string SummaryCsv(const std::vector<RegretGroupSummary>& summaries,
                       const std::vector<SummaryColumn>& extra_columns) {
  std::string csv =
      "group,env,agent,privacy_epsilon,neighbour_relation,error_bound,error_bound_method,seeds,"
      "episodes,"
      "final_regret_mean,final_regret_ci95,loglog_slope_last_decade,"
      "first_episode_bonus_below_horizon";
  for (const SummaryColumn& column : extra_columns) absl::StrAppend(&csv, ",", column.name);
  csv += "\n";
  for (const RegretGroupSummary& s : summaries) {
    absl::StrAppend(&csv, CsvField(s.group), ",", CsvField(s.env), ",", CsvField(s.agent), ",",
                    CsvOptionalNumber(s.privacy_epsilon), ",", CsvField(s.neighbour_relation), ",",
                    CsvOptionalNumber(s.error_bound), ",", CsvField(s.error_bound_method), ",",
                    s.seeds, ",", s.episodes, ",", CsvNumber(s.final_regret_mean), ",",
                    CsvOptionalNumber(s.final_regret_ci95), ",",
                    CsvOptionalNumber(s.loglog_slope_last_decade), ",",
                    CsvNumber(s.first_episode_bonus_below_horizon));
    for (const SummaryColumn& column : extra_columns) {
      absl::StrAppend(&csv, ",", CsvOptionalNumber(column.value(s)));
    }
    csv += "\n";
  }
  return csv;
}

std::vector<PlotPanel> BuildRegretPanels(const std::vector<RegretGroupSummary>& summaries,
                                         const RegretPanelStyle& style) {
  std::vector<PlotPanel> panels;
  std::map<std::string, size_t> panel_of_env;
  std::map<std::pair<std::string, std::string>, int> color_of_key;
  // Per panel: the neighbour relations of its private curves, and the groups drawn in it.
  std::vector<std::set<std::string>> relations;
  std::vector<std::vector<const RegretGroupSummary*>> members;
  for (const RegretGroupSummary& s : summaries) {
    auto [panel_it, new_panel] = panel_of_env.emplace(s.env, panels.size());
    if (new_panel) {
      panels.emplace_back();
      panels.back().title = s.env;
      panels.back().x_label = "episode";
      panels.back().y_label = "cumulative regret";
      relations.emplace_back();
      members.emplace_back();
    }
    if (s.privacy_epsilon.has_value()) relations[panel_it->second].insert(s.neighbour_relation);
    members[panel_it->second].push_back(&s);
  }
  for (size_t p = 0; p < panels.size(); ++p) {
    // One relation for every private curve of the panel: say it once, in the title.
    const bool one_relation = relations[p].size() == 1 && !relations[p].begin()->empty();
    if (one_relation) {
      absl::StrAppend(&panels[p].title, " (#ge: ", RelationText(*relations[p].begin()), ")");
    }
    bool any_dot = false;
    for (const RegretGroupSummary* s : members[p]) {
      const std::pair<std::string, std::string> key =
          style.color_key ? std::pair<std::string, std::string>{style.color_key(*s), ""}
                          : std::pair<std::string, std::string>{
                                s->agent, CsvOptionalNumber(s->privacy_epsilon)};
      auto [color_it, new_color] = color_of_key.emplace(key, static_cast<int>(color_of_key.size()));
      PlotCurve curve;
      curve.label = style.label         ? style.label(*s)
                    : !s->label.empty() ? s->label
                                        : FallbackLabel(*s, !one_relation);
      // Its own legend entry, a dashed line in the colour of the same agent and epsilon with the
      // paper's bound (its label says "exact-tail E").
      curve.dashed = s->error_bound_method == kExactTail;
      curve.color = color_it->second;
      curve.x = s->plot_episodes;
      curve.y = s->plot_mean;
      curve.lower = s->plot_lower;
      curve.upper = s->plot_upper;
      curve.marker_x = s->first_episode_bonus_below_horizon;
      any_dot = any_dot || curve.marker_x > 0;
      panels[p].curves.push_back(std::move(curve));
    }
    // Said only where a dot is drawn (a run too short for any optimistic value to drop below H
    // has none).
    if (any_dot) panels[p].note = kFirstBelowHorizonDotNote;
  }
  return panels;
}

bool HasPrivateGroup(const std::vector<RegretGroupSummary>& summaries) {
  for (const RegretGroupSummary& s : summaries) {
    if (s.privacy_epsilon.has_value()) return true;
  }
  return false;
}

absl::StatusOr<double> MatchedPrivacyEpsilon(const std::vector<RegretGroupSummary>& summaries,
                                             const std::string& path) {
  std::set<double> epsilons;
  for (const RegretGroupSummary& summary : summaries) {
    if (summary.privacy_epsilon.has_value()) epsilons.insert(*summary.privacy_epsilon);
  }
  if (epsilons.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("file '", path, "' has no private group (privacy_epsilon)"));
  }
  return *std::next(epsilons.begin(), epsilons.size() / 2);
}

std::vector<PlotPanel> BuildFinalRegretVsEpsilonPanels(
    const std::vector<RegretGroupSummary>& summaries,
    const std::function<std::string(const RegretGroupSummary&)>& variant_key,
    const std::function<std::string(const RegretGroupSummary&)>& variant_label,
    const std::string& x_label) {
  std::set<double> epsilons;
  std::vector<std::string> envs;
  for (const RegretGroupSummary& summary : summaries) {
    if (summary.privacy_epsilon.has_value()) epsilons.insert(*summary.privacy_epsilon);
    if (std::find(envs.begin(), envs.end(), summary.env) == envs.end()) {
      envs.push_back(summary.env);
    }
  }
  std::vector<PlotPanel> panels;
  if (epsilons.empty()) return panels;
  for (const std::string& env : envs) {
    PlotPanel panel;
    panel.title = absl::StrCat(env, ": final regret vs #ge");
    panel.x_label = x_label;
    panel.y_label = "cumulative regret at T";
    std::map<std::string, PlotCurve> private_curves;
    std::vector<std::string> order;
    std::vector<PlotCurve> references;
    for (const RegretGroupSummary& summary : summaries) {
      if (summary.env != env) continue;
      const double half = summary.final_regret_ci95.value_or(0.0);
      if (!summary.privacy_epsilon.has_value()) {
        PlotCurve reference;
        reference.label = summary.label.empty() ? summary.agent : summary.label;
        reference.dashed = true;
        reference.x = {*epsilons.begin(), *epsilons.rbegin()};
        reference.y = {summary.final_regret_mean, summary.final_regret_mean};
        references.push_back(reference);
        continue;
      }
      const std::string key = variant_key(summary);
      if (!private_curves.count(key)) {
        order.push_back(key);
        private_curves[key].label = variant_label(summary);
      }
      PlotCurve& curve = private_curves[key];
      curve.x.push_back(*summary.privacy_epsilon);
      curve.y.push_back(summary.final_regret_mean);
      curve.lower.push_back(std::max(summary.final_regret_mean - half, 1e-9));
      curve.upper.push_back(summary.final_regret_mean + half);
    }
    int color = 0;
    for (const std::string& key : order) {
      PlotCurve curve = private_curves[key];
      // Ascending eps (the file lists each variant's eps in grid order).
      std::vector<size_t> index(curve.x.size());
      for (size_t i = 0; i < index.size(); ++i) index[i] = i;
      std::sort(index.begin(), index.end(),
                [&](size_t a, size_t b) { return curve.x[a] < curve.x[b]; });
      PlotCurve sorted = curve;
      for (size_t i = 0; i < index.size(); ++i) {
        sorted.x[i] = curve.x[index[i]];
        sorted.y[i] = curve.y[index[i]];
        sorted.lower[i] = curve.lower[index[i]];
        sorted.upper[i] = curve.upper[index[i]];
      }
      sorted.color = color++;
      panel.curves.push_back(sorted);
    }
    for (PlotCurve& reference : references) {
      reference.color = color++;
      panel.curves.push_back(reference);
    }
    panel.log_x = epsilons.size() > 1;
    panels.push_back(panel);
  }
  return panels;
}

}  // namespace dprl
