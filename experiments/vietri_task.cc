#include "experiments/vietri_task.h"

#include <cmath>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/tabular/pucb.h"
#include "common/hdf5_names.h"
#include "experiments/tabular_task.h"

namespace dprl {
namespace {

constexpr double kFailureProbability = 0.05;  // beta for UBEV and PUCB

struct EnvChoice {
  std::string name;  // "riverswim" or "random_mdp"
  int num_states, num_actions, horizon;
  // RiverSwim's rewards (deterministic, as TabulaRL runs it); random_mdp draws Bernoulli rewards.
  RewardModel reward_model;
};

// RiverSwim as in Osband et al. 2013 but with a shorter chain and horizon, so that E_eps
// (which grows like H) is reachable within T; the random MDP is small for the same reason.
std::vector<EnvChoice> Environments() {
  return {{"riverswim", 4, 2, 5, RewardModel::kDeterministic},
          {"random_mdp", 4, 2, 4, RewardModel::kBernoulli}};
}

struct Grid {
  int64_t episodes;
  std::vector<double> privacy_epsilons;  // PUCB with the paper's E_eps
  std::vector<double>
      exact_tail_epsilons;  // PUCB with the exact-tail E (same privacy, a tighter E)
};

Grid GridFor(Scale scale) {
  switch (scale) {
    case Scale::kSmoke:
      return {3000, {10, 1000}, {10}};
    case Scale::kDefault:
      return {300000, {1, 10, 100, 1000, 10000}, {1, 10, 100, 1000}};
    case Scale::kPaper:
      return {10000000, {0.1, 1, 10, 100, 1000, 10000}, {0.1, 1, 10, 100, 1000}};
  }
  return {0, {}, {}};
}

}  // namespace

absl::StatusOr<std::vector<ConfigSpec>> MakeVietriConfigs(Scale scale) {
  const Grid grid = GridFor(scale);
  std::vector<ConfigSpec> configs;
  for (const EnvChoice& env : Environments()) {
    const TabularShape shape{env.num_states, env.num_actions, env.horizon};
    auto common = [&](ConfigSpec& config, const std::string& agent) {
      config.attributes = {{"env", env.name},
                           {"agent", agent},
                           {"reward_model", RewardModelName(env.reward_model)},
                           {"num_states", int64_t{env.num_states}},
                           {"num_actions", int64_t{env.num_actions}},
                           {"horizon", int64_t{env.horizon}},
                           {"num_episodes", grid.episodes},
                           {"failure_probability", kFailureProbability}};
    };
    // The non-private references: UBEV as published (Dann et al. 2017) and PUCB's own planner on
    // exact counts ("PUCB at eps = infinity").
    for (const char* agent : {"ubev", "pucb_noiseless"}) {
      ConfigSpec config;
      config.group_name = absl::StrCat(env.name, "-", agent);
      common(config, agent);
      config.relative_cost = 1.0;
      configs.push_back(config);
    }
    auto add_pucb = [&](double privacy_epsilon, PucbErrorBoundMethod method) {
      PucbOptions options;
      options.privacy_epsilon = privacy_epsilon;
      options.failure_probability = kFailureProbability;
      options.num_episodes = grid.episodes;
      options.error_bound_method = method;
      ConfigSpec pucb;
      pucb.group_name = absl::StrFormat("%s-pucb%s-eps=%g", env.name,
                                        method == PucbErrorBoundMethod::kExactTail ? "-exact" : "",
                                        privacy_epsilon);
      common(pucb, "pucb");
      pucb.attributes.push_back({"privacy_epsilon", privacy_epsilon});
      pucb.attributes.push_back({hdf5_names::kErrorBoundMethod, PucbErrorBoundMethodName(method)});
      for (auto& attribute : PucbGuaranteeAttributes(shape, options)) {
        pucb.attributes.push_back(std::move(attribute));
      }
      pucb.relative_cost = 4.0;
      configs.push_back(pucb);
    };
    for (double privacy_epsilon : grid.privacy_epsilons) {
      add_pucb(privacy_epsilon, PucbErrorBoundMethod::kPaper);
    }
    for (double privacy_epsilon : grid.exact_tail_epsilons) {
      add_pucb(privacy_epsilon, PucbErrorBoundMethod::kExactTail);
    }
  }
  return configs;
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
  experiment.make_configs = MakeVietriConfigs;
  experiment.run_task = RunVietriTask;
  experiment.analysis_binary = "analysis/regret_figure";
  return experiment;
}

}  // namespace dprl
