// The agents that run Algorithm 1's loop (algorithms/qlearning/functional_noise_q_learning.h):
// functional_noise (Wang & Hegde 2019, Algorithm 1 as printed), dp_sgd (Abadi et al. 2016 in that
// loop) and input_perturbation (Venkitasubramaniam 2013 in that loop). Calibrations:
// algorithms/accounting/functional_noise_calibration.h, q_learning_baselines_privacy.h.
#include <array>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/qlearning/functional_noise_q_learning.h"
#include "algorithms/qlearning/input_perturbation.h"
#include "algorithms/qlearning/mlp.h"
#include "common/resource_limits.h"
#include "common/validation.h"
#include "experiments/qlearning/qlearning_agent_bindings.h"
#include "experiments/qlearning/qlearning_registry.h"

namespace dprl {

const OptionBinding<FunctionalNoiseQLearningOptions>& FunctionalNoiseAgentBinding() {
  static const auto* binding = [] {
    auto* b = new OptionBinding<FunctionalNoiseQLearningOptions>("agent functional_noise");
    BindAlgorithm1Setting(*b, Itself);
    BindFunctionalNoise(*b, Itself);
    return b;
  }();
  return *binding;
}

const OptionBinding<FunctionalNoiseQLearningOptions>& DpSgdAgentBinding() {
  static const auto* binding = [] {
    auto* b = new OptionBinding<FunctionalNoiseQLearningOptions>("agent dp_sgd");
    BindAlgorithm1Setting(*b, Itself);
    BindFunctionalNoise(*b, Itself);
    b->Float("l2_clip_norm", &FunctionalNoiseQLearningOptions::l2_clip_norm,
             "per-example gradient clip C")
        .Float("gradient_noise_stddev", &FunctionalNoiseQLearningOptions::gradient_noise_stddev,
               "stddev of the noise on the summed clipped gradients");
    return b;
  }();
  return *binding;
}

const OptionBinding<InputPerturbationAgentOptions>& InputPerturbationAgentBinding() {
  static const auto* binding = [] {
    auto* b = new OptionBinding<InputPerturbationAgentOptions>("agent input_perturbation");
    const auto learner = [](InputPerturbationAgentOptions& o) -> FunctionalNoiseQLearningOptions& {
      return o.learner;
    };
    BindAlgorithm1Setting(*b, learner);
    BindFunctionalNoise(*b, learner);
    b->Float("reward_noise_stddev", &InputPerturbationAgentOptions::reward_noise_stddev,
             "stddev of the Gaussian noise on each observed reward");
    return b;
  }();
  return *binding;
}

namespace {

// The baselines run Algorithm 1's loop without functional noise.
absl::Status RequireNoFunctionalNoise(const FunctionalNoiseQLearningOptions& options) {
  if (options.noise_stddev != 0.0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "noise_stddev = ", options.noise_stddev,
        ", must be 0 (this baseline runs Algorithm 1's loop without functional noise)"));
  }
  return absl::OkStatus();
}

// Memory of the functional noise (ou_functional_noise.h): with sigma > 0 one path stores every
// distinct state it is evaluated at, in a std::map node (48 bytes: tree links and the
// location/row pair) and a row of kMlpOutputs doubles. The walk's states are continuous, so
// almost every one of the T / J samples of a path is a new point (only moves clamped to 0 or 1
// repeat): a path holds about T / J points.
absl::Status CheckNoisePathMemory(const FunctionalNoiseQLearningOptions& options) {
  if (options.noise_stddev == 0.0) return absl::OkStatus();
  const double points_per_path =
      static_cast<double>(options.num_samples) / static_cast<double>(options.num_resets);
  return CheckMemoryEstimate(
      absl::StrCat("fields 'num_samples' = ", options.num_samples,
                   " over num_resets = ", options.num_resets,
                   absl::StrFormat(" (%.3g noise-path points)", points_per_path)),
      points_per_path * (48.0 + 8.0 * kMlpOutputs));
}

