#include "experiments/wang_hegde/wang_hegde_task.h"

#include <cmath>
#include <limits>
#include <numeric>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/accounting/functional_noise_calibration.h"
#include "algorithms/accounting/q_learning_baselines_privacy.h"
#include "algorithms/qlearning/functional_noise_q_learning.h"
#include "algorithms/qlearning/input_perturbation.h"
#include "algorithms/qlearning/linear_output_perturbation.h"
#include "algorithms/qlearning/mlp.h"
#include "algorithms/qlearning/replay_dqn_as_run.h"
#include "algorithms/qlearning/walk_training.h"
#include "common/hdf5_names.h"
#include "common/resource_limits.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "envs/continuous_walk.h"
#include "experiments/grid_validation.h"
#include "experiments/parameters.h"
#include "experiments/tabular_task.h"
#include "experiments/task_streams.h"

namespace dprl {
namespace {

// The continuous walk's episode length (App. E.1: 50 steps).
int EpisodeLength() { return ContinuousWalkOptions().episode_length; }

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

// The frozen-initial-network reference: greedy with respect to the network every learner of the
// seed starts from (same policy stream), never updated. A greedy, noise-dominated network walks
// into a wall and stays there; the baselines whose updates are pure noise end near this line.
class FrozenInitialGreedy {
 public:
  explicit FrozenInitialGreedy(RandomStream& policy_stream) { network_.Initialize(policy_stream); }
  int Act(double state) const {
    const MlpOutputs q = network_.Forward(state);
    return q[1] > q[0] ? 1 : 0;  // ties: the lower action, as Algorithm 1's line 12
  }
  void Observe(double, int, double, double, bool) {}

