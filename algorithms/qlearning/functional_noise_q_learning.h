// Q-learning with Gaussian-process functional noise (Wang & Hegde 2019, Algorithm 1); its claimed
// differential privacy (Theorem 5) is refuted for what it outputs: see "Privacy" below.
//
// Specification
// -------------
// B. Wang, N. Hegde, "Privacy-preserving Q-Learning with Functional Noise in Continuous Spaces",
// NeurIPS 2019, Algorithm 1, on a 1-D state space with m = kMlpOutputs = 2 actions:
//
//   l. 7-9    every T/(J B) batches (also before the first), start new sample paths g_a
//             (OuFunctionalNoise::Reset): J independent path sets over the T/B batches;
//   l. 12     a_t = argmax_a Q_theta(s_t, a) + g_a(s_t)   (ties: the lower action);
//   l. 13-18  receive r_t, s_{t+1}; g_a(s_{t+1}) is drawn lazily for every a (OuFunctionalNoise);
//   l. 19     y_t = r_t + gamma max_a (Q_theta(s_{t+1}, a) + g_a(s_{t+1}))   (y_t = r_t when
//             s_{t+1} ends the episode: the last of its steps, as in the authors' code);
//   l. 20     l_t = (Q_theta(s_t, a_t) + g_{a_t}(s_t) - y_t)^2 / 2, y_t held constant;
//   l. 22     after B samples, one optimiser step with the mean gradient (1/B) sum_t dl_t/dtheta,
//             every per-example gradient taken at the same theta (the one that acted).
// The paper prints line 22 as theta <- theta + alpha ...; descending the loss needs the minus sign.
//
// Where the paper is silent we follow the authors' code (dpql.py) and say so:
//   - network 1-16-16-2 ReLU, torch.nn.Linear initialisation (algorithms/qlearning/mlp.h);
//   - gamma = 0.999; kernel exp(-|x - y|), i.e. kernel_rate = 1 for the noise of Figure 1;
//   - exploration: with probability exploration_rate(t) = end + (start - end) exp(-t / decay)
//     (0.9, 0.05, 200 steps) the action is uniform instead of line 12's argmax. This is
//     post-processing of the private Q-function (the paper's Sec. 3.3) and uses the policy stream.
//   - optimiser: line 22 is plain SGD with step alpha and the privacy analysis (Theorem 5) assumes
//     it; dpql.py uses RMSprop (lr 0.01). Both are available (OptimizerOptions); the default is
//     plain SGD.
// Not followed from dpql.py: its replay memory and per-step updates on 128 replayed samples (line
// 22 updates once per batch of the B fresh samples), its target network, Huber loss and gradient
// clamping (not in Algorithm 1), and its unseeded Python `random`.
//
// Privacy: NOT differentially private as implemented (Algorithm 1 as printed). Theorem 5 states
// (privacy_epsilon, target_delta + delta_g)-DP with respect to neighbouring reward functions
// ||r - r'||_inf <= 1 when noise_stddev and kernel_rate come from
// algorithms/accounting/functional_noise_calibration.h. Its proof composes one Gaussian process
// mechanism per update, which covers released noisy functions Q_j + g_j only if every update
// started from the previous release; here (as in the paper) theta is updated from the exact,
// noise-free Q_theta and q_network() (line 24's output) carries no noise. The privacy audit
// (tests/privacy_audit/wang_hegde_audit_cases.h) refutes the claim for both the output and the
// last noisy function at Theorem 5's sigma; docs/private_q_learning.md. The calibration is kept
// to reproduce the paper's noise levels, not as a guarantee.
//
// DP-SGD baseline (Abadi et al. 2016, "Deep Learning with Differential Privacy", CCS): the same
// loop with noise_stddev = 0, every per-example gradient g_t = dl_t/dtheta clipped to
// l2_clip_norm C (g_t min(1, C / ||g_t||_2)), and N(0, gradient_noise_stddev^2 I) added to their
// SUM before dividing by B (line 22). Under the reward-function neighbour relation every example
// of a batch may change, so the sum's l2-sensitivity is 2 B C; the calibration is in
// algorithms/accounting/q_learning_baselines_privacy.h. l2_clip_norm = 0 disables clipping and
// gradient_noise_stddev = 0 disables the gradient noise (Algorithm 1 proper).
//
// Randomness: policy_stream (kPolicy: initial network, exploration) and noise_stream
// (kPrivacyNoise: the sample paths) are passed in; the environment's stream is the caller's.
//
// Parameters: FunctionalNoiseQLearningOptions below (each field documents its default and range).
#ifndef DPRL_ALGORITHMS_QLEARNING_FUNCTIONAL_NOISE_Q_LEARNING_H_
#define DPRL_ALGORITHMS_QLEARNING_FUNCTIONAL_NOISE_Q_LEARNING_H_

