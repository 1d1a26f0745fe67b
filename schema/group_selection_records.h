// The attributes by which the analysis selects and orders the configuration groups of a results
// file (analysis/claims/group_readers.h: SelectGroups, SortByNumber): a read-side view of
// attributes that the grids write through their own bindings (env, agent: TabularTypeNames,
// LqConfigNames, WalkGroupRecord; kind: RlsviPrivacyKindSetting; error_bound_method,
// privacy_epsilon: the agents' bindings, TabularAgentParameters; noise_calibration, gap_constant:
// DP-Nash-VI's binding; noise_stddev: QLearningNoiseRecord). Every field is optional: a group
// lacking an attribute does not match a filter on it and is left out of an order by it.
//
//   record                 attributes
//   GroupSelectionRecord   env, agent, kind, error_bound_method, noise_calibration (strings:
//                          filters); privacy_epsilon, noise_stddev, gap_constant (numbers:
//                          orders and values)
#ifndef DPRL_SCHEMA_GROUP_SELECTION_RECORDS_H_
#define DPRL_SCHEMA_GROUP_SELECTION_RECORDS_H_

#include <string>

#include "schema/option_binding.h"

namespace dprl {

struct GroupSelectionRecord {
  std::string env;                 // the registered environment (or instance) of the group
  std::string agent;               // the registered agent
  std::string kind;                // rlsvi_privacy_fig: privacy_curve | regret
  std::string error_bound_method;  // PUCB's E: paper | exact_tail
  std::string noise_calibration;   // DP-Nash-VI: stated_epsilon | as_printed
  double privacy_epsilon = 0.0;    // a private agent's eps
  double noise_stddev = 0.0;       // a noisy Q-learning agent's sigma
  double gap_constant = 0.0;       // DP-Nash-VI's C1 (3 by Thm. 4.1's proof)
};
const OptionBinding<GroupSelectionRecord>& GroupSelectionBinding();

}  // namespace dprl

#endif  // DPRL_SCHEMA_GROUP_SELECTION_RECORDS_H_
