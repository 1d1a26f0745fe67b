#include "experiments/rlsvi_privacy_task.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/accounting/rlsvi_privacy.h"
#include "algorithms/tabular/pucb.h"
#include "common/hdf5_names.h"
#include "experiments/episode_grid.h"
#include "experiments/tabular_task.h"

namespace dprl {
namespace {

constexpr double kFailureProbability = 0.05;  // beta of UBEV and PUCB (as vietri_fig)
constexpr double kTargetDeltas[] = {1e-3, 1e-5, 1e-7};

struct Shape {
  int64_t num_states, num_actions, horizon;
};

struct EnvChoice {
  std::string name;
  Shape shape;
};

// The MDPs of //experiments:vietri_fig.
std::vector<EnvChoice> Environments() {
  return {{"riverswim", {4, 2, 5}}, {"random_mdp", {4, 2, 4}}};
}

// The privacy curves: the two MDPs' shapes and the accounting README's examples.
std::vector<Shape> CurveShapes() { return {{4, 2, 5}, {4, 2, 4}, {5, 2, 10}, {20, 4, 20}}; }

struct Grid {
  int64_t regret_episodes;
  int64_t max_curve_episodes;
  int points_per_decade;
};

Grid GridFor(Scale scale) {
  switch (scale) {
    case Scale::kSmoke:
      return {2000, 1000000, 4};
    case Scale::kDefault:
      return {500000, 10000000, 10};
    case Scale::kPaper:
      return {10000000, 100000000, 20};
  }
  return {0, 0, 0};
}

std::vector<std::pair<std::string, AttributeValue>> ShapeAttributes(const Shape& shape) {
  return {{"num_states", shape.num_states},
          {"num_actions", shape.num_actions},
          {"horizon", shape.horizon}};
}

absl::StatusOr<TaskResult> RunPrivacyCurveTask(const ConfigSpec& config) {
  absl::StatusOr<int64_t> S = Attribute<int64_t>(config, "num_states");
  absl::StatusOr<int64_t> A = Attribute<int64_t>(config, "num_actions");
  absl::StatusOr<int64_t> H = Attribute<int64_t>(config, "horizon");
  absl::StatusOr<int64_t> max_episodes = Attribute<int64_t>(config, "max_episodes");
  absl::StatusOr<int64_t> per_decade = Attribute<int64_t>(config, "points_per_decade");
  absl::StatusOr<double> delta = Attribute<double>(config, "target_delta");
  for (const absl::Status& status : {S.status(), A.status(), H.status(), max_episodes.status(),
                                     per_decade.status(), delta.status()}) {
    if (!status.ok()) return status;
  }
  std::vector<double> episodes, paper, improved;
  for (int64_t k : EpisodeGrid(*max_episodes, static_cast<int>(*per_decade))) {
    absl::StatusOr<RlsviEpsilonPair> privacy_epsilons = RlsviEpsilons(*S, *A, *H, k, *delta);
    if (!privacy_epsilons.ok()) return privacy_epsilons.status();
    episodes.push_back(static_cast<double>(k));
    paper.push_back(privacy_epsilons->paper);
    improved.push_back(privacy_epsilons->improved);
  }
  TaskResult result;
  result.series = {{hdf5_names::kEpisodes, std::move(episodes)},
                   {hdf5_names::kPrivacyEpsilonPaper, std::move(paper)},
                   {hdf5_names::kPrivacyEpsilonImproved, std::move(improved)}};
  return result;
}

}  // namespace

absl::StatusOr<RlsviEpsilonPair> RlsviEpsilons(int64_t num_states, int64_t num_actions,
                                               int64_t horizon, int64_t num_episodes,
                                               double target_delta) {
  RlsviPrivacyOptions options;
  options.num_states = num_states;
  options.num_actions = num_actions;
  options.horizon = horizon;
  options.num_episodes = num_episodes;
  absl::StatusOr<RlsviPrivacyReport> report = ComputeRlsviPrivacy(options, target_delta);
  if (!report.ok()) return report.status();
  return RlsviEpsilonPair{report->corollary14_privacy_epsilon,
                          report->improved_conversion.privacy_epsilon};
}

absl::StatusOr<std::vector<ConfigSpec>> MakeRlsviPrivacyConfigs(Scale scale) {
  const Grid grid = GridFor(scale);
  std::vector<ConfigSpec> configs;
  for (const Shape& shape : CurveShapes()) {
    for (double delta : kTargetDeltas) {
      ConfigSpec curve;
      curve.group_name = absl::StrFormat("privacy-S=%d-A=%d-H=%d-delta=%g", shape.num_states,
                                         shape.num_actions, shape.horizon, delta);
      curve.attributes = {{"kind", std::string("privacy_curve")}, {"agent", std::string("rlsvi")}};
      for (auto& attribute : ShapeAttributes(shape)) curve.attributes.push_back(attribute);
      curve.attributes.push_back({"target_delta", delta});
      curve.attributes.push_back({"max_episodes", grid.max_curve_episodes});
      curve.attributes.push_back({"points_per_decade", int64_t{grid.points_per_decade}});
      curve.relative_cost = 0.001;
      configs.push_back(std::move(curve));
    }
  }
  for (const EnvChoice& env : Environments()) {
    absl::StatusOr<RlsviEpsilonPair> rlsvi_privacy_epsilon =
        RlsviEpsilons(env.shape.num_states, env.shape.num_actions, env.shape.horizon,
                      grid.regret_episodes, kRlsviRegretTargetDelta);
    if (!rlsvi_privacy_epsilon.ok()) return rlsvi_privacy_epsilon.status();
    auto regret_config = [&](const std::string& agent, const std::string& protects,
                             const std::string& notion) {
      ConfigSpec config;
      config.group_name = absl::StrCat(env.name, "-", agent);
      config.attributes = {{"kind", std::string("regret")}, {"env", env.name}, {"agent", agent}};
      for (auto& attribute : ShapeAttributes(env.shape)) config.attributes.push_back(attribute);
      config.attributes.push_back({"num_episodes", grid.regret_episodes});
      config.attributes.push_back({"privacy_protects", protects});
      config.attributes.push_back({"privacy_notion", notion});
      return config;
    };
    ConfigSpec rlsvi = regret_config("rlsvi", "rewards", "(eps,delta)-JDP");
    rlsvi.attributes.push_back({"privacy_epsilon", rlsvi_privacy_epsilon->paper});
    rlsvi.attributes.push_back({"privacy_epsilon_improved", rlsvi_privacy_epsilon->improved});
    rlsvi.attributes.push_back({"target_delta", kRlsviRegretTargetDelta});
    // Lu et al. 2026: neighbouring reward sequences differ in one episode's rewards (replaced).
    rlsvi.attributes.push_back({"neighbour_relation", std::string("replacement")});
    rlsvi.attributes.push_back(
        {"privacy_accounting", std::string("Lu et al. 2026 Cor. 14 (paper conversion)")});
    rlsvi.relative_cost = 1.0;
    configs.push_back(std::move(rlsvi));

    const TabularShape shape{static_cast<int>(env.shape.num_states),
                             static_cast<int>(env.shape.num_actions),
                             static_cast<int>(env.shape.horizon)};
    PucbOptions options;
    options.privacy_epsilon = rlsvi_privacy_epsilon->paper;
    options.failure_probability = kFailureProbability;
    options.num_episodes = grid.regret_episodes;
    // Like with like: PUCB's epsilon is for REPLACING one user's episode, as RLSVI's (eps' =
    // eps / (6H)); Alg. 2's eps / (3H) would be 2 eps-JDP under replacement.
    options.neighbour_relation = PucbNeighbourRelation::kReplacement;
    ConfigSpec pucb = regret_config("pucb", "states_and_rewards", "eps-JDP");
    pucb.attributes.push_back({"failure_probability", kFailureProbability});
    pucb.attributes.push_back({"privacy_epsilon", rlsvi_privacy_epsilon->paper});
    pucb.attributes.push_back({"target_delta", 0.0});
    pucb.attributes.push_back(
        {"privacy_accounting",
         absl::StrFormat("privacy_epsilon of rlsvi at K=%d, target_delta=%g (Cor. 14)",
                         grid.regret_episodes, kRlsviRegretTargetDelta)});
    for (auto& attribute : PucbGuaranteeAttributes(shape, options)) {
      pucb.attributes.push_back(std::move(attribute));
    }
    pucb.relative_cost = 4.0;
    configs.push_back(std::move(pucb));

    ConfigSpec ubev = regret_config("ubev", "nothing", "none");
    ubev.attributes.push_back({"failure_probability", kFailureProbability});
    ubev.relative_cost = 1.0;
    configs.push_back(std::move(ubev));
  }
  return configs;
}

absl::StatusOr<TaskResult> RunRlsviPrivacyTask(const ConfigSpec& config,
                                               const TaskContext& context) {
  absl::StatusOr<std::string> kind = Attribute<std::string>(config, "kind");
  if (!kind.ok()) return kind.status();
  if (*kind == "privacy_curve") return RunPrivacyCurveTask(config);
  if (*kind != "regret") {
    return absl::InvalidArgumentError(
        absl::StrCat("configuration ", config.group_name, ": unknown kind ", *kind));
  }
  absl::StatusOr<TaskResult> result = RunTabularRegretTask(config, context);
  if (!result.ok()) return result;
  absl::StatusOr<std::string> agent = Attribute<std::string>(config, "agent");
  if (agent.ok() && *agent == "rlsvi") {  // no optimistic cap to leave
    std::vector<std::pair<std::string, double>>& scalars = result->scalars;
    scalars.erase(std::remove_if(scalars.begin(), scalars.end(),
                                 [](const std::pair<std::string, double>& scalar) {
                                   return scalar.first ==
                                          hdf5_names::kFirstEpisodeBonusBelowHorizon;
                                 }),
                  scalars.end());
  }
  return result;
}

ExperimentDefinition RlsviPrivacyExperiment() {
  ExperimentDefinition experiment;
  experiment.name = "rlsvi_privacy_fig";
  experiment.description =
      "Lu et al. 2026: RLSVI's joint-DP privacy_epsilon(delta) against K (paper and improved "
      "conversions), and its regret next to PUCB at the same epsilon and UBEV";
  experiment.default_seeds_smoke = 2;
  experiment.default_seeds_default = 4;
  experiment.default_seeds_paper = 20;
  experiment.make_configs = MakeRlsviPrivacyConfigs;
  experiment.run_task = RunRlsviPrivacyTask;
  experiment.analysis_binary = "analysis/rlsvi_privacy_figure";
  return experiment;
}

}  // namespace dprl
