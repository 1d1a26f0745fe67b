#include "experiments/wang_hegde_task.h"

#include <numeric>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/accounting/functional_noise_calibration.h"
#include "algorithms/accounting/q_learning_baselines_privacy.h"
#include "algorithms/qlearning/functional_noise_q_learning.h"
#include "algorithms/qlearning/input_perturbation.h"
#include "algorithms/qlearning/linear_output_perturbation.h"
#include "algorithms/qlearning/walk_training.h"
#include "common/hdf5_names.h"
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
std::vector<std::pair<std::string, AttributeValue>> CommonAttributes(const std::string& agent,
                                                                     const std::string& panel,
                                                                     const std::string& label,
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
  for (auto [name, target] : {std::pair{"l2_clip_norm", &options.l2_clip_norm},
                              std::pair{"gradient_noise_stddev", &options.gradient_noise_stddev}}) {
    absl::StatusOr<double> value = Attribute<double>(config, name);
    if (value.ok()) *target = *value;
  }
  if (absl::Status status = options.Validate(); !status.ok()) return status;
  return options;
}

constexpr double kTargetDelta = 1e-4;
constexpr double kClipNorm = 1.0;

// App. E.3's parameters of the Theorem 5 calibration (the paper's, not this run's).
FunctionalNoiseCalibrationOptions AppendixE3(double privacy_epsilon) {
  FunctionalNoiseCalibrationOptions options;
  options.privacy_epsilon = privacy_epsilon;
  options.target_delta = kTargetDelta;
  return options;
}

// The sigma App. E.3 reports for each target epsilon.
double PaperSigma(double privacy_epsilon) { return privacy_epsilon > 0.6 ? 0.32 : 0.74; }

}  // namespace

