// The main() of every experiment binary: the dprl_experiment macro (experiments/experiment.bzl)
// links it with exactly one registration file (experiment_registry.h), whose experiment it runs.
// The run learns from the registration which claims profile it is, if any, so its results file
// records it (ExperimentDefinition::claims_profile_of).
#include <string>
#include <vector>

#include "experiments/core/experiment_registry.h"
#include "experiments/runner/experiment.h"
#include "glog/logging.h"

int main(int argc, char** argv) {
  const std::vector<const dprl::RegisteredExperiment*> experiments = dprl::RegisteredExperiments();
  CHECK_EQ(experiments.size(), 1u) << "an experiment binary links exactly one registration";
  dprl::ExperimentDefinition definition = experiments.front()->definition();
  definition.claims_profile_of = [name = definition.name](dprl::Scale scale, int seeds,
                                                          const std::string& resolved_config) {
    return dprl::MatchRegisteredClaimsProfile(
        name, dprl::RecordedRun{dprl::ScaleName(scale), seeds, resolved_config});
  };
  return dprl::RunExperimentMain(argc, argv, definition);
}
