// The replay_dqn_as_run training mode: Wang & Hegde's loop as the authors ran it (dpql.py in
// wangbx66/differentially-private-q-learning; algorithms/qlearning/replay_dqn_as_run.h), with
// replay, a target network, Huber loss and RMSprop. Outside Theorem 5; no privacy claimed.
#include <array>

#include "algorithms/qlearning/mlp.h"
#include "algorithms/qlearning/replay_dqn_as_run.h"
#include "common/hdf5_names.h"
#include "common/validation.h"
#include "experiments/qlearning/qlearning_agent_bindings.h"
#include "experiments/qlearning/qlearning_registry.h"
#include "schema/attribute_fields.h"

namespace dprl {

const OptionBinding<ReplayDqnAgentOptions>& ReplayDqnAgentBinding() {
  using O = ReplayDqnAgentOptions;
  static const auto* binding =
      &(*new OptionBinding<O>("agent replay_dqn_as_run"))
           .Int(attribute_fields::kNumSamples, &O::num_samples)
           .Int(attribute_fields::kBatchSize, [](O& o) -> int& { return o.dqn.batch_size; },
                "transitions per update")
           .Int("replay_capacity", [](O& o) -> int64_t& { return o.dqn.replay_capacity; },
                "transitions kept in the replay memory")
           .Int("target_update_episodes",
                [](O& o) -> int& { return o.dqn.target_update_episodes; },
                "episodes between target-network refreshes")
           .Float("gradient_clamp", [](O& o) -> double& { return o.dqn.gradient_clamp; },
                  "clamp of every gradient coordinate")
           .Float(attribute_fields::kDiscount, [](O& o) -> double& { return o.dqn.discount; },
                  "of the target")
           .Float(attribute_fields::kLearningRate,
                  [](O& o) -> double& { return o.dqn.optimizer.learning_rate; }, "RMSprop")
           .Choice(attribute_fields::kOptimizer,
                   [](O& o) -> OptimizerKind& { return o.dqn.optimizer.kind; },
                   {{OptimizerKind::kRmsProp, "rmsprop"}}, "dpql.py's")
           .Float(attribute_fields::kExplorationStart,
                  [](O& o) -> double& { return o.dqn.exploration_start; })
           .Float(attribute_fields::kExplorationEnd,
                  [](O& o) -> double& { return o.dqn.exploration_end; })
           .Float(attribute_fields::kExplorationDecaySteps,
                  [](O& o) -> double& { return o.dqn.exploration_decay_steps; })
           .Float(attribute_fields::kNoiseStddev,
                  [](O& o) -> double& { return o.dqn.noise_stddev; },
                  "of each Gaussian-process path set")
           .Float(attribute_fields::kKernelRate, [](O& o) -> double& { return o.dqn.kernel_rate; });
  return *binding;
}

const OptionBinding<ReplayDqnDescription>& ReplayDqnDescriptionBinding() {
  static const auto* binding =
      &(*new OptionBinding<ReplayDqnDescription>("training mode replay_dqn_as_run"))
           .String("training_mode", &ReplayDqnDescription::training_mode,
                   "what differs from Algorithm 1")
           .String("noise_resets", &ReplayDqnDescription::noise_resets,
                   "when the noise paths restart");
  return *binding;
}

namespace {

QLearningAgentType ReplayDqnType() {
  QLearningAgentDefinition<ReplayDqnAgentOptions, ReplayDqnAsRun> d;
  d.name = "replay_dqn_as_run";
  d.description =
      "Wang & Hegde 2019's functional-noise loop as the authors ran it (dpql.py: replay memory, "
      "target network, Huber loss, RMSprop), not Algorithm 1 as printed; outside Theorem 5";
  d.legend = "functional noise, {detail}, authors' loop as run";
  d.noise_parameters = {hdf5_names::kNoiseStddev};
  d.binding = &ReplayDqnAgentBinding();
  d.validate = [](const ReplayDqnAgentOptions& o) -> absl::Status {
    RETURN_IF_ERROR(ValidateAtLeastOne("num_samples", o.num_samples));
    return o.dqn.Validate();
  };
  d.num_samples = [](const ReplayDqnAgentOptions& o) { return o.num_samples; };
  d.create = [](const ReplayDqnAgentOptions& o, const ContinuousWalk&,
                RandomStream& policy_stream, const RandomStream& noise_stream) {
    return ReplayDqnAsRun::Create(o.dqn, policy_stream, noise_stream);
  };
  d.q_values = [](const ReplayDqnAsRun& agent, double state) {
    return MlpQValues(agent.policy_network(), state);
  };
  return MakeQLearningAgentType(d);
}

const bool kRegistered = RegisterQLearningAgent(ReplayDqnType());

}  // namespace
}  // namespace dprl