QLearningAgentDefinition<FunctionalNoiseQLearningOptions, FunctionalNoiseQLearning>
Algorithm1Definition(const std::string& name,
                     const OptionBinding<FunctionalNoiseQLearningOptions>& binding) {
  QLearningAgentDefinition<FunctionalNoiseQLearningOptions, FunctionalNoiseQLearning> d;
  d.name = name;
  d.binding = &binding;
  d.num_samples = [](const FunctionalNoiseQLearningOptions& o) { return o.num_samples; };
  d.resources = CheckNoisePathMemory;
  d.create = [](const FunctionalNoiseQLearningOptions& o, const ContinuousWalk&,
                RandomStream& policy_stream, const RandomStream& noise_stream) {
    return FunctionalNoiseQLearning::Create(o, policy_stream, noise_stream);
  };
  d.q_values = [](const FunctionalNoiseQLearning& learner, double state) {
    return MlpQValues(learner.q_network(), state);
  };
  return d;
}

QLearningAgentType FunctionalNoiseType() {
  auto d = Algorithm1Definition("functional_noise", FunctionalNoiseAgentBinding());
  d.description =
      "Q-learning with Gaussian-process functional noise, Wang & Hegde 2019 Algorithm 1 as "
      "printed (plain SGD on fresh batches); Theorem 5's guarantee does not cover its output";
  d.legend = "functional noise, {detail}";
  d.noise_parameters = {hdf5_names::kNoiseStddev};
  d.validate = [](const FunctionalNoiseQLearningOptions& o) { return o.Validate(); };
  return MakeQLearningAgentType(d);
}

QLearningAgentType DpSgdType() {
  auto d = Algorithm1Definition("dp_sgd", DpSgdAgentBinding());
  d.description =
      "DP-SGD (Abadi et al. 2016: per-example clip, Gaussian noise on the summed gradient) in "
      "Algorithm 1's loop, Wang & Hegde 2019 App. E.2's baseline";
  d.legend = "DP-SGD, {detail}";
  d.noise_parameters = {"gradient_noise_stddev", "l2_clip_norm"};
  d.validate = [](const FunctionalNoiseQLearningOptions& o) -> absl::Status {
    RETURN_IF_ERROR(o.Validate());
    return RequireNoFunctionalNoise(o);
  };
  return MakeQLearningAgentType(d);
}

QLearningAgentType InputPerturbationType() {
  QLearningAgentDefinition<InputPerturbationAgentOptions, InputPerturbationQLearning> d;
  d.name = "input_perturbation";
  d.description =
      "input perturbation (Venkitasubramaniam 2013: Gaussian noise on every reward) in "
      "Algorithm 1's loop, Wang & Hegde 2019 App. E.2's baseline";
  d.legend = "input perturbation, {detail}";
  d.noise_parameters = {"reward_noise_stddev"};
  d.binding = &InputPerturbationAgentBinding();
  d.validate = [](const InputPerturbationAgentOptions& o) -> absl::Status {
    RETURN_IF_ERROR(o.learner.Validate());
    RETURN_IF_ERROR(RequireNoFunctionalNoise(o.learner));
    return ValidateFiniteNonNegative("reward_noise_stddev", o.reward_noise_stddev);
  };
  d.num_samples = [](const InputPerturbationAgentOptions& o) { return o.learner.num_samples; };
  d.create = [](const InputPerturbationAgentOptions& o, const ContinuousWalk&,
                RandomStream& policy_stream, const RandomStream& noise_stream) {
    return InputPerturbationQLearning::Create(o.learner, o.reward_noise_stddev, policy_stream,
                                              noise_stream);
  };
  d.q_values = [](const InputPerturbationQLearning& agent, double state) {
    return MlpQValues(agent.learner().q_network(), state);
  };
  return MakeQLearningAgentType(d);
}

const bool kRegistered = RegisterQLearningAgent(FunctionalNoiseType()) &&
                         RegisterQLearningAgent(DpSgdType()) &&
                         RegisterQLearningAgent(InputPerturbationType());

}  // namespace
}  // namespace dprl
