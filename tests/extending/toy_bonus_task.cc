#include "tests/extending/toy_bonus_task.h"

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "experiments/core/experiment_registry.h"
#include "experiments/core/grid_validation.h"
#include "experiments/tabular/tabular_registry.h"
#include "experiments/tabular/tabular_task.h"
#include "tests/extending/toy_bonus_task_names.h"

namespace dprl {

ToyBonusGrid ToyBonusGrid::ForScale(Scale scale) {
  ToyBonusGrid grid;
  grid.environments = {"riverswim", "random_mdp"};
  grid.environment_parameters = TabularEnvironmentFields::Defaults();
  grid.agents = {"toy_bonus", "ucbvi"};
  grid.failure_probability = 0.05;
  switch (scale) {
    case Scale::kSmoke:
      grid.num_episodes = 2000;
      break;
    case Scale::kDefault:
      grid.num_episodes = 100000;
      break;
    case Scale::kPaper:
      grid.num_episodes = 1000000;
      break;
  }
  return grid;
}

void ToyBonusGrid::BindFields(ConfigFields& fields) {
  fields.Add("num_episodes", &num_episodes, "episodes K of every run (1 to 1e18)");
  fields.Add("environments", &environments, "environments, each run with every agent");
  environment_parameters.BindFields(fields);
  fields.Add("agents", &agents,
             absl::StrCat("non-private agents, any of: ", TabularReferenceAgentsDoc()));
  fields.Add("failure_probability", &failure_probability, "delta of every agent, in (0, 1)");
}

absl::StatusOr<std::vector<ConfigSpec>> ToyBonusGrid::MakeConfigs() const {
  RETURN_IF_ERROR(ValidateEpisodeCount("num_episodes", num_episodes));
  RETURN_IF_ERROR(ValidateChoices("environments", environments, TabularEnvironmentFields::Names()));
  RETURN_IF_ERROR(ValidateChoices("agents", agents, TabularReferenceAgentNames()));
  RETURN_IF_ERROR(
      ValidateOpenUnitInterval(GridFieldName("failure_probability"), failure_probability));
  TabularAgentSettings settings;
  settings.num_episodes = num_episodes;
  settings.failure_probability = failure_probability;
  std::vector<ConfigSpec> configs;
  for (const std::string& env : environments) {
    ASSIGN_OR_RETURN(const TabularEnvironmentChoice choice, environment_parameters.Resolve(env));
    for (const std::string& agent : agents) {
      const TabularAgentType& type = *FindTabularAgent(agent);
      ConfigSpec config;
      config.group_name = absl::StrCat(env, "-", agent);
      RETURN_IF_ERROR(FillTabularRegretConfig(
          choice.attributes, choice.shape, agent, type.label, num_episodes,
          type.attributes(settings),
          absl::StrCat("field 'num_episodes' = ", num_episodes, " on ", env), config));
      configs.push_back(config);
    }
  }
  return configs;
}

namespace {

// toy_bonus_fig: declared once, as data (experiments/core/experiment_registry.h).
const bool kRegistered = RegisterExperiment(
    {/*order=*/1000,
     /*paper_result=*/"the worked example of docs/extending.md: regret of toy_bonus and UCB-VI",
     /*definition=*/
     {experiment_names::kToyBonusFig,
      "worked example (testonly): cumulative regret of the toy agent toy_bonus beside UCB-VI on "
      "RiverSwim and a random Dirichlet MDP",
      /*default seeds at smoke, default, paper=*/2, 4, 20, MakeTypedGrid<ToyBonusGrid>,
      RunTabularRegretTask},
     /*claims_profiles=*/
     {/*claims=*/{Scale::kDefault, /*seeds=*/20},
      /*claims_reduced=*/{Scale::kSmoke, /*seeds=*/20}}});

}  // namespace

}  // namespace dprl
