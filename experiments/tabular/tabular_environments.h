// The parameters of the registered tabular environments (tabular_registry.h) as grid fields
// (config_fields.h), for the grids of //experiments:vietri_fig and rlsvi_privacy_fig: one field
// "<env>.<parameter>" per parameter of every registered environment, starting at the spec's
// value, e.g. riverswim.num_states, riverswim.horizon, riverswim.reward_model,
// random_mdp.num_states, ... A newly registered environment gets its fields with no change here.
#ifndef DPRL_EXPERIMENTS_TABULAR_TABULAR_ENVIRONMENTS_H_
#define DPRL_EXPERIMENTS_TABULAR_TABULAR_ENVIRONMENTS_H_

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "experiments/runner/config_fields.h"
#include "experiments/runner/experiment.h"
#include "schema/option_binding.h"

namespace dprl {

// One environment of a grid, resolved: what a configuration records about it.
struct TabularEnvironmentChoice {
  std::string env;  // a registered environment name
  TabularShape shape;
  // env, then its parameters in spec order, then whichever of num_states, num_actions and
  // horizon are not parameters (from the built MDP): the attributes RunTabularRegretTask reads.
  AttributeList attributes;
};

struct TabularEnvironmentFields {
  // "<env>.<parameter>" -> value, for every parameter of every registered environment.
  std::map<std::string, AttributeValue> values;

  // Every parameter at its spec's value.
  static TabularEnvironmentFields Defaults();
  // The registered environment names (sorted).
  static std::vector<std::string> Names();
  // Binds every value under its key, documented by the spec.
  void BindFields(ConfigFields& fields);
  // `env` with its parameters from `values`, checked by building the environment once (master
  // seed 0); errors name the field group ("fields 'riverswim.*': num_states must be >= 2, got 1").
  absl::StatusOr<TabularEnvironmentChoice> Resolve(const std::string& env) const;
};

// Appends to `configs` the regret configuration "<choice.env>-<group>" of `agent` (legend
// `label`, parameters `agent_attributes`) on `choice`'s environment for num_episodes episodes:
// FillTabularRegretConfig (tabular_task.h), whose refusal of a task past the runner's limit names
// num_episodes, the environment, its S A H and the group.
absl::Status AddTabularRegretConfig(const TabularEnvironmentChoice& choice, int64_t num_episodes,
                                    const std::string& group, const std::string& agent,
                                    const std::string& label, const AttributeList& agent_attributes,
                                    std::vector<ConfigSpec>& configs);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_TABULAR_TABULAR_ENVIRONMENTS_H_
