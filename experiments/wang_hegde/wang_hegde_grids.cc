// The grids of //experiments:wang_hegde_fig1 and wang_hegde_fig2 (wang_hegde_task.h): every group
// names a registered agent (qlearning_registry.h) and carries its parameters through the agent's
// binding, plus the records of schema/wang_hegde_records.h and wang_hegde_option_bindings.h.
#include <cmath>
#include <limits>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/accounting/functional_noise_calibration.h"
#include "algorithms/accounting/q_learning_baselines_privacy.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "experiments/core/grid_validation.h"
#include "experiments/core/task_cost_model.h"
#include "experiments/qlearning/qlearning_agent_bindings.h"
#include "experiments/qlearning/qlearning_registry.h"
#include "experiments/wang_hegde/wang_hegde_option_bindings.h"
#include "experiments/wang_hegde/wang_hegde_task.h"
#include "experiments/wang_hegde/wang_hegde_task_names.h"

namespace dprl {
namespace {

// The continuous walk's episode length (App. E.1: 50 steps).
int EpisodeLength() { return ContinuousWalkOptions().episode_length; }

// A new group of `agent` with the group record and the environment's parameters.
ConfigSpec NewGroup(const std::string& group_name, const std::string& agent,
                    const std::string& panel, const std::string& label) {
  ConfigSpec config;
  config.group_name = group_name;
  WalkGroupBinding().Write(WalkGroupRecord{agent, panel, label}, config.attributes);
  WalkEnvironmentBinding().Write(WalkEnvironmentRecord{EpisodeLength()}, config.attributes);
  return config;
}

// The walk's rows of the cost model. Unit: one training sample.
// Algorithm 1 and its baselines.
const CostModel& kWalkAlgorithm1Cost = RegisterCostModel(
    {"walk_algorithm1",
     "training sample",
     2.07e-6,
     {{experiment_names::kWangHegdeFig1, "default", {"num_samples=200000"}, "sigma=0.4-J=1"}}});
// The reference policies (scripted, uniform, frozen): no learning.
const CostModel& kWalkReferenceCost = RegisterCostModel({"walk_reference",
                                                         "training sample",
                                                         2.11e-8,
                                                         {{experiment_names::kWangHegdeFig1,
                                                           "default",
                                                           {"num_samples=2000000"},
                                                           "reference-uniform"}}});
// The authors' replay-based DQN loop as run (num_samples - 127 updates of 128 examples).
const CostModel& kWalkAsRunCost =
    RegisterCostModel({"walk_as_run",
                       "training sample",
                       1.11e-4,
                       {{experiment_names::kWangHegdeFig1, "default", {}, "as-run-sigma=0.4"}}});

// Per task: the episode returns and last10_mean_return; the cost is `row`'s per training sample.
void SetEstimates(int64_t num_samples, const CostModel& row, ConfigSpec& config) {
  config.estimated_core_seconds = row.core_seconds_per_unit * static_cast<double>(num_samples);
  config.stored_values_per_seed = num_samples / EpisodeLength() + 1;
}

// The group checked by its agent's registry entry (options, memory): the grid refuses what the
// task would.
absl::Status CheckGroup(const ConfigSpec& config) {
  ASSIGN_OR_RETURN(const WalkGroupRecord group, WalkGroupBinding().Read(config));
  // What the analysis reads back of the agent's noise must read (schema/wang_hegde_records.h).
  RETURN_IF_ERROR(QLearningNoiseBinding().Read(config).status());
  ASSIGN_OR_RETURN(const QLearningAgentType* type,
                   FindQLearningAgentOrError(group.agent, absl::StrCat("configuration ",
                                                                       config.group_name)));
  return type->check(config);
}

// A reference policy, drawn in every panel, with the figure's Algorithm 1 setting recorded.
ConfigSpec ReferenceGroup(const std::string& agent,
                          const FunctionalNoiseQLearningOptions& setting) {
  ConfigSpec config = NewGroup(absl::StrCat("reference-", agent), agent, "all",
                               QLearningLabel(agent));
  WalkReferenceBinding().Write(WalkReferenceOptions{setting.num_samples}, config.attributes);
  AppendUnwritten(Algorithm1SettingBinding(), setting, config.attributes);
  SetEstimates(setting.num_samples, kWalkReferenceCost, config);
  return config;
}

// A group of the authors' loop as run at sigma (its own settings: only T is the figure's).
ConfigSpec AsRunGroup(const std::string& group_name, const std::string& panel,
                      const std::string& label, int64_t num_samples, double sigma,
                      double kernel_rate) {
  ConfigSpec config = NewGroup(group_name, "replay_dqn_as_run", panel, label);
  ReplayDqnAgentOptions options;
  options.num_samples = num_samples;
  options.dqn.noise_stddev = sigma;
  options.dqn.kernel_rate = kernel_rate;
  ReplayDqnAgentBinding().Write(options, config.attributes);
  ReplayDqnDescriptionBinding().Write(ReplayDqnDescription(), config.attributes);
  SetEstimates(num_samples, kWalkAsRunCost, config);
  return config;
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

// `value` of `field` (a count the learner holds in an int) if it fits.
absl::StatusOr<int> IntField(const std::string& field, const std::string& name, int64_t value) {
  if (value > std::numeric_limits<int>::max()) {
    return absl::InvalidArgumentError(absl::StrCat(GridFieldName(field), ": ", name, " = ", value,
                                                   " must be <= ",
                                                   std::numeric_limits<int>::max()));
  }
  return static_cast<int>(value);
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
  return IntField("batch_size", "batch_size", batch_size).status();
}

absl::StatusOr<FunctionalNoiseQLearningOptions> WalkTrainingFields::Algorithm1Setting() const {
  RETURN_IF_ERROR(Validate());
  FunctionalNoiseQLearningOptions setting;
  setting.num_samples = num_samples;
  setting.batch_size = static_cast<int>(batch_size);
  setting.discount = discount;
  setting.optimizer.kind = OptimizerKind::kSgd;
  setting.optimizer.learning_rate = learning_rate;
  setting.exploration_start = exploration_start;
  setting.exploration_end = exploration_end;
  setting.exploration_decay_steps = exploration_decay_steps;
  return setting;
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
  fields.Add("kernel_rate", &kernel_rate,
             "rate of the kernel exp(-rate |x - y|) (1e-100 to 1e100)");
  fields.Add("as_run_noise_stddevs", &as_run_noise_stddevs,
             "sigma values of the authors' loop as run (replay_dqn_as_run.h), one curve each in "
             "its own panel; empty = no such panel");
}

absl::StatusOr<std::vector<ConfigSpec>> WangHegdeFig1Grid::MakeConfigs() const {
  ASSIGN_OR_RETURN(const FunctionalNoiseQLearningOptions setting, training.Algorithm1Setting());
  RETURN_IF_ERROR(ValidateScale(GridFieldName("kernel_rate"), kernel_rate));
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
    ASSIGN_OR_RETURN(const int num_resets_int, IntField("num_resets", "num_resets", resets));
    const std::string panel = resets == 1 ? "J = 1"
                              : resets == training.num_samples / training.batch_size
                                  ? absl::StrFormat("J = T/B = %d", resets)
                                  : absl::StrFormat("J = %d", resets);
    for (double sigma : noise_stddevs) {
      // In Figure 1 every curve of a panel is Algorithm 1 (the panels say J), so the legend is
      // sigma alone.
      ConfigSpec config =
          NewGroup(absl::StrFormat("sigma=%s-J=%d", GroupNameNumber(sigma), resets),
                   "functional_noise", panel, absl::StrFormat("σ = %g", sigma));
      FunctionalNoiseQLearningOptions options = setting;
      options.noise_stddev = sigma;
      options.num_resets = num_resets_int;
      options.kernel_rate = kernel_rate;
      FunctionalNoiseAgentBinding().Write(options, config.attributes);
      SetEstimates(setting.num_samples, kWalkAlgorithm1Cost, config);
      RETURN_IF_ERROR(CheckGroup(config));
      configs.push_back(config);
    }
  }
  for (double sigma : as_run_noise_stddevs) {
    // One panel of the loop as run (its title says so): the legend is sigma alone.
    ConfigSpec config = AsRunGroup(absl::StrCat("as-run-sigma=", GroupNameNumber(sigma)),
                                   "authors' loop as run (dpql.py), outside Thm. 5",
                                   absl::StrFormat("σ = %g", sigma), setting.num_samples, sigma,
                                   kernel_rate);
    RETURN_IF_ERROR(CheckGroup(config));
    configs.push_back(config);
  }
  for (const char* agent : {"scripted", "uniform"}) {
    configs.push_back(ReferenceGroup(agent, setting));
  }
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
  ASSIGN_OR_RETURN(const FunctionalNoiseQLearningOptions setting, training.Algorithm1Setting());
  RETURN_IF_ERROR(ValidateEachFinitePositive("privacy_epsilons", privacy_epsilons));
  RETURN_IF_ERROR(ValidateNotEmpty("privacy_epsilons", privacy_epsilons.size(),
                                   "Figure 2 compares the private methods at each of its values"));
  RETURN_IF_ERROR(ValidateOpenUnitInterval(GridFieldName("target_delta"), target_delta));
  RETURN_IF_ERROR(ValidateFinitePositive(GridFieldName("l2_clip_norm"), l2_clip_norm));
  RETURN_IF_ERROR(ValidateScale(GridFieldName("kernel_rate"), kernel_rate));
  const int64_t num_samples = training.num_samples;
  const int64_t batches = num_samples / training.batch_size;
  if (batches > std::numeric_limits<int>::max()) {  // J = T / B below; the learner holds J in an int
    return absl::InvalidArgumentError(absl::StrCat(
        "fields 'num_samples' / 'batch_size' = ", batches, " noise resets (one per batch) must be <= ",
        std::numeric_limits<int>::max()));
  }
  // Algorithm 1's loop with J = T/B and no functional noise: the baselines' learner.
  FunctionalNoiseQLearningOptions noiseless = setting;
  noiseless.num_resets = static_cast<int>(batches);
  noiseless.kernel_rate = kernel_rate;
  std::vector<ConfigSpec> configs;
  for (double eps : privacy_epsilons) {
    const std::string panel = absl::StrFormat("ε = %g, δ = %s", eps, DeltaLabel(target_delta));
    auto group = [&](const std::string& method, const std::string& agent,
                     const std::string& detail) {
      ConfigSpec config = NewGroup(absl::StrCat("eps=", GroupNameNumber(eps), "-", method), agent,
                                   panel, QLearningLabel(agent, detail));
      Fig2MethodBinding().Write(Fig2MethodRecord{method, eps, target_delta}, config.attributes);
      SetEstimates(num_samples, kWalkAlgorithm1Cost, config);
      return config;
    };
    // A calibration's error names the grid value it was asked for (eps = 1e300 overflows the
    // accountants' internal rho, say).
    auto at_eps = [&](const char* method, const absl::Status& status) {
      return absl::InvalidArgumentError(absl::StrCat(GridFieldName("privacy_epsilons"), " value ",
                                                     eps, " (", method, "): ", status.message()));
    };
    const double paper_sigma = AppendixE3ReportedSigma(eps);
    if (paper_sigma > 0) {
      const CalibrationRecord reported{"App. E.3 reported sigma"};
      // Algorithm 1 at the paper's sigma (kernel exp(-|x - y|), as the authors' code).
      ConfigSpec paper = group("functional-paper-sigma", "functional_noise",
                               absl::StrFormat("paper's σ = %g", paper_sigma));
      FunctionalNoiseQLearningOptions options = noiseless;
      options.noise_stddev = paper_sigma;
      FunctionalNoiseAgentBinding().Write(options, paper.attributes);
      CalibrationBinding().Write(reported, paper.attributes);
      configs.push_back(paper);
      // The same sigma in the authors' loop as run (replay_dqn_as_run.h; outside Theorem 5).
      ConfigSpec as_run =
          AsRunGroup(absl::StrCat("eps=", GroupNameNumber(eps), "-functional-paper-sigma-as-run"),
                     panel,
                     QLearningLabel("replay_dqn_as_run",
                                    absl::StrFormat("paper's σ = %g", paper_sigma)),
                     num_samples, paper_sigma, kernel_rate);
      Fig2MethodBinding().Write(Fig2MethodRecord{"functional-paper-sigma-as-run", eps, target_delta},
                                as_run.attributes);
      CalibrationBinding().Write(reported, as_run.attributes);
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
    CalibrationRecord calibration{
        "Theorem 5, corrected delta_g, this run's learning_rate, batch_size, num_samples"};
    std::string label_source = "this run's α, B, T";
    if (!theorem5.ok()) {
      if (theorem5.status().code() != absl::StatusCode::kOutOfRange) {
        return absl::InvalidArgumentError(absl::StrCat(
            "fields 'learning_rate' = ", training.learning_rate,
            ", 'batch_size' = ", training.batch_size, " with 'privacy_epsilons' value ", eps,
            " (Theorem 5): ", theorem5.status().message()));
      }
      theorem5 = SolveFunctionalNoiseBound(AppendixE3(eps, target_delta / 2.0), target_delta / 2.0);
      if (!theorem5.ok()) return at_eps("Theorem 5", theorem5.status());
      calibration.calibration =
          "Theorem 5, corrected delta_g, App. E.3's alpha = 3e-4, B = 64, T = 5000 (no k meets "
          "the target with this run's)";
      label_source = "App. E.3's α, B, T";
    }
    ConfigSpec thm = group(
        "functional-theorem5", "functional_noise",
        absl::StrFormat("Thm. 5 σ = %.3g (%s)", theorem5->noise_stddev, label_source));
    FunctionalNoiseQLearningOptions thm_options = noiseless;
    thm_options.noise_stddev = theorem5->noise_stddev;
    thm_options.kernel_rate = theorem5->kernel_rate;
    FunctionalNoiseAgentBinding().Write(thm_options, thm.attributes);
    CalibrationBinding().Write(calibration, thm.attributes);
    Theorem5CalibrationBinding().Write(*theorem5, thm.attributes);
    configs.push_back(thm);
    // Input perturbation (Venkitasubramaniam 2013).
    const absl::StatusOr<InputPerturbationCalibration> input_or =
        CalibrateInputPerturbation(eps, target_delta, num_samples);
    if (!input_or.ok()) return at_eps("input perturbation", input_or.status());
    const InputPerturbationCalibration& input = *input_or;
    ConfigSpec ip = group("input-perturbation", "input_perturbation",
                          absl::StrFormat("reward noise %.3g", input.reward_noise_stddev));
    InputPerturbationAgentBinding().Write(
        InputPerturbationAgentOptions{noiseless, input.reward_noise_stddev}, ip.attributes);
    InputPerturbationCalibrationBinding().Write(input, ip.attributes);
    configs.push_back(ip);
    // DP-SGD (Abadi et al. 2016) with App. E.2's moments-accountant bound.
    const absl::StatusOr<DpSgdCalibration> sgd_or = CalibrateDpSgd(
        eps, target_delta, num_samples, static_cast<int>(training.batch_size), l2_clip_norm);
    if (!sgd_or.ok()) return at_eps("DP-SGD", sgd_or.status());
    const DpSgdCalibration& sgd = *sgd_or;
    ConfigSpec dp = group("dp-sgd", "dp_sgd",
                          absl::StrFormat("noise multiplier %.3g", sgd.noise_multiplier_paper));
    FunctionalNoiseQLearningOptions dp_options = noiseless;
    dp_options.l2_clip_norm = l2_clip_norm;
    dp_options.gradient_noise_stddev = sgd.gradient_noise_stddev_paper;
    DpSgdAgentBinding().Write(dp_options, dp.attributes);
    DpSgdCalibrationBinding().Write(sgd, dp.attributes);
    configs.push_back(dp);
    // Balle-Gomrokchi-Precup 2016 style output perturbation: NOT private under the
    // reward-function relation (one-trajectory relation only); for utility, as the paper does.
    const absl::StatusOr<double> release_multiplier_or =
        CalibrateOutputPerturbation(eps, target_delta, batches);
    if (!release_multiplier_or.ok()) {
      return at_eps("output perturbation", release_multiplier_or.status());
    }
    const double release_multiplier = *release_multiplier_or;
    ConfigSpec bgp = group("output-perturbation", "output_perturbation", "");
    LinearOutputPerturbationOptions linear;
    linear.output_noise_multiplier = release_multiplier;
    OutputPerturbationAgentBinding().Write(
        WithSharedParameters(OutputPerturbationAgentBinding(), linear,
                             Algorithm1SettingBinding(), setting),
        bgp.attributes);
    AppendUnwritten(FunctionalNoiseAgentBinding(), noiseless, bgp.attributes);
    NeighbourRelationBinding().Write(
        NeighbourRelationRecord{"one trajectory's rewards (not the paper's)"}, bgp.attributes);
    configs.push_back(bgp);
  }
  for (const ConfigSpec& config : configs) RETURN_IF_ERROR(CheckGroup(config));
  for (const char* agent : {"scripted", "uniform", "frozen"}) {
    configs.push_back(ReferenceGroup(agent, setting));
  }
  return configs;
}

}  // namespace dprl
