// The main() of every experiment binary: the dprl_experiment macro (experiments/experiment.bzl)
// links it with exactly one registration file (experiment_registry.h), whose experiment it runs.
#include <vector>

#include "experiments/core/experiment_registry.h"
#include "experiments/runner/experiment.h"
#include "glog/logging.h"

int main(int argc, char** argv) {
  const std::vector<const dprl::RegisteredExperiment*> experiments = dprl::RegisteredExperiments();
  CHECK_EQ(experiments.size(), 1u) << "an experiment binary links exactly one registration";
  return dprl::RunExperimentMain(argc, argv, experiments.front()->definition());
}
