// The registry of paper results, linked with every registration of experiments/BUILD.
#include "experiments/core/experiment_registry.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "experiments/core/claims_profile.h"
#include "experiments/runner/experiment.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

std::vector<std::string> RegisteredNames() {
  std::vector<std::string> names;
  for (const RegisteredExperiment* experiment : RegisteredExperiments()) {
    names.push_back(experiment->definition().name);
  }
  return names;
}

TEST(ExperimentRegistryTest, EveryRegisteredDefinitionIsValidAndCaptioned) {
  const std::vector<const RegisteredExperiment*> experiments = RegisteredExperiments();
  ASSERT_FALSE(experiments.empty());
  for (const RegisteredExperiment* experiment : experiments) {
    const ExperimentDefinition definition = experiment->definition();
    SCOPED_TRACE(definition.name);
    EXPECT_THAT(ValidateExperimentDefinition(definition), IsOk());
    EXPECT_FALSE(experiment->paper_result.empty());
    EXPECT_FALSE(definition.analysis_binary.empty());
  }
}

// reproduce_all runs experiments/<name> for each registered name: every registration must sit in
// the binary of its own name (dprl_experiment's name and the definition's name agree).
TEST(ExperimentRegistryTest, EveryRegisteredNameIsAnExperimentBinary) {
  const char* runfiles = std::getenv("TEST_SRCDIR");
  ASSERT_NE(runfiles, nullptr);
  for (const std::string& name : RegisteredNames()) {
    const std::string path = std::string(runfiles) + "/dprl/experiments/" + name;
    struct stat info;
    EXPECT_EQ(stat(path.c_str(), &info), 0) << "no binary " << path;
  }
}

TEST(ExperimentRegistryTest, ListsTheExperimentsInAscendingOrder) {
  const std::vector<const RegisteredExperiment*> experiments = RegisteredExperiments();
  for (size_t i = 1; i < experiments.size(); ++i) {
    EXPECT_LT(experiments[i - 1]->order, experiments[i]->order);
  }
}

// reproduce_all --scale=claims | claims_reduced runs every registered experiment with its
// profile step: a result registered without one would stop that run before it starts.
TEST(ExperimentRegistryTest, EveryRegisteredExperimentHasAClaimsProfileStep) {
  for (const char* profile : {"claims", "claims_reduced"}) {
    SCOPED_TRACE(profile);
    EXPECT_THAT(ClaimsProfile(profile, RegisteredNames()), IsOk());
  }
}

TEST(ExperimentRegistryDeathTest, ASecondExperimentAtTheSameOrderIsABug) {
  const int taken = RegisteredExperiments().front()->order;
  EXPECT_DEATH(RegisterExperiment(RegisteredExperiment{taken, "a second experiment",
                                                       [] { return ExperimentDefinition(); }}),
               "same order");
}

}  // namespace
}  // namespace dprl