 private:
  Mlp network_;
};

// The attributes every group carries (the training setting).
std::vector<std::pair<std::string, AttributeValue>> CommonAttributes(
    const WalkTrainingFields& training, const std::string& agent, const std::string& panel,
    const std::string& label) {
  return {{"agent", agent},
          {"panel", panel},
          {"label", label},
          {"num_samples", training.num_samples},
          {"episode_length", int64_t{EpisodeLength()}},
          {"batch_size", training.batch_size},
          {"discount", training.discount},
          {"learning_rate", training.learning_rate},
          {"optimizer", std::string("sgd")},
          {"exploration_start", training.exploration_start},
          {"exploration_end", training.exploration_end},
          {"exploration_decay_steps", training.exploration_decay_steps}};
}

// The attributes of a group of the authors' loop as run (replay_dqn_as_run.h): its own settings
// replace the training fields (only num_samples is shared).
std::vector<std::pair<std::string, AttributeValue>> AsRunAttributes(int64_t num_samples,
                                                                   const std::string& panel,
                                                                   const std::string& label,
                                                                   double sigma,
                                                                   double kernel_rate) {
  const ReplayDqnOptions d;
  return {{"agent", std::string("replay_dqn_as_run")},
          {"panel", panel},
          {"label", label},
          {"training_mode", std::string("as run (dpql.py: replay, target network, Huber, "
                                        "RMSprop; outside Theorem 5)")},
          {"num_samples", num_samples},
          {"episode_length", int64_t{EpisodeLength()}},
          {"batch_size", int64_t{d.batch_size}},
          {"replay_capacity", d.replay_capacity},
          {"target_update_episodes", int64_t{d.target_update_episodes}},
          {"gradient_clamp", d.gradient_clamp},
          {"discount", d.discount},
          {"learning_rate", d.optimizer.learning_rate},
          {"optimizer", std::string("rmsprop")},
          {"exploration_start", d.exploration_start},
          {"exploration_end", d.exploration_end},
          {"exploration_decay_steps", d.exploration_decay_steps},
          {"noise_stddev", sigma},
          {"kernel_rate", kernel_rate},
          {"noise_resets", std::string("both path sets at every episode end")}};
}

// Per task: the episode returns and last10_mean_return; the walk trains at about 3 microseconds
// per sample (a default-scale run, 140 tasks, takes about a second on 2 cores).
void SetEstimates(const WalkTrainingFields& training, ConfigSpec& config) {
  config.estimated_core_seconds = 3e-6 * static_cast<double>(training.num_samples);
  config.stored_values_per_seed = training.num_samples / EpisodeLength() + 1;
}

// The two reference policies, drawn in every panel.
void AddReferences(const WalkTrainingFields& training, std::vector<ConfigSpec>& configs) {
  for (const auto& [agent, label] :
       {std::pair<std::string, std::string>{"scripted", "scripted: move to 0.5"},
        {"uniform", "uniform random"}}) {
    ConfigSpec config;
    config.group_name = absl::StrCat("reference-", agent);
    config.attributes = CommonAttributes(training, agent, "all", label);
    SetEstimates(training, config);
    configs.push_back(config);
  }
}

// The learner parameters every Q-learning configuration carries (the optional two: DP-SGD's).
const std::vector<ParameterSpec>& LearnerParameters() {
  static const auto* specs = new std::vector<ParameterSpec>{
      Required("num_samples", int64_t{0}, "training samples T"),
      Required("batch_size", int64_t{0}, "batch size B"),
      Required("num_resets", int64_t{0}, "noise resets J"),
      Required("noise_stddev", 0.0, "functional noise sigma"),
      Required("kernel_rate", 0.0, "kernel rate"),
      Required("discount", 0.0, "discount gamma"),
      Required("learning_rate", 0.0, "SGD learning rate"),
      Required("exploration_start", 0.0, "exploration rate at step 0"),
      Required("exploration_end", 0.0, "final exploration rate"),
      Required("exploration_decay_steps", 0.0, "exploration time constant"),
      Optional("l2_clip_norm", 0.0, "DP-SGD's clip C (0 = none)"),
      Optional("gradient_noise_stddev", 0.0, "DP-SGD's gradient noise (0 = none)"),
  };
  return *specs;
}

absl::StatusOr<FunctionalNoiseQLearningOptions> AgentOptions(const ConfigSpec& config) {
  ASSIGN_OR_RETURN(const Parameters parameters,
                   Parameters::FromConfig(config, LearnerParameters(), "the Q-learner"));
  // The learner holds B and J in an int.
  for (const char* name : {"batch_size", "num_resets"}) {
    if (parameters.Int(name) > std::numeric_limits<int>::max()) {
      return absl::InvalidArgumentError(absl::StrCat(name, " = ", parameters.Int(name),
                                                     " must be <= ",
                                                     std::numeric_limits<int>::max()));
    }
  }
  FunctionalNoiseQLearningOptions options;
  options.num_samples = parameters.Int("num_samples");
  options.batch_size = static_cast<int>(parameters.Int("batch_size"));
  options.num_resets = static_cast<int>(parameters.Int("num_resets"));
  options.noise_stddev = parameters.Float("noise_stddev");
  options.kernel_rate = parameters.Float("kernel_rate");
  options.discount = parameters.Float("discount");
  options.optimizer.kind = OptimizerKind::kSgd;
  options.optimizer.learning_rate = parameters.Float("learning_rate");
  options.exploration_start = parameters.Float("exploration_start");
  options.exploration_end = parameters.Float("exploration_end");
  options.exploration_decay_steps = parameters.Float("exploration_decay_steps");
  options.l2_clip_norm = parameters.Float("l2_clip_norm");
  options.gradient_noise_stddev = parameters.Float("gradient_noise_stddev");
  RETURN_IF_ERROR(options.Validate());
  return options;
}

// App. E.3's parameters of the Theorem 5 calibration (the paper's, not this run's).
FunctionalNoiseCalibrationOptions AppendixE3(double privacy_epsilon, double target_delta) {
  FunctionalNoiseCalibrationOptions options;
  options.privacy_epsilon = privacy_epsilon;
  options.target_delta = target_delta;
  return options;
}

// "1e-4" for a power of ten (as the paper's panel titles), "%g" otherwise.
std::string DeltaLabel(double target_delta) {
  const double exponent = std::round(std::log10(target_delta));
  if (std::pow(10.0, exponent) == target_delta) return absl::StrFormat("1e%.0f", exponent);
  return absl::StrFormat("%g", target_delta);
}

// Memory of the functional noise (ou_functional_noise.h): with sigma > 0 one path stores every
// distinct state it is evaluated at, in a std::map node (48 bytes: tree links and the
// location/row pair) and a row of kMlpOutputs doubles. The walk's states are continuous, so
// almost every one of the T / J samples of a path is a new point (only moves clamped to 0 or 1
// repeat): a path holds about T / J points.
absl::Status CheckNoisePathMemory(const ConfigSpec& config,
                                  const FunctionalNoiseQLearningOptions& options) {
  if (options.noise_stddev == 0.0) return absl::OkStatus();
  const double points_per_path =
      static_cast<double>(options.num_samples) / static_cast<double>(options.num_resets);
  return CheckMemoryEstimate(
      absl::StrCat("configuration ", config.group_name, ": fields 'num_samples' = ",
                   options.num_samples, " over num_resets = ", options.num_resets,
                   absl::StrFormat(" (%.3g noise-path points)", points_per_path)),
      points_per_path * (48.0 + 8.0 * kMlpOutputs));
}

// Checks the learner options a configuration's attributes give (batch size, resets, rates...)
// and the memory of its noise paths; the error names the configuration.
absl::Status CheckAgentOptions(const ConfigSpec& config) {
  if (Attribute<std::string>(config, "agent").value_or("") == "replay_dqn_as_run") {
    return absl::OkStatus();  // its own settings (AsRunAttributes) are the validated defaults
  }
  absl::StatusOr<FunctionalNoiseQLearningOptions> options = AgentOptions(config);
  if (!options.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "configuration ", config.group_name, " (from the fields): ", options.status().message()));
  }
  return CheckNoisePathMemory(config, *options);
}

}  // namespace

