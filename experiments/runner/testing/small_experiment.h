// A small typed grid and its experiment, for the tests of what the runner does with a grid
// (--set/--config resolution, --help, --dry_run, reproduce commands, claims profiles): three
// fields, one of them in a table ("label.text") and one whose default differs by scale.
// Not an experiment of dprl: its task computes nothing.
#ifndef DPRL_EXPERIMENTS_RUNNER_TESTING_SMALL_EXPERIMENT_H_
#define DPRL_EXPERIMENTS_RUNNER_TESTING_SMALL_EXPERIMENT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "experiments/runner/experiment.h"

namespace dprl {

struct SmallGrid {
  int64_t num_episodes = 0;
  std::vector<double> privacy_epsilons;
  std::string label = "plain";

  // num_episodes 10 at smoke, 1000 otherwise; privacy_epsilons {1, 10}.
  static SmallGrid ForScale(Scale scale) {
    SmallGrid grid;
    grid.num_episodes = scale == Scale::kSmoke ? 10 : 1000;
    grid.privacy_epsilons = {1, 10};
    return grid;
  }
  void BindFields(ConfigFields& fields) {
    fields.Add("num_episodes", &num_episodes, "episodes T of every run, >= 1");
    fields.Add("privacy_epsilons", &privacy_epsilons, "one config per privacy level");
    fields.Add("label.text", &label, "a label");
  }
  // One configuration "eps=<privacy_epsilon>" per privacy level, costing 2 num_episodes /
  // privacy_epsilon core-seconds and storing num_episodes + 1 values per seed.
  absl::StatusOr<std::vector<ConfigSpec>> MakeConfigs() const {
    if (num_episodes < 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("field 'num_episodes' must be >= 1, got ", num_episodes));
    }
    std::vector<ConfigSpec> configs;
    for (double privacy_epsilon : privacy_epsilons) {
      configs.push_back(ConfigSpec{absl::StrCat("eps=", privacy_epsilon),
                                   {{"privacy_epsilon", privacy_epsilon}},
                                   2.0 * num_episodes / privacy_epsilon,
                                   num_episodes + 1});
    }
    return configs;
  }
};

// "small_fig" on SmallGrid: 2 seeds at smoke, 5 at default; its task returns an empty result.
inline ExperimentDefinition SmallExperiment() {
  ExperimentDefinition experiment;
  experiment.name = "small_fig";
  experiment.description = "test";
  experiment.default_seeds_smoke = 2;
  experiment.default_seeds_default = 5;
  experiment.make_grid = MakeTypedGrid<SmallGrid>;
  experiment.run_task = [](const ConfigSpec&, const TaskContext&) { return TaskResult{}; };
  return experiment;
}

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_RUNNER_TESTING_SMALL_EXPERIMENT_H_
