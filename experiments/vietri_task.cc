#include "experiments/vietri_task.h"

#include <cmath>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/tabular/pucb.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "envs/tabular_mdp.h"
#include "experiments/grid_validation.h"
#include "experiments/tabular_task.h"

namespace dprl {
namespace {

constexpr char kRiverSwim[] = "riverswim";
constexpr char kRandomMdp[] = "random_mdp";

}  // namespace

VietriGrid VietriGrid::ForScale(Scale scale) {
  VietriGrid grid;
  grid.environments = {kRiverSwim, kRandomMdp};
  grid.riverswim_num_states = 4;
  grid.riverswim_horizon = 5;
  grid.riverswim_reward_model = RewardModelName(RewardModel::kDeterministic);
  grid.random_mdp_num_states = 4;
  grid.random_mdp_num_actions = 2;
  grid.random_mdp_horizon = 4;
  grid.reference_agents = {"ubev", "pucb_noiseless"};
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
  fields.Add("num_episodes", &num_episodes, "episodes T of every run (>= 1)");
  fields.Add("environments", &environments,
             "environments, each run with every agent: riverswim (envs/riverswim.h, 2 actions), "
             "random_mdp (a Dirichlet MDP drawn once from --master_seed, Bernoulli rewards)");
  fields.Add("riverswim.num_states", &riverswim_num_states, "RiverSwim chain length S (>= 2)");
  fields.Add("riverswim.horizon", &riverswim_horizon, "RiverSwim episode length H (>= 1)");
  fields.Add("riverswim.reward_model", &riverswim_reward_model,
             "RiverSwim rewards: deterministic (as TabulaRL runs it) | bernoulli");
  fields.Add("random_mdp.num_states", &random_mdp_num_states, "random MDP states S (>= 1)");
  fields.Add("random_mdp.num_actions", &random_mdp_num_actions, "random MDP actions A (>= 1)");
  fields.Add("random_mdp.horizon", &random_mdp_horizon, "random MDP episode length H (>= 1)");
  fields.Add("reference_agents", &reference_agents,
             "non-private references: ubev (Dann et al. 2017 as published), pucb_noiseless "
             "(PUCB's planner on exact counts, eps = infinity)");
  fields.Add("privacy_epsilons", &privacy_epsilons,
             "PUCB (Alg. 2-3) with the paper's E_eps at each eps (> 0; eps-JDP, add/remove one "
             "user's episode; 2 eps under replacement)");
  fields.Add("exact_tail_privacy_epsilons", &exact_tail_privacy_epsilons,
             "PUCB with the exact-tail E (same counters and privacy, a tighter E) at each eps");
  fields.Add("failure_probability", &failure_probability,
             "beta of PUCB and pucb_noiseless, delta of UBEV, in (0, 1)");
}

absl::StatusOr<std::vector<ConfigSpec>> VietriGrid::MakeConfigs() const {
  RETURN_IF_ERROR(ValidateFieldAtLeast("num_episodes", num_episodes, 1));
  RETURN_IF_ERROR(ValidateChoices("environments", environments, {kRiverSwim, kRandomMdp}));
  RETURN_IF_ERROR(
      ValidateChoices("reference_agents", reference_agents, {"ubev", "pucb_noiseless"}));
  RETURN_IF_ERROR(ValidateEachFinitePositive("privacy_epsilons", privacy_epsilons));
  RETURN_IF_ERROR(
      ValidateEachFinitePositive("exact_tail_privacy_epsilons", exact_tail_privacy_epsilons));
  RETURN_IF_ERROR(
      ValidateOpenUnitInterval(GridFieldName("failure_probability"), failure_probability));
  std::vector<ConfigSpec> configs;
  for (const std::string& env : environments) {
    const bool riverswim = env == kRiverSwim;
    TabularShape shape;
    RewardModel reward_model = RewardModel::kBernoulli;
    if (riverswim) {
      absl::StatusOr<RewardModel> parsed = ParseRewardModel(riverswim_reward_model);
      if (!parsed.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat("field 'riverswim.reward_model': ", parsed.status().message()));
      }
      reward_model = *parsed;
      shape = {static_cast<int>(riverswim_num_states), 2, static_cast<int>(riverswim_horizon)};
    } else {
      shape = {static_cast<int>(random_mdp_num_states), static_cast<int>(random_mdp_num_actions),
               static_cast<int>(random_mdp_horizon)};
    }
    // The environment's own checks, with the field group named (e.g. riverswim.num_states).
    if (absl::StatusOr<TabularMdp> mdp = MakeTabularEnvironment(
            env, shape.num_states, shape.num_actions, shape.horizon, 0, reward_model);
        !mdp.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("fields '", env, ".*': ", mdp.status().message()));
    }
    auto common = [&](ConfigSpec& config, const std::string& agent, double cost_factor) {
      config.attributes = {{"env", env},
                           {"agent", agent},
                           {"reward_model", RewardModelName(reward_model)},
                           {"num_states", int64_t{shape.num_states}},
                           {"num_actions", int64_t{shape.num_actions}},
                           {"horizon", int64_t{shape.horizon}},
                           {"num_episodes", num_episodes},
                           {"failure_probability", failure_probability}};
      config.estimated_core_seconds = TabularTaskCoreSeconds(shape, num_episodes, cost_factor);
      config.stored_values_per_seed = TabularRegretValuesPerSeed(num_episodes);
    };
    for (const std::string& agent : reference_agents) {
      ConfigSpec config;
      config.group_name = absl::StrCat(env, "-", agent);
      common(config, agent, 1.0);
      configs.push_back(config);
    }
    auto add_pucb = [&](double privacy_epsilon, PucbErrorBoundMethod method) {
      PucbOptions options;
      options.privacy_epsilon = privacy_epsilon;
      options.failure_probability = failure_probability;
      options.num_episodes = num_episodes;
      options.error_bound_method = method;
      ConfigSpec pucb;
      pucb.group_name = absl::StrFormat("%s-pucb%s-eps=%g", env,
                                        method == PucbErrorBoundMethod::kExactTail ? "-exact" : "",
                                        privacy_epsilon);
      common(pucb, "pucb", kPucbCostFactor);
      pucb.attributes.push_back({"privacy_epsilon", privacy_epsilon});
      pucb.attributes.push_back({"e_eps_bound", PucbErrorBoundMethodName(method)});
      for (auto& attribute : PucbGuaranteeAttributes(shape, options)) {
        pucb.attributes.push_back(std::move(attribute));
      }
      configs.push_back(pucb);
    };
    for (double privacy_epsilon : privacy_epsilons) {
      add_pucb(privacy_epsilon, PucbErrorBoundMethod::kPaper);
    }
    for (double privacy_epsilon : exact_tail_privacy_epsilons) {
      add_pucb(privacy_epsilon, PucbErrorBoundMethod::kExactTail);
    }
  }
  return configs;
}

absl::StatusOr<std::vector<ConfigSpec>> MakeVietriConfigs(Scale scale) {
  return VietriGrid::ForScale(scale).MakeConfigs();
}

absl::StatusOr<TaskResult> RunVietriTask(const ConfigSpec& config, const TaskContext& context) {
  return RunTabularRegretTask(config, context);
}

ExperimentDefinition VietriExperiment() {
  ExperimentDefinition experiment;
  experiment.name = "vietri_fig";
  experiment.description =
      "Vietri et al. 2020: cumulative regret of UBEV and PUCB (Alg. 2-3) at several privacy "
      "levels on RiverSwim and a random Dirichlet MDP";
  experiment.default_seeds_smoke = 2;
  experiment.default_seeds_default = 4;
  experiment.default_seeds_paper = 20;
  experiment.make_grid = MakeTypedGrid<VietriGrid>;
  experiment.run_task = RunVietriTask;
  experiment.analysis_binary = "analysis/regret_figure";
  return experiment;
}

}  // namespace dprl