void WalkTrainingFields::BindFields(ConfigFields& fields) {
  fields.Add("num_samples", &num_samples,
             "training samples T (a multiple of the 50-step episode and of batch_size)");
  fields.Add("batch_size", &batch_size, "batch size B of Algorithm 1's SGD updates (>= 1)");
  fields.Add("discount", &discount, "discount gamma in [0, 1)");
  fields.Add("learning_rate", &learning_rate, "plain SGD learning rate (> 0)");
  fields.Add("exploration_start", &exploration_start, "epsilon-greedy exploration rate at step 0");
  fields.Add("exploration_end", &exploration_end, "epsilon-greedy exploration rate at the end");
  fields.Add("exploration_decay_steps", &exploration_decay_steps,
             "time constant (steps) of the exploration schedule");
}

absl::Status WalkTrainingFields::Validate() const {
  RETURN_IF_ERROR(ValidateFieldAtLeast("num_samples", num_samples, 1));
  RETURN_IF_ERROR(ValidateFieldAtLeast("batch_size", batch_size, 1));
  if (num_samples % EpisodeLength() != 0 || num_samples % batch_size != 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "field 'num_samples' must be a multiple of the episode length ", EpisodeLength(),
        " and of field 'batch_size' (", batch_size, "), got ", num_samples));
  }
  return absl::OkStatus();
}

WalkTrainingFields WalkTrainingFields::ForScale(Scale scale) {
  WalkTrainingFields training;
  const FunctionalNoiseQLearningOptions defaults;
  training.num_samples = scale == Scale::kSmoke ? 500 : 5000;
  training.exploration_start = defaults.exploration_start;
  training.exploration_end = defaults.exploration_end;
  training.exploration_decay_steps = defaults.exploration_decay_steps;
  return training;
}

