#include "analysis/wang_hegde/wang_hegde_summary.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/csv_cells.h"
#include "analysis/regret_stats.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "schema/wang_hegde_records.h"

namespace dprl {
namespace {

constexpr const char* kReturns = hdf5_names::kEpisodeReturn;
constexpr char kReferencePanel[] = "all";

}  // namespace

absl::StatusOr<ReturnGroupSummary> ReadReturnGroup(const Hdf5Reader& reader,
                                                   const std::string& group) {
  ReturnGroupSummary s;
  s.group = group;
  const std::string path = absl::StrCat(group, "/", kReturns);
  if (!reader.HasObject(path)) {
    return absl::InvalidArgumentError(
        absl::StrCat(reader.path(), ": group '", group, "' has no dataset '", kReturns, "'"));
  }
  ASSIGN_OR_RETURN(Hdf5Matrix returns, reader.ReadMatrix(path));
  if (returns.ndims != 2 || returns.rows < 1 || returns.cols < 1) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: dataset '%s' must be [seeds x episodes] with both >= 1, got %d-D %d x %d",
        reader.path(), path, returns.ndims, returns.rows, returns.cols));
  }
  RETURN_IF_ERROR(CheckSeedsAttribute(reader, path, returns.rows));
  // The records the grid wrote (schema/wang_hegde_records.h), through their bindings.
  ASSIGN_OR_RETURN(const WalkGroupRecord record, reader.ReadRecord(group, WalkGroupBinding()));
  s.agent = record.agent;
  s.panel = record.panel;
  s.label = record.label;
  s.color_key = s.label;
  // Figure 2's method and privacy target (privacy_epsilon finite and > 0: checked as read).
  ASSIGN_OR_RETURN(const std::optional<Fig2MethodRecord> method,
                   reader.ReadOptionalRecord(group, Fig2MethodBinding()));
  if (method.has_value()) s.color_key = method->method;
  ASSIGN_OR_RETURN(const WalkEnvironmentRecord environment,
                   reader.ReadRecord(group, WalkEnvironmentBinding()));
  const int64_t length = environment.episode_length;
  if (length < 1) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: group '%s' has episode_length = %d, must be >= 1", reader.path(), group, length));
  }
  s.episode_length = length;
  s.seeds = returns.rows;
  s.episodes = returns.cols;
  const int64_t last = std::min<int64_t>(10, s.episodes);
  std::vector<double> last_means(s.seeds, 0.0);
  double total = 0.0;
  for (int64_t r = 0; r < s.seeds; ++r) {
    for (int64_t c = 0; c < s.episodes; ++c) total += returns.at(r, c);
    for (int64_t c = s.episodes - last; c < s.episodes; ++c) {
      last_means[r] += returns.at(r, c) / static_cast<double>(last);
    }
  }
  s.overall_mean = total / static_cast<double>(s.seeds * s.episodes);
  const MeanInterval interval = MeanWithConfidence95(last_means);
  s.last10_mean = interval.mean;
  s.last10_ci95_half_width = interval.half_width;
  // Each seed's trailing moving average over the last min(kReturnSmoothingEpisodes, c + 1)
  // episodes, then its mean and sd over seeds.
  std::vector<double> window_sums(s.seeds, 0.0);
  std::vector<double> smoothed(s.seeds, 0.0);
  for (int64_t c = 0; c < s.episodes; ++c) {
    const int64_t window = std::min<int64_t>(kReturnSmoothingEpisodes, c + 1);
    double mean = 0.0;
    for (int64_t r = 0; r < s.seeds; ++r) {
      window_sums[r] += returns.at(r, c);
      if (c >= kReturnSmoothingEpisodes) {
        window_sums[r] -= returns.at(r, c - kReturnSmoothingEpisodes);
      }
      smoothed[r] = window_sums[r] / static_cast<double>(window);
      mean += smoothed[r];
    }
    mean /= static_cast<double>(s.seeds);
    double sd = 0.0;
    if (s.seeds > 1) {
      for (int64_t r = 0; r < s.seeds; ++r) sd += std::pow(smoothed[r] - mean, 2);
      sd = std::sqrt(sd / static_cast<double>(s.seeds - 1));
    }
    s.samples.push_back(static_cast<double>((c + 1) * s.episode_length));
    s.mean.push_back(mean);
    s.lower.push_back(mean - sd);
    s.upper.push_back(mean + sd);
  }
  if (s.seeds == 1) {
    s.lower.clear();
    s.upper.clear();
  }
  return s;
}

std::vector<PlotPanel> BuildReturnPanels(const std::vector<ReturnGroupSummary>& groups,
                                         const std::string& title_prefix) {
  std::vector<std::string> panel_names;
  std::map<std::string, int> colors;
  for (const ReturnGroupSummary& g : groups) {
    if (g.panel != kReferencePanel &&
        std::find(panel_names.begin(), panel_names.end(), g.panel) == panel_names.end()) {
      panel_names.push_back(g.panel);
    }
    colors.emplace(g.color_key, static_cast<int>(colors.size()));
  }
  std::vector<PlotPanel> panels;
  for (const std::string& name : panel_names) {
    PlotPanel panel;
    panel.title = absl::StrCat(title_prefix, name);
    panel.x_label = "samples";
    panel.y_label = absl::StrCat("return, mean of ", kReturnSmoothingEpisodes, " episodes");
    panel.log_x = false;
    panel.log_y = false;
    panel.note = "band: +-1 sd over seeds; dashed: reference policies";
    double x_max = 1.0;
    for (const ReturnGroupSummary& g : groups) {
      if (g.panel != name) continue;
      PlotCurve curve;
      curve.label = g.label;
      curve.color = colors[g.color_key];
      curve.x = g.samples;
      curve.y = g.mean;
      curve.lower = g.lower;
      curve.upper = g.upper;
      x_max = std::max(x_max, g.samples.back());
      panel.curves.push_back(std::move(curve));
    }
    for (const ReturnGroupSummary& g : groups) {
      if (g.panel != kReferencePanel) continue;
      PlotCurve line;
      line.label = g.label;
      line.color = colors[g.color_key];
      line.dashed = true;
      line.x = {g.samples.front(), std::max(x_max, g.samples.back())};
      line.y = {g.overall_mean, g.overall_mean};
      panel.curves.push_back(std::move(line));
    }
    panels.push_back(std::move(panel));
  }
  return panels;
}

std::string ReturnSummaryCsv(const std::vector<ReturnGroupSummary>& groups) {
  std::string csv =
      "group,panel,agent,label,seeds,episodes,last10_mean,last10_ci95_low,last10_ci95_high,"
      "overall_mean\n";
  for (const ReturnGroupSummary& g : groups) {
    std::optional<double> low, high;
    if (g.last10_ci95_half_width) {
      low = g.last10_mean - *g.last10_ci95_half_width;
      high = g.last10_mean + *g.last10_ci95_half_width;
    }
    absl::StrAppend(&csv, CsvField(g.group), ",", CsvField(CsvPlainText(g.panel)), ",", CsvField(g.agent), ",",
                    CsvField(CsvPlainText(g.label)), ",", g.seeds, ",", g.episodes, ",", CsvNumber(g.last10_mean),
                    ",", CsvOptionalNumber(low), ",", CsvOptionalNumber(high), ",",
                    CsvNumber(g.overall_mean), "\n");
  }
  return csv;
}

}  // namespace dprl
