// The registry of paper results, linked with every registration of experiments/BUILD.
#include "experiments/core/experiment_registry.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "experiments/core/claims_profile.h"
#include "experiments/runner/config_report.h"
#include "experiments/runner/experiment.h"
#include "experiments/runner/runner_flags.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

std::vector<std::string> RegisteredNames() {
  std::vector<std::string> names;
  for (const ExperimentSpec* experiment : RegisteredExperiments()) {
    names.push_back(experiment->definition.name);
  }
  return names;
}

TEST(ExperimentRegistryTest, EveryRegisteredDefinitionIsValidAndCaptioned) {
  const std::vector<const ExperimentSpec*> experiments = RegisteredExperiments();
  ASSERT_FALSE(experiments.empty());
  for (const ExperimentSpec* experiment : experiments) {
    const ExperimentDefinition& definition = experiment->definition;
    SCOPED_TRACE(definition.name);
    EXPECT_THAT(ValidateExperimentDefinition(definition), IsOk());
    EXPECT_FALSE(experiment->paper_result.empty());
  }
}

// reproduce_all runs experiments/<name> for each registered name: every registration must sit in
// the binary of its own name (the dprl_result call's name and the definition's name agree).
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
  const std::vector<const ExperimentSpec*> experiments = RegisteredExperiments();
  for (size_t i = 1; i < experiments.size(); ++i) {
    EXPECT_LT(experiments[i - 1]->order, experiments[i]->order);
  }
}

// reproduce_all --scale=claims | claims_reduced runs every registered experiment with its
// profile run: a result registered with one that does not resolve (an unknown field, a value of
// the wrong type, a grid that does not validate) would stop that run before it starts.
TEST(ExperimentRegistryTest, EveryRegisteredExperimentHasAClaimsProfileStep) {
  for (const char* profile : {"claims", "claims_reduced"}) {
    SCOPED_TRACE(profile);
    absl::StatusOr<std::vector<ProfileStep>> steps = ClaimsProfileSteps(profile);
    ASSERT_THAT(steps, IsOk());
    std::vector<std::string> names;
    for (const ProfileStep& step : *steps) names.push_back(step.experiment);
    EXPECT_EQ(names, RegisteredNames());
  }
  EXPECT_THAT(ClaimsProfileSteps("default"),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("--scale: 'default'")));
}

// The commands the profiles run for the six results whose profiles were flag tables before they
// were typed registrations, as those tables wrote them (reproduce_all --scale=claims |
// claims_reduced runs exactly these). A result registered later is not pinned here.
TEST(ExperimentRegistryTest, TheProfilesRunTheirPinnedCommands) {
  const std::map<std::string, std::vector<std::string>> claims = {
      {"vietri_fig",
       {"--scale=default", "--seeds=20", "--set=num_episodes=10000000",
        "--set=privacy_epsilons=10,30,100,300,1000,3000,10000,30000",
        "--set=exact_tail_privacy_epsilons=1000"}},
      {"vietri_lower_bound_fig",
       {"--scale=default", "--seeds=20", "--set=instances=n2_m1_H2,n3_m2_H2,n3_m1_H2,n4_m1_H2",
        "--set=alpha_primes=0.5,0.375,0.25"}},
      {"rlsvi_privacy_fig", {"--scale=default"}},
      {"private_ofu_fig",
       {"--scale=default", "--seeds=20",
        "--set=privacy_epsilons=10,30,100,300,1000,10000,1000000"}},
      {"wang_hegde_fig1", {"--scale=default", "--seeds=20"}},
      {"wang_hegde_fig2", {"--scale=default", "--seeds=20"}},
  };
  const std::map<std::string, std::vector<std::string>> claims_reduced = {
      {"vietri_fig",
       {"--scale=default", "--seeds=20", "--set=privacy_epsilons=1000,3000,10000,30000",
        "--set=exact_tail_privacy_epsilons=1000"}},
      {"vietri_lower_bound_fig",
       {"--scale=default", "--seeds=20", "--set=num_episodes=50000",
        "--set=alpha_primes=0.5,0.35"}},
      {"rlsvi_privacy_fig", {"--scale=smoke"}},
      {"private_ofu_fig", {"--scale=smoke", "--seeds=20"}},
      {"wang_hegde_fig1", {"--scale=default", "--seeds=20"}},
      {"wang_hegde_fig2", {"--scale=default", "--seeds=20"}},
  };
  for (const auto& [profile, expected] :
       {std::pair{"claims", &claims}, std::pair{"claims_reduced", &claims_reduced}}) {
    absl::StatusOr<std::vector<ProfileStep>> steps = ClaimsProfileSteps(profile);
    ASSERT_THAT(steps, IsOk());
    size_t pinned = 0;
    for (const ProfileStep& step : *steps) {
      SCOPED_TRACE(absl::StrCat(profile, " ", step.experiment));
      if (expected->count(step.experiment) == 0) continue;
      EXPECT_EQ(step.flags, expected->at(step.experiment));
      ++pinned;
    }
    EXPECT_EQ(pinned, expected->size()) << profile << ": a pinned result is not registered";
  }
}

