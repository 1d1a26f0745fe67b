// The records of a tabular results group (docs/hdf5_schema.md, "Regret groups"): the bindings
// through which the tabular grids (//experiments/tabular, vietri, lu) write a configuration's
// attributes and through which the tasks and the analysis binaries read them back. Options only:
// no agent, environment or runner code, so that analysis links them without linking an agent.
//
//   record                 attributes                                  written by
//   TabularTypeNames       env (TabularEnvironmentNameBinding),        every tabular grid
//                          agent (TabularAgentNameBinding)
//   TabularShape           num_states, num_actions, horizon            every tabular grid
//   MarkovGameShape        num_states, num_max_actions,                dp_nash_vi_game_fig
//                          num_min_actions, horizon
//   TabularRegretSettings  num_episodes                                every regret grid
//   DisplayLabel           label (legend text, plain UTF-8)            every regret grid
//   PucbOptions            privacy_epsilon, failure_probability,       every PUCB configuration
//                          num_episodes, neighbour_relation,           (PucbBinding)
//                          error_bound_method
//   PucbGuarantee          privacy_epsilon_replacement, error_bound,   every PUCB and
//                          counter_epsilon                             Private-UCB-VI configuration
//   TabularAgentParameters privacy_epsilon, failure_probability,       the agents' own bindings
//                          neighbour_relation, error_bound_method      (checked by the grids)
#ifndef DPRL_SCHEMA_TABULAR_RECORDS_H_
#define DPRL_SCHEMA_TABULAR_RECORDS_H_

#include <cstdint>
#include <string>

#include "algorithms/tabular/pucb_options.h"
#include "algorithms/tabular/tabular_shape.h"
#include "schema/option_binding.h"

namespace dprl {

// The attributes that name a configuration's registered types.
struct TabularTypeNames {
  std::string env;    // `env`: a registered environment (or a lower-bound instance name)
  std::string agent;  // `agent`: a registered agent
};
// `env` alone, `agent` alone (each required).
const OptionBinding<TabularTypeNames>& TabularEnvironmentNameBinding();
const OptionBinding<TabularTypeNames>& TabularAgentNameBinding();

// num_states, num_actions, horizon of the configuration's MDP.
const OptionBinding<TabularShape>& TabularShapeBinding();

// S, A, B, H of a two-player zero-sum Markov game's group (dp_nash_vi_game_fig; its cells are
// (S, A B, H)), written and read by the game task and read by the claims.
struct MarkovGameShape {
  int num_states = 0;
  int num_max_actions = 0;
  int num_min_actions = 0;
  int horizon = 0;
};
const OptionBinding<MarkovGameShape>& MarkovGameShapeBinding();

// The settings of a regret run besides its environment's and its agent's parameters.
struct TabularRegretSettings {
  int64_t num_episodes = 0;  // T
};
const OptionBinding<TabularRegretSettings>& TabularRegretSettingsBinding();

// The legend text of a results group's curve (attribute `label`, plain UTF-8, e.g. "PUCB (ε=10)";
// the figure code makes PLplot's escapes when it draws), written by the grid from the registry
// entry (TabularAgentType::label) so that the analysis keeps no table of agent names.
struct DisplayLabel {
  std::string label;
};
const OptionBinding<DisplayLabel>& DisplayLabelBinding();

// The parameters of the agent `pucb` (algorithms/tabular/pucb_options.h), bound once: a grid writes
// a configuration's PucbOptions with it (experiments/tabular/agents/pucb.h,
// PucbAttributes), the registry's entry and the task read them back (then
// PucbOptions::Validate):
//   privacy_epsilon, failure_probability, num_episodes, neighbour_relation, error_bound_method
const OptionBinding<PucbOptions>& PucbBinding();

// What a PUCB configuration's guarantee and bound are, derived from its PucbOptions and the MDP's
// shape (recorded next to the options; the analysis reads them):
//   privacy_epsilon_replacement  float64  the epsilon of the same run under replacement
//   error_bound                  float64  E of the bonuses and of the 2E threshold
//   counter_epsilon              float64  eps' of every counter
// Every PUCB configuration writes all three; a reader needs only error_bound (files written before
// the other two were recorded lack them: they read as 0, "not recorded").
struct PucbGuarantee {
  double privacy_epsilon_replacement = 0.0;
  double error_bound = 0.0;
  double counter_epsilon = 0.0;
};
const OptionBinding<PucbGuarantee>& PucbGuaranteeBinding();

// The parameters of a tabular agent's own binding (PucbBinding above; UBEV's, ... in
// experiments/tabular/agents/; RLSVI's guarantee) that the analysis reads without
// linking the agent. Each is optional: an agent records those it has, and a value the group lacks
// reads as "not recorded" (0 or ""). The grids check every configuration they write against this
// binding (FillTabularRegretConfig), so an agent binding that recorded one of these names with
// another type fails when the grid is made, not when the analysis reads the file.
struct TabularAgentParameters {
  double privacy_epsilon = 0.0;      // eps of the agent's guarantee; 0: a non-private agent
  double failure_probability = 0.0;  // beta of its bonuses; 0: not recorded
  std::string neighbour_relation;    // what privacy_epsilon is for; "": not recorded
  std::string error_bound_method;    // PUCB's E (paper | exact_tail); "": not recorded
};
const OptionBinding<TabularAgentParameters>& TabularAgentParametersBinding();

}  // namespace dprl

#endif  // DPRL_SCHEMA_TABULAR_RECORDS_H_
