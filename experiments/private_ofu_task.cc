#include "experiments/private_ofu_task.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/lqr/lq_episode_loop.h"
#include "algorithms/lqr/ofu_agent.h"
#include "algorithms/lqr/private_ofu_params.h"
#include "common/hdf5_names.h"
#include "envs/lq_system.h"
#include "experiments/episode_grid.h"
#include "experiments/tabular_task.h"

namespace dprl {
namespace {

constexpr double kTargetDelta = 1e-5;
constexpr double kConfidenceAlpha = 0.05;
constexpr double kRegularizer = 1.0;  // lambda of non-private OFU-RL

struct Grid {
  int64_t episodes;
  int horizon;
  std::vector<std::string> systems;
  std::vector<double> privacy_epsilons;
};

Grid GridFor(Scale scale) {
  switch (scale) {
    case Scale::kSmoke:
      return {64, 5, {"chain_n2", "rotation_n2"}, {1, 1000}};
    case Scale::kDefault:
      return {4096, 5, {"chain_n2", "rotation_n2"}, {1, 100, 1e4, 1e6}};
    case Scale::kPaper:
      return {65536,
              5,
              {"chain_n2", "rotation_n2", "chain_n4", "rotation_n4"},
              {0.1, 1, 10, 100, 1e3, 1e4, 1e6}};
  }
  return {0, 0, {}, {}};
}

LqAgentOptions AgentOptions(const LqSystem& system, LqAgentKind kind, int64_t episodes,
                            double privacy_epsilon) {
  LqAgentOptions o;
  o.kind = kind;
  o.regularizer = kRegularizer;
  o.privacy.privacy_epsilon = privacy_epsilon;
  o.privacy.target_delta = kTargetDelta;
  o.privacy.episodes = episodes;
  o.privacy.horizon = system.horizon();
  o.privacy.control_bound = system.control_bound();
  o.privacy.state_dim = system.state_dim();
  o.privacy.control_dim = system.control_dim();
  o.privacy.noise_bound = system.noise_bound();
  o.privacy.confidence_alpha = kConfidenceAlpha;
  return o;
}

absl::StatusOr<LqAgentKind> ParseKind(const std::string& name) {
  for (LqAgentKind kind :
       {LqAgentKind::kOfu, LqAgentKind::kPrivateOfu, LqAgentKind::kPrivateCertaintyEquivalence}) {
    if (name == LqAgentKindName(kind)) return kind;
  }
  return absl::InvalidArgumentError(absl::StrCat("unknown agent '", name, "'"));
}

}  // namespace

absl::StatusOr<std::vector<ConfigSpec>> MakePrivateOfuConfigs(Scale scale) {
  const Grid grid = GridFor(scale);
  std::vector<ConfigSpec> configs;
  for (const std::string& name : grid.systems) {
    absl::StatusOr<LqSystem> system = MakeNamedLqSystem(name, grid.horizon);
    if (!system.ok()) return system.status();
    auto common = [&](ConfigSpec& config, LqAgentKind kind) {
      config.attributes = {{"env", name},
                           {"agent", std::string(LqAgentKindName(kind))},
                           {"state_dim", int64_t{system->state_dim()}},
                           {"control_dim", int64_t{system->control_dim()}},
                           {"horizon", int64_t{grid.horizon}},
                           {"num_episodes", grid.episodes},
                           {"control_bound_gamma", system->control_bound()},
                           {"noise_bound_C_w", system->noise_bound()},
                           {"confidence_alpha", kConfidenceAlpha}};
    };
    ConfigSpec ofu;
    ofu.group_name = absl::StrCat(name, "-ofu_rl");
    common(ofu, LqAgentKind::kOfu);
    ofu.attributes.push_back({"regularizer_lambda", kRegularizer});
    ofu.relative_cost = 3.0;
    configs.push_back(ofu);
    for (double eps : grid.privacy_epsilons) {
      for (LqAgentKind kind :
           {LqAgentKind::kPrivateOfu, LqAgentKind::kPrivateCertaintyEquivalence}) {
        const LqAgentOptions o = AgentOptions(*system, kind, grid.episodes, eps);
        absl::StatusOr<PrivateOfuParams> params = ComputePrivateOfuParams(o.privacy);
        if (!params.ok()) return params.status();
        ConfigSpec c;
        c.group_name = absl::StrFormat("%s-%s-eps=%.0f", name, LqAgentKindName(kind), eps);
        common(c, kind);
        c.attributes.push_back({"privacy_epsilon", eps});
        c.attributes.push_back({"target_delta", kTargetDelta});
        c.attributes.push_back(
            {"neighbour", std::string(EpisodeNeighbourName(o.privacy.neighbour))});
        c.attributes.push_back({"tree_levels_m", int64_t{params->levels}});
        c.attributes.push_back({"sigma_1", params->sigma1});
        c.attributes.push_back({"sigma_2", params->sigma2});
        c.attributes.push_back({"Lambda", params->big_lambda});
        c.attributes.push_back({"eta", params->eta});
        c.attributes.push_back({"nu", params->nu});
        c.relative_cost = kind == LqAgentKind::kPrivateOfu ? 3.0 : 1.0;
        configs.push_back(c);
      }
    }
  }
  return configs;
}

absl::StatusOr<TaskResult> RunPrivateOfuTask(const ConfigSpec& config, const TaskContext& context) {
  absl::StatusOr<std::string> env = Attribute<std::string>(config, "env");
  absl::StatusOr<std::string> agent_name = Attribute<std::string>(config, "agent");
  absl::StatusOr<int64_t> horizon = Attribute<int64_t>(config, "horizon");
  absl::StatusOr<int64_t> episodes = Attribute<int64_t>(config, "num_episodes");
  if (!env.ok()) return env.status();
  if (!agent_name.ok()) return agent_name.status();
  if (!horizon.ok()) return horizon.status();
  if (!episodes.ok()) return episodes.status();
  absl::StatusOr<LqAgentKind> kind = ParseKind(*agent_name);
  if (!kind.ok()) return kind.status();
  absl::StatusOr<LqSystem> system = MakeNamedLqSystem(*env, static_cast<int>(*horizon));
  if (!system.ok()) return system.status();
  double eps = 1.0;
  if (*kind != LqAgentKind::kOfu) {
    absl::StatusOr<double> value = Attribute<double>(config, "privacy_epsilon");
    if (!value.ok()) return value.status();
    eps = *value;
  }
  const LqAgentOptions options = AgentOptions(*system, *kind, *episodes, eps);
  const uint64_t group_key = StableHash(config.group_name);
  absl::StatusOr<LqAgent> agent = LqAgent::Create(
      options, system->q(), system->r(), system->NoiseCovariance(),
      TaskStream(context.master_seed, group_key, context.seed_index, StreamPurpose::kPrivacyNoise),
      TaskStream(context.master_seed, group_key, context.seed_index, StreamPurpose::kPolicy));
  if (!agent.ok()) return agent.status();
  const int64_t total = *episodes;
  const LqRunResult run =
      RunLqEpisodes(*system, *agent,
                    TaskStream(context.master_seed, StableHash(*env), context.seed_index,
                               StreamPurpose::kEnvironment),
                    [&](int64_t k) {
                      if ((k & 15) == 0) context.progress->Update(static_cast<double>(k) / total);
                    });
  // K is small here (65536 at paper scale), so the loop's per-episode vectors are summed on the
  // grid afterwards, in episode order, as the tabular tasks do while running.
  CumulativeOnGrid regret(total), iterations(total);
  for (int64_t k = 0; k < total; ++k) {
    regret.Add(run.per_episode_regret[k]);
    iterations.Add(run.ofu_iterations[k]);
  }
  TaskResult result = RegretOnGridResult(regret, regret.total());
  result.series.push_back({hdf5_names::kCumulativeOfuIterations, iterations.cumulative()});
  result.scalars.push_back(
      {hdf5_names::kEmptyIntersections, static_cast<double>(run.empty_intersections)});
  result.scalars.push_back({hdf5_names::kVRepairs, static_cast<double>(run.v_repairs)});
  return result;
}

ExperimentDefinition PrivateOfuExperiment() {
  ExperimentDefinition experiment;
  experiment.name = "private_ofu_fig";
  experiment.description =
      "Chowdhury, Zhou, Shroff 2021: cumulative regret of OFU-RL, Private-OFU-RL (Alg. 1) and "
      "private certainty equivalence on LQ systems at several privacy_epsilon";
  experiment.default_seeds_smoke = 2;
  experiment.default_seeds_default = 4;
  experiment.default_seeds_paper = 20;
  experiment.make_configs = MakePrivateOfuConfigs;
  experiment.run_task = RunPrivateOfuTask;
  experiment.analysis_binary = "analysis/private_ofu_figure";
  return experiment;
}

}  // namespace dprl
