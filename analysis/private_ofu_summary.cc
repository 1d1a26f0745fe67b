#include "analysis/private_ofu_summary.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/csv_cells.h"
#include "analysis/regret_stats.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

constexpr char kOfu[] = "ofu_rl";
constexpr char kPrivateOfu[] = "private_ofu_rl";
constexpr char kPrivateOfuTight[] = "private_ofu_rl_tight";  // the tight calibration

// Every agent the files may hold: its display name, colour in the privacy-cost panel, and whether
// it is drawn dashed (certainty equivalence, no optimism).
struct AgentStyle {
  const char* agent;
  const char* name;
  int color;
  bool dashed;
};
constexpr AgentStyle kAgents[] = {
    {kOfu, "OFU-RL", 0, false},
    {kPrivateOfu, "Private-OFU-RL", 0, false},
    {kPrivateOfuTight, "Private-OFU-RL tight", 4, false},
    {"private_ce", "private CE", 1, true},
    {"private_ce_ridge", "private CE, ridge", 2, true},
    {"private_ce_dither", "private CE, ridge + dither", 3, true},
};

const AgentStyle* FindAgent(const std::string& agent) {
  for (const AgentStyle& style : kAgents) {
    if (agent == style.agent) return &style;
  }
  return nullptr;
}

// The name in legends (the agent is one of kAgents).
std::string AgentName(const std::string& agent) { return FindAgent(agent)->name; }

std::string Label(const RegretGroupSummary& s) {
  const std::string name = AgentName(s.agent);
  if (!s.privacy_epsilon) return absl::StrCat(name, " (non-private)");
  return absl::StrCat(name, " #ge=", absl::StrFormat("%g", *s.privacy_epsilon));
}

// One panel per env (when the file has onset data): the episode at which Private-OFU-RL leaves
// u = 0 against eps, predicted (dashed) and measured (median over seeds), eps where it never does
// within K left out; the note gives the env's coverage failures.
// Reorders the points of `curve` by increasing x (groups may come in any order).
void SortByX(PlotCurve* curve) {
  std::vector<std::pair<double, double>> points;
  for (size_t i = 0; i < curve->x.size(); ++i) points.push_back({curve->x[i], curve->y[i]});
  std::sort(points.begin(), points.end());
  for (size_t i = 0; i < points.size(); ++i) {
    curve->x[i] = points[i].first;
    curve->y[i] = points[i].second;
  }
}

void AddOnsetPanels(const std::vector<PrivateOfuRow>& rows, std::vector<PlotPanel>* panels) {
  std::map<std::string, size_t> onset_panel;
  std::map<std::string, double> coverage_failures;
  for (const PrivateOfuRow& row : rows) {
    const RegretGroupSummary& s = row.regret;
    if (row.onset.coverage_failures) coverage_failures[s.env] += *row.onset.coverage_failures;
    if ((s.agent != kPrivateOfu && s.agent != kPrivateOfuTight) ||
        !row.onset.predicted_onset_episode || !row.onset.onset_episode_median) {
      continue;
    }
    if (!onset_panel.count(s.env)) {
      onset_panel[s.env] = panels->size();
      PlotPanel panel;
      panel.title = absl::StrCat(s.env, ": onset of learning (first k with no A = 0 model in C_k)");
      panel.x_label = "privacy #ge";
      panel.y_label = "episode";
      // Curves 2a (measured) and 2a + 1 (predicted) of agent a = 0 (paper), 1 (tight).
      panel.curves.resize(4);
      for (int a = 0; a < 2; ++a) {
        const std::string agent = AgentName(a == 0 ? kPrivateOfu : kPrivateOfuTight);
        panel.curves[2 * a].label = absl::StrCat(agent, " measured (median over seeds)");
        panel.curves[2 * a].color = a == 0 ? 0 : 2;
        panel.curves[2 * a + 1].label = absl::StrCat(agent, " predicted (noiseless u = 0)");
        panel.curves[2 * a + 1].color = a == 0 ? 3 : 4;
        panel.curves[2 * a + 1].dashed = true;
      }
      panels->push_back(panel);
    }
    PlotPanel& panel = (*panels)[onset_panel[s.env]];
    const size_t first = s.agent == kPrivateOfu ? 0 : 2;
    if (*row.onset.onset_episode_median > 0) {
      panel.curves[first].x.push_back(*s.privacy_epsilon);
      panel.curves[first].y.push_back(*row.onset.onset_episode_median);
    }
    if (*row.onset.predicted_onset_episode > 0) {
      panel.curves[first + 1].x.push_back(*s.privacy_epsilon);
      panel.curves[first + 1].y.push_back(*row.onset.predicted_onset_episode);
    }
  }
  for (const auto& [env, index] : onset_panel) {
    PlotPanel& panel = (*panels)[index];
    for (PlotCurve& c : panel.curves) SortByX(&c);
    // Drop the empty curves (an agent not run, or never leaving u = 0), keeping at least one.
    std::vector<PlotCurve> kept;
    for (const PlotCurve& c : panel.curves) {
      if (!c.x.empty()) kept.push_back(c);
    }
    if (kept.empty()) kept.push_back(panel.curves[0]);
    panel.curves = kept;
    panel.note = absl::StrFormat(
        "Private-OFU-RL (paper, tight); eps where it never leaves u = 0 within K are left out. "
        "Theta* outside C_k in %g episodes (all agents and seeds of this env)",
        coverage_failures[env]);
  }
}

}  // namespace

