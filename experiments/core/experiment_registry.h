// The registry of paper results: every experiment binary of //experiments registers its
// ExperimentDefinition (experiments/runner/experiment.h) here once, at static initialisation,
// from its registration file (e.g. experiments/vietri/vietri_fig.cc), which the dprl_experiment
// macro (experiments/experiment.bzl) links with alwayslink = 1:
//
//   const bool kRegistered = RegisterExperiment(RegisteredExperiment{
//       /*order=*/10, "Vietri et al. 2020, Thm. 4 / Sec. 5: regret of PUCB and UBEV",
//       VietriExperiment});
//
// Two programs read it: the experiment's own binary (experiment_main.cc links exactly one
// registration and runs it) and //experiments:reproduce_all (links every registration and runs
// the binaries in `order`). A new paper result is therefore its files plus one dprl_experiment
// call in experiments/BUILD; neither reproduce_all nor this registry changes.
#ifndef DPRL_EXPERIMENTS_CORE_EXPERIMENT_REGISTRY_H_
#define DPRL_EXPERIMENTS_CORE_EXPERIMENT_REGISTRY_H_

#include <functional>
#include <string>
#include <vector>

#include "experiments/runner/experiment.h"

namespace dprl {

struct RegisteredExperiment {
  // Position in reproduce_all (its run order and the order of REPORT.md's figures): ascending,
  // unique. The registered results use multiples of 10, so a new one can go between two.
  int order = 0;
  // What the result reproduces, one line: paper, theorem or figure, quantity (REPORT.md's caption
  // of the figure).
  std::string paper_result;
  // The definition (its name is the binary's name: //experiments:<name>).
  std::function<ExperimentDefinition()> definition;
};

// Adds an experiment (a second one with the same order is a bug: CHECK). Returns true,
// for use as the initialiser of a namespace-scope constant.
bool RegisterExperiment(RegisteredExperiment experiment);

// The registered experiments in ascending `order` (two with the same definition name: CHECK).
std::vector<const RegisteredExperiment*> RegisteredExperiments();

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_CORE_EXPERIMENT_REGISTRY_H_
