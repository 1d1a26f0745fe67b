#include "analysis/chowdhury/private_ofu_summary.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/csv_cells.h"
#include "analysis/chowdhury/lq_onset.h"
#include "analysis/regret_stats.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "glog/logging.h"
#include "schema/option_binding.h"

namespace dprl {
namespace {

// Styles follow from the agent's options (docs/hdf5_schema.md: planner, calibration, model,
// dither_scale), never from its name: the OFU-step agents are solid, certainty equivalence dashed;
// in the privacy-cost panel the OFU-step agents take colour 0 (the paper's calibration) or 4
// (tight), certainty equivalence 1 (shrunk model), 2 (ridge) or 3 (ridge with dither).
bool IsCertaintyEquivalence(const LqGroupAgent& agent) {
  return agent.options.planner == LqPlanner::kCertaintyEquivalence;
}
// Private-OFU-RL in either calibration (the onset panels and the OFU-only regret panels).
bool IsPrivateOfu(const LqGroupAgent& agent) {
  return IsPrivate(agent.options) && !IsCertaintyEquivalence(agent);
}
int CostColor(const LqGroupAgent& agent) {
  const LqAgentOptions& o = agent.options;
  if (!IsCertaintyEquivalence(agent)) return o.calibration == LqCalibration::kTight ? 4 : 0;
  if (o.model == LqModel::kShrunk) return 1;
  return o.dither_scale > 0.0 ? 3 : 2;
}

std::string Label(const PrivateOfuRow& row) {
  const RegretGroupSummary& s = row.regret;
  if (!s.privacy_epsilon) return absl::StrCat(row.agent.label, " (non-private)");
  return absl::StrCat(row.agent.label, " #ge=", absl::StrFormat("%g", *s.privacy_epsilon));
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
    if (!IsPrivateOfu(row.agent) || !row.onset.predicted_onset_episode ||
        !row.onset.onset_episode_median) {
      continue;
    }
    if (!onset_panel.count(s.env)) {
      onset_panel[s.env] = panels->size();
      PlotPanel panel;
      panel.title = absl::StrCat(s.env, ": onset of learning (first k with no A = 0 model in C_k)");
      panel.x_label = "privacy #ge";
      panel.y_label = "episode";
      // Curves 2a (measured) and 2a + 1 (predicted) of calibration a = 0 (paper), 1 (tight).
      panel.curves.resize(4);
      for (int a = 0; a < 2; ++a) {
        panel.curves[2 * a].color = a == 0 ? 0 : 2;
        panel.curves[2 * a + 1].color = a == 0 ? 3 : 4;
        panel.curves[2 * a + 1].dashed = true;
      }
      panels->push_back(panel);
    }
    PlotPanel& panel = (*panels)[onset_panel[s.env]];
    const size_t first = row.agent.options.calibration == LqCalibration::kTight ? 2 : 0;
    panel.curves[first].label = absl::StrCat(row.agent.label, " measured (median over seeds)");
    panel.curves[first + 1].label = absl::StrCat(row.agent.label, " predicted (noiseless u = 0)");
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

// The sum over seeds (rows) of a cumulative dataset's final values (last column).
double SumOfLastColumn(const Hdf5Matrix& cumulative) {
  double total = 0.0;
  for (int64_t seed = 0; seed < cumulative.rows; ++seed) {
    total += cumulative.at(seed, cumulative.cols - 1);
  }
  return total;
}

}  // namespace

absl::StatusOr<LqGroupAgent> ReadLqGroupAgent(const Hdf5Reader& reader, const std::string& group) {
  ASSIGN_OR_RETURN(const LqConfigNames names, reader.ReadRecord(group, LqConfigNamesBinding()));
  if (names.label.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "group ", group, ": no display label (string attribute '", hdf5_names::kLabel, "')"));
  }
  LqGroupAgent agent;
  agent.label = names.label;
  ASSIGN_OR_RETURN(agent.options, reader.ReadRecord(group, LqRecordedAgentBinding()));
  return agent;
}