absl::StatusOr<LqOnsetSummary> ReadLqOnsetSummary(const Hdf5Reader& reader,
                                                  const std::string& group) {
  LqOnsetSummary out;
  if (reader.HasAttribute(group, "predicted_onset_episode")) {
    ASSIGN_OR_RETURN(const int64_t predicted,
                     reader.ReadIntAttribute(group, "predicted_onset_episode"));
    out.predicted_onset_episode = predicted == 0 ? -1.0 : static_cast<double>(predicted);
  }
  const std::string onset_path = absl::StrCat(group, "/", hdf5_names::kOnsetEpisode);
  if (reader.HasObject(onset_path)) {
    ASSIGN_OR_RETURN(std::vector<double> onsets, reader.ReadVector(onset_path));
    for (double& onset : onsets) onset = onset == 0.0 ? -1.0 : onset;  // 0 = never in the file
    out.onset_episode_median = MedianEpisodeOrNever(onsets);
  }
  const std::string coverage_path =
      absl::StrCat(group, "/", hdf5_names::kCumulativeCoverageFailures);
  if (reader.HasObject(coverage_path)) {
    ASSIGN_OR_RETURN(Hdf5Matrix failures, reader.ReadMatrix(coverage_path));
    double total = 0.0;
    for (int64_t seed = 0; seed < failures.rows; ++seed) {
      total += failures.at(seed, failures.cols - 1);
    }
    out.coverage_failures = total;
  }
  return out;
}

absl::StatusOr<std::vector<PrivateOfuRow>> BuildPrivateOfuRows(
    const std::vector<RegretGroupSummary>& summaries) {
  std::map<std::string, double> ofu_final;
  for (const RegretGroupSummary& s : summaries) {
    if (FindAgent(s.agent) == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("group ", s.group, ": unknown agent '", s.agent, "'"));
    }
    if (s.agent != kOfu && !s.privacy_epsilon) {
      return absl::InvalidArgumentError(
          absl::StrCat("group ", s.group, ": private agent without privacy_epsilon"));
    }
    if (s.agent == kOfu) ofu_final[s.env] = s.final_regret_mean;
  }
  std::vector<PrivateOfuRow> rows;
  std::map<std::pair<std::string, std::string>, std::pair<std::vector<double>, std::vector<double>>>
      costs;
  for (const RegretGroupSummary& s : summaries) {
    PrivateOfuRow row;
    row.regret = s;
    auto it = ofu_final.find(s.env);
    if (s.agent != kOfu && it != ofu_final.end()) {
      row.privacy_cost = s.final_regret_mean - it->second;
      auto& [eps, cost] = costs[{s.env, s.agent}];
      eps.push_back(*s.privacy_epsilon);
      cost.push_back(*row.privacy_cost);
    }
    rows.push_back(std::move(row));
  }
  for (PrivateOfuRow& row : rows) {
    if (!row.privacy_cost) continue;
    const auto& [eps, cost] = costs[{row.regret.env, row.regret.agent}];
    row.privacy_cost_exponent_vs_eps = LogLogSlope(eps, cost);
  }
  return rows;
}

std::string PrivateOfuSummaryCsv(const std::vector<PrivateOfuRow>& rows) {
  std::string csv =
      "group,env,agent,privacy_epsilon,seeds,episodes,final_regret_mean,final_regret_ci95,"
      "regret_exponent,privacy_cost,privacy_cost_exponent_vs_eps,predicted_onset_episode,"
      "onset_episode_median,coverage_failures\n";
  for (const PrivateOfuRow& row : rows) {
    const RegretGroupSummary& s = row.regret;
    absl::StrAppend(&csv, CsvField(s.group), ",", CsvField(s.env), ",", CsvField(s.agent), ",",
                    CsvOptionalNumber(s.privacy_epsilon), ",", s.seeds, ",", s.episodes, ",",
                    CsvNumber(s.final_regret_mean), ",", CsvOptionalNumber(s.final_regret_ci95),
                    ",", CsvOptionalNumber(s.loglog_slope_last_decade), ",",
                    CsvOptionalNumber(row.privacy_cost), ",",
                    CsvOptionalNumber(row.privacy_cost_exponent_vs_eps), ",",
                    CsvOptionalNumber(row.onset.predicted_onset_episode), ",",
                    CsvOptionalNumber(row.onset.onset_episode_median), ",",
                    CsvOptionalNumber(row.onset.coverage_failures), "\n");
  }
  return csv;
}

