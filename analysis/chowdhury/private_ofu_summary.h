// Summary and figure panels of //experiments:private_ofu_fig (Private-OFU-RL on LQ systems,
// Chowdhury, Zhou, Shroff 2021), built on the regret groups of regret_summary.h.
//
// For every config group (env, agent, privacy_epsilon; any agent of the LQ agent catalogue,
// schema/lq_agents.h: the group's attributes give its display label and its options, and
// every style below follows from these, not from the agent's name):
//   regret_exponent     = loglog_slope_last_decade of the mean cumulative regret in K
//                         (regret_stats.h; theory, Thm. 1 and 3: 1/2 up to logs);
//   privacy_cost        = final mean cumulative regret minus that of the non-private agent
//                         (calibration none, ofu_rl) on the same env (empty for it, and for every
//                         group of an env without one: any subset of the agents is accepted);
//   in_privacy_cost_fit = whether the group's eps enters its agent's privacy-cost fit: for an
//                         OFU-step agent, every seed past the onset within the first decade of
//                         episodes (EverySeedPastOnset, lq_onset.h: a power law fitted across the
//                         onset is meaningless); for a certainty-equivalence agent, which has no
//                         such onset, every eps;
//   privacy_cost_exponent_vs_eps = least-squares slope of log privacy_cost against
//                         log privacy_epsilon over the groups of the same (env, agent) in the fit
//                         (LogLogSlope; Thm. 3 predicts -1/2 once the privacy term dominates);
//                         empty (undefined) when any of their privacy costs is <= 0 (no point is
//                         dropped) or fewer than 2 groups are in the fit.
// Panels: one cumulative-regret panel per env (log-log, 95% band over seeds, the certainty-
// equivalence agents dashed; where the env has a private OFU-step agent only the OFU-step agents,
// the tight calibration dashed), then one privacy-cost-vs-eps panel per env with a dashed
// eps^{-1/2} reference through the first curve's point of smallest eps (envs with a non-private
// group), then, when the rows carry onset data, one onset-vs-eps panel per env (the private
// OFU-step agents: measured median and prediction). Legends show the groups' `label` attributes.
#ifndef DPRL_ANALYSIS_CHOWDHURY_PRIVATE_OFU_SUMMARY_H_
#define DPRL_ANALYSIS_CHOWDHURY_PRIVATE_OFU_SUMMARY_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "algorithms/lqr/lq_agent_options.h"
#include "analysis/chowdhury/lq_group_readers.h"
#include "analysis/hdf5_reader.h"
#include "analysis/line_plot.h"
#include "analysis/regret_summary.h"
#include "schema/lq_agents.h"

namespace dprl {

// Onset, coverage and clipping of one group (docs/hdf5_schema.md): each empty when the group
// does not record it.
struct LqOnsetSummary {
  // predicted_onset_episode attribute; -1 = none within K.
  std::optional<double> predicted_onset_episode;
  // Median over seeds of onset_episode (MedianEpisodeOrNever; -1 = at least half never left u = 0).
  std::optional<double> onset_episode_median;
  // Episodes with Theta* outside C_k, summed over seeds (last column of
  // cumulative_coverage_failures).
  std::optional<double> coverage_failures;
  // Steps whose applied control was clipped to gamma, summed over seeds (last column of
  // cumulative_clipped_steps).
  std::optional<double> clipped_steps;
  // Mean over seeds of the final realized regret (last column of cumulative_realized_regret): the
  // sampled cost of what was applied, clipping included, against final_regret_mean, the exact
  // cost of the unclipped linear policy.
  std::optional<double> realized_regret_mean;
  // onset_episode of every seed as stored (0 = never); empty when the file has none.
  std::vector<double> onset_episodes;
};

// Reads the onset, coverage and clipping datasets of `group` (each optional, see above).
absl::StatusOr<LqOnsetSummary> ReadLqOnsetSummary(const Hdf5Reader& reader,
                                                  const std::string& group);

// The agent of a group: its display label and its options (planner, calibration, model,
// dither_scale; the others at their defaults), from the group's attributes.
struct LqGroupAgent {
  std::string label;
  LqAgentOptions options;
};

// Reads them (docs/hdf5_schema.md); errors name the group and the attribute, e.g. for a group
// without `label` or `planner`.
absl::StatusOr<LqGroupAgent> ReadLqGroupAgent(const Hdf5Reader& reader, const std::string& group);

struct PrivateOfuRow {
  RegretGroupSummary regret;
  LqGroupAgent agent;
  std::optional<double> privacy_cost;
  bool in_privacy_cost_fit = false;
  std::optional<double> privacy_cost_exponent_vs_eps;
  LqOnsetSummary onset;
};

// The rows of `summaries`, agents[i] being the agent of summaries[i] (ReadLqGroupAgent) and
// onsets[i] its onset (ReadLqOnsetSummary; the sizes must agree: CHECK). Error: a private agent
// without privacy_epsilon (naming the group).
absl::StatusOr<std::vector<PrivateOfuRow>> BuildPrivateOfuRows(
    const std::vector<RegretGroupSummary>& summaries, const std::vector<LqGroupAgent>& agents,
    const std::vector<LqOnsetSummary>& onsets);

// Header: group,env,agent,privacy_epsilon,seeds,episodes,final_regret_mean,final_regret_ci95,
// regret_exponent,privacy_cost,in_privacy_cost_fit,privacy_cost_exponent_vs_eps,
// predicted_onset_episode,onset_episode_median,coverage_failures,clipped_steps,
// realized_regret_mean
std::string PrivateOfuSummaryCsv(const std::vector<PrivateOfuRow>& rows);

std::vector<PlotPanel> PrivateOfuPanels(const std::vector<PrivateOfuRow>& rows);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_CHOWDHURY_PRIVATE_OFU_SUMMARY_H_
