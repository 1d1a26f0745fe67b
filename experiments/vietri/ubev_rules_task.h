// Configurations and task of //experiments:ubev_rules_fig: UBEV (Dann, Lattimore, Brunskill 2017)
// as printed (Alg. 1) against UBEV as the authors' code ran it (transition bonus scaled by
// max V - min V), on RiverSwim and the random Dirichlet MDP, with the same exact-regret task as
// vietri_fig (experiments/tabular/tabular_task.h). Common random numbers across the two agents.
#ifndef DPRL_EXPERIMENTS_VIETRI_UBEV_RULES_TASK_H_
#define DPRL_EXPERIMENTS_VIETRI_UBEV_RULES_TASK_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "experiments/runner/experiment.h"
#include "experiments/tabular/tabular_environments.h"

namespace dprl {

// The grid of //experiments:ubev_rules_fig. Field documentation: BindFields.
struct UbevRulesGrid {
  int64_t num_episodes = 0;
  std::vector<std::string> environments;
  TabularEnvironmentFields environment_parameters;  // riverswim.*, random_mdp.*
  double failure_probability = 0.0;

  // T = 3000 / 100000 / 10^6 at smoke / default / paper; delta = 0.05.
  static UbevRulesGrid ForScale(Scale scale);
  void BindFields(ConfigFields& fields);
  // Validates every field (errors name it); per environment ubev, then ubev_as_run.
  absl::StatusOr<std::vector<ConfigSpec>> MakeConfigs() const;
};

ExperimentDefinition UbevRulesExperiment();

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_VIETRI_UBEV_RULES_TASK_H_
