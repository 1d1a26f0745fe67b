#include "experiments/vietri/ubev_rules_task.h"

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "experiments/core/episode_grid.h"
#include "experiments/core/experiment_registry.h"
#include "experiments/core/grid_validation.h"
#include "experiments/tabular/tabular_registry.h"
#include "experiments/tabular/tabular_task.h"

namespace dprl {

UbevRulesGrid UbevRulesGrid::ForScale(Scale scale) {
  UbevRulesGrid grid;
  grid.environments = {"riverswim", "random_mdp"};
  grid.environment_parameters = TabularEnvironmentFields::Defaults();
  grid.failure_probability = 0.05;
  grid.num_episodes = scale == Scale::kSmoke ? 3000 : scale == Scale::kDefault ? 100000 : 1000000;
  return grid;
}

void UbevRulesGrid::BindFields(ConfigFields& fields) {
  fields.Add("num_episodes", &num_episodes, "episodes T of every run (1 to 1e18)");
  fields.Add("environments", &environments, "environments, each run with both UBEV rules");
  environment_parameters.BindFields(fields);
  fields.Add("failure_probability", &failure_probability, "delta of UBEV, in (0, 1)");
}

absl::StatusOr<std::vector<ConfigSpec>> UbevRulesGrid::MakeConfigs() const {
  RETURN_IF_ERROR(ValidateEpisodeCount("num_episodes", num_episodes));
  RETURN_IF_ERROR(ValidateChoices("environments", environments, TabularEnvironmentFields::Names()));
  RETURN_IF_ERROR(
      ValidateOpenUnitInterval(GridFieldName("failure_probability"), failure_probability));
  TabularAgentSettings settings;
  settings.num_episodes = num_episodes;
  settings.failure_probability = failure_probability;
  std::vector<ConfigSpec> configs;
  for (const std::string& env : environments) {
    ASSIGN_OR_RETURN(const TabularEnvironmentChoice choice, environment_parameters.Resolve(env));
    for (const std::string agent : {"ubev", "ubev_as_run"}) {
      const TabularAgentType& type = *FindTabularAgent(agent);
      ConfigSpec config;
      config.group_name = absl::StrCat(env, "-", agent);
      RETURN_IF_ERROR(FillTabularRegretConfig(choice.attributes, choice.shape, agent, type.label,
                                              num_episodes, type.attributes(settings),
                                              absl::StrCat("field 'num_episodes' = ", num_episodes),
                                              config));
      configs.push_back(config);
    }
  }
  return configs;
}

ExperimentDefinition UbevRulesExperiment() {
  ExperimentDefinition experiment;
  experiment.name = "ubev_rules_fig";
  experiment.description =
      "UBEV as printed vs as run: cumulative regret on RiverSwim and a random MDP";
  experiment.make_grid = MakeTypedGrid<UbevRulesGrid>;
  experiment.run_task = RunTabularRegretTask;
  return experiment;
}

namespace {

const bool kRegistered = RegisterExperiment(RegisteredExperiment{
    /*order=*/15,
    "Dann et al. 2017, Alg. 1: UBEV as printed and as run",
    UbevRulesExperiment,
    /*claims_profiles=*/
    {/*claims=*/{Scale::kDefault, /*seeds=*/20},
     /*claims_reduced=*/{Scale::kDefault, /*seeds=*/20, {{"num_episodes", int64_t{30000}}}}}});

}  // namespace

}  // namespace dprl
