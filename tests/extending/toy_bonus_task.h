// The worked example of docs/extending.md, "Add a paper result": the result //tests/extending:
// toy_bonus_fig, added by its own files only (this header, toy_bonus_task.cc with its
// registration, toy_bonus_task_test.cc, and one dprl_result call in tests/extending/BUILD). It is
// testonly: declared outside experiments/BUILD, so reproduce_all never runs it and no production
// binary registers it.
//
// Cumulative regret of the toy agent toy_bonus (toy_bonus_agent.h) beside UCB-VI (ucbvi,
// algorithms/tabular/ucbvi.h) on RiverSwim and a random Dirichlet MDP, drawn by the existing
// //analysis:regret_figure; the task is the shared exact-regret task (RunTabularRegretTask,
// experiments/tabular/tabular_task.h). Configurations: per environment, each of `agents`.
#ifndef DPRL_TESTS_EXTENDING_TOY_BONUS_TASK_H_
#define DPRL_TESTS_EXTENDING_TOY_BONUS_TASK_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "experiments/runner/experiment.h"
#include "experiments/tabular/tabular_environments.h"

namespace dprl {

// The grid of toy_bonus_fig. Field documentation: BindFields (printed by --help).
struct ToyBonusGrid {
  int64_t num_episodes = 0;
  std::vector<std::string> environments;
  TabularEnvironmentFields environment_parameters;  // riverswim.*, random_mdp.*
  std::vector<std::string> agents;
  double failure_probability = 0.0;

  // Both environments at their defaults, agents {toy_bonus, ucbvi}, delta = 0.05; T = 2000 /
  // 100000 / 10^6 at smoke / default / paper.
  static ToyBonusGrid ForScale(Scale scale);
  void BindFields(ConfigFields& fields);
  // Validates every field (errors name it) and lists, per environment, each agent.
  absl::StatusOr<std::vector<ConfigSpec>> MakeConfigs() const;
};

}  // namespace dprl

#endif  // DPRL_TESTS_EXTENDING_TOY_BONUS_TASK_H_
