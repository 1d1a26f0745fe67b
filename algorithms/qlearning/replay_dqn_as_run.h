// Wang & Hegde's training loop as the authors ran it (dpql.py), NOT Algorithm 1 as printed.
//
// Specification
// -------------
// B. Wang, N. Hegde, "Privacy-preserving Q-Learning with Functional Noise in Continuous Spaces",
// NeurIPS 2019: the experiments of Sec. 4 / App. E were produced by the authors' public code
// (repository wangbx66/differentially-private-q-learning, file dpql.py), a PyTorch DQN loop that
// differs from Algorithm 1 in how it uses the data. This class reproduces that loop:
//
//   replay memory   the last replay_capacity = 10 000 transitions (s, a, r, s', terminal);
//   update          after EVERY environment step, once the memory holds >= batch_size = 128
//                   transitions: 128 distinct transitions drawn uniformly (random.sample), and
//                   one optimiser step on the mean Huber loss (smooth_l1, threshold 1) of
//                   Q_policy(s, a) + g_policy_a(s) against
//                   y = r + discount max_a' (Q_target(s', a') + g_target_a'(s'))  (y = r if terminal);
//                   every gradient coordinate clamped to [-1, 1]; RMSprop, lr 0.01 (torch defaults);
//   target network  a copy of the policy network, refreshed at the end of episodes 0, 10, 20, ...
//                   (dpql.py: `if i_episode % TARGET_UPDATE == 0`, TARGET_UPDATE = 10);
//   exploration     epsilon-greedy with rate end + (start - end) exp(-t / decay), 0.9 -> 0.05,
//                   decay 200 steps, t = steps acted so far; the greedy action is the argmax of
//                   the policy network's noisy Q (ties: the lower action);
//   noise           two independent sets of m = 2 Ornstein-Uhlenbeck paths (kernel
//                   exp(-kernel_rate |x - y|), kernel_rate 1 as dpql.py), one for the policy network
//                   and one for the target network, BOTH reset at the end of every episode; drawn
//                   with the exact conditionals of algorithms/mechanisms/ou_functional_noise.h, i.e.
//                   without dpql.py's right-end bug (it scales the FIRST stored value instead of the
//                   last when a query lies right of every stored point);
//   discount        0.999.
// Each transition is reused about (steps - 128) * 128 / 10 000 times over 5 000 steps (~125
// times on average, ~4 900 updates), where Algorithm 1 makes T/B = 100 updates on fresh batches.
//
// Privacy: NONE claimed. This loop is outside Theorem 5 (replay, target network, Huber loss,
// gradient clamping and RMSprop are not in its analysis), and Algorithm 1 itself is not private as
// implemented (docs/privacy_audit.md). It is offered to reproduce the authors' curves.
//
// Randomness: policy_stream (kPolicy: the initial network, exploration, replay sampling) and
// noise_stream (kPrivacyNoise: the two path sets, children 0 and 1) are passed in.
//
// Parameters: ReplayDqnOptions below (each field documents its default and range).
#ifndef DPRL_ALGORITHMS_QLEARNING_REPLAY_DQN_AS_RUN_H_
#define DPRL_ALGORITHMS_QLEARNING_REPLAY_DQN_AS_RUN_H_

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/mechanisms/ou_functional_noise.h"
#include "algorithms/qlearning/mlp.h"
#include "random/random_stream.h"

namespace dprl {

struct ReplayDqnOptions {
  // sigma of each Gaussian-process path set G(0, sigma^2 K). Finite, >= 0 (0: no noise).
  double noise_stddev = 0.0;
  // beta of K(x, y) = exp(-beta |x - y|). Finite, > 0.
  double kernel_rate = 1.0;
  // gamma of the target. In [0, 1).
  double discount = 0.999;
  // Transitions kept in the replay memory (oldest overwritten). >= batch_size.
  int64_t replay_capacity = 10000;
  // Transitions per update (drawn without replacement). >= 1.
  int batch_size = 128;
  // The target network is refreshed at the end of episodes 0, k, 2k, ... >= 1.
  int target_update_episodes = 10;
  // Every gradient coordinate is clamped to [-gradient_clamp, gradient_clamp]. Finite, > 0.
  double gradient_clamp = 1.0;
  // Huber (smooth L1) threshold: loss z^2/2 for |z| < 1, |z| - 1/2 otherwise (torch's beta = 1,
  // fixed).
  // exploration_rate at t = 0, as t -> infinity, and its time constant. In [0, 1], [0, 1], > 0.
  double exploration_start = 0.9;
  double exploration_end = 0.05;
  double exploration_decay_steps = 200.0;
  // The optimiser: RMSprop with torch's defaults (lr 0.01, rho 0.99, eps 1e-8).
  OptimizerOptions optimizer = {OptimizerKind::kRmsProp, 0.01, 0.99, 1e-8};

  absl::Status Validate() const;
};

class ReplayDqnAsRun {
 public:
  static absl::StatusOr<ReplayDqnAsRun> Create(const ReplayDqnOptions& options,
                                               RandomStream policy_stream,
                                               RandomStream noise_stream);

  // Epsilon-greedy on the policy network's noisy Q at `state`.
  int Act(double state);

  // Stores (s, a, r, s', episode_end), runs one update once the memory holds batch_size
  // transitions; at an episode end refreshes the target network (every target_update_episodes
  // episodes, starting with the first) and resets both noise path sets.
  void Observe(double state, int action, double reward, double next_state, bool episode_end);

  const Mlp& policy_network() const { return policy_; }
  const Mlp& target_network() const { return target_; }
  int64_t steps_done() const { return steps_done_; }
  int64_t updates_done() const { return updates_done_; }
  int64_t episodes_done() const { return episodes_done_; }
  int64_t memory_size() const { return static_cast<int64_t>(memory_.size()); }
  // Per-example gradients computed so far (batch_size per update).
  int64_t gradient_examples() const { return updates_done_ * options_.batch_size; }

 private:
  struct Transition {
    double state;
    int action;
    double reward;
    double next_state;
    bool terminal;
  };

  ReplayDqnAsRun(const ReplayDqnOptions& options, RandomStream policy_stream,
                 RandomStream noise_stream, OuFunctionalNoise policy_noise,
                 OuFunctionalNoise target_noise);
  void Update();

  ReplayDqnOptions options_;
  RandomStream policy_stream_;
  RandomStream policy_noise_stream_;
  RandomStream target_noise_stream_;
  OuFunctionalNoise policy_noise_;
  OuFunctionalNoise target_noise_;
  Mlp policy_;
  Mlp target_;
  Optimizer optimizer_;
  std::vector<Transition> memory_;  // ring buffer of replay_capacity
  int64_t next_slot_ = 0;
  std::vector<int64_t> permutation_;  // indices 0..size-1; partial Fisher-Yates draws a batch
  MlpParameters gradient_;
  int64_t steps_done_ = 0;
  int64_t updates_done_ = 0;
  int64_t episodes_done_ = 0;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_QLEARNING_REPLAY_DQN_AS_RUN_H_
