#include "experiments/wang_hegde_task.h"

#include <numeric>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/qlearning/functional_noise_q_learning.h"
#include "algorithms/qlearning/walk_training.h"
#include "envs/continuous_walk.h"
#include "experiments/tabular_task.h"

namespace dprl {
namespace {

constexpr int kEpisodeLength = 50;
constexpr int kBatchSize = 50;
constexpr double kDiscount = 0.9;
constexpr double kLearningRate = 1.0;
constexpr double kKernelRate = 1.0;

// The scripted reference: move towards 0.5 (right below it, left otherwise).
struct ScriptedMiddle {
  int Act(double state) const { return state < 0.5 ? kWalkRight : kWalkLeft; }
  void Observe(double, int, double, double, bool) {}
};

// The uniform-random reference (one policy word per step).
struct UniformRandom {
  RandomStream* stream;
  int Act(double) { return static_cast<int>(stream->UniformInt(2)); }
  void Observe(double, int, double, double, bool) {}
};

struct Fig1Grid {
  int64_t num_samples;
  std::vector<double> noise_stddevs;
  std::vector<int64_t> resets;
};

Fig1Grid Fig1GridFor(Scale scale) {
  if (scale == Scale::kSmoke) return {500, {0.0, 0.4}, {1, 10}};
  return {5000, {0.0, 0.2, 0.4, 0.6, 0.8, 1.0}, {1, 100}};
}

// The attributes every group carries (the training setting).
std::vector<std::pair<std::string, AttributeValue>> CommonAttributes(
    const std::string& agent, const std::string& panel, const std::string& label,
    int64_t num_samples) {
  FunctionalNoiseQLearningOptions defaults;
  return {{"agent", agent},
          {"panel", panel},
          {"label", label},
          {"num_samples", num_samples},
          {"episode_length", int64_t{kEpisodeLength}},
          {"batch_size", int64_t{kBatchSize}},
          {"discount", kDiscount},
          {"learning_rate", kLearningRate},
          {"optimizer", std::string("sgd")},
          {"exploration_start", defaults.exploration_start},
          {"exploration_end", defaults.exploration_end},
          {"exploration_decay_steps", defaults.exploration_decay_steps}};
}

absl::StatusOr<FunctionalNoiseQLearningOptions> AgentOptions(const ConfigSpec& config) {
  FunctionalNoiseQLearningOptions options;
  absl::StatusOr<int64_t> num_samples = Attribute<int64_t>(config, "num_samples");
  absl::StatusOr<int64_t> batch_size = Attribute<int64_t>(config, "batch_size");
  absl::StatusOr<int64_t> num_resets = Attribute<int64_t>(config, "num_resets");
  absl::StatusOr<double> noise_stddev = Attribute<double>(config, "noise_stddev");
  absl::StatusOr<double> kernel_rate = Attribute<double>(config, "kernel_rate");
  absl::StatusOr<double> discount = Attribute<double>(config, "discount");
  absl::StatusOr<double> learning_rate = Attribute<double>(config, "learning_rate");
  absl::StatusOr<double> start = Attribute<double>(config, "exploration_start");
  absl::StatusOr<double> end = Attribute<double>(config, "exploration_end");
  absl::StatusOr<double> decay = Attribute<double>(config, "exploration_decay_steps");
  for (const absl::Status& status :
       {num_samples.status(), batch_size.status(), num_resets.status(), noise_stddev.status(),
        kernel_rate.status(), discount.status(), learning_rate.status(), start.status(),
        end.status(), decay.status()}) {
    if (!status.ok()) return status;
  }
  options.num_samples = *num_samples;
  options.batch_size = static_cast<int>(*batch_size);
  options.num_resets = static_cast<int>(*num_resets);
  options.noise_stddev = *noise_stddev;
  options.kernel_rate = *kernel_rate;
  options.discount = *discount;
  options.optimizer.kind = OptimizerKind::kSgd;
  options.optimizer.learning_rate = *learning_rate;
  options.exploration_start = *start;
  options.exploration_end = *end;
  options.exploration_decay_steps = *decay;
  if (absl::Status status = options.Validate(); !status.ok()) return status;
  return options;
}

}  // namespace

absl::StatusOr<std::vector<ConfigSpec>> MakeWangHegdeFig1Configs(Scale scale) {
  const Fig1Grid grid = Fig1GridFor(scale);
  std::vector<ConfigSpec> configs;
  for (int64_t resets : grid.resets) {
    const std::string panel =
        resets == 1 ? "J = 1" : absl::StrFormat("J = T/B = %d", resets);
    for (double sigma : grid.noise_stddevs) {
      ConfigSpec config;
      config.group_name = absl::StrFormat("sigma=%g-J=%d", sigma, resets);
      config.attributes = CommonAttributes("functional_noise", panel,
                                           absl::StrFormat("#gs = %g", sigma), grid.num_samples);
      config.attributes.push_back({"noise_stddev", sigma});
      config.attributes.push_back({"num_resets", resets});
      config.attributes.push_back({"kernel_rate", kKernelRate});
      configs.push_back(config);
    }
  }
  for (const auto& [agent, label] :
       {std::pair<std::string, std::string>{"scripted", "scripted: move to 0.5"},
        {"uniform", "uniform random"}}) {
    ConfigSpec config;
    config.group_name = absl::StrCat("reference-", agent);
    config.attributes = CommonAttributes(agent, "all", label, grid.num_samples);
    config.relative_cost = 0.1;
    configs.push_back(config);
  }
  return configs;
}

absl::StatusOr<TaskResult> RunWangHegdeTask(const ConfigSpec& config, const TaskContext& context) {
  absl::StatusOr<std::string> agent = Attribute<std::string>(config, "agent");
  if (!agent.ok()) return agent.status();
  absl::StatusOr<int64_t> num_samples = Attribute<int64_t>(config, "num_samples");
  if (!num_samples.ok()) return num_samples.status();
  absl::StatusOr<ContinuousWalk> env = ContinuousWalk::Create(ContinuousWalkOptions());
  if (!env.ok()) return env.status();
  if (*num_samples % env->episode_length() != 0) {
    return absl::InvalidArgumentError(absl::StrCat("num_samples = ", *num_samples,
                                                   " is not a multiple of the episode length ",
                                                   env->episode_length()));
  }
  const uint64_t seed = static_cast<uint64_t>(context.seed_index);
  RandomStream env_stream = TaskStream(context.master_seed, StableHash("continuous_walk"), seed,
                                       StreamPurpose::kEnvironment);
  RandomStream policy_stream =
      TaskStream(context.master_seed, StableHash("q_network"), seed, StreamPurpose::kPolicy);
  const RandomStream noise_stream = TaskStream(context.master_seed, StableHash(config.group_name),
                                               seed, StreamPurpose::kPrivacyNoise);
  std::vector<double> returns;
  if (*agent == "functional_noise") {
    absl::StatusOr<FunctionalNoiseQLearningOptions> options = AgentOptions(config);
    if (!options.ok()) return options.status();
    absl::StatusOr<FunctionalNoiseQLearning> learner =
        FunctionalNoiseQLearning::Create(*options, policy_stream, noise_stream);
    if (!learner.ok()) return learner.status();
    returns = TrainOnWalk(*env, *num_samples, *learner, env_stream);
  } else if (*agent == "scripted") {
    ScriptedMiddle scripted;
    returns = TrainOnWalk(*env, *num_samples, scripted, env_stream);
  } else if (*agent == "uniform") {
    UniformRandom uniform{&policy_stream};
    returns = TrainOnWalk(*env, *num_samples, uniform, env_stream);
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("configuration ", config.group_name, ": unknown agent '", *agent, "'"));
  }
  context.progress->Update(1.0);
  const size_t last = std::min<size_t>(10, returns.size());
  TaskResult result;
  result.scalars.push_back(
      {"last10_mean_return",
       std::accumulate(returns.end() - last, returns.end(), 0.0) / static_cast<double>(last)});
  result.series.push_back({"episode_return", std::move(returns)});
  return result;
}

ExperimentDefinition WangHegdeFig1Experiment() {
  ExperimentDefinition experiment;
  experiment.name = "wang_hegde_fig1";
  experiment.description =
      "Wang & Hegde 2019 Fig. 1: return vs samples of private Q-learning with functional noise "
      "(Alg. 1) for sigma in {0, ..., 1} and J in {1, T/B} on the continuous walk";
  experiment.default_seeds_smoke = 2;
  experiment.default_seeds_default = 10;
  experiment.default_seeds_paper = 10;
  experiment.make_configs = MakeWangHegdeFig1Configs;
  experiment.run_task = RunWangHegdeTask;
  experiment.analysis_binary = "analysis/wang_hegde_figure";
  return experiment;
}

}  // namespace dprl
