#include "experiments/core/experiment_main.h"

#include <string>

#include "experiments/core/experiment_registry.h"
#include "experiments/runner/experiment.h"
#include "glog/logging.h"

namespace dprl {

int RunRegisteredExperiment(int argc, char** argv, const char* name, const char* analysis_binary) {
  for (const RegisteredExperiment* registered : RegisteredExperiments()) {
    ExperimentDefinition definition = registered->definition();
    if (definition.name != name) continue;
    definition.analysis_binary = analysis_binary;
    definition.claims_profile_of = [name = definition.name](Scale scale, int seeds,
                                                            const std::string& resolved_config) {
      return MatchRegisteredClaimsProfile(name,
                                          RecordedRun{ScaleName(scale), seeds, resolved_config});
    };
    return RunExperimentMain(argc, argv, definition);
  }
  LOG(FATAL) << "no experiment named '" << name << "' is registered by the task library linked "
             << "into this binary (dprl_experiment's name and the definition's name differ)";
}

}  // namespace dprl
