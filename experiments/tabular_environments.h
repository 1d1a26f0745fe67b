// The tabular environments an experiment grid can name, with their parameters as grid fields
// (config_fields.h), shared by //experiments:vietri_fig and //experiments:rlsvi_privacy_fig:
//   riverswim   RiverSwim (envs/riverswim.h; Osband et al. 2013), 2 actions
//     riverswim.num_states, riverswim.horizon, riverswim.reward_model
//   random_mdp  a Dirichlet random MDP (envs/random_mdp.h) drawn once per --master_seed,
//               Bernoulli rewards
//     random_mdp.num_states, random_mdp.num_actions, random_mdp.horizon
// The defaults are short on purpose: PUCB's E_eps grows like H, and must be reachable within T.
#ifndef DPRL_EXPERIMENTS_TABULAR_ENVIRONMENTS_H_
#define DPRL_EXPERIMENTS_TABULAR_ENVIRONMENTS_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "envs/tabular_mdp.h"
#include "experiments/runner/config_fields.h"
#include "experiments/runner/experiment.h"

namespace dprl {

// One environment of a grid, resolved: what a configuration records about it.
struct TabularEnvironmentChoice {
  std::string env;  // riverswim | random_mdp
  TabularShape shape;
  RewardModel reward_model = RewardModel::kDeterministic;
  // env, reward_model, num_states, num_actions, horizon: the attributes RunTabularRegretTask
  // reads (tabular_task.h).
  std::vector<std::pair<std::string, AttributeValue>> Attributes() const;
};

struct TabularEnvironmentFields {
  int64_t riverswim_num_states = 4;
  int64_t riverswim_horizon = 5;
  std::string riverswim_reward_model = "deterministic";
  int64_t random_mdp_num_states = 4;
  int64_t random_mdp_num_actions = 2;
  int64_t random_mdp_horizon = 4;

  // The environment names accepted by Resolve.
  static std::vector<std::string> Names();
  // Binds the fields above as riverswim.* and random_mdp.*, with their documentation.
  void BindFields(ConfigFields& fields);
  // `env`'s shape and reward model, checked by building the environment once (with master seed 0);
  // errors name the field group ("fields 'riverswim.*': num_states must be >= 2, got 1").
  absl::StatusOr<TabularEnvironmentChoice> Resolve(const std::string& env) const;
};

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_TABULAR_ENVIRONMENTS_H_
