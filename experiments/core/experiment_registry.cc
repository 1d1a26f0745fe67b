#include "experiments/core/experiment_registry.h"

#include <map>
#include <set>
#include <string>
#include <utility>

#include "glog/logging.h"

namespace dprl {
namespace {

// A function-local static: registration runs during static initialisation of other files.
std::map<int, RegisteredExperiment>& Experiments() {
  static auto* experiments = new std::map<int, RegisteredExperiment>();
  return *experiments;
}

}  // namespace

bool RegisterExperiment(RegisteredExperiment experiment) {
  CHECK(experiment.definition) << "experiment at order " << experiment.order;
  const int order = experiment.order;
  CHECK(Experiments().emplace(order, std::move(experiment)).second)
      << "two experiments registered with the same order " << order;
  return true;
}

std::vector<const RegisteredExperiment*> RegisteredExperiments() {
  // Names are checked here rather than at registration: a definition is built only after static
  // initialisation, when everything it reads exists.
  std::set<std::string> names;
  std::vector<const RegisteredExperiment*> experiments;
  for (const auto& [order, experiment] : Experiments()) {
    const std::string name = experiment.definition().name;
    CHECK(names.insert(name).second) << "experiment '" << name << "' registered twice";
    experiments.push_back(&experiment);
  }
  return experiments;
}

}  // namespace dprl