absl::StatusOr<LqOnsetSummary> ReadLqOnsetSummary(const Hdf5Reader& reader,
                                                  const std::string& group) {
  LqOnsetSummary out;
  // The record of the system and the prediction (none when the group does not record them).
  ASSIGN_OR_RETURN(const std::optional<LqConfigRecord> record,
                   reader.ReadOptionalRecord(group, LqConfigRecordBinding()));
  if (record.has_value()) {
    const LqConfigRecord& recorded = *record;
    const int64_t predicted = recorded.predicted_onset_episode;
    out.predicted_onset_episode = predicted == 0 ? -1.0 : static_cast<double>(predicted);
  }
  const std::string onset_path = absl::StrCat(group, "/", hdf5_names::kOnsetEpisode);
  if (reader.HasObject(onset_path)) {
    ASSIGN_OR_RETURN(std::vector<double> onsets, reader.ReadVector(onset_path));
    out.onset_episodes = onsets;
    for (double& onset : onsets) onset = onset == 0.0 ? -1.0 : onset;  // 0 = never in the file
    out.onset_episode_median = MedianEpisodeOrNever(onsets);
  }
  const std::string coverage_path =
      absl::StrCat(group, "/", hdf5_names::kCumulativeCoverageFailures);
  if (reader.HasObject(coverage_path)) {
    ASSIGN_OR_RETURN(Hdf5Matrix failures, reader.ReadMatrix(coverage_path));
    out.coverage_failures = SumOfLastColumn(failures);
  }
  const std::string clipped_path = absl::StrCat(group, "/", hdf5_names::kCumulativeClippedSteps);
  if (reader.HasObject(clipped_path)) {
    ASSIGN_OR_RETURN(Hdf5Matrix clipped, reader.ReadMatrix(clipped_path));
    out.clipped_steps = SumOfLastColumn(clipped);
  }
  const std::string realized_path =
      absl::StrCat(group, "/", hdf5_names::kCumulativeRealizedRegret);
  if (reader.HasObject(realized_path)) {
    ASSIGN_OR_RETURN(Hdf5Matrix realized, reader.ReadMatrix(realized_path));
    if (realized.rows > 0) out.realized_regret_mean = SumOfLastColumn(realized) / realized.rows;
  }
  return out;
}

absl::StatusOr<std::vector<PrivateOfuRow>> BuildPrivateOfuRows(
    const std::vector<RegretGroupSummary>& summaries, const std::vector<LqGroupAgent>& agents,
    const std::vector<LqOnsetSummary>& onsets) {
  CHECK_EQ(summaries.size(), agents.size()) << "BuildPrivateOfuRows: one agent per group";
  CHECK_EQ(summaries.size(), onsets.size()) << "BuildPrivateOfuRows: one onset per group";
  std::map<std::string, double> ofu_final;  // the non-private agent's, per env
  for (size_t i = 0; i < summaries.size(); ++i) {
    const RegretGroupSummary& s = summaries[i];
    if (!IsPrivate(agents[i].options)) {
      ofu_final[s.env] = s.final_regret_mean;
    } else if (!s.privacy_epsilon) {
      return absl::InvalidArgumentError(
          absl::StrCat("group ", s.group, ": private agent without privacy_epsilon"));
    }
  }
  std::vector<PrivateOfuRow> rows;
  std::map<std::pair<std::string, std::string>, std::pair<std::vector<double>, std::vector<double>>>
      costs;
  for (size_t i = 0; i < summaries.size(); ++i) {
    const RegretGroupSummary& s = summaries[i];
    PrivateOfuRow row;
    row.regret = s;
    row.agent = agents[i];
    row.onset = onsets[i];
    auto it = ofu_final.find(s.env);
    if (IsPrivate(row.agent.options) && it != ofu_final.end()) {
      row.privacy_cost = s.final_regret_mean - it->second;
      row.in_privacy_cost_fit =
          IsCertaintyEquivalence(row.agent) ||
          EverySeedPastOnset(row.onset.onset_episodes, static_cast<double>(s.episodes));
      if (row.in_privacy_cost_fit) {
        auto& [eps, cost] = costs[{s.env, s.agent}];
        eps.push_back(*s.privacy_epsilon);
        cost.push_back(*row.privacy_cost);
      }
    }
    rows.push_back(std::move(row));
  }
  for (PrivateOfuRow& row : rows) {
    if (!row.privacy_cost) continue;
    auto it = costs.find({row.regret.env, row.regret.agent});
    if (it == costs.end()) continue;  // no eps of this agent in the fit
    row.privacy_cost_exponent_vs_eps = LogLogSlope(it->second.first, it->second.second);
  }
  return rows;
}

