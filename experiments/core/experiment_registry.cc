#include "experiments/core/experiment_registry.h"

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "common/registry.h"
#include "common/status_macros.h"
#include "glog/logging.h"

namespace dprl {
namespace {

// A function-local static: registration runs during static initialisation of other files.
Registry<ExperimentSpec, int>& Experiments() {
  static auto* experiments = new Registry<ExperimentSpec, int>("paper result at order");
  return *experiments;
}

}  // namespace

bool RegisterExperiment(ExperimentSpec experiment) {
  const std::string& name = experiment.definition.name;
  CHECK(experiment.definition.make_grid && experiment.definition.run_task)
      << "experiment '" << name << "' at order " << experiment.order << " needs a grid and a task";
  CHECK(FindRegisteredExperiment(name) == nullptr)
      << "experiment '" << name << "' registered twice";
  const int order = experiment.order;
  Experiments().Register(order, std::move(experiment));
  return true;
}

std::vector<const ExperimentSpec*> RegisteredExperiments() {
  std::vector<const ExperimentSpec*> experiments;
  for (const auto& [order, experiment] : Experiments().entries()) {
    experiments.push_back(&experiment);
  }
  return experiments;
}

const ExperimentSpec* FindRegisteredExperiment(absl::string_view name) {
  for (const auto& [order, experiment] : Experiments().entries()) {
    if (experiment.definition.name == name) return &experiment;
  }
  return nullptr;
}

absl::StatusOr<std::vector<ProfileStep>> ClaimsProfileSteps(absl::string_view name) {
  if (!IsClaimsProfile(name)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--scale: '", name, "' is not a claims profile (claims | claims_reduced)"));
  }
  std::vector<ProfileStep> steps;
  for (const ExperimentSpec* experiment : RegisteredExperiments()) {
    const ExperimentDefinition& definition = experiment->definition;
    ASSIGN_OR_RETURN(ResolvedProfileRun run,
                     ResolveProfileRun(definition, ProfileRun(experiment->claims_profiles, name)));
    steps.push_back({definition.name, std::move(run.flags)});
  }
  return steps;
}

std::string MatchRegisteredClaimsProfile(absl::string_view experiment,
                                         const RecordedRun& recorded) {
  const ExperimentSpec* registered = FindRegisteredExperiment(experiment);
  if (registered == nullptr) return "";
  return MatchClaimsProfile(registered->definition, registered->claims_profiles, recorded);
}

}  // namespace dprl
