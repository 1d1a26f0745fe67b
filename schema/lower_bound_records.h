// The records of a vietri_lower_bound_fig results group (docs/hdf5_schema.md, "Lower-bound
// groups"): the member of the lower-bound MDP family (Vietri et al. 2020, Sec. 6.2) a
// configuration runs on, and what its PAC counts were measured at. Written by the grid
// (experiments/vietri/vietri_lower_bound_task.h, experiments/tabular/tabular_task.h), read back
// by its task and by the analysis binaries through these bindings. Options only: no environment
// or agent code (the task turns the member into envs/lower_bound_mdp.h's LowerBoundMdpOptions).
//
//   record                   attributes
//   LowerBoundFamilyMember   env_family (lower_bound), num_initial_states (n), num_arms (m),
//                            rewarded_horizon (H), alpha_prime (alpha')
//   PacSettings              agent_variant, pac_alpha, pac_alpha_unit
#ifndef DPRL_SCHEMA_LOWER_BOUND_RECORDS_H_
#define DPRL_SCHEMA_LOWER_BOUND_RECORDS_H_

#include <string>

#include "schema/option_binding.h"

namespace dprl {

// The parameters of a member of the lower-bound family (besides its instance I, which the task
// draws): those of LowerBoundMdpOptions, with the same meaning.
struct LowerBoundMemberParameters {
  int num_initial_states = 0;  // n; num_states = n + 2
  int num_arms = 0;            // m; num_actions = m + 1
  double alpha_prime = 0.0;    // the gap parameter alpha'
  int rewarded_horizon = 0;    // the paper's H (return H or 0); horizon = H + 1
};

// A member of the lower-bound family as configured.
struct LowerBoundFamilyMember {
  std::string env_family;          // "lower_bound"
  LowerBoundMemberParameters mdp;  // n, m, H, alpha'
};
const OptionBinding<LowerBoundFamilyMember>& LowerBoundBinding();

// What the analysis needs to read a configuration's PAC counts.
struct PacSettings {
  std::string agent_variant;    // the curve
  double pac_alpha = 0.0;       // the fixed alpha of panel (a), an element of pac_alpha_grid
  double pac_alpha_unit = 0.0;  // g = H alpha'/(2n), the unit of pac_alpha_grid
};
const OptionBinding<PacSettings>& PacSettingsBinding();

}  // namespace dprl

#endif  // DPRL_SCHEMA_LOWER_BOUND_RECORDS_H_
