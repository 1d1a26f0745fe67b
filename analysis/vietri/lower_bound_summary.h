// Reading and summarizing the groups of a vietri_lower_bound_fig results file (docs/hdf5_schema.md,
// "vietri_lower_bound_fig") for //analysis:vietri_lower_bound_figure.
//
// A group has everything ReadRegretGroup (regret_summary.h) needs, plus
//   attributes  the records of the grid, read through their bindings: the shape (num_states,
//               num_actions; schema/tabular_records.h), the family member (rewarded_horizon,
//               alpha_prime; schema/lower_bound_records.h), the PAC measurement (agent_variant,
//               pac_alpha, pac_alpha_unit); and the agent's failure_probability (float64)
//   datasets    pac_alpha_grid, non_alpha_optimal_episodes, alpha_optimal_from_episode
//               [seeds x K], K >= 1, the grid identical for every seed and containing pac_alpha.
//
// Bound shapes (algorithms/tabular/vietri_bounds.h, constant 1, polylog factors dropped; a shape,
// not a number the paper guarantees) are evaluated with S = num_states, A = num_actions and the
// paper's H = rewarded_horizon (the return of an episode is H or 0; agents run H + 1 steps):
//   Thm. 5 PAC lower   SAH^2/alpha^2 + SAH ln(1/beta)/(alpha eps)
//   Thm. 3 PAC upper   SAH^4/alpha^2 + S^2AH^4/(eps alpha)
//   Thm. 6 regret lower  sqrt(HSAT) + SAH ln(T)/eps
// For a non-private agent (no privacy_epsilon) only the non-private terms are used.
//
// Instances: a file may hold runs at several alpha' (vietri_lower_bound_fig's grid field
// alpha_primes); one env at two alpha' is two MDPs (different gaps). Every per-instance step
// (the slope fits and their non-private reference, the figure's rows) is keyed by
// LowerBoundInstanceKey = (env, alpha'), never by env alone, so runs at different alpha' are
// never merged.
#ifndef DPRL_ANALYSIS_VIETRI_LOWER_BOUND_SUMMARY_H_
#define DPRL_ANALYSIS_VIETRI_LOWER_BOUND_SUMMARY_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "analysis/hdf5_reader.h"
#include "analysis/line_plot.h"
#include "analysis/regret_summary.h"
#include "analysis/vietri/lower_bound_group.h"

namespace dprl {

struct LowerBoundGroupSummary {
  RegretGroupSummary regret;  // cumulative regret curve (panel (c)), final regret
  std::string agent_variant;
  int64_t num_states = 0, num_actions = 0, rewarded_horizon = 0;
  double failure_probability = 0, pac_alpha = 0;
  std::optional<double> alpha_prime;
  int pac_alpha_index = 0;
  std::vector<double> alpha_grid;
  std::vector<double> count_mean;                        // mean over seeds, per alpha
  std::vector<std::optional<double>> count_ci95;         // per alpha, none for 1 seed
  double settled_median = 0;                             // alpha_optimal_from_episode at pac_alpha
  std::vector<double> pac_lower_shape, pac_upper_shape;  // per alpha
  bool above_pac_lower_shape = false;     // count_mean >= pac_lower_shape at every alpha
  double regret_lower_shape_final = 0;    // Thm. 6 shape at T
  bool above_regret_lower_shape = false;  // final_regret_mean >= regret_lower_shape_final
  // Filled by FitInverseEpsSlopes: slope of log count_mean(pac_alpha) against log(1/eps) over the
  // configs of this (instance, agent_variant) with 0 < count < T, and how many points it used.
  std::optional<double> inverse_eps_slope;
  int slope_points = 0;
  // Private configs of this (instance, agent_variant) left out of that fit, by name: count 0 or
  // saturated (count >= T, censored by T). Never silently: the CSV reports both counts.
  int slope_points_excluded = 0;
  // The same fit for the excess count_mean - (count_mean of the instance's pucb_noiseless agent,
  // PUCB at eps = infinity; else of its first non-private agent), the part attributable to privacy
  // (Thms. 3 and 5: ~ 1/(eps alpha)); points with excess <= 0 and saturated runs excluded. None
  // without a non-private agent on the instance.
  std::optional<double> excess_inverse_eps_slope;
  int excess_slope_points = 0;
  // Private configs left out of the excess fit: saturated, or excess <= 0 (count not above the
  // non-private count). 0 without a non-private agent in the env.
  int excess_slope_points_excluded = 0;
};

// The instance a group ran on: "<env>" without alpha_prime, else "<env> alpha'=<alpha'>".
std::string LowerBoundInstanceKey(const LowerBoundGroupSummary& summary);

LowerBoundGroupSummary SummarizeLowerBoundGroup(const LowerBoundGroupData& data, int plot_points);

// Fits the slope in 1/eps per (instance, agent_variant) and stores it in every summary of the pair.
void FitInverseEpsSlopes(std::vector<LowerBoundGroupSummary>& summaries);

// Header + one row per summary (columns: see vietri_lower_bound_figure.cc).
std::string LowerBoundSummaryCsv(const std::vector<LowerBoundGroupSummary>& summaries);

// One row of three panels per instance (LowerBoundInstanceKey, first-appearance order): (a)
// non-alpha-optimal episodes vs 1/eps, (b) vs 1/alpha, (c) cumulative regret vs episode; bound
// shapes dashed; the titles name alpha' when the file holds the env at several alpha'. Render
// with columns = kLowerBoundPanelColumns.
inline constexpr int kLowerBoundPanelColumns = 3;
std::vector<PlotPanel> BuildLowerBoundPanels(const std::vector<LowerBoundGroupSummary>& summaries);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_VIETRI_LOWER_BOUND_SUMMARY_H_
