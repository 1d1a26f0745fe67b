#include "analysis/regret_summary.h"

#include <map>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/csv_cells.h"
#include "analysis/figure_main.h"
#include "analysis/regret_stats.h"

namespace dprl {
namespace {

constexpr char kRegret[] = "per_episode_regret";
constexpr char kBonus[] = "first_episode_bonus_below_horizon";

// An exact-tail error bound is flagged in the legend (its curve is dashed, in the colour of the
// same agent and privacy_epsilon with the paper's bound).
constexpr char kExactTail[] = "exact_tail";

// How a neighbour relation reads in a legend or title.
std::string RelationText(const std::string& relation) {
  return relation == "add_remove" ? "add/remove" : relation;
}

// "UBEV (Dann et al.)", "PUCB, exact counts" (eps = infinity), "<agent> (non-private)" or
// "<agent> (#ge=<eps>[, relation][, exact-tail E])".
std::string CurveLabel(const RegretGroupSummary& summary, bool with_relation) {
  if (!summary.privacy_epsilon.has_value()) {
    if (summary.agent == "ubev") return "UBEV (Dann et al.)";
    if (summary.agent == "pucb_noiseless") return "PUCB, exact counts";
    return absl::StrCat(summary.agent, " (non-private)");
  }
  const std::string agent = summary.agent == "pucb" ? "PUCB" : summary.agent;
  return absl::StrCat(agent, " (#ge=", absl::StrFormat("%g", *summary.privacy_epsilon),
                      with_relation && !summary.neighbour_relation.empty()
                          ? ", " + RelationText(summary.neighbour_relation)
                          : "",
                      summary.e_eps_bound == kExactTail ? ", exact-tail E" : "", ")");
}

}  // namespace

absl::StatusOr<RegretGroupData> ReadRegretGroup(const Hdf5Reader& reader,
                                                const std::string& group) {
  RegretGroupData data;
  data.group = group;
  const std::string regret_path = absl::StrCat(group, "/", kRegret);
  if (!reader.HasObject(regret_path)) {
    return absl::InvalidArgumentError(
        absl::StrCat(reader.path(), ": group '", group, "' has no dataset '", kRegret, "'"));
  }
  absl::StatusOr<Hdf5Matrix> regret = reader.ReadMatrix(regret_path);
  if (!regret.ok()) return regret.status();
  if (regret->ndims != 2 || regret->rows < 1 || regret->cols < 1) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: dataset '%s' must be [seeds x episodes] with both >= 1, got %d-D %d x %d",
        reader.path(), regret_path, regret->ndims, regret->rows, regret->cols));
  }
  data.per_episode_regret = *std::move(regret);
  for (auto [name, target] : {std::pair{"env", &data.env}, std::pair{"agent", &data.agent}}) {
    absl::StatusOr<std::string> value = reader.ReadStringAttribute(group, name);
    if (!value.ok()) return value.status();
    *target = *std::move(value);
  }
  for (auto [name, target] : {std::pair{"privacy_epsilon", &data.privacy_epsilon},
                              std::pair{"error_bound_E", &data.error_bound_E}}) {
    if (!reader.HasAttribute(group, name)) continue;
    absl::StatusOr<double> value = reader.ReadDoubleAttribute(group, name);
    if (!value.ok()) return value.status();
    *target = *value;
  }
  for (auto [name, target] : {std::pair{"e_eps_bound", &data.e_eps_bound},
                              std::pair{"neighbour_relation", &data.neighbour_relation}}) {
    if (!reader.HasAttribute(group, name)) continue;
    absl::StatusOr<std::string> value = reader.ReadStringAttribute(group, name);
    if (!value.ok()) return value.status();
    *target = *std::move(value);
  }
  const std::string bonus_path = absl::StrCat(group, "/", kBonus);
  if (reader.HasObject(bonus_path)) {
    absl::StatusOr<std::vector<double>> bonus = reader.ReadVector(bonus_path);
    if (!bonus.ok()) return bonus.status();
    if (static_cast<int64_t>(bonus->size()) != data.per_episode_regret.rows) {
      return absl::InvalidArgumentError(
          absl::StrFormat("%s: dataset '%s' has %d values but '%s' has %d seeds", reader.path(),
                          bonus_path, bonus->size(), regret_path, data.per_episode_regret.rows));
    }
    data.first_episode_bonus_below_horizon = *std::move(bonus);
  }
  return data;
}

