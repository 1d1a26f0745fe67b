#include "experiments/chowdhury_zhou/jdp_tabular_task.h"

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "algorithms/tabular/pucb.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "experiments/chowdhury_zhou/jdp_tabular_task_names.h"
#include "experiments/core/experiment_registry.h"
#include "experiments/core/grid_validation.h"
#include "experiments/tabular/agents/private_ucbvi.h"
#include "experiments/tabular/agents/pucb.h"
#include "experiments/tabular/tabular_registry.h"
#include "experiments/tabular/tabular_task.h"
#include "schema/option_binding.h"

namespace dprl {
namespace {

constexpr char kPucb[] = "pucb";
constexpr char kPucbExactTail[] = "pucb_exact_tail";
constexpr char kPrivateUcbvi[] = "private_ucbvi";

// The private agent `variant` at `privacy_epsilon` (add_remove): its registered agent name, the
// qualifier of its legend, the suffix of its group name and its attributes (its
// options through its registered binding, then the guarantee: replacement eps, eps', E). Errors
// are those its Create would return.
struct PrivateConfig {
  std::string agent;
  std::string qualifier;
  std::string group_suffix;
  AttributeList attributes;
};

absl::StatusOr<PrivateConfig> MakePrivateConfig(const std::string& variant, double privacy_epsilon,
                                                const TabularShape& shape,
                                                const TabularAgentSettings& settings) {
  PrivateConfig config;
  if (variant == kPrivateUcbvi) {
    ASSIGN_OR_RETURN(config.attributes, PrivateUcbviAttributes(shape, privacy_epsilon, settings));
    config.agent = kPrivateUcbvi;
    config.group_suffix = kPrivateUcbvi;
    return config;
  }
  PucbOptions options;
  options.privacy_epsilon = privacy_epsilon;
  options.failure_probability = settings.failure_probability;
  options.num_episodes = settings.num_episodes;
  const bool exact = variant == kPucbExactTail;
  options.error_bound_method =
      exact ? PucbErrorBoundMethod::kExactTail : PucbErrorBoundMethod::kPaper;
  ASSIGN_OR_RETURN(config.attributes, PucbAttributes(shape, options));
  config.agent = kPucb;
  config.qualifier = exact ? "exact-tail E" : "";
  config.group_suffix = exact ? "pucb-exact" : "pucb";
  return config;
}

}  // namespace

std::vector<std::string> JdpTabularPrivateAgentNames() {
  return {kPucb, kPucbExactTail, kPrivateUcbvi};
}

JdpTabularGrid JdpTabularGrid::ForScale(Scale scale) {
  JdpTabularGrid grid;
  grid.environments = {"riverswim", "random_mdp"};
  grid.environment_parameters = TabularEnvironmentFields::Defaults();
  grid.reference_agents = {"ucbvi", "pucb_noiseless"};
  grid.private_agents = JdpTabularPrivateAgentNames();
  grid.failure_probability = 0.05;
  switch (scale) {
    case Scale::kSmoke:
      grid.num_episodes = 2000;
      grid.privacy_epsilons = {10, 1000};
      break;
    case Scale::kDefault:
      grid.num_episodes = 50000;
      grid.privacy_epsilons = {10, 100, 1000, 10000, 100000};
      break;
    case Scale::kPaper:
      grid.num_episodes = 1000000;
      grid.privacy_epsilons = {1, 10, 100, 1000, 10000, 100000};
      break;
  }
  return grid;
}

void JdpTabularGrid::BindFields(ConfigFields& fields) {
  fields.Add("num_episodes", &num_episodes, "episodes K of every run (1 to 1e18)");
  fields.Add("environments", &environments,
             "environments, each run with every agent: riverswim (envs/riverswim.h, 2 actions), "
             "random_mdp (a Dirichlet MDP drawn once from --master_seed, Bernoulli rewards)");
  environment_parameters.BindFields(fields);
  fields.Add("reference_agents", &reference_agents,
             absl::StrCat("non-private reference agents, any of: ", TabularReferenceAgentsDoc()));
  fields.Add("private_agents", &private_agents,
             "private agents, each run at every privacy_epsilons value: pucb (Vietri et al. 2020, "
             "Alg. 2-3, Alg. 3's E_eps), pucb_exact_tail (the same with the exact-tail E), "
             "private_ucbvi (Chowdhury & Zhou 2022, Private-UCB-VI)");
  fields.Add("privacy_epsilons", &privacy_epsilons,
             "eps of every private agent (> 0; eps-JDP, add/remove one user's episode; 2 eps "
             "under replacement)");
  fields.Add("failure_probability", &failure_probability,
             "beta of PUCB and pucb_noiseless, delta of UCB-VI and Private-UCB-VI, in [1e-50, 1)");
}

absl::StatusOr<std::vector<ConfigSpec>> JdpTabularGrid::MakeConfigs() const {
  RETURN_IF_ERROR(ValidateEpisodeCount("num_episodes", num_episodes));
  RETURN_IF_ERROR(ValidateChoices("environments", environments, TabularEnvironmentFields::Names()));
  RETURN_IF_ERROR(
      ValidateChoices("reference_agents", reference_agents, TabularReferenceAgentNames()));
  RETURN_IF_ERROR(ValidateChoices("private_agents", private_agents, JdpTabularPrivateAgentNames()));
  RETURN_IF_ERROR(ValidateEachFinitePositive("privacy_epsilons", privacy_epsilons));
  RETURN_IF_ERROR(ValidateGridFailureProbability("failure_probability", failure_probability));
  TabularAgentSettings settings;
  settings.num_episodes = num_episodes;
  settings.failure_probability = failure_probability;
  std::vector<ConfigSpec> configs;
  for (const std::string& env : environments) {
    ASSIGN_OR_RETURN(const TabularEnvironmentChoice choice, environment_parameters.Resolve(env));
    const TabularShape& shape = choice.shape;
    auto add = [&](const std::string& group, const std::string& agent, const std::string& label,
                   const AttributeList& agent_attributes) {
      return AddTabularRegretConfig(choice, num_episodes, group, agent, label, agent_attributes,
                                    configs);
    };
    for (const std::string& agent : reference_agents) {
      const TabularAgentType& type = *FindTabularAgent(agent);
      RETURN_IF_ERROR(add(agent, agent, type.label, type.attributes(settings)));
    }
    for (const std::string& variant : private_agents) {
      for (double privacy_epsilon : privacy_epsilons) {
        absl::StatusOr<PrivateConfig> config =
            MakePrivateConfig(variant, privacy_epsilon, shape, settings);
        if (!config.ok()) {
          return absl::InvalidArgumentError(absl::StrCat(
              "field 'privacy_epsilons' value ", privacy_epsilon, " for private agent ", variant,
              " with num_episodes = ", num_episodes, " and failure_probability = ",
              failure_probability, " on ", env, ": ", config.status().message()));
        }
        const std::string label = PrivateAgentLabel(FindTabularAgent(config->agent)->label,
                                                    privacy_epsilon, config->qualifier);
        RETURN_IF_ERROR(
            add(absl::StrCat(config->group_suffix, "-eps=", GroupNameNumber(privacy_epsilon)),
                config->agent, label, config->attributes));
      }
    }
  }
  return configs;
}

namespace {

// //experiments:jdp_tabular_fig — regret of Private-UCB-VI and PUCB at matched eps-JDP
// (Chowdhury & Zhou 2022, Table 1).
//   bazel run //experiments:jdp_tabular_fig -- --scale=default
//   mpirun -np 64 bazel-bin/experiments/jdp_tabular_fig --scale=paper --out=/shared/jdp_tabular
const bool kRegistered = RegisterExperiment(
    {/*order=*/70,
     /*paper_result=*/
     "Chowdhury & Zhou 2022, Table 1: regret of Private-UCB-VI and PUCB at matched eps-JDP",
     /*definition=*/
     {experiment_names::kJdpTabularFig,
      "Chowdhury & Zhou 2022, Table 1: cumulative regret of Private-UCB-VI and PUCB at matched "
      "eps-JDP (add/remove) beside UCB-VI and PUCB on exact counts, on RiverSwim and a random "
      "Dirichlet MDP",
      /*default seeds at smoke, default, paper=*/2, 4, 20, MakeTypedGrid<JdpTabularGrid>,
      RunTabularRegretTask},
     // The regimes of the claims (claims_profile.h): 20 seeds; K = 3e6 so that Table 1's shape
     // (log factors evaluated, constant 1) is below H k from k = K/10 for both agents on both
     // environments (the exponent claims), and eps down to 1, where the privacy cost may dominate
     // the references' regret (the eps claims). No pilot at this K
     // (docs/claims_preregistration.md).
     /*claims_profiles=*/
     {/*claims=*/{
          Scale::kDefault,
          /*seeds=*/20,
          {{"num_episodes", int64_t{3000000}},
           {"privacy_epsilons", std::vector<double>{1, 3, 10, 30, 100, 1000, 10000, 100000}}}},
      /*claims_reduced=*/{Scale::kDefault, /*seeds=*/20, {}}}});

}  // namespace

}  // namespace dprl