#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/mechanisms/ou_functional_noise.h"
#include "algorithms/qlearning/mlp.h"
#include "random/random_stream.h"

namespace dprl {

struct FunctionalNoiseQLearningOptions {
  // T: environment steps of training. >= 1.
  int64_t num_samples = 5000;
  // B: samples per optimiser step. >= 1, divides T.
  int batch_size = 50;
  // J: independent sample-path sets. >= 1, divides T/B.
  int num_resets = 1;
  // sigma of the Gaussian-process noise G(0, sigma^2 K). Finite, >= 0.
  double noise_stddev = 0.0;
  // beta of K(x, y) = exp(-beta |x - y|). Finite, > 0.
  double kernel_rate = 1.0;
  // gamma of the target y_t (line 19). In [0, 1).
  double discount = 0.999;
  // exploration_rate at t = 0. In [0, 1].
  double exploration_start = 0.9;
  // exploration_rate as t -> infinity. In [0, 1].
  double exploration_end = 0.05;
  // Time constant of the exponential decay of exploration_rate. Finite, > 0.
  double exploration_decay_steps = 200.0;
  // DP-SGD: per-example gradient clip C. Finite, >= 0; 0 = no clipping.
  double l2_clip_norm = 0.0;
  // DP-SGD: stddev of the noise on the summed gradient. Finite, >= 0 (> 0 needs l2_clip_norm > 0).
  double gradient_noise_stddev = 0.0;
  // Line 22's update: plain SGD with learning_rate 0.01 by default (OptimizerOptions, mlp.h).
  OptimizerOptions optimizer;

  absl::Status Validate() const;
};

class FunctionalNoiseQLearning {
 public:
  static absl::StatusOr<FunctionalNoiseQLearning> Create(
      const FunctionalNoiseQLearningOptions& options, RandomStream policy_stream,
      RandomStream noise_stream);

  // Line 12 (with the exploration above) for the current state s_t. Must alternate with Observe.
  int Act(double state);

  // Lines 13-21 for (s_t, a_t, r_t, s_{t+1}); line 22 after every B-th call. `episode_end`: s_{t+1}
  // is terminal (y_t = r_t). CHECK-fails after num_samples calls.
  void Observe(double state, int action, double reward, double next_state, bool episode_end);

  // Q_theta(s, .) + g(s): the noisy value function the algorithm acts on (draws g lazily).
  MlpOutputs NoisyQ(double state);

  const Mlp& q_network() const { return network_; }
  int64_t samples_seen() const { return samples_seen_; }
  int64_t updates_done() const { return updates_done_; }
  int64_t resets_done() const { return resets_done_; }
  const FunctionalNoiseQLearningOptions& options() const { return options_; }

 private:
  FunctionalNoiseQLearning(const FunctionalNoiseQLearningOptions& options,
                           RandomStream policy_stream, RandomStream noise_stream,
                           OuFunctionalNoise noise);
  void MaybeReset();
  // Q_theta(state, .) through a two-entry cache of the current theta: Act's Q(s_t) is reused by
  // Observe's residual, and Observe's Q(s_{t+1}) by the next Act when no update came between
  // (the cache is cleared after every optimiser step). Results are bit-identical to Forward.
  MlpOutputs CachedForward(double state);

  FunctionalNoiseQLearningOptions options_;
  RandomStream policy_stream_;
  RandomStream noise_stream_;
  OuFunctionalNoise noise_;
  Mlp network_;
  Optimizer optimizer_;
  MlpParameters batch_gradient_;
  MlpParameters example_gradient_;
  int64_t samples_seen_ = 0;
  int64_t updates_done_ = 0;
  int64_t resets_done_ = 0;
  struct CachedQ {
    bool valid = false;
    double state = 0.0;
    MlpOutputs q;
  };
  CachedQ cache_[2];
  int next_cache_slot_ = 0;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_QLEARNING_FUNCTIONAL_NOISE_Q_LEARNING_H_
