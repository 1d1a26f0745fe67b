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

namespace dprl {

const OptionBinding<ReplayDqnAgentOptions>& ReplayDqnAgentBinding() {
  using O = ReplayDqnAgentOptions;
  static const auto* binding =
      &(*new OptionBinding<O>("agent replay_dqn_as_run"))
           .Int("num_samples", &O::num_samples, "training samples T")
           .Int("batch_size", [](O& o) -> int& { return o.dqn.batch_size; },
                "transitions per update")
           .Int("replay_capacity", [](O& o) -> int64_t& { return o.dqn.replay_capacity; },
                "transitions kept in the replay memory")
           .Int("target_update_episodes",
                [](O& o) -> int& { return o.dqn.target_update_episodes; },
                "episodes between target-network refreshes")
           .Float("gradient_clamp", [](O& o) -> double& { return o.dqn.gradient_clamp; },
                  "clamp of every gradient coordinate")
           .Float("discount", [](O& o) -> double& { return o.dqn.discount; },
                  "discount gamma of the target")
           .Float("learning_rate", [](O& o) -> double& { return o.dqn.optimizer.learning_rate; },
                  "RMSprop step size")
           .Choice("optimizer", [](O& o) -> OptimizerKind& { return o.dqn.optimizer.kind; },
                   {{OptimizerKind::kRmsProp, "rmsprop"}}, "the optimiser of dpql.py")
           .Float("exploration_start", [](O& o) -> double& { return o.dqn.exploration_start; },
                  "epsilon-greedy rate at step 0")
           .Float("exploration_end", [](O& o) -> double& { return o.dqn.exploration_end; },
                  "epsilon-greedy rate as t -> infinity")
           .Float("exploration_decay_steps",
                  [](O& o) -> double& { return o.dqn.exploration_decay_steps; },
                  "time constant (steps) of the exploration schedule")
           .Float(hdf5_names::kNoiseStddev, [](O& o) -> double& { return o.dqn.noise_stddev; },
                  "sigma of each Gaussian-process path set")
           .Float("kernel_rate", [](O& o) -> double& { return o.dqn.kernel_rate; },
                  "beta of the kernel exp(-beta |x - y|)");
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