RegretGroupSummary SummarizeRegretGroup(const RegretGroupData& data, int plot_points) {
  RegretGroupSummary summary;
  summary.group = data.group;
  summary.env = data.env;
  summary.agent = data.agent;
  summary.privacy_epsilon = data.privacy_epsilon;
  summary.neighbour_relation = data.neighbour_relation;
  summary.error_bound_E = data.error_bound_E;
  summary.e_eps_bound = data.e_eps_bound;
  const Hdf5Matrix& regret = data.per_episode_regret;
  summary.seeds = static_cast<int>(regret.rows);
  summary.episodes = regret.cols;

  // Cumulative regret per seed (rows), and its mean over seeds at every episode.
  std::vector<std::vector<double>> cumulative(regret.rows);
  std::vector<double> mean_cumulative(regret.cols, 0.0);
  for (int64_t s = 0; s < regret.rows; ++s) {
    std::vector<double> row(regret.values.begin() + s * regret.cols,
                            regret.values.begin() + (s + 1) * regret.cols);
    cumulative[s] = CumulativeSum(row);
    for (int64_t t = 0; t < regret.cols; ++t) mean_cumulative[t] += cumulative[s][t];
  }
  for (double& value : mean_cumulative) value /= static_cast<double>(regret.rows);

  auto interval_at = [&](int64_t index) {
    std::vector<double> samples;
    for (const std::vector<double>& row : cumulative) samples.push_back(row[index]);
    return MeanWithConfidence95(samples);
  };
  const MeanInterval final_interval = interval_at(regret.cols - 1);
  summary.final_regret_mean = final_interval.mean;
  summary.final_regret_ci95 = final_interval.half_width;
  summary.loglog_slope_last_decade = LogLogSlopeLastDecade(mean_cumulative);
  if (data.first_episode_bonus_below_horizon.has_value()) {
    summary.first_episode_bonus_below_horizon =
        MedianEpisodeOrNever(*data.first_episode_bonus_below_horizon);
  }
  for (int64_t index : LogSpacedIndices(regret.cols, plot_points)) {
    const MeanInterval interval = interval_at(index);
    summary.plot_episodes.push_back(static_cast<double>(index + 1));
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
  absl::StatusOr<std::vector<std::string>> groups = ListConfigGroups(reader);
  if (!groups.ok()) return groups.status();
  std::vector<RegretGroupSummary> summaries;
  for (const std::string& group : *groups) {
    absl::StatusOr<RegretGroupData> data = ReadRegretGroup(reader, group);
    if (!data.ok()) return data.status();
    summaries.push_back(SummarizeRegretGroup(*data, plot_points));
  }
  return summaries;
}

std::string SummaryCsv(const std::vector<RegretGroupSummary>& summaries) {
  std::string csv =
      "group,env,agent,privacy_epsilon,neighbour_relation,error_bound_E,e_eps_bound,seeds,episodes,"
      "final_regret_mean,final_regret_ci95,loglog_slope_last_decade,"
      "first_episode_bonus_below_horizon\n";
  for (const RegretGroupSummary& s : summaries) {
    absl::StrAppend(&csv, CsvField(s.group), ",", CsvField(s.env), ",", CsvField(s.agent), ",",
                    CsvOptionalNumber(s.privacy_epsilon), ",", CsvField(s.neighbour_relation), ",",
                    CsvOptionalNumber(s.error_bound_E), ",", CsvField(s.e_eps_bound), ",", s.seeds,
                    ",", s.episodes, ",", CsvNumber(s.final_regret_mean), ",",
                    CsvOptionalNumber(s.final_regret_ci95), ",",
                    CsvOptionalNumber(s.loglog_slope_last_decade), ",",
                    CsvNumber(s.first_episode_bonus_below_horizon), "\n");
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
      panels.back().note = "dots: median episode an optimistic Q leaves H";
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
    std::set<std::pair<std::string, std::string>> solid_keys;
    bool hid_dashed_label = false;
    for (const RegretGroupSummary* s : members[p]) {
      const std::pair<std::string, std::string> key =
          style.color_key ? std::pair<std::string, std::string>{style.color_key(*s), ""}
                          : std::pair<std::string, std::string>{
                                s->agent, CsvOptionalNumber(s->privacy_epsilon)};
      auto [color_it, new_color] = color_of_key.emplace(key, static_cast<int>(color_of_key.size()));
      PlotCurve curve;
      curve.label = style.label ? style.label(*s) : CurveLabel(*s, !one_relation);
      curve.dashed = s->e_eps_bound == kExactTail;
      if (!curve.dashed) solid_keys.insert(key);
      // An exact-tail curve next to the solid curve of the same colour (same agent and epsilon)
      // is explained by the note instead of a second legend entry.
      if (curve.dashed && !style.label && solid_keys.count(key)) {
        curve.label.clear();
        hid_dashed_label = true;
      }
      curve.color = color_it->second;
      curve.x = s->plot_episodes;
      curve.y = s->plot_mean;
      curve.lower = s->plot_lower;
      curve.upper = s->plot_upper;
      curve.marker_x = s->first_episode_bonus_below_horizon;
      panels[p].curves.push_back(std::move(curve));
    }
    if (hid_dashed_label) {
      panels[p].note = "dashed: exact-tail E; dots: Q leaves H";
    }
  }
  return panels;
}

}  // namespace dprl
