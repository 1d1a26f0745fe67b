#include "experiments/core/experiment_registry.h"

#include <set>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "common/registry.h"
#include "common/status_macros.h"
#include "glog/logging.h"

namespace dprl {
namespace {

// A function-local static: registration runs during static initialisation of other files.
Registry<RegisteredExperiment, int>& Experiments() {
  static auto* experiments = new Registry<RegisteredExperiment, int>("paper result at order");
  return *experiments;
}

}  // namespace

bool RegisterExperiment(RegisteredExperiment experiment) {
  CHECK(experiment.definition) << "experiment at order " << experiment.order;
  const int order = experiment.order;
  Experiments().Register(order, std::move(experiment));
  return true;
}

std::vector<const RegisteredExperiment*> RegisteredExperiments() {
  // Names are checked here rather than at registration: a definition is built only after static
  // initialisation, when everything it reads exists.
  std::set<std::string> names;
  std::vector<const RegisteredExperiment*> experiments;
  for (const auto& [order, experiment] : Experiments().entries()) {
    const std::string name = experiment.definition().name;
    CHECK(names.insert(name).second) << "experiment '" << name << "' registered twice";
    experiments.push_back(&experiment);
  }
  return experiments;
}

absl::StatusOr<std::vector<ProfileStep>> ClaimsProfileSteps(absl::string_view name) {
  if (!IsClaimsProfile(name)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--scale: '", name, "' is not a claims profile (claims | claims_reduced)"));
  }
  std::vector<ProfileStep> steps;
  for (const RegisteredExperiment* experiment : RegisteredExperiments()) {
    const ExperimentDefinition definition = experiment->definition();
    ASSIGN_OR_RETURN(ResolvedProfileRun run,
                     ResolveProfileRun(definition, ProfileRun(experiment->claims_profiles, name)));
    steps.push_back({definition.name, std::move(run.flags)});
  }
  return steps;
}

std::string MatchRegisteredClaimsProfile(absl::string_view experiment,
                                         const RecordedRun& recorded) {
  for (const RegisteredExperiment* registered : RegisteredExperiments()) {
    const ExperimentDefinition definition = registered->definition();
    if (definition.name == experiment) {
      return MatchClaimsProfile(definition, registered->claims_profiles, recorded);
    }
  }
  return "";
}

}  // namespace dprl
