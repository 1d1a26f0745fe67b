// The Options and bindings of the registered Q-learning agents (qlearning_registry.h): what a
// grid writes for a group of each agent and what the task reads back, by the same binding.
//
//   agent                Options (binding)                                 source
//   functional_noise     FunctionalNoiseQLearningOptions                   Wang & Hegde 2019,
//                        (FunctionalNoiseAgentBinding)                     Algorithm 1 as printed
//   dp_sgd               FunctionalNoiseQLearningOptions (DpSgdAgentBinding)  Abadi et al. 2016 in
//                                                                          Algorithm 1's loop
//   input_perturbation   InputPerturbationAgentOptions                     Venkitasubramaniam 2013
//   output_perturbation  LinearOutputPerturbationOptions                   Balle, Gomrokchi,
//                        (OutputPerturbationAgentBinding)                  Precup 2016 style
//   replay_dqn_as_run    ReplayDqnAgentOptions                             the authors' dpql.py,
//                                                                          loop as run
//   scripted, uniform, frozen  WalkReferenceOptions                        reference policies
// The algorithms' headers (algorithms/qlearning/) are the specifications; each parameter is
// documented once, at its Options field.
#ifndef DPRL_EXPERIMENTS_QLEARNING_QLEARNING_AGENT_BINDINGS_H_
#define DPRL_EXPERIMENTS_QLEARNING_QLEARNING_AGENT_BINDINGS_H_

#include <array>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "algorithms/qlearning/functional_noise_q_learning.h"
#include "algorithms/qlearning/linear_output_perturbation.h"
#include "algorithms/qlearning/mlp.h"
#include "algorithms/qlearning/replay_dqn_as_run.h"
#include "common/hdf5_names.h"
#include "schema/attribute_fields.h"
#include "schema/option_binding.h"

namespace dprl {

// ---- Algorithm 1's loop (agents/algorithm1.cc) ------------------------------------

// functional_noise: T, B, gamma, alpha (plain SGD, line 22: optimizer "sgd" only), the
// exploration schedule, then sigma, J, beta. DP-SGD's two fields are not parameters (0: off).
const OptionBinding<FunctionalNoiseQLearningOptions>& FunctionalNoiseAgentBinding();
// dp_sgd: the same, plus l2_clip_norm and gradient_noise_stddev; sigma must be 0.
const OptionBinding<FunctionalNoiseQLearningOptions>& DpSgdAgentBinding();

// input_perturbation: Algorithm 1's loop (sigma must be 0) on rewards with Gaussian noise.
struct InputPerturbationAgentOptions {
  FunctionalNoiseQLearningOptions learner;
  // Stddev of the Gaussian noise on each observed reward. Finite, >= 0.
  double reward_noise_stddev = 0.0;
};
const OptionBinding<InputPerturbationAgentOptions>& InputPerturbationAgentBinding();

// Binds the training setting the Algorithm 1 agents share, in the FunctionalNoiseQLearningOptions
// that `learner` (Options& -> FunctionalNoiseQLearningOptions&) reaches: num_samples, batch_size,
// discount, learning_rate, optimizer ("sgd" only: line 22), exploration_start, exploration_end,
// exploration_decay_steps. Figure groups whose agent takes fewer of these (references, output
// perturbation) record the figure's setting with it (wang_hegde_records.h).
template <typename Options, typename Learner>
void BindAlgorithm1Setting(OptionBinding<Options>& binding, Learner learner) {
  binding
      .Int(attribute_fields::kNumSamples,
           [learner](Options& o) -> int64_t& { return learner(o).num_samples; })
      .Int(attribute_fields::kBatchSize,
           [learner](Options& o) -> int& { return learner(o).batch_size; },
           "of line 22's updates")
      .Float(attribute_fields::kDiscount,
             [learner](Options& o) -> double& { return learner(o).discount; }, "of the target y_t")
      .Float(attribute_fields::kLearningRate,
             [learner](Options& o) -> double& { return learner(o).optimizer.learning_rate; },
             "alpha of line 22")
      .Choice(attribute_fields::kOptimizer,
              [learner](Options& o) -> OptimizerKind& { return learner(o).optimizer.kind; },
              {{OptimizerKind::kSgd, "sgd"}}, "line 22's")
      .Float(attribute_fields::kExplorationStart,
             [learner](Options& o) -> double& { return learner(o).exploration_start; })
      .Float(attribute_fields::kExplorationEnd,
             [learner](Options& o) -> double& { return learner(o).exploration_end; })
      .Float(attribute_fields::kExplorationDecaySteps,
             [learner](Options& o) -> double& { return learner(o).exploration_decay_steps; });
}

// Binds sigma, J and beta of the functional noise (attribute_fields kNoiseStddev, kNumResets,
// kKernelRate) in the FunctionalNoiseQLearningOptions that `learner` reaches.
template <typename Options, typename Learner>
void BindFunctionalNoise(OptionBinding<Options>& binding, Learner learner) {
  binding
      .Float(attribute_fields::kNoiseStddev,
             [learner](Options& o) -> double& { return learner(o).noise_stddev; },
             "of the Gaussian-process noise")
      .Int(attribute_fields::kNumResets,
           [learner](Options& o) -> int& { return learner(o).num_resets; })
      .Float(attribute_fields::kKernelRate,
             [learner](Options& o) -> double& { return learner(o).kernel_rate; });
}

// Q_theta(state, .) of a Q-network, for QLearningAgentDefinition::q_values.
inline std::array<double, 2> MlpQValues(const Mlp& network, double state) {
  const MlpOutputs q = network.Forward(state);
  return {q[0], q[1]};
}

// The accessor of a binding of FunctionalNoiseQLearningOptions itself.
inline FunctionalNoiseQLearningOptions& Itself(FunctionalNoiseQLearningOptions& options) {
  return options;
}

// ---- Output perturbation (agents/output_perturbation.cc) ---------------------------

// num_samples, batch_size, discount, the exploration schedule, output_noise_multiplier,
// ridge_regularizer, num_features, feature_width. episode_length is the environment's.
const OptionBinding<LinearOutputPerturbationOptions>& OutputPerturbationAgentBinding();

// ---- The authors' loop as run (agents/replay_dqn_as_run.cc) -------------------------------

struct ReplayDqnAgentOptions {
  // T: environment steps of training. >= 1.
  int64_t num_samples = 5000;
  ReplayDqnOptions dqn;
};
// num_samples, batch_size, replay_capacity, target_update_episodes, gradient_clamp, discount,
// learning_rate, optimizer ("rmsprop" only), the exploration schedule, noise_stddev, kernel_rate.
const OptionBinding<ReplayDqnAgentOptions>& ReplayDqnAgentBinding();

// What a group of the loop as run records about the loop (not read back: the loop is fixed).
struct ReplayDqnDescription {
  std::string training_mode =
      "as run (dpql.py: replay, target network, Huber, RMSprop; outside Theorem 5)";
  std::string noise_resets = "both path sets at every episode end";
};
const OptionBinding<ReplayDqnDescription>& ReplayDqnDescriptionBinding();

// ---- Reference policies (agents/reference_policies.cc) -------------------------------------

struct WalkReferenceOptions {
  // T: environment steps the policy is run for. >= 1.
  int64_t num_samples = 5000;

  absl::Status Validate() const;
};
const OptionBinding<WalkReferenceOptions>& WalkReferenceBinding();

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_QLEARNING_QLEARNING_AGENT_BINDINGS_H_
