#include "experiments/vietri_lower_bound_task.h"

#include <memory>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/tabular/episode_loop.h"
#include "algorithms/tabular/pucb.h"
#include "common/hdf5_names.h"
#include "envs/value_iteration.h"
#include "experiments/episode_grid.h"
#include "experiments/tabular_task.h"

namespace dprl {
namespace {

constexpr double kFailureProbability = 0.05;  // beta of UBEV and PUCB
constexpr double kAlphaPrime = 0.5;           // alpha' of every instance (largest allowed gap)

struct InstanceChoice {
  int num_initial_states;  // n
  int num_arms;            // m
  int rewarded_horizon;    // H
};

// One agent variant = one curve per instance. Private variants get one config per eps.
struct AgentVariant {
  std::string name;   // agent_variant attribute and group-name part
  std::string agent;  // agent attribute (MakeTabularAgent)
  bool is_private;
  std::vector<std::pair<std::string, AttributeValue>> extra_attributes;
};

// The compared agents: UBEV, PUCB with the paper's E_eps, PUCB with the exact-tail E
// (PucbOptions::error_bound_method, read by PucbOptionsFromConfig in tabular_task.cc).
std::vector<AgentVariant> AgentVariants() {
  return {
      {"ubev", "ubev", false, {}},
      {"pucb_noiseless", "pucb_noiseless", false, {}},
      {"pucb", "pucb", true, {{hdf5_names::kErrorBoundMethod, std::string("paper")}}},
      {"pucb_exact_tail",
       "pucb",
       true,
       {{hdf5_names::kErrorBoundMethod, std::string("exact_tail")}}},
  };
}

struct Grid {
  int64_t episodes;
  std::vector<double> privacy_epsilons;
  std::vector<InstanceChoice> instances;
};

Grid GridFor(Scale scale) {
  switch (scale) {
    case Scale::kSmoke:
      return {2000, {1000, 10000}, {{2, 1, 2}}};
    case Scale::kDefault:
      return {200000, {1000, 3000, 10000, 30000, 100000}, {{2, 1, 2}, {3, 2, 2}}};
    case Scale::kPaper:
      return {10000000,
              {30, 100, 300, 1000, 3000, 10000, 30000, 100000},
              {{2, 1, 2}, {3, 2, 2}, {4, 2, 3}}};
  }
  return {0, {}, {}};
}

// Per-episode cost relative to UBEV: PUCB feeds all 2SAH + S^2AH counters every episode.
double RelativeCost(const AgentVariant& variant, const InstanceChoice& instance) {
  if (!variant.is_private) return 1.0;
  const int S = instance.num_initial_states + 2;
  return 1.0 + 0.05 * S * S * (instance.num_arms + 1) * (instance.rewarded_horizon + 1);
}

}  // namespace

absl::StatusOr<std::vector<ConfigSpec>> MakeVietriLowerBoundConfigs(Scale scale) {
  const Grid grid = GridFor(scale);
  std::vector<ConfigSpec> configs;
  for (const InstanceChoice& instance : grid.instances) {
    const int n = instance.num_initial_states, m = instance.num_arms;
    const int H = instance.rewarded_horizon;
    const std::string env = absl::StrFormat("lower_bound_n%d_m%d_H%d", n, m, H);
    const TabularShape shape{n + 2, m + 1, H + 1};
    const double alpha_unit = H * kAlphaPrime / (2.0 * n);
    for (const AgentVariant& variant : AgentVariants()) {
      ConfigSpec base;
      base.attributes = {{"env", env},
                         {"env_family", std::string("lower_bound")},
                         {"num_initial_states", int64_t{n}},
                         {"num_arms", int64_t{m}},
                         {"rewarded_horizon", int64_t{H}},
                         {"alpha_prime", kAlphaPrime},
                         {"num_states", int64_t{shape.num_states}},
                         {"num_actions", int64_t{shape.num_actions}},
                         {"horizon", int64_t{shape.horizon}},
                         {"num_episodes", grid.episodes},
                         {"failure_probability", kFailureProbability},
                         {"agent", variant.agent},
                         {"agent_variant", variant.name},
                         {"pac_alpha", alpha_unit * kPacAlphaMultipliers[kPacAlphaFixedIndex]},
                         {"pac_alpha_unit", alpha_unit}};
      for (const auto& attribute : variant.extra_attributes) base.attributes.push_back(attribute);
      base.relative_cost = RelativeCost(variant, instance);
      if (!variant.is_private) {
        base.group_name = absl::StrCat(env, "-", variant.name);
        configs.push_back(std::move(base));
        continue;
      }
      for (double privacy_epsilon : grid.privacy_epsilons) {
        ConfigSpec config = base;
        config.group_name = absl::StrFormat("%s-%s-eps=%g", env, variant.name, privacy_epsilon);
        config.attributes.push_back({"privacy_epsilon", privacy_epsilon});
        absl::StatusOr<PucbOptions> options = PucbOptionsFromConfig(config);
        if (!options.ok()) return options.status();
        for (auto& attribute : PucbGuaranteeAttributes(shape, *options)) {
          config.attributes.push_back(std::move(attribute));
        }
        configs.push_back(std::move(config));
      }
    }
  }
  return configs;
}

absl::StatusOr<TaskResult> RunVietriLowerBoundTask(const ConfigSpec& config,
                                                   const TaskContext& context) {
  absl::StatusOr<LowerBoundEnvironment> environment =
      MakeLowerBoundEnvironment(config, context.master_seed);
  if (!environment.ok()) return environment.status();
  absl::StatusOr<std::string> env = Attribute<std::string>(config, "env");
  absl::StatusOr<int64_t> episodes = Attribute<int64_t>(config, "num_episodes");
  absl::StatusOr<double> alpha_unit = Attribute<double>(config, "pac_alpha_unit");
  for (const absl::Status& status : {env.status(), episodes.status(), alpha_unit.status()}) {
    if (!status.ok()) return status;
  }
  const TabularMdp& mdp = environment->mdp;
  const TabularShape shape{mdp.num_states(), mdp.num_actions(), mdp.horizon()};
  absl::StatusOr<std::unique_ptr<TabularAgent>> agent = MakeTabularAgent(config, shape, context);
  if (!agent.ok()) return agent.status();

  std::vector<double> alphas;
  for (double multiplier : kPacAlphaMultipliers) alphas.push_back(*alpha_unit * multiplier);
  CumulativeOnGrid regret(*episodes);
  absl::StatusOr<EpisodeLoopResult> run = RunEpisodes(
      mdp, **agent, *episodes,
      TaskStream(context.master_seed, StableHash(*env), context.seed_index,
                 StreamPurpose::kEnvironment),
      TaskStream(context.master_seed, StableHash(config.group_name), context.seed_index,
                 StreamPurpose::kPolicy),
      [&](double fraction) { context.progress->Update(fraction); }, alphas,
      [&](double value) { regret.Add(value); });
  if (!run.ok()) return run.status();

  std::vector<double> counts, settled, instance;
  for (const PacMeasurement& pac : run->pac) {
    counts.push_back(static_cast<double>(pac.non_alpha_optimal_episodes));
    settled.push_back(static_cast<double>(pac.alpha_optimal_from_episode));
  }
  for (int arm : environment->instance) instance.push_back(arm);
  TaskResult result = RegretOnGridResult(regret, run->total_regret);
  result.series.push_back({hdf5_names::kPacAlphaGrid, alphas});
  result.series.push_back({hdf5_names::kNonAlphaOptimalEpisodes, std::move(counts)});
  result.series.push_back({hdf5_names::kAlphaOptimalFromEpisode, std::move(settled)});
  result.series.push_back({hdf5_names::kInstance, std::move(instance)});
  result.scalars.push_back({hdf5_names::kFirstEpisodeBonusBelowHorizon,
                            static_cast<double>(run->first_episode_below_cap)});
  result.scalars.push_back({hdf5_names::kOptimalValue, SolveOptimal(mdp).initial_value});
  return result;
}

ExperimentDefinition VietriLowerBoundExperiment() {
  ExperimentDefinition experiment;
  experiment.name = "vietri_lower_bound_fig";
  experiment.description =
      "Vietri et al. 2020: non-alpha-optimal episodes (PAC) and regret of UBEV and PUCB on the "
      "lower-bound MDP family (Sec. 6.2, Fig. 1) against the Thm. 3/5/6 shapes";
  experiment.default_seeds_smoke = 2;
  experiment.default_seeds_default = 3;
  experiment.default_seeds_paper = 20;
  experiment.make_configs = MakeVietriLowerBoundConfigs;
  experiment.run_task = RunVietriLowerBoundTask;
  experiment.analysis_binary = "analysis/vietri_lower_bound_figure";
  return experiment;
}

}  // namespace dprl
