#include "analysis/lu/rlsvi_privacy_summary.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/csv_cells.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "schema/rlsvi_privacy_records.h"
#include "schema/tabular_records.h"

namespace dprl {
namespace {

constexpr const char* kDatasets[3] = {hdf5_names::kEpisodes, hdf5_names::kPrivacyEpsilonPaper,
                                      hdf5_names::kPrivacyEpsilonImproved};

template <typename T>
std::string Optional(const std::optional<T>& value) {
  return value.has_value() ? absl::StrCat(*value) : "";
}

absl::Status Malformed(const Hdf5Reader& reader, const std::string& what) {
  return absl::InvalidArgumentError(absl::StrCat(reader.path(), ": ", what));
}

// Row 0 of a [seeds x n] dataset whose rows must all be equal.
absl::StatusOr<Hdf5Matrix> ReadDeterministic(const Hdf5Reader& reader, const std::string& path) {
  if (!reader.HasObject(path)) return Malformed(reader, absl::StrCat("no dataset '", path, "'"));
  ASSIGN_OR_RETURN(Hdf5Matrix matrix, reader.ReadMatrix(path));
  if (matrix.ndims != 2 || matrix.rows < 1 || matrix.cols < 1) {
    return Malformed(reader,
                     absl::StrFormat("dataset '%s' must be [seeds x n] with both >= 1", path));
  }
  for (int64_t r = 1; r < matrix.rows; ++r) {
    for (int64_t c = 0; c < matrix.cols; ++c) {
      if (matrix.at(r, c) != matrix.at(0, c)) {
        return Malformed(reader, absl::StrFormat("dataset '%s': row %d differs from row 0 (a "
                                                 "privacy curve is deterministic)",
                                                 path, r));
      }
    }
  }
  return matrix;
}

absl::StatusOr<PrivacyCurve> ReadCurve(const Hdf5Reader& reader, const std::string& group) {
  PrivacyCurve curve;
  curve.group = group;
  ASSIGN_OR_RETURN(const PrivacyCurveSettings settings,
                   reader.ReadRecord(group, PrivacyCurveBinding()));
  curve.num_states = settings.shape.num_states;
  curve.num_actions = settings.shape.num_actions;
  curve.horizon = settings.shape.horizon;
  curve.target_delta = settings.target_delta;
  std::vector<double>* targets[3] = {&curve.episodes, &curve.privacy_epsilon_paper,
                                     &curve.privacy_epsilon_improved};
  for (int i = 0; i < 3; ++i) {
    ASSIGN_OR_RETURN(Hdf5Matrix matrix,
                     ReadDeterministic(reader, absl::StrCat(group, "/", kDatasets[i])));
    targets[i]->assign(matrix.values.begin(), matrix.values.begin() + matrix.cols);
  }
  if (curve.episodes.size() != curve.privacy_epsilon_paper.size() ||
      curve.episodes.size() != curve.privacy_epsilon_improved.size()) {
    return Malformed(reader, absl::StrCat("group '", group,
                                          "': episodes, privacy_epsilon_paper "
                                          "and privacy_epsilon_improved differ in length"));
  }
  for (size_t i = 0; i < curve.episodes.size(); ++i) {
    if (!(curve.episodes[i] >= 1) || (i > 0 && !(curve.episodes[i] > curve.episodes[i - 1]))) {
      return Malformed(reader,
                       absl::StrCat("group '", group, "': episodes must be increasing and >= 1"));
    }
  }
  return curve;
}

absl::StatusOr<PrivacyRegretCurve> ReadRegret(const Hdf5Reader& reader, const std::string& group,
                                              int plot_points) {
  ASSIGN_OR_RETURN(RegretGroupData data, ReadRegretGroup(reader, group));
  PrivacyRegretCurve curve;
  curve.regret = SummarizeRegretGroup(data, plot_points);
  ASSIGN_OR_RETURN(const PrivacyRecord claim, reader.ReadRecord(group, PrivacyClaimBinding()));
  curve.privacy_protects = claim.privacy_protects;
  curve.privacy_notion = claim.privacy_notion;
  // A private agent's accounting (target_delta) and RLSVI's improved conversion, where recorded.
  ASSIGN_OR_RETURN(const std::optional<PrivacyRecord> accounting,
                   reader.ReadOptionalRecord(group, PrivacyAccountingBinding()));
  if (accounting.has_value()) curve.target_delta = accounting->target_delta;
  ASSIGN_OR_RETURN(const std::optional<PrivacyRecord> guarantee,
                   reader.ReadOptionalRecord(group, RlsviGuaranteeBinding()));
  if (guarantee.has_value() && guarantee->privacy_epsilon_improved > 0) {
    curve.privacy_epsilon_improved = guarantee->privacy_epsilon_improved;
  }
  ASSIGN_OR_RETURN(const std::optional<TabularShape> shape,
                   reader.ReadOptionalRecord(group, TabularShapeBinding()));
  if (shape.has_value()) {
    curve.num_states = shape->num_states;
    curve.num_actions = shape->num_actions;
    curve.horizon = shape->horizon;
  }
  return curve;
}

std::string ShapeLabel(int64_t s, int64_t a, int64_t h) {
  return absl::StrFormat("S=%d A=%d H=%d", s, a, h);
}

// A solid (improved) and a dashed (paper) curve of one privacy curve.
void AddCurvePair(const PrivacyCurve& curve, const std::string& label, int color, double marker,
                  PlotPanel* panel) {
  PlotCurve improved;
  improved.label = label;
  improved.color = color;
  improved.x = curve.episodes;
  improved.y = curve.privacy_epsilon_improved;
  improved.marker_x = marker;
  PlotCurve paper = improved;
  paper.label = absl::StrCat(label, " (paper)");
  paper.dashed = true;
  paper.y = curve.privacy_epsilon_paper;
  paper.marker_x = -1;
  panel->curves.push_back(std::move(improved));
  panel->curves.push_back(std::move(paper));
}

PlotPanel CurvePanel(const std::string& title) {
  PlotPanel panel;
  panel.title = title;
  panel.x_label = "episodes K";
  panel.y_label = "RLSVI privacy #ge(#gd)";
  panel.note = "solid: improved conversion, dashed: paper (Cor. 14)";
  return panel;
}

}  // namespace

absl::StatusOr<RlsviPrivacyResults> ReadRlsviPrivacyResults(const Hdf5Reader& reader,
                                                            int regret_plot_points) {
  ASSIGN_OR_RETURN(std::vector<std::string> groups, reader.ListGroups("/"));
  RlsviPrivacyResults results;
  for (const std::string& group : groups) {
    // The kind through its binding, which refuses a name other than privacy_curve | regret.
    ASSIGN_OR_RETURN(const RlsviPrivacyKindSetting setting,
                     reader.ReadRecord(group, RlsviPrivacyKindBinding()));
    if (setting.kind == RlsviPrivacyKind::kPrivacyCurve) {
      ASSIGN_OR_RETURN(PrivacyCurve curve, ReadCurve(reader, group));
      results.curves.push_back(std::move(curve));
    } else {
      ASSIGN_OR_RETURN(PrivacyRegretCurve curve, ReadRegret(reader, group, regret_plot_points));
      results.regrets.push_back(std::move(curve));
    }
  }
  if (results.curves.empty() && results.regrets.empty()) {
    return Malformed(reader, "contains no privacy_curve or regret groups");
  }
  return results;
}

std::vector<PlotPanel> BuildRlsviPrivacyPanels(const RlsviPrivacyResults& results) {
  std::vector<PlotPanel> panels;
  if (!results.curves.empty()) {
    std::set<double> deltas;
    for (const PrivacyCurve& curve : results.curves) deltas.insert(curve.target_delta);
    const double reference_delta = *std::next(deltas.begin(), (deltas.size() - 1) / 2);
    // K of the regret runs, by shape.
    std::map<std::string, double> run_episodes;
    for (const PrivacyRegretCurve& r : results.regrets) {
      if (r.num_states && r.num_actions && r.horizon) {
        run_episodes[ShapeLabel(*r.num_states, *r.num_actions, *r.horizon)] =
            static_cast<double>(r.regret.episodes);
      }
    }
    // RLSVI's epsilon is for replacing one trajectory's rewards (Lu et al. 2026, Remark 2).
    PlotPanel by_shape =
        CurvePanel(absl::StrFormat("RLSVI (#gd=%g, replacement): #ge vs K", reference_delta));
    int color = 0;
    bool any_dot = false;  // a curve of a shape some regret run has
    for (const PrivacyCurve& curve : results.curves) {
      if (curve.target_delta != reference_delta) continue;
      const std::string shape = ShapeLabel(curve.num_states, curve.num_actions, curve.horizon);
      auto run = run_episodes.find(shape);
      any_dot = any_dot || run != run_episodes.end();
      AddCurvePair(curve, shape, color++, run == run_episodes.end() ? -1 : run->second, &by_shape);
    }
    // The caption says only what is drawn: dots where a regret run has a curve's shape.
    by_shape.note = absl::StrCat("solid: improved, dashed: paper (Cor. 14)",
                                 any_dot ? "; dots: K of the regret runs" : "");
    panels.push_back(std::move(by_shape));
    const PrivacyCurve& first = results.curves.front();
    const std::string shape = ShapeLabel(first.num_states, first.num_actions, first.horizon);
    PlotPanel by_delta =
        CurvePanel(absl::StrCat("RLSVI (", shape, ", replacement): #ge vs K per #gd"));
    color = 0;
    for (const PrivacyCurve& curve : results.curves) {
      if (ShapeLabel(curve.num_states, curve.num_actions, curve.horizon) != shape) continue;
      AddCurvePair(curve, absl::StrFormat("#gd=%g", curve.target_delta), color++, -1, &by_delta);
    }
    panels.push_back(std::move(by_delta));
  }
  std::vector<RegretGroupSummary> summaries;
  for (const PrivacyRegretCurve& r : results.regrets) summaries.push_back(r.regret);
  RegretPanelStyle style;  // labels: the groups' label attributes
  style.color_key = [](const RegretGroupSummary& s) { return s.agent; };
  for (PlotPanel& panel : BuildRegretPanels(summaries, style)) {
    panel.title = absl::StrCat(panel.title, ": cumulative regret");
    panels.push_back(std::move(panel));
  }
  return panels;
}

std::string RlsviPrivacySummaryCsv(const RlsviPrivacyResults& results) {
  std::string csv =
      "kind,group,env,agent,num_states,num_actions,horizon,privacy_protects,privacy_notion,"
      "neighbour_relation,target_delta,episodes,privacy_epsilon,privacy_epsilon_paper,privacy_"
      "epsilon_improved,"
      "seeds,final_regret_mean,final_regret_ci95\n";
  for (const PrivacyCurve& c : results.curves) {
    absl::StrAppend(&csv, "privacy_curve,", CsvField(c.group), ",,rlsvi,", c.num_states, ",",
                    c.num_actions, ",", c.horizon, ",rewards,", CsvField("(eps,delta)-JDP"),
                    ",replacement,", CsvNumber(c.target_delta), ",", CsvNumber(c.episodes.back()),
                    ",,", CsvNumber(c.privacy_epsilon_paper.back()), ",",
                    CsvNumber(c.privacy_epsilon_improved.back()), ",,,\n");
  }
  for (const PrivacyRegretCurve& r : results.regrets) {
    const RegretGroupSummary& s = r.regret;
    const bool rlsvi_paper = s.agent == "rlsvi" && s.privacy_epsilon.has_value();
    absl::StrAppend(
        &csv, "regret,", CsvField(s.group), ",", CsvField(s.env), ",", CsvField(s.agent), ",",
        Optional(r.num_states), ",", Optional(r.num_actions), ",", Optional(r.horizon), ",",
        CsvField(r.privacy_protects), ",", CsvField(r.privacy_notion), ",",
        CsvField(s.neighbour_relation), ",", CsvOptionalNumber(r.target_delta), ",", s.episodes,
        ",", CsvOptionalNumber(s.privacy_epsilon), ",",
        rlsvi_paper ? CsvNumber(*s.privacy_epsilon) : "", ",",
        CsvOptionalNumber(r.privacy_epsilon_improved), ",", s.seeds, ",",
        CsvNumber(s.final_regret_mean), ",", CsvOptionalNumber(s.final_regret_ci95), "\n");
  }
  return csv;
}

}  // namespace dprl