WangHegdeFig1Grid WangHegdeFig1Grid::ForScale(Scale scale) {
  WangHegdeFig1Grid grid;
  grid.training = WalkTrainingFields::ForScale(scale);
  if (scale == Scale::kSmoke) {
    grid.noise_stddevs = {0.0, 0.4};
    grid.num_resets = {1, 10};
    grid.as_run_noise_stddevs = {0.0, 0.4};
  } else {
    grid.noise_stddevs = {0.0, 0.2, 0.4, 0.6, 0.8, 1.0};
    grid.num_resets = {1, 100};
    grid.as_run_noise_stddevs = {0.0, 0.2, 0.4, 0.6, 0.8, 1.0};
  }
  return grid;
}

void WangHegdeFig1Grid::BindFields(ConfigFields& fields) {
  training.BindFields(fields);
  fields.Add("noise_stddevs", &noise_stddevs,
             "functional noise levels sigma (>= 0), one curve each");
  fields.Add("num_resets", &num_resets,
             "J values, one panel each: noise resets over training (1 or T/B in the paper)");
  fields.Add("kernel_rate", &kernel_rate, "rate of the kernel exp(-rate |x - y|) (> 0)");
  fields.Add("as_run_noise_stddevs", &as_run_noise_stddevs,
             "sigma values of the authors' loop as run (replay_dqn_as_run.h), one curve each in "
             "its own panel; empty = no such panel");
}

absl::StatusOr<std::vector<ConfigSpec>> WangHegdeFig1Grid::MakeConfigs() const {
  RETURN_IF_ERROR(training.Validate());
  for (size_t i = 0; i < noise_stddevs.size(); ++i) {
    RETURN_IF_ERROR(ValidateFiniteNonNegative(
        absl::StrCat(GridFieldName("noise_stddevs"), " value #", i + 1), noise_stddevs[i]));
  }
  for (size_t i = 0; i < as_run_noise_stddevs.size(); ++i) {
    RETURN_IF_ERROR(ValidateFiniteNonNegative(
        absl::StrCat(GridFieldName("as_run_noise_stddevs"), " value #", i + 1),
        as_run_noise_stddevs[i]));
  }
  std::vector<ConfigSpec> configs;
  for (int64_t resets : num_resets) {
    const std::string panel = resets == 1 ? "J = 1"
                              : resets == training.num_samples / training.batch_size
                                  ? absl::StrFormat("J = T/B = %d", resets)
                                  : absl::StrFormat("J = %d", resets);
    for (double sigma : noise_stddevs) {
      ConfigSpec config;
      config.group_name = absl::StrFormat("sigma=%s-J=%d", GroupNameNumber(sigma), resets);
      config.attributes =
          CommonAttributes(training, "functional_noise", panel, absl::StrFormat("#gs = %g", sigma));
      config.attributes.push_back({"noise_stddev", sigma});
      config.attributes.push_back({"num_resets", resets});
      config.attributes.push_back({"kernel_rate", kernel_rate});
      SetEstimates(training, config);
      RETURN_IF_ERROR(CheckAgentOptions(config));
      configs.push_back(config);
    }
  }
  for (double sigma : as_run_noise_stddevs) {
    ConfigSpec config;
    config.group_name = absl::StrCat("as-run-sigma=", GroupNameNumber(sigma));
    config.attributes =
        AsRunAttributes(training.num_samples, "authors' loop as run (dpql.py), outside Thm. 5",
                        absl::StrFormat("#gs = %g", sigma), sigma, kernel_rate);
    // The loop makes num_samples - 127 updates of 128 examples: ~40x Algorithm 1's work.
    config.estimated_core_seconds = 1.2e-4 * static_cast<double>(training.num_samples);
    config.stored_values_per_seed = training.num_samples / EpisodeLength() + 1;
    configs.push_back(config);
  }
  AddReferences(training, configs);
  return configs;
}

