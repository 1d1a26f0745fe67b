// The registry of paper results. Each result is declared once, as data, at the end of its task
// file (e.g. experiments/vietri/vietri_task.cc), which the dprl_result macro
// (experiments/experiment.bzl) links with alwayslink = 1:
//
//   const bool kRegistered = RegisterExperiment({
//       /*order=*/10,
//       /*paper_result=*/"Vietri et al. 2020, Thm. 4 / Sec. 5: regret of PUCB and UBEV",
//       /*definition=*/{experiment_names::kVietriFig, "Vietri et al. 2020: cumulative regret ...",
//                       /*default seeds at smoke, default, paper=*/2, 4, 20,
//                       MakeTypedGrid<VietriGrid>, RunTabularRegretTask},
//       /*claims_profiles=*/{/*claims=*/{Scale::kDefault, /*seeds=*/20,
//                                        {{"num_episodes", int64_t{10000000}}, ...}},
//                            /*claims_reduced=*/{...}}});
//
// What Bazel needs at build time is declared once in experiments/BUILD, in the result's
// dprl_result call: the binary of that name and its figure binary (experiment_main.h), and the
// name itself, which the call writes into the generated <folder>/<task>_names.h as
// experiment_names::k<Name> for the registration (and any claims or cost-model probe) to use. What
// each task costs is declared with the agents' registrations (task_cost_model.h).
//
// Three programs read the registry: the experiment's own binary (its generated main() runs the
// registered experiment of its name and records in the results file the claims profile the run
// matches, experiment_main.h, MatchRegisteredClaimsProfile), //experiments:reproduce_all (links
// every registration and runs the binaries in `order`, under a claims profile with each one's
// registered profile run) and //experiments:cost_model_calibration (builds the configurations of
// the cost model's probes as each binary builds them). //analysis:claims does not link it: it
// reads the claims profile the binary recorded. A new paper result is therefore its files plus
// one dprl_result call in experiments/BUILD; neither reproduce_all nor this registry changes.
#ifndef DPRL_EXPERIMENTS_CORE_EXPERIMENT_REGISTRY_H_
#define DPRL_EXPERIMENTS_CORE_EXPERIMENT_REGISTRY_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "experiments/core/claims_profile.h"
#include "experiments/runner/experiment.h"

namespace dprl {

struct ExperimentSpec {
  // Position in reproduce_all (its run order and the order of REPORT.md's figures): ascending,
  // unique. The registered results use multiples of 10, so a new one can go between two.
  int order = 0;
  // What the result reproduces, one line: paper, theorem or figure, quantity (REPORT.md's caption
  // of the figure).
  std::string paper_result;
  // Its name (the binary's: //experiments:<name>), --help line, default seeds, grid and task
  // (experiments/runner/experiment.h). Its analysis_binary and claims_profile_of stay unset: the
  // binary's generated main() sets them (experiment_main.h).
  ExperimentDefinition definition;
  // What reproduce_all --scale=claims | claims_reduced runs of it (claims_profile.h): typed
  // values of its grid; the profiles' regimes are documented in claims_profile.h.
  ClaimsProfiles claims_profiles;
};

// Adds an experiment. A second one with the same order or the same name, or one without a grid
// or a task, is a bug: CHECK. Returns true, for use as the initialiser of a namespace-scope
// constant.
bool RegisterExperiment(ExperimentSpec experiment);

// The registered experiments in ascending `order`.
std::vector<const ExperimentSpec*> RegisteredExperiments();

// The registered experiment named `name`, or nullptr.
const ExperimentSpec* FindRegisteredExperiment(absl::string_view name);

// One experiment's step of a claims profile.
struct ProfileStep {
  std::string experiment;          // e.g. "vietri_fig"
  std::vector<std::string> flags;  // e.g. {"--scale=default", "--seeds=20", "--set=..."}
};

// The steps of profile `name` ("claims" | "claims_reduced"), one per registered experiment in
// ascending `order` (ResolveProfileRun of its registered run). Errors: another name (naming
// --scale), or a registered run that does not resolve (naming the experiment and field).
absl::StatusOr<std::vector<ProfileStep>> ClaimsProfileSteps(absl::string_view name);

// MatchClaimsProfile with the registered experiment named `experiment`; "" when none is.
std::string MatchRegisteredClaimsProfile(absl::string_view experiment, const RecordedRun& recorded);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_CORE_EXPERIMENT_REGISTRY_H_