std::string PrivateOfuSummaryCsv(const std::vector<PrivateOfuRow>& rows) {
  std::string csv =
      "group,env,agent,privacy_epsilon,seeds,episodes,final_regret_mean,final_regret_ci95,"
      "regret_exponent,privacy_cost,in_privacy_cost_fit,privacy_cost_exponent_vs_eps,"
      "predicted_onset_episode,onset_episode_median,coverage_failures,clipped_steps,"
      "realized_regret_mean\n";
  for (const PrivateOfuRow& row : rows) {
    const RegretGroupSummary& s = row.regret;
    absl::StrAppend(&csv, CsvField(s.group), ",", CsvField(s.env), ",", CsvField(s.agent), ",",
                    CsvOptionalNumber(s.privacy_epsilon), ",", s.seeds, ",", s.episodes, ",",
                    CsvNumber(s.final_regret_mean), ",", CsvOptionalNumber(s.final_regret_ci95),
                    ",", CsvOptionalNumber(s.loglog_slope_last_decade), ",",
                    CsvOptionalNumber(row.privacy_cost), ",",
                    row.privacy_cost ? (row.in_privacy_cost_fit ? "1" : "0") : "", ",",
                    CsvOptionalNumber(row.privacy_cost_exponent_vs_eps), ",",
                    CsvOptionalNumber(row.onset.predicted_onset_episode), ",",
                    CsvOptionalNumber(row.onset.onset_episode_median), ",",
                    CsvOptionalNumber(row.onset.coverage_failures), ",",
                    CsvOptionalNumber(row.onset.clipped_steps), ",",
                    CsvOptionalNumber(row.onset.realized_regret_mean), "\n");
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
    if (IsPrivateOfu(row.agent)) envs_with_private_ofu.insert(row.regret.env);
  }
  auto shown = [&](const PrivateOfuRow& row) {
    return !envs_with_private_ofu.count(row.regret.env) || !IsPrivate(row.agent.options) ||
           IsPrivateOfu(row.agent);
  };
  std::vector<RegretGroupSummary> summaries;
  std::map<std::string, const PrivateOfuRow*> row_of_group;
  std::vector<const PrivateOfuRow*> shown_rows;
  for (const PrivateOfuRow& row : rows) {
    row_of_group[row.regret.group] = &row;
    if (!shown(row)) continue;
    summaries.push_back(row.regret);
    shown_rows.push_back(&row);
  }
  RegretPanelStyle style;
  style.label = [&](const RegretGroupSummary& s) { return Label(*row_of_group.at(s.group)); };
  // Where only the OFU agents are drawn: one colour per eps (and one for OFU-RL), shared by both
  // calibrations. Elsewhere one colour per (agent, eps).
  style.color_key = [&](const RegretGroupSummary& s) {
    const std::string eps = s.privacy_epsilon ? absl::StrFormat("%g", *s.privacy_epsilon) : "";
    return envs_with_private_ofu.count(s.env) ? eps : absl::StrCat(s.agent, " ", eps);
  };
  std::vector<PlotPanel> panels = BuildRegretPanels(summaries, style);
  // BuildRegretPanels adds curves per env in input order: set each curve's line style.
  std::map<std::string, size_t> panel_of_env, next_curve;
  for (const PrivateOfuRow* row : shown_rows) {
    const RegretGroupSummary& s = row->regret;
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
      panel.curves[curve].dashed = ofu_only
                                       ? row->agent.options.calibration == LqCalibration::kTight
                                       : IsCertaintyEquivalence(row->agent);
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
    PlotCurve* curve = nullptr;
    for (PlotCurve& c : panel.curves) {
      if (c.label == row.agent.label) curve = &c;
    }
    if (curve == nullptr) {
      panel.curves.emplace_back();
      curve = &panel.curves.back();
      curve->label = row.agent.label;
      curve->color = CostColor(row.agent);
      curve->dashed = IsCertaintyEquivalence(row.agent);
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
