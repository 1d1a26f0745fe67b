// Learning-curve figures and summary of the Wang & Hegde 2019 experiments
// (//experiments:wang_hegde_fig1 and wang_hegde_fig2), read from their results file.
//
// Each config group (docs/hdf5_schema.md, "wang_hegde") must have
//   episode_return [seeds x episodes]  finite returns of the training episodes
//   string attributes agent, panel, label; int64 attribute episode_length (>= 1)
// Groups with panel "all" are reference policies: drawn in every panel as a dashed horizontal
// line at their mean return (over seeds and episodes). Every other panel value is one panel, in
// order of first appearance; its curves are plotted against the number of samples (episode index
// x episode_length, at the end of each episode). The per-episode returns are noisy (one episode
// of 50 steps), so each seed's returns are first smoothed by a trailing moving average over the
// last kReturnSmoothingEpisodes episodes (fewer at the start: the mean of episodes 1..c); a curve
// is the mean over seeds of these averages, with a +-1 standard deviation band (sample standard
// deviation over seeds of the averages; no band for 1 seed). The y label states the window. The
// summary CSV uses the raw returns.
// Colours follow the optional string attribute `method` (else the label), so one method keeps its
// colour across panels.
//
// Summary CSV, one row per group:
//   group,panel,agent,label,seeds,episodes,last10_mean,last10_ci95_low,last10_ci95_high,
//   overall_mean
// last10_mean: the mean over seeds of each seed's mean return over its last min(10, episodes)
// episodes; the 95% interval is the two-sided Student-t interval over seeds of those per-seed
// means (analysis/regret_stats.h; empty for 1 seed); overall_mean: over all seeds and episodes.
#ifndef DPRL_ANALYSIS_WANG_HEGDE_WANG_HEGDE_SUMMARY_H_
#define DPRL_ANALYSIS_WANG_HEGDE_WANG_HEGDE_SUMMARY_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "analysis/hdf5_reader.h"
#include "analysis/line_plot.h"

namespace dprl {

// Episodes in the trailing moving average of the plotted curves (10 episodes = 500 samples).
inline constexpr int64_t kReturnSmoothingEpisodes = 10;

struct ReturnGroupSummary {
  std::string group, panel, agent, label;
  std::string color_key;  // `method` attribute if present, else label
  int64_t seeds = 0, episodes = 0, episode_length = 0;
  std::vector<double> samples;             // x of the curve: (i + 1) * episode_length
  std::vector<double> mean, lower, upper;  // per episode: smoothed mean and mean -+ sd
  double last10_mean = 0.0;
  std::optional<double> last10_ci95_half_width;
  double overall_mean = 0.0;
};

// Reads and summarises one group; errors name the file, the group and the problem.
absl::StatusOr<ReturnGroupSummary> ReadReturnGroup(const Hdf5Reader& reader,
                                                   const std::string& group);

// The panels described above; `title_prefix` is prepended to every panel title.
std::vector<PlotPanel> BuildReturnPanels(const std::vector<ReturnGroupSummary>& groups,
                                         const std::string& title_prefix);

std::string ReturnSummaryCsv(const std::vector<ReturnGroupSummary>& groups);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_WANG_HEGDE_WANG_HEGDE_SUMMARY_H_
