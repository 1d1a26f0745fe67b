// The main() of every experiment binary. The dprl_result macro (experiments/experiment.bzl)
// generates each binary's main() as one call of RunRegisteredExperiment with the name and the
// figure binary given to the macro, and links the task library that registered the experiment
// (experiment_registry.h). So a result's figure is given once, in its dprl_result call, and its
// registration gives everything else.
#ifndef DPRL_EXPERIMENTS_CORE_EXPERIMENT_MAIN_H_
#define DPRL_EXPERIMENTS_CORE_EXPERIMENT_MAIN_H_

namespace dprl {

// Runs the registered experiment whose definition is named `name` (a bug if none is: CHECK)
// with `analysis_binary` (runfiles-relative, e.g. "analysis/regret_figure") as the figure binary
// the runner calls after the merge. The run learns from the registration which claims profile
// it is, if any, so its results file records it (ExperimentDefinition::claims_profile_of).
// Returns RunExperimentMain's exit code.
int RunRegisteredExperiment(int argc, char** argv, const char* name, const char* analysis_binary);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_CORE_EXPERIMENT_MAIN_H_