// The report names a file's profile from the values the runner records when it runs the
// profile's flags (scale, seeds, the resolved grid), whatever way the flags were typed.
TEST(ExperimentRegistryTest, TheFileOfAProfileRunNamesItsProfile) {
  for (const ExperimentSpec* experiment : RegisteredExperiments()) {
    const ExperimentDefinition& definition = experiment->definition;
    std::map<std::string, RecordedRun> recorded;
    for (const char* profile : {"claims", "claims_reduced"}) {
      SCOPED_TRACE(absl::StrCat(definition.name, " ", profile));
      absl::StatusOr<ResolvedProfileRun> run =
          ResolveProfileRun(definition, ProfileRun(experiment->claims_profiles, profile));
      ASSERT_THAT(run, IsOk());
      std::vector<const char*> argv = {definition.name.c_str()};
      for (const std::string& flag : run->flags) argv.push_back(flag.c_str());
      absl::StatusOr<RunnerFlags> flags =
          ParseRunnerFlags(static_cast<int>(argv.size()), argv.data(), definition);
      ASSERT_THAT(flags, IsOk());
      absl::StatusOr<std::unique_ptr<ExperimentGrid>> grid = ResolveGrid(definition, *flags);
      ASSERT_THAT(grid, IsOk());
      recorded[profile] = {ScaleName(flags->scale), flags->seeds, (*grid)->fields().ToToml()};
      EXPECT_EQ(recorded[profile].resolved_config, run->resolved_config);
    }
    const bool same =
        recorded["claims"].scale == recorded["claims_reduced"].scale &&
        recorded["claims"].seeds == recorded["claims_reduced"].seeds &&
        recorded["claims"].resolved_config == recorded["claims_reduced"].resolved_config;
    for (const char* profile : {"claims", "claims_reduced"}) {
      EXPECT_EQ(MatchRegisteredClaimsProfile(definition.name, recorded[profile]),
                same ? "claims or claims_reduced" : profile)
          << definition.name;
    }
    RecordedRun other = recorded["claims"];
    other.seeds += 1;
    EXPECT_EQ(MatchRegisteredClaimsProfile(definition.name, other), "") << definition.name;
  }
  EXPECT_EQ(MatchRegisteredClaimsProfile("no_such_experiment", {"default", 20, ""}), "");
}

// A spec like the first registered one under a name of its own.
ExperimentSpec CopyOfFirstUnder(const std::string& name) {
  ExperimentSpec spec = *RegisteredExperiments().front();
  spec.definition.name = name;
  return spec;
}

TEST(ExperimentRegistryDeathTest, ASecondExperimentAtTheSameOrderIsABug) {
  EXPECT_DEATH(RegisterExperiment(CopyOfFirstUnder("a_second_experiment")),
               "paper result at order '[0-9]+' registered twice");
}

TEST(ExperimentRegistryDeathTest, ASecondExperimentOfTheSameNameIsABug) {
  ExperimentSpec spec = CopyOfFirstUnder(RegisteredExperiments().front()->definition.name);
  spec.order = RegisteredExperiments().back()->order + 1;
  EXPECT_DEATH(RegisterExperiment(spec), "experiment '[a-z_0-9]+' registered twice");
}

TEST(ExperimentRegistryDeathTest, AnExperimentWithoutATaskIsABug) {
  ExperimentSpec spec = CopyOfFirstUnder("no_task");
  spec.order = RegisteredExperiments().back()->order + 1;
  spec.definition.run_task = nullptr;
  EXPECT_DEATH(RegisterExperiment(spec),
               "experiment 'no_task' at order [0-9]+ needs a grid and a task");
}

TEST(ExperimentRegistryTest, FindsARegisteredExperimentByName) {
  for (const ExperimentSpec* experiment : RegisteredExperiments()) {
    EXPECT_EQ(FindRegisteredExperiment(experiment->definition.name), experiment);
  }
  EXPECT_EQ(FindRegisteredExperiment("no_such_experiment"), nullptr);
}

}  // namespace
}  // namespace dprl
