// RiverSwim, episodic version.
//
// Specification
// -------------
// RiverSwim was introduced by Strehl & Littman, "An analysis of model-based Interval Estimation
// for Markov Decision Processes", JCSS 74(8), 2008. We implement the parameters of its episodic
// use in Osband, Russo & Van Roy, "(More) Efficient Reinforcement Learning via Posterior
// Sampling", NIPS 2013, Sec. 6 and Figure 1 (six states, episodes of tau = 20 steps, rewards
// already in [0, 1]: 5/1000 and 1), generalised to N = num_states >= 2 states in a chain.
//
// States 0 .. N-1 from left to right; actions kRiverSwimLeft = 0, kRiverSwimRight = 1.
// Time-homogeneous: P_h and r_h are the same for every step h.
//
//   swim left (with the current): always succeeds.
//     P(max(s-1, 0) | s, left) = 1
//   swim right (against the current):
//     s = 0          P(0 | 0, right) = 0.4      P(1 | 0, right) = 0.6
//     0 < s < N-1    P(s-1 | s, right) = 0.05   P(s | s, right) = 0.6   P(s+1 | s, right) = 0.35
//     s = N-1        P(N-2 | N-1, right) = 0.4  P(N-1 | N-1, right) = 0.6
//   mean rewards:
//     r(0, left) = 5/1000 = 0.005,   r(N-1, right) = 1,   r = 0 elsewhere
//   reward model (RiverSwimOptions::reward_model, envs/tabular_mdp.h):
//     kDeterministic (default)  the reward is exactly its mean, as in TabulaRL's make_riverSwim
//                               (Osband et al.'s reference code: R_true[s, a] = (mean, sd = 0))
//     kBernoulli                reward 1 with probability r(s, a), else 0 (same means, so the same
//                               optimal policy and values; more reward noise for the learner)
//   initial distribution: p0 = delta_0 (every episode starts at the left end).
//
// Figure 1 of Osband et al. draws r = 1 on the 0.6 self-loop of the right end under "right";
// following Strehl & Littman (rewards are functions of (s, a)) and Vietri et al. 2020 Sec. 2.1
// (r(s, a, h)), we attach the mean reward to the state-action pair: r(N-1, right) = 1.
//
// For N = 2 the chain has no middle states: P(0 | 0, right) = 0.4, P(1 | 0, right) = 0.6,
// P(0 | 1, right) = 0.4, P(1 | 1, right) = 0.6.
//
#ifndef DPRL_ENVS_RIVERSWIM_H_
#define DPRL_ENVS_RIVERSWIM_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "envs/tabular_mdp.h"

namespace dprl {

inline constexpr int kRiverSwimLeft = 0;
inline constexpr int kRiverSwimRight = 1;

// Parameters of the chain (see the table above).
inline constexpr double kRiverSwimLeftEndReward = 5.0 / 1000.0;  // r(0, left)
inline constexpr double kRiverSwimRightEndReward = 1.0;          // r(N-1, right)
inline constexpr double kRiverSwimStartStay = 0.4;               // P(0 | 0, right)
inline constexpr double kRiverSwimMiddleBack = 0.05;             // P(s-1 | s, right)
inline constexpr double kRiverSwimMiddleStay = 0.6;              // P(s | s, right)
inline constexpr double kRiverSwimMiddleForward = 0.35;          // P(s+1 | s, right)
inline constexpr double kRiverSwimEndBack = 0.4;                 // P(N-2 | N-1, right)

struct RiverSwimOptions {
  // N, number of states in the chain; >= 2 (Osband et al. 2013 use 6).
  int num_states = 6;
  // H, steps per episode; >= 1 (Osband et al. 2013 use tau = 20).
  int horizon = 20;
  // Reward distribution around the means above (see the header comment).
  RewardModel reward_model = RewardModel::kDeterministic;

  absl::Status Validate() const;
};

// The MDP is named "riverswim_N<num_states>_H<horizon>".
absl::StatusOr<TabularMdp> MakeRiverSwim(const RiverSwimOptions& options);

}  // namespace dprl

#endif  // DPRL_ENVS_RIVERSWIM_H_
