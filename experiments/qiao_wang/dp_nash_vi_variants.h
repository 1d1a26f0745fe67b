// The DP-Nash-VI variants of //experiments:dp_nash_vi_fig (B = 1) and
// //experiments:dp_nash_vi_game_fig (B = 2): a variant is a registered agent
// (experiments/tabular/agents/dp_nash_vi.h: dp_nash_vi_jdp, dp_nash_vi_ldp, nash_vi) with an
// optional suffix,
//   _as_printed  noise_calibration = as_printed (the paper's printed noise; its
//                delivered_epsilon says what it gives);
//   _scaled      gap_constant and bonus_constant (C1 = 3, C2 = 10) multiplied by the grid's
//                scaled_constants: outside Thm. 4.1's proof.
// The configuration of a variant records the agent's registered attributes with the variant's
// changes, privacy_epsilon (private agents), its E (error_bound, dp_nash_vi_options.h's
// DpNashViErrorBound on the cells of `shape`) and its guarantee: privacy_notion,
// neighbour_relation (the local model's any_two_trajectories) and delivered_epsilon.
#ifndef DPRL_EXPERIMENTS_QIAO_WANG_DP_NASH_VI_VARIANTS_H_
#define DPRL_EXPERIMENTS_QIAO_WANG_DP_NASH_VI_VARIANTS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/tabular/tabular_shape.h"
#include "experiments/runner/experiment.h"
#include "experiments/tabular/tabular_registry.h"

namespace dprl {

inline constexpr char kAsPrintedSuffix[] = "_as_printed";
inline constexpr char kScaledSuffix[] = "_scaled";

// Lemma B.7's bracket is checked by both tasks up to this rounding per step of the horizon (the
// values are sums of H products of probabilities and values in [0, H]).
inline constexpr double kBracketTolerancePerStep = 1e-9;

// A variant's registered agent and what the variant changes.
struct DpNashViVariant {
  std::string agent;
  bool as_printed = false;
  bool scaled = false;
};

// "dp_nash_vi_jdp_scaled" -> {dp_nash_vi_jdp, scaled}; a name without a suffix is its agent.
DpNashViVariant ParseDpNashViVariant(const std::string& name);

struct DpNashViVariantConfig {
  std::string agent;
  std::string qualifier;  // of the legend: "as printed", "C1, C2 x 0.01, outside Thm. 4.1" or ""
  AttributeList attributes;
};

// The configuration of `variant` at privacy_epsilon (ignored for nash_vi) on cells of `shape`
// (for a game: S, A B, H) for a run of `settings`, as above. Errors are DpNashViErrorBound's.
absl::StatusOr<DpNashViVariantConfig> MakeDpNashViVariantConfig(
    const DpNashViVariant& variant, double privacy_epsilon, const TabularShape& shape,
    const TabularAgentSettings& settings, double scaled_constants);

// Checks the fields both DP-Nash-VI grids have (each message names its field as --set writes it):
// private_agents among `allowed_private_agents`, privacy_epsilons finite and > 0,
// failure_probability in (0, 1), scaled_constants finite and > 0; returns the agents' settings
// (num_episodes, already checked by the caller, and failure_probability).
absl::StatusOr<TabularAgentSettings> ValidateDpNashViGridFields(
    int64_t num_episodes, const std::vector<std::string>& private_agents,
    const std::vector<std::string>& allowed_private_agents,
    const std::vector<double>& privacy_epsilons, double failure_probability,
    double scaled_constants);

// The legend label of a variant's group: the registered agent's label, for a private one with its
// legend notion and privacy_epsilon (PrivateAgentLabel, experiments/tabular/tabular_task.h), and
// the qualifier: "Nash-VI (non-private) (C1, C2 x 0.01, outside Thm. 4.1)",
// "DP-Nash-VI, JDP (ε=10, as printed)".
std::string DpNashViVariantLabel(const DpNashViVariantConfig& config, double privacy_epsilon);

// The group of a private variant `name` at privacy_epsilon: "<name>-eps=<GroupNameNumber>".
std::string DpNashViPrivateGroup(const std::string& name, double privacy_epsilon);

// The grid's error for a privacy_epsilons value that `name` refuses on `env` (its cause `why`):
//   field 'privacy_epsilons' value 1e-300 for private agent dp_nash_vi_jdp with num_episodes =
//   2000 on riverswim: <why>
absl::Status PrivacyEpsilonRefused(double privacy_epsilon, const std::string& name,
                                   int64_t num_episodes, const std::string& env,
                                   const absl::Status& why);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_QIAO_WANG_DP_NASH_VI_VARIANTS_H_
