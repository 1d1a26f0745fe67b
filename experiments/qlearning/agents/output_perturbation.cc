// The output_perturbation agent: linear value functions released with Gaussian noise, in the
// style of Balle, Gomrokchi, Precup 2016 (algorithms/qlearning/linear_output_perturbation.h), as
// Wang & Hegde 2019 App. E.2 use it for control. NOT private under the reward-function relation
// (its guarantee protects one trajectory's rewards); kept for utility. Calibration:
// algorithms/accounting/q_learning_baselines_privacy.h (CalibrateOutputPerturbation).
#include <array>

#include "algorithms/qlearning/linear_output_perturbation.h"
#include "experiments/qlearning/qlearning_agent_bindings.h"
#include "experiments/qlearning/qlearning_registry.h"
#include "schema/attribute_fields.h"

namespace dprl {

const OptionBinding<LinearOutputPerturbationOptions>& OutputPerturbationAgentBinding() {
  using O = LinearOutputPerturbationOptions;
  static const auto* binding =
      &(*new OptionBinding<O>("agent output_perturbation"))
           .Int(attribute_fields::kNumSamples, &O::num_samples)
           .Int(attribute_fields::kBatchSize, &O::batch_size, "samples between releases")
           .Float(attribute_fields::kDiscount, &O::discount, "of the Monte-Carlo returns")
           .Float(attribute_fields::kExplorationStart, &O::exploration_start)
           .Float(attribute_fields::kExplorationEnd, &O::exploration_end)
           .Float(attribute_fields::kExplorationDecaySteps, &O::exploration_decay_steps)
           .Float("output_noise_multiplier", &O::output_noise_multiplier,
                  "noise stddev / sensitivity at each release")
           .Float("ridge_regularizer", &O::ridge_regularizer, "ridge regulariser lambda")
           .Int("num_features", &O::num_features, "Gaussian bumps d on [0, 1]")
           .Float("feature_width", &O::feature_width, "width w of the bumps");
  return *binding;
}

namespace {

QLearningAgentType OutputPerturbationType() {
  QLearningAgentDefinition<LinearOutputPerturbationOptions, LinearOutputPerturbation> d;
  d.name = "output_perturbation";
  d.description =
      "output perturbation of ridge-regression value functions, Balle-Gomrokchi-Precup 2016 style "
      "(Wang & Hegde 2019 App. E.2's baseline); private for one trajectory's rewards only, NOT "
      "under the paper's reward-function relation";
  d.legend = "BGP16 output perturbation (not private here)";
  d.noise_parameters = {"output_noise_multiplier"};
  d.binding = &OutputPerturbationAgentBinding();
  d.validate = [](const LinearOutputPerturbationOptions& o) { return o.Validate(); };
  d.num_samples = [](const LinearOutputPerturbationOptions& o) { return o.num_samples; };
  d.create = [](LinearOutputPerturbationOptions o, const ContinuousWalk& env,
                RandomStream& policy_stream, const RandomStream& noise_stream) {
    o.episode_length = env.episode_length();  // m of the sensitivity: the environment's
    return LinearOutputPerturbation::Create(o, policy_stream, noise_stream);
  };
  d.q_values = [](const LinearOutputPerturbation& agent, double state) {
    return std::array<double, 2>{agent.ReleasedQ(state, 0), agent.ReleasedQ(state, 1)};
  };
  return MakeQLearningAgentType(d);
}

const bool kRegistered = RegisterQLearningAgent(OutputPerturbationType());

}  // namespace
}  // namespace dprl