WangHegdeFig2Grid WangHegdeFig2Grid::ForScale(Scale scale) {
  WangHegdeFig2Grid grid;
  grid.training = WalkTrainingFields::ForScale(scale);
  return grid;
}

void WangHegdeFig2Grid::BindFields(ConfigFields& fields) {
  training.BindFields(fields);
  fields.Add("privacy_epsilons", &privacy_epsilons,
             "eps of every private method, one panel each (> 0); the 'paper sigma' curve exists "
             "only at the paper's 0.9 and 0.45");
  fields.Add("target_delta", &target_delta, "delta of every private method, in (0, 1)");
  fields.Add("l2_clip_norm", &l2_clip_norm, "DP-SGD's per-example gradient clip C (> 0)");
  fields.Add("kernel_rate", &kernel_rate,
             "kernel rate of Algorithm 1 at the paper's sigma (Theorem 5's curve uses its own)");
}

absl::StatusOr<std::vector<ConfigSpec>> WangHegdeFig2Grid::MakeConfigs() const {
  RETURN_IF_ERROR(training.Validate());
  RETURN_IF_ERROR(ValidateEachFinitePositive("privacy_epsilons", privacy_epsilons));
  RETURN_IF_ERROR(ValidateOpenUnitInterval(GridFieldName("target_delta"), target_delta));
  RETURN_IF_ERROR(ValidateFinitePositive(GridFieldName("l2_clip_norm"), l2_clip_norm));
  RETURN_IF_ERROR(ValidateFinitePositive(GridFieldName("kernel_rate"), kernel_rate));
  const int64_t num_samples = training.num_samples;
  const int64_t batches = num_samples / training.batch_size;
  if (batches > std::numeric_limits<int>::max()) {  // J = T / B below; the learner holds J in an int
    return absl::InvalidArgumentError(absl::StrCat(
        "fields 'num_samples' / 'batch_size' = ", batches, " noise resets (one per batch) must be <= ",
        std::numeric_limits<int>::max()));
  }
  std::vector<ConfigSpec> configs;
  for (double eps : privacy_epsilons) {
    const std::string panel = absl::StrFormat("#ge = %g, #gd = %s", eps, DeltaLabel(target_delta));
    auto add = [&](const std::string& name, const std::string& agent, const std::string& label,
                   double sigma, double rate) -> ConfigSpec& {
      ConfigSpec config;
      config.group_name = absl::StrCat("eps=", GroupNameNumber(eps), "-", name);
      config.attributes = CommonAttributes(training, agent, panel, label);
      config.attributes.push_back({"method", name});
      config.attributes.push_back({"privacy_epsilon", eps});
      config.attributes.push_back({"target_delta", target_delta});
      config.attributes.push_back({"noise_stddev", sigma});
      config.attributes.push_back({"num_resets", batches});
      config.attributes.push_back({"kernel_rate", rate});
      SetEstimates(training, config);
      configs.push_back(config);
      return configs.back();
    };
    // Algorithm 1 at the paper's sigma (kernel exp(-|x - y|), as the authors' code).
    if (AppendixE3ReportedSigma(eps) > 0) {
      ConfigSpec& paper =
          add("functional-paper-sigma", "functional_noise",
              absl::StrFormat("functional noise, paper's #gs = %g", AppendixE3ReportedSigma(eps)),
              AppendixE3ReportedSigma(eps), kernel_rate);
      paper.attributes.push_back({"calibration", std::string("App. E.3 reported sigma")});
      // The same sigma in the authors' loop as run (replay_dqn_as_run.h; outside Theorem 5).
      ConfigSpec as_run;
      as_run.group_name =
          absl::StrCat("eps=", GroupNameNumber(eps), "-functional-paper-sigma-as-run");
      as_run.attributes = AsRunAttributes(
          num_samples, panel,
          absl::StrFormat("functional noise, paper's #gs = %g, authors' loop as run",
                          AppendixE3ReportedSigma(eps)),
          AppendixE3ReportedSigma(eps), kernel_rate);
      as_run.attributes.push_back({"method", std::string("functional-paper-sigma-as-run")});
      as_run.attributes.push_back({"privacy_epsilon", eps});
      as_run.attributes.push_back({"target_delta", target_delta});
      as_run.attributes.push_back({"calibration", std::string("App. E.3 reported sigma")});
      as_run.estimated_core_seconds = 1.2e-4 * static_cast<double>(num_samples);
      as_run.stored_values_per_seed = num_samples / EpisodeLength() + 1;
      configs.push_back(as_run);
    }
    // Algorithm 1 at Theorem 5's sigma and beta = 1/v, k solved so that the corrected delta_g
    // (functional_noise_calibration.h) is target_delta / 2 and the composition's delta the other
    // half (App. E.3's split). First with this run's own alpha, B, T and J; when no k meets the
    // target there (the corrected margin over sigma stays below what the target needs: with
    // alpha = 1 it is < 0.07), with App. E.3's alpha, B, T, and the label says so.
    FunctionalNoiseCalibrationOptions own = AppendixE3(eps, target_delta / 2.0);
    own.num_samples = num_samples;
    own.batch_size = training.batch_size;
    own.learning_rate = training.learning_rate;
    own.num_resets = batches;
    absl::StatusOr<FunctionalNoiseCalibration> theorem5 =
        SolveFunctionalNoiseBound(own, target_delta / 2.0);
    std::string calibration =
        "Theorem 5, corrected delta_g, this run's learning_rate, batch_size, num_samples";
    std::string label_source = "this run's #ga, B, T";
    if (!theorem5.ok()) {
      if (theorem5.status().code() != absl::StatusCode::kOutOfRange) {
        return absl::InvalidArgumentError(absl::StrCat(
            "fields 'learning_rate' = ", training.learning_rate,
            ", 'batch_size' = ", training.batch_size, " with 'privacy_epsilons' value ", eps,
            " (Theorem 5): ", theorem5.status().message()));
      }
      theorem5 = SolveFunctionalNoiseBound(AppendixE3(eps, target_delta / 2.0), target_delta / 2.0);
      RETURN_IF_ERROR(theorem5.status());
      calibration =
          "Theorem 5, corrected delta_g, App. E.3's alpha = 3e-4, B = 64, T = 5000 (no k meets "
          "the target with this run's)";
      label_source = "App. E.3's #ga, B, T";
    }
    ConfigSpec& thm =
        add("functional-theorem5", "functional_noise",
            absl::StrFormat("functional noise, Thm. 5 #gs = %.3g (%s)", theorem5->noise_stddev,
                            label_source),
            theorem5->noise_stddev, theorem5->kernel_rate);
    thm.attributes.push_back({"calibration", calibration});
    thm.attributes.push_back({"noise_bound", theorem5->noise_bound});
    thm.attributes.push_back({"achieved_total_delta", theorem5->total_delta});
    // Input perturbation (Venkitasubramaniam 2013).
    ASSIGN_OR_RETURN(const InputPerturbationCalibration input,
                     CalibrateInputPerturbation(eps, target_delta, num_samples));
    ConfigSpec& ip =
        add("input-perturbation", "input_perturbation",
            absl::StrFormat("input perturbation, reward noise %.3g", input.reward_noise_stddev),
            0.0, kernel_rate);
    ip.attributes.push_back({"reward_noise_stddev", input.reward_noise_stddev});
    ip.attributes.push_back({"gdp_privacy_epsilon", input.gdp_privacy_epsilon});
    // DP-SGD (Abadi et al. 2016) with App. E.2's moments-accountant bound.
    ASSIGN_OR_RETURN(const DpSgdCalibration sgd,
                     CalibrateDpSgd(eps, target_delta, num_samples,
                                    static_cast<int>(training.batch_size), l2_clip_norm));
    ConfigSpec& dp =
        add("dp-sgd", "dp_sgd",
            absl::StrFormat("DP-SGD, noise multiplier %.3g", sgd.noise_multiplier_paper), 0.0,
            kernel_rate);
    dp.attributes.push_back({"l2_clip_norm", l2_clip_norm});
    dp.attributes.push_back({"gradient_noise_stddev", sgd.gradient_noise_stddev_paper});
    dp.attributes.push_back({"noise_multiplier", sgd.noise_multiplier_paper});
    dp.attributes.push_back({"rdp_privacy_epsilon", sgd.rdp_epsilon_of_paper});
    dp.attributes.push_back({"noise_multiplier_rdp", sgd.noise_multiplier_rdp});
    // Balle-Gomrokchi-Precup 2016 style output perturbation: NOT private under the
    // reward-function relation (one-trajectory relation only); for utility, as the paper does.
    ASSIGN_OR_RETURN(const double release_multiplier,
                     CalibrateOutputPerturbation(eps, target_delta, batches));
    const LinearOutputPerturbationOptions linear;
    ConfigSpec& bgp = add("output-perturbation", "output_perturbation",
                          "BGP16 output perturbation (not private here)", 0.0, kernel_rate);
    bgp.attributes.push_back({"output_noise_multiplier", release_multiplier});
    bgp.attributes.push_back({"ridge_regularizer", linear.ridge_regularizer});
    bgp.attributes.push_back({"num_features", int64_t{linear.num_features}});
    bgp.attributes.push_back({"feature_width", linear.feature_width});
    bgp.attributes.push_back(
        {"neighbour_relation", std::string("one trajectory's rewards (not the paper's)")});
  }
  for (const ConfigSpec& config : configs) RETURN_IF_ERROR(CheckAgentOptions(config));
  AddReferences(training, configs);
  ConfigSpec frozen;
  frozen.group_name = "reference-frozen";
  frozen.attributes =
      CommonAttributes(training, "frozen", "all", "frozen initial network (greedy)");
  SetEstimates(training, frozen);
  configs.push_back(frozen);
  return configs;
}

