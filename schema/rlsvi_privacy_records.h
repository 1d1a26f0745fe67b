// The records of an rlsvi_privacy_fig results group (docs/hdf5_schema.md): the bindings through
// which its grid (experiments/lu/rlsvi_privacy_task.h) writes a configuration's attributes and
// through which its task and the analysis binaries read them back. Options only: no agent code.
//
//   record                 attributes                                   groups
//   RlsviPrivacyKindSetting      kind (privacy_curve | regret)                every group
//   PrivacyCurveSettings   num_states, num_actions, horizon,            privacy_curve groups
//                          target_delta, max_episodes, points_per_decade
//   PrivacyRecord          privacy_protects, privacy_notion             every regret group
//                          (PrivacyClaimBinding); target_delta,
//                          privacy_accounting (PrivacyAccountingBinding) private agents' groups;
//                          privacy_epsilon, privacy_epsilon_improved,
//                          neighbour_relation (RlsviGuaranteeBinding)   RLSVI's groups
#ifndef DPRL_SCHEMA_RLSVI_PRIVACY_RECORDS_H_
#define DPRL_SCHEMA_RLSVI_PRIVACY_RECORDS_H_

#include <cstdint>
#include <string>

#include "algorithms/tabular/tabular_shape.h"
#include "schema/option_binding.h"

namespace dprl {

// The two kinds of configuration: a privacy curve (RLSVI's eps(delta) over K, no task run) and
// a regret run of one agent.
enum class RlsviPrivacyKind { kPrivacyCurve, kRegret };

struct RlsviPrivacyKindSetting {
  RlsviPrivacyKind kind = RlsviPrivacyKind::kRegret;
};

const OptionBinding<RlsviPrivacyKindSetting>& RlsviPrivacyKindBinding();

// A privacy_curve configuration: RLSVI's privacy_epsilon(delta) on a K grid for one shape.
struct PrivacyCurveSettings {
  TabularShape shape;
  double target_delta = 0.0;
  int64_t max_episodes = 0;       // K_max
  int64_t points_per_decade = 0;  // of the log-spaced K grid
};

const OptionBinding<PrivacyCurveSettings>& PrivacyCurveBinding();

// What a regret configuration records about its agent's privacy; each binding below writes the
// part an agent has (every agent: the claim; a private one: the accounting; RLSVI: its guarantee).
struct PrivacyRecord {
  std::string privacy_protects;  // rewards | states_and_rewards | nothing
  std::string privacy_notion;    // "(eps,delta)-JDP" | "eps-JDP" | "none"
  double target_delta = 0.0;
  std::string privacy_accounting;  // where privacy_epsilon comes from
  // RLSVI's guarantee (PUCB's privacy_epsilon and neighbour_relation are PucbBinding's).
  double privacy_epsilon = 0.0;
  double privacy_epsilon_improved = 0.0;
  std::string neighbour_relation;
};

const OptionBinding<PrivacyRecord>& PrivacyClaimBinding();
// privacy_accounting (a description) is optional when read: older files lack it.
const OptionBinding<PrivacyRecord>& PrivacyAccountingBinding();
// privacy_epsilon_improved is optional when read: a PUCB group read through this binding has
// privacy_epsilon and neighbour_relation but no improved conversion (it reads as 0, none).
const OptionBinding<PrivacyRecord>& RlsviGuaranteeBinding();

}  // namespace dprl

#endif  // DPRL_SCHEMA_RLSVI_PRIVACY_RECORDS_H_
