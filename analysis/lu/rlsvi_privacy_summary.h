// Reading and summarizing the results file of //experiments:rlsvi_privacy_fig (Lu et al. 2026,
// RLSVI is joint-DP; layout in docs/hdf5_schema.md, "rlsvi_privacy_fig") for
// //analysis:rlsvi_privacy_figure. Values come from the HDF5 file only (no accounting code).
//
// Groups carry a string attribute `kind`:
//   privacy_curve  int64 num_states, num_actions, horizon; float64 target_delta; datasets
//                  episodes, privacy_epsilon_paper, privacy_epsilon_improved, each
//                  [seeds x n] with equal shapes and identical rows (deterministic); episodes
//                  increasing and >= 1.
//   regret         a regret group (analysis/regret_summary.h) plus string attributes
//                  privacy_protects, privacy_notion; optional float64 target_delta,
//                  privacy_epsilon_improved; optional int64 num_states, num_actions, horizon.
#ifndef DPRL_ANALYSIS_LU_RLSVI_PRIVACY_SUMMARY_H_
#define DPRL_ANALYSIS_LU_RLSVI_PRIVACY_SUMMARY_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "analysis/hdf5_reader.h"
#include "analysis/line_plot.h"
#include "analysis/regret_summary.h"

namespace dprl {

struct PrivacyCurve {
  std::string group;
  int64_t num_states = 0, num_actions = 0, horizon = 0;
  double target_delta = 0;
  std::vector<double> episodes, privacy_epsilon_paper, privacy_epsilon_improved;
};

struct PrivacyRegretCurve {
  RegretGroupSummary regret;
  std::string privacy_protects, privacy_notion;
  std::optional<double> target_delta, privacy_epsilon_improved;
  std::optional<int64_t> num_states, num_actions, horizon;
};

struct RlsviPrivacyResults {
  std::vector<PrivacyCurve> curves;         // file order
  std::vector<PrivacyRegretCurve> regrets;  // file order
};

// Reads every group of the (already schema-checked) file. Errors name the file, the group and
// the missing or malformed item (unknown kind, shapes, rows differing, episodes not increasing);
// a file without any group of either kind is an error.
absl::StatusOr<RlsviPrivacyResults> ReadRlsviPrivacyResults(const Hdf5Reader& reader,
                                                            int regret_plot_points);

// Panels: (a1) privacy_epsilon vs K, log-log, one colour per (S, A, H), at the median of the
// files' target_delta values, with a dot at the regret runs' K on the shapes that were run;
// (a2) the same for the first curve's (S, A, H), one colour per target_delta; solid = improved
// conversion, dashed = the paper's (Cor. 14); then one regret panel per env
// (BuildRegretPanels, one colour per agent, each curve labelled by its group's label attribute,
// which the experiment writes: rlsvi_privacy_task.cc).
std::vector<PlotPanel> BuildRlsviPrivacyPanels(const RlsviPrivacyResults& results);

// Header + one row per curve and per regret group:
// kind,group,env,agent,num_states,num_actions,horizon,privacy_protects,privacy_notion,
// neighbour_relation,target_delta,episodes,privacy_epsilon,privacy_epsilon_paper,privacy_epsilon_improved,seeds,
// final_regret_mean,final_regret_ci95
// privacy_curve rows: episodes = the largest K, both conversions at it, regret cells empty.
// regret rows: privacy_epsilon as run (rlsvi: paper conversion; pucb: matched to it, under the
// same neighbour_relation, replacement); empty cells = not applicable.
std::string RlsviPrivacySummaryCsv(const RlsviPrivacyResults& results);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_LU_RLSVI_PRIVACY_SUMMARY_H_