absl::StatusOr<std::vector<ConfigSpec>> MakeWangHegdeFig1Configs(Scale scale) {
  return WangHegdeFig1Grid::ForScale(scale).MakeConfigs();
}

absl::StatusOr<std::vector<ConfigSpec>> MakeWangHegdeFig2Configs(Scale scale) {
  return WangHegdeFig2Grid::ForScale(scale).MakeConfigs();
}

absl::StatusOr<TaskResult> RunWangHegdeTask(const ConfigSpec& config, const TaskContext& context) {
  ASSIGN_OR_RETURN(std::string agent, Attribute<std::string>(config, "agent"));
  ASSIGN_OR_RETURN(int64_t num_samples, Attribute<int64_t>(config, "num_samples"));
  ASSIGN_OR_RETURN(ContinuousWalk env, ContinuousWalk::Create(ContinuousWalkOptions()));
  if (num_samples % env.episode_length() != 0) {
    return absl::InvalidArgumentError(absl::StrCat("num_samples = ", num_samples,
                                                   " is not a multiple of the episode length ",
                                                   env.episode_length()));
  }
  const TaskStreams streams(config, context);
  RandomStream env_stream = streams.Environment("continuous_walk");
  // Shared by every method of a seed: all start from the same network and exploration draws.
  RandomStream policy_stream = streams.SharedPolicy("q_network");
  const RandomStream noise_stream = streams.PrivacyNoise();
  std::vector<double> returns;
  if (agent == "functional_noise" || agent == "dp_sgd") {  // dp_sgd: clipping + noise attrs
    ASSIGN_OR_RETURN(FunctionalNoiseQLearningOptions options, AgentOptions(config));
    ASSIGN_OR_RETURN(FunctionalNoiseQLearning learner,
                     FunctionalNoiseQLearning::Create(options, policy_stream, noise_stream));
    returns = TrainOnWalk(env, num_samples, learner, env_stream);
  } else if (agent == "input_perturbation") {
    ASSIGN_OR_RETURN(FunctionalNoiseQLearningOptions options, AgentOptions(config));
    ASSIGN_OR_RETURN(double reward_noise, Attribute<double>(config, "reward_noise_stddev"));
    ASSIGN_OR_RETURN(
        InputPerturbationQLearning learner,
        InputPerturbationQLearning::Create(options, reward_noise, policy_stream, noise_stream));
    returns = TrainOnWalk(env, num_samples, learner, env_stream);
  } else if (agent == "output_perturbation") {
    ASSIGN_OR_RETURN(FunctionalNoiseQLearningOptions common, AgentOptions(config));
    absl::StatusOr<double> multiplier = Attribute<double>(config, "output_noise_multiplier");
    absl::StatusOr<double> ridge = Attribute<double>(config, "ridge_regularizer");
    absl::StatusOr<int64_t> features = Attribute<int64_t>(config, "num_features");
    absl::StatusOr<double> width = Attribute<double>(config, "feature_width");
    for (const absl::Status& status :
         {multiplier.status(), ridge.status(), features.status(), width.status()}) {
      if (!status.ok()) return status;
    }
    LinearOutputPerturbationOptions options;
    options.num_samples = common.num_samples;
    options.batch_size = common.batch_size;
    options.episode_length = env.episode_length();
    options.num_features = static_cast<int>(*features);
    options.feature_width = *width;
    options.ridge_regularizer = *ridge;
    options.discount = common.discount;
    options.output_noise_multiplier = *multiplier;
    options.exploration_start = common.exploration_start;
    options.exploration_end = common.exploration_end;
    options.exploration_decay_steps = common.exploration_decay_steps;
    ASSIGN_OR_RETURN(LinearOutputPerturbation learner,
                     LinearOutputPerturbation::Create(options, policy_stream, noise_stream));
    returns = TrainOnWalk(env, num_samples, learner, env_stream);
  } else if (agent == "scripted") {
    ScriptedMiddle scripted;
    returns = TrainOnWalk(env, num_samples, scripted, env_stream);
  } else if (agent == "uniform") {
    UniformRandom uniform{&policy_stream};
    returns = TrainOnWalk(env, num_samples, uniform, env_stream);
  } else if (agent == "replay_dqn_as_run") {
    ReplayDqnOptions options;
    ASSIGN_OR_RETURN(options.noise_stddev, Attribute<double>(config, "noise_stddev"));
    ASSIGN_OR_RETURN(options.kernel_rate, Attribute<double>(config, "kernel_rate"));
    ASSIGN_OR_RETURN(ReplayDqnAsRun learner,
                     ReplayDqnAsRun::Create(options, policy_stream, noise_stream));
    returns = TrainOnWalk(env, num_samples, learner, env_stream);
  } else if (agent == "frozen") {
    FrozenInitialGreedy frozen(policy_stream);
    returns = TrainOnWalk(env, num_samples, frozen, env_stream);
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("configuration ", config.group_name, ": unknown agent '", agent, "'"));
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
      "Wang & Hegde 2019 Fig. 1: return vs samples of Q-learning with functional noise "
      "(Alg. 1) for sigma in {0, ..., 1} and J in {1, T/B} on the continuous walk";
  experiment.default_seeds_smoke = 2;
  experiment.default_seeds_default = 10;
  experiment.default_seeds_paper = 10;
  experiment.make_grid = MakeTypedGrid<WangHegdeFig1Grid>;
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
  experiment.make_grid = MakeTypedGrid<WangHegdeFig2Grid>;
  experiment.run_task = RunWangHegdeTask;
  experiment.analysis_binary = "analysis/wang_hegde_figure";
  return experiment;
}

}  // namespace dprl
