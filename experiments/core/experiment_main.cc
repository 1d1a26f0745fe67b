#include "experiments/core/experiment_main.h"

#include <string>

#include "experiments/core/experiment_registry.h"
#include "experiments/runner/experiment.h"
#include "glog/logging.h"

namespace dprl {

int RunRegisteredExperiment(int argc, char** argv, const char* name, const char* analysis_binary) {
  const ExperimentSpec* registered = FindRegisteredExperiment(name);
  CHECK(registered != nullptr)
      << "no experiment named '" << name << "' is registered by the task library linked into "
      << "this binary (the dprl_result call's name and the registered definition's name differ)";
  ExperimentDefinition definition = registered->definition;
  definition.analysis_binary = analysis_binary;
  definition.claims_profile_of = [name = definition.name](Scale scale, int seeds,
                                                          const std::string& resolved_config) {
    return MatchRegisteredClaimsProfile(name,
                                        RecordedRun{ScaleName(scale), seeds, resolved_config});
  };
  return RunExperimentMain(argc, argv, definition);
}

}  // namespace dprl
