#include "experiments/vietri/vietri_task.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/tabular/pucb.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "envs/tabular_mdp.h"
#include "experiments/core/episode_grid.h"
#include "experiments/core/experiment_registry.h"
#include "experiments/core/grid_validation.h"
#include "experiments/tabular/agents/pucb.h"
#include "experiments/tabular/tabular_registry.h"
#include "experiments/tabular/tabular_task.h"
#include "experiments/vietri/vietri_task_names.h"
#include "schema/option_binding.h"

namespace dprl {

VietriGrid VietriGrid::ForScale(Scale scale) {
  VietriGrid grid;
  grid.environments = {"riverswim", "random_mdp"};
  grid.environment_parameters = TabularEnvironmentFields::Defaults();
  grid.reference_agents = {"ubev", "ubev_as_run", "pucb_noiseless"};
  grid.failure_probability = 0.05;
  switch (scale) {
    case Scale::kSmoke:
      grid.num_episodes = 3000;
      grid.privacy_epsilons = {10, 1000};
      grid.exact_tail_privacy_epsilons = {10};
      break;
    case Scale::kDefault:
      grid.num_episodes = 300000;
      grid.privacy_epsilons = {1, 10, 100, 1000, 10000};
      grid.exact_tail_privacy_epsilons = {1, 10, 100, 1000};
      break;
    case Scale::kPaper:
      grid.num_episodes = 10000000;
      grid.privacy_epsilons = {0.1, 1, 10, 100, 1000, 10000};
      grid.exact_tail_privacy_epsilons = {0.1, 1, 10, 100, 1000};
      break;
  }
  return grid;
}

void VietriGrid::BindFields(ConfigFields& fields) {
  fields.Add("num_episodes", &num_episodes, "episodes T of every run (1 to 1e18)");
  fields.Add("environments", &environments,
             "environments, each run with every agent: riverswim (envs/riverswim.h, 2 actions), "
             "random_mdp (a Dirichlet MDP drawn once from --master_seed, Bernoulli rewards)");
  environment_parameters.BindFields(fields);
  fields.Add("reference_agents", &reference_agents,
             absl::StrCat("non-private reference agents, any of: ", TabularReferenceAgentsDoc()));
  fields.Add("privacy_epsilons", &privacy_epsilons,
             "PUCB (Alg. 2-3) with the paper's E_eps at each eps (> 0; eps-JDP, add/remove one "
             "user's episode; 2 eps under replacement)");
  fields.Add("exact_tail_privacy_epsilons", &exact_tail_privacy_epsilons,
             "PUCB with the exact-tail E (same counters and privacy, a tighter E) at each eps");
  fields.Add("failure_probability", &failure_probability,
             "beta of PUCB and pucb_noiseless, delta of UBEV, in [1e-50, 1)");
}

absl::StatusOr<std::vector<ConfigSpec>> VietriGrid::MakeConfigs() const {
  RETURN_IF_ERROR(ValidateEpisodeCount("num_episodes", num_episodes));
  RETURN_IF_ERROR(ValidateChoices("environments", environments, TabularEnvironmentFields::Names()));
  RETURN_IF_ERROR(
      ValidateChoices("reference_agents", reference_agents, TabularReferenceAgentNames()));
  RETURN_IF_ERROR(ValidateEachFinitePositive("privacy_epsilons", privacy_epsilons));
  RETURN_IF_ERROR(
      ValidateEachFinitePositive("exact_tail_privacy_epsilons", exact_tail_privacy_epsilons));
  RETURN_IF_ERROR(ValidateGridFailureProbability("failure_probability", failure_probability));
  std::vector<ConfigSpec> configs;
  for (const std::string& env : environments) {
    ASSIGN_OR_RETURN(const TabularEnvironmentChoice choice, environment_parameters.Resolve(env));
    const TabularShape& shape = choice.shape;
    // env and its parameters, agent, the run's settings, then the agent's parameters.
    auto common = [&](ConfigSpec& config, const std::string& agent, const std::string& label,
                      const AttributeList& agent_attributes) {
      return FillTabularRegretConfig(choice.attributes, shape, agent, label, num_episodes,
                                     agent_attributes,
                                     absl::StrCat("field 'num_episodes' = ", num_episodes, " on ",
                                                  env, " (S A H = ", shape.StateActionSteps(), ")"),
                                     config);
    };
    TabularAgentSettings settings;
    settings.num_episodes = num_episodes;
    settings.failure_probability = failure_probability;
    for (const std::string& agent : reference_agents) {
      ConfigSpec config;
      config.group_name = absl::StrCat(env, "-", agent);
      const TabularAgentType& type = *FindTabularAgent(agent);
      RETURN_IF_ERROR(common(config, agent, type.label, type.attributes(settings)));
      configs.push_back(config);
    }
    auto add_pucb = [&](double privacy_epsilon, PucbErrorBoundMethod method) -> absl::Status {
      PucbOptions options;
      options.privacy_epsilon = privacy_epsilon;
      options.failure_probability = failure_probability;
      options.num_episodes = num_episodes;
      options.error_bound_method = method;
      const bool exact = method == PucbErrorBoundMethod::kExactTail;
      absl::StatusOr<AttributeList> pucb_attributes = PucbAttributes(shape, options);
      if (!pucb_attributes.ok()) {
        // The user chose the bound by the list the value is in: name that list, and point to
        // the other one where it would accept the value.
        PucbOptions exact_options = options;
        exact_options.error_bound_method = PucbErrorBoundMethod::kExactTail;
        const bool exact_accepts = !exact && CheckedPucbErrorBound(shape, exact_options).ok();
        // A failure probability below the usual one that the bound cannot take at an eps it
        // takes otherwise: name that field.
        PucbOptions usual_options = options;
        usual_options.failure_probability = ForScale(Scale::kDefault).failure_probability;
        if (failure_probability < usual_options.failure_probability &&
            PucbAttributes(shape, usual_options).ok()) {
          return absl::InvalidArgumentError(absl::StrCat(
              "field 'failure_probability' = ", failure_probability, " with num_episodes = ",
              num_episodes, " and ", exact ? "exact_tail_privacy_epsilons" : "privacy_epsilons",
              " value ", privacy_epsilon, " on ", env, ": ", pucb_attributes.status().message(),
              " (a larger failure_probability is accepted)"));
        }
        return absl::InvalidArgumentError(absl::StrCat(
            "field '", exact ? "exact_tail_privacy_epsilons" : "privacy_epsilons", "' value ",
            privacy_epsilon, " with num_episodes = ", num_episodes, " and failure_probability = ",
            failure_probability, " on ", env, ": ", pucb_attributes.status().message(),
            exact_accepts ? " (list the value in 'exact_tail_privacy_epsilons' instead)" : ""));
      }
      ConfigSpec pucb;
      pucb.group_name = absl::StrCat(env, "-pucb", exact ? "-exact" : "",
                                     "-eps=", GroupNameNumber(privacy_epsilon));
      const std::string label = PrivateAgentLabel(FindTabularAgent("pucb")->label, privacy_epsilon,
                                                  exact ? "exact-tail E" : "");
      RETURN_IF_ERROR(common(pucb, "pucb", label, *pucb_attributes));
      configs.push_back(pucb);
      return absl::OkStatus();
    };
    for (double privacy_epsilon : privacy_epsilons) {
      RETURN_IF_ERROR(add_pucb(privacy_epsilon, PucbErrorBoundMethod::kPaper));
    }
    for (double privacy_epsilon : exact_tail_privacy_epsilons) {
      RETURN_IF_ERROR(add_pucb(privacy_epsilon, PucbErrorBoundMethod::kExactTail));
    }
  }
  return configs;
}

namespace {

// //experiments:vietri_fig — regret of PUCB vs UBEV (Vietri et al. 2020).
//   bazel run //experiments:vietri_fig -- --scale=default
//   mpirun -np 64 bazel-bin/experiments/vietri_fig --scale=paper --out=/shared/vietri
const bool kRegistered = RegisterExperiment(
    {/*order=*/10,
     /*paper_result=*/"Vietri et al. 2020, Thm. 4 / Sec. 5: regret of PUCB and UBEV",
     /*definition=*/
     {experiment_names::kVietriFig,
      "Vietri et al. 2020: cumulative regret of UBEV and PUCB (Alg. 2-3) at several privacy levels "
      "on RiverSwim and a random Dirichlet MDP",
      /*default seeds at smoke, default, paper=*/2, 4, 20, MakeTypedGrid<VietriGrid>,
      RunTabularRegretTask},
     // The regimes of the claims (claims_profile.h): the privacy cost's eps window past the
     // burn-in, with the small eps where it dominates in the full profile.
     /*claims_profiles=*/
     {/*claims=*/{
          Scale::kDefault,
          /*seeds=*/20,
          {{"num_episodes", int64_t{10000000}},
           {"privacy_epsilons", std::vector<double>{10, 30, 100, 300, 1000, 3000, 10000, 30000}},
           {"exact_tail_privacy_epsilons", std::vector<double>{1000}}}},
      /*claims_reduced=*/{Scale::kDefault,
                          /*seeds=*/20,
                          {{"privacy_epsilons", std::vector<double>{1000, 3000, 10000, 30000}},
                           {"exact_tail_privacy_epsilons", std::vector<double>{1000}}}}}});

}  // namespace

}  // namespace dprl