std::vector<PlotPanel> PrivateOfuPanels(const std::vector<PrivateOfuRow>& rows) {
  // The regret row of an env that has a Private-OFU-RL group shows OFU-RL and the two
  // calibrations of Alg. 1 only (colour: eps; dashed: tight), so that it stays readable; the
  // certainty-equivalence agents of that env are in its privacy-cost panel and the summary CSV.
  // An env without Private-OFU-RL shows every agent it has (certainty equivalence dashed).
  std::set<std::string> envs_with_private_ofu;
  for (const PrivateOfuRow& row : rows) {
    if (row.regret.agent == kPrivateOfu || row.regret.agent == kPrivateOfuTight) {
      envs_with_private_ofu.insert(row.regret.env);
    }
  }
  auto shown = [&](const RegretGroupSummary& s) {
    return !envs_with_private_ofu.count(s.env) || s.agent == kOfu || s.agent == kPrivateOfu ||
           s.agent == kPrivateOfuTight;
  };
  std::vector<RegretGroupSummary> summaries;
  for (const PrivateOfuRow& row : rows) {
    if (shown(row.regret)) summaries.push_back(row.regret);
  }
  RegretPanelStyle style;
  style.label = Label;
  // Where only the OFU agents are drawn: one colour per eps (and one for OFU-RL), shared by both
  // calibrations. Elsewhere one colour per (agent, eps).
  style.color_key = [&](const RegretGroupSummary& s) {
    const std::string eps = s.privacy_epsilon ? absl::StrFormat("%g", *s.privacy_epsilon) : "";
    return envs_with_private_ofu.count(s.env) ? eps : absl::StrCat(s.agent, " ", eps);
  };
  std::vector<PlotPanel> panels = BuildRegretPanels(summaries, style);
  // BuildRegretPanels adds curves per env in input order: set each curve's line style.
  std::map<std::string, size_t> panel_of_env, next_curve;
  for (const RegretGroupSummary& s : summaries) {
    if (!panel_of_env.count(s.env)) {
      const size_t index = panel_of_env.size();
      panel_of_env[s.env] = index;
    }
    PlotPanel& panel = panels[panel_of_env[s.env]];
    const bool ofu_only = envs_with_private_ofu.count(s.env) > 0;
    panel.note = ofu_only ? "solid: paper's calibration; dashed: tight calibration; certainty "
                            "equivalence: privacy-cost panel; #gd=1e-5"
                          : "solid: OFU; dashed: certainty equivalence; #gd=1e-5";
    size_t& curve = next_curve[s.env];
    if (curve < panel.curves.size()) {
      panel.curves[curve].dashed =
          ofu_only ? s.agent == kPrivateOfuTight : FindAgent(s.agent)->dashed;
    }
    ++curve;
  }
  const size_t regret_panels = panels.size();
  std::map<std::string, size_t> cost_panel;
  for (const PrivateOfuRow& row : rows) {
    if (!row.privacy_cost) continue;
    const RegretGroupSummary& s = row.regret;
    if (!cost_panel.count(s.env)) {
      cost_panel[s.env] = panels.size();
      PlotPanel panel;
      panel.title = absl::StrCat(s.env, ": privacy cost at K = ", s.episodes);
      panel.x_label = "privacy #ge";
      panel.y_label = "regret(private) - regret(OFU-RL)";
      panel.note = "reference: #ge#u-1/2#d through the first point";
      panels.push_back(panel);
    }
    PlotPanel& panel = panels[cost_panel[s.env]];
    const AgentStyle& style = *FindAgent(s.agent);
    PlotCurve* curve = nullptr;
    for (PlotCurve& c : panel.curves) {
      if (c.label == style.name) curve = &c;
    }
    if (curve == nullptr) {
      panel.curves.emplace_back();
      curve = &panel.curves.back();
      curve->label = style.name;
      curve->color = style.color;
      curve->dashed = style.dashed;
    }
    curve->x.push_back(*s.privacy_epsilon);
    curve->y.push_back(*row.privacy_cost);
  }
  for (size_t p = regret_panels; p < panels.size(); ++p) {
    // Sort by eps (groups may come in any order).
    for (PlotCurve& c : panels[p].curves) SortByX(&c);
    if (!panels[p].curves.empty() && !panels[p].curves[0].x.empty()) {
      const PlotCurve& first = panels[p].curves[0];
      PlotCurve reference;
      reference.label = "#ge#u-1/2#d";
      reference.color = 9;
      reference.dashed = true;
      reference.x = first.x;
      for (double eps : first.x) {
        reference.y.push_back(std::abs(first.y[0]) * std::sqrt(first.x[0] / eps));
      }
      panels[p].curves.push_back(reference);
    }
  }
  AddOnsetPanels(rows, &panels);
  return panels;
}

}  // namespace dprl