absl::StatusOr<std::vector<ConfigSpec>> MakeWangHegdeFig1Configs(Scale scale) {
  const Fig1Grid grid = Fig1GridFor(scale);
  std::vector<ConfigSpec> configs;
  for (int64_t resets : grid.resets) {
    const std::string panel = resets == 1 ? "J = 1" : absl::StrFormat("J = T/B = %d", resets);
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

absl::StatusOr<std::vector<ConfigSpec>> MakeWangHegdeFig2Configs(Scale scale) {
  const int64_t num_samples = scale == Scale::kSmoke ? 500 : 5000;
  const int64_t batches = num_samples / kBatchSize;
  std::vector<ConfigSpec> configs;
  for (double eps : {0.9, 0.45}) {
    const std::string panel = absl::StrFormat("#ge = %g, #gd = 1e-4", eps);
    auto add = [&](const std::string& name, const std::string& agent, const std::string& label,
                   double sigma, double kernel_rate) -> ConfigSpec& {
      ConfigSpec config;
      config.group_name = absl::StrFormat("eps=%g-%s", eps, name);
      config.attributes = CommonAttributes(agent, panel, label, num_samples);
      config.attributes.push_back({"method", name});
      config.attributes.push_back({"privacy_epsilon", eps});
      config.attributes.push_back({"target_delta", kTargetDelta});
      config.attributes.push_back({"noise_stddev", sigma});
      config.attributes.push_back({"num_resets", batches});
      config.attributes.push_back({"kernel_rate", kernel_rate});
      configs.push_back(config);
      return configs.back();
    };
    // Algorithm 1 at the paper's sigma (kernel exp(-|x - y|), as the authors' code).
    ConfigSpec& paper = add("functional-paper-sigma", "functional_noise",
                            absl::StrFormat("functional noise, paper's #gs = %g", PaperSigma(eps)),
                            PaperSigma(eps), kKernelRate);
    paper.attributes.push_back({"calibration", std::string("App. E.3 reported sigma")});
    // Algorithm 1 at Theorem 5's sigma and beta = 1/v with App. E.3's parameters.
    absl::StatusOr<FunctionalNoiseCalibration> theorem5 = CalibrateFunctionalNoise(AppendixE3(eps));
    if (!theorem5.ok()) return theorem5.status();
    ConfigSpec& thm =
        add("functional-theorem5", "functional_noise",
            absl::StrFormat("functional noise, Thm. 5 #gs = %.3g", theorem5->noise_stddev),
            theorem5->noise_stddev, theorem5->kernel_rate);
    thm.attributes.push_back({"calibration", std::string("Theorem 5 with App. E.3 parameters")});
    thm.attributes.push_back({"achieved_total_delta", theorem5->total_delta});
    // Input perturbation (Venkitasubramaniam 2013).
    absl::StatusOr<InputPerturbationCalibration> input =
        CalibrateInputPerturbation(eps, kTargetDelta, num_samples);
    if (!input.ok()) return input.status();
    ConfigSpec& ip =
        add("input-perturbation", "input_perturbation",
            absl::StrFormat("input perturbation, reward noise %.3g", input->reward_noise_stddev),
            0.0, kKernelRate);
    ip.attributes.push_back({"reward_noise_stddev", input->reward_noise_stddev});
    ip.attributes.push_back({"gdp_privacy_epsilon", input->gdp_privacy_epsilon});
    // DP-SGD (Abadi et al. 2016) with App. E.2's moments-accountant bound.
    absl::StatusOr<DpSgdCalibration> sgd =
        CalibrateDpSgd(eps, kTargetDelta, num_samples, kBatchSize, kClipNorm);
    if (!sgd.ok()) return sgd.status();
    ConfigSpec& dp =
        add("dp-sgd", "dp_sgd",
            absl::StrFormat("DP-SGD, noise multiplier %.3g", sgd->noise_multiplier_paper), 0.0,
            kKernelRate);
    dp.attributes.push_back({"l2_clip_norm", kClipNorm});
    dp.attributes.push_back({"gradient_noise_stddev", sgd->gradient_noise_stddev_paper});
    dp.attributes.push_back({"noise_multiplier", sgd->noise_multiplier_paper});
    dp.attributes.push_back({"rdp_privacy_epsilon", sgd->rdp_epsilon_of_paper});
    dp.attributes.push_back({"noise_multiplier_rdp", sgd->noise_multiplier_rdp});
    // Balle-Gomrokchi-Precup 2016 style output perturbation: NOT private under the
    // reward-function relation (one-trajectory relation only); for utility, as the paper does.
    absl::StatusOr<double> release_multiplier =
        CalibrateOutputPerturbation(eps, kTargetDelta, batches);
    if (!release_multiplier.ok()) return release_multiplier.status();
    const LinearOutputPerturbationOptions linear;
    ConfigSpec& bgp = add("output-perturbation", "output_perturbation",
                          "BGP16 output perturbation (not private here)", 0.0, kKernelRate);
    bgp.attributes.push_back({"output_noise_multiplier", *release_multiplier});
    bgp.attributes.push_back({"ridge_regularizer", linear.ridge_regularizer});
    bgp.attributes.push_back({"num_features", int64_t{linear.num_features}});
    bgp.attributes.push_back({"feature_width", linear.feature_width});
    bgp.attributes.push_back(
        {"neighbour_relation", std::string("one trajectory's rewards (not the paper's)")});
  }
  for (const auto& [agent, label] :
       {std::pair<std::string, std::string>{"scripted", "scripted: move to 0.5"},
        {"uniform", "uniform random"}}) {
    ConfigSpec config;
    config.group_name = absl::StrCat("reference-", agent);
    config.attributes = CommonAttributes(agent, "all", label, num_samples);
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
  if (*agent == "functional_noise" || *agent == "dp_sgd") {  // dp_sgd: clipping + noise attrs
    absl::StatusOr<FunctionalNoiseQLearningOptions> options = AgentOptions(config);
    if (!options.ok()) return options.status();
    absl::StatusOr<FunctionalNoiseQLearning> learner =
        FunctionalNoiseQLearning::Create(*options, policy_stream, noise_stream);
    if (!learner.ok()) return learner.status();
    returns = TrainOnWalk(*env, *num_samples, *learner, env_stream);
  } else if (*agent == "input_perturbation") {
    absl::StatusOr<FunctionalNoiseQLearningOptions> options = AgentOptions(config);
    if (!options.ok()) return options.status();
    absl::StatusOr<double> reward_noise = Attribute<double>(config, "reward_noise_stddev");
    if (!reward_noise.ok()) return reward_noise.status();
    absl::StatusOr<InputPerturbationQLearning> learner =
        InputPerturbationQLearning::Create(*options, *reward_noise, policy_stream, noise_stream);
    if (!learner.ok()) return learner.status();
    returns = TrainOnWalk(*env, *num_samples, *learner, env_stream);
  } else if (*agent == "output_perturbation") {
    absl::StatusOr<FunctionalNoiseQLearningOptions> common = AgentOptions(config);
    if (!common.ok()) return common.status();
    absl::StatusOr<double> multiplier = Attribute<double>(config, "output_noise_multiplier");
    absl::StatusOr<double> ridge = Attribute<double>(config, "ridge_regularizer");
    absl::StatusOr<int64_t> features = Attribute<int64_t>(config, "num_features");
    absl::StatusOr<double> width = Attribute<double>(config, "feature_width");
    for (const absl::Status& status :
         {multiplier.status(), ridge.status(), features.status(), width.status()}) {
      if (!status.ok()) return status;
    }
    LinearOutputPerturbationOptions options;
    options.num_samples = common->num_samples;
    options.batch_size = common->batch_size;
    options.episode_length = env->episode_length();
    options.num_features = static_cast<int>(*features);
    options.feature_width = *width;
    options.ridge_regularizer = *ridge;
    options.discount = common->discount;
    options.output_noise_multiplier = *multiplier;
    options.exploration_start = common->exploration_start;
    options.exploration_end = common->exploration_end;
    options.exploration_decay_steps = common->exploration_decay_steps;
    absl::StatusOr<LinearOutputPerturbation> learner =
        LinearOutputPerturbation::Create(options, policy_stream, noise_stream);
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
      {hdf5_names::kLast10MeanReturn,
       std::accumulate(returns.end() - last, returns.end(), 0.0) / static_cast<double>(last)});
  result.series.push_back({hdf5_names::kEpisodeReturn, std::move(returns)});
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

ExperimentDefinition WangHegdeFig2Experiment() {
  ExperimentDefinition experiment;
  experiment.name = "wang_hegde_fig2";
  experiment.description =
      "Wang & Hegde 2019 Fig. 2: functional noise (Alg. 1) vs input perturbation and DP-SGD at "
      "(0.9, 1e-4) and (0.45, 1e-4) on the continuous walk";
  experiment.default_seeds_smoke = 2;
  experiment.default_seeds_default = 10;
  experiment.default_seeds_paper = 10;
  experiment.make_configs = MakeWangHegdeFig2Configs;
  experiment.run_task = RunWangHegdeTask;
  experiment.analysis_binary = "analysis/wang_hegde_figure";
  return experiment;
}

}  // namespace dprl
