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
      .Int("num_samples", [learner](Options& o) -> int64_t& { return learner(o).num_samples; },
           "training samples T")
      .Int("batch_size", [learner](Options& o) -> int& { return learner(o).batch_size; },
           "batch size B of line 22's updates")
      .Float("discount", [learner](Options& o) -> double& { return learner(o).discount; },
             "discount gamma of the target y_t")
      .Float("learning_rate",
             [learner](Options& o) -> double& { return learner(o).optimizer.learning_rate; },
             "step size alpha of line 22")
      .Choice("optimizer",
              [learner](Options& o) -> OptimizerKind& { return learner(o).optimizer.kind; },
              {{OptimizerKind::kSgd, "sgd"}}, "line 22's update")
      .Float("exploration_start",
             [learner](Options& o) -> double& { return learner(o).exploration_start; },
             "epsilon-greedy rate at step 0")
      .Float("exploration_end",
             [learner](Options& o) -> double& { return learner(o).exploration_end; },
             "epsilon-greedy rate as t -> infinity")
      .Float("exploration_decay_steps",
             [learner](Options& o) -> double& { return learner(o).exploration_decay_steps; },
             "time constant (steps) of the exploration schedule");
}

// Binds sigma, J and beta of the functional noise (hdf5_names kNoiseStddev, kNumResets,
// kernel_rate) in the FunctionalNoiseQLearningOptions that `learner` reaches.
template <typename Options, typename Learner>
void BindFunctionalNoise(OptionBinding<Options>& binding, Learner learner) {
  binding
      .Float(hdf5_names::kNoiseStddev,
             [learner](Options& o) -> double& { return learner(o).noise_stddev; },
             "sigma of the Gaussian-process noise")
      .Int(hdf5_names::kNumResets, [learner](Options& o) -> int& { return learner(o).num_resets; },
           "J, independent noise path sets over training")
      .Float("kernel_rate", [learner](Options& o) -> double& { return learner(o).kernel_rate; },
             "beta of the kernel exp(-beta |x - y|)");
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
