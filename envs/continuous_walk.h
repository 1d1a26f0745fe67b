// The continuous 1-D walk of Wang & Hegde 2019, Appendix E.1.
//
// Specification
// -------------
// B. Wang, N. Hegde, "Privacy-preserving Q-Learning with Functional Noise in Continuous Spaces",
// NeurIPS 2019, Appendix E.1 (the MDP of Figures 1 and 2):
//
//   state space   S = [0, 1] (the agent's location); s_0 ~ U[0, 1]
//   actions       A = {0, 1}: kWalkLeft = 0, kWalkRight = 1
//   transition    right: s' = min(s + u, 1),  left: s' = max(s - u, 0),  u ~ U[0, max_step]
//   reward        r = 0.5 - |s' - 0.5|, in [0, 0.5], a function of the state reached by the move
//   episode       episode_length steps (the paper: 50), then the episode ends; training runs 100
//                 episodes = 5 000 samples (the experiment's setting, not this class's).
//
// The paper says "the reward 0.5 - |s - 0.5| is given at each step" without naming which s; the
// authors' code (dpql.py, `step`) evaluates it at the state after the move, and so do we. (That
// code also has the action labels the other way round, action 0 moving right; we follow the
// paper's text: action 1 moves right.)
//
// Randomness (passed in, dprl::RandomStream): SampleInitialState and SampleStep each read exactly
// one 64-bit word, so runs that differ only in the agent's actions read the same environment bits
// step by step.
//
// Parameters: ContinuousWalkOptions below (each field documents its default and range).
#ifndef DPRL_ENVS_CONTINUOUS_WALK_H_
#define DPRL_ENVS_CONTINUOUS_WALK_H_

#include <algorithm>
#include <cmath>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "random/random_stream.h"

namespace dprl {

inline constexpr int kWalkLeft = 0;
inline constexpr int kWalkRight = 1;

struct ContinuousWalkOptions {
  // Upper end of the move's uniform length: the length is U[0, max_step]. Finite, in (0, 1].
  double max_step = 0.25;
  // Steps per episode. >= 1.
  int episode_length = 50;

  absl::Status Validate() const;
};

class ContinuousWalk {
 public:
  static constexpr int kNumActions = 2;
  static constexpr double kStateLow = 0.0;
  static constexpr double kStateHigh = 1.0;
  static constexpr double kRewardLow = 0.0;
  static constexpr double kRewardHigh = 0.5;

  static absl::StatusOr<ContinuousWalk> Create(const ContinuousWalkOptions& options);

  // "continuous_walk_step<max_step>_len<episode_length>".
  const std::string& name() const { return name_; }
  int num_actions() const { return kNumActions; }
  int episode_length() const { return options_.episode_length; }
  double max_step() const { return options_.max_step; }

  // s_0 ~ U[0, 1] (an open uniform, so never exactly 0 or 1). One 64-bit word.
  double SampleInitialState(RandomStream& stream) const { return stream.NextOpenUniform(); }

  struct Transition {
    double next_state;  // clamp(s +- u, 0, 1)
    double reward;      // Reward(next_state)
  };

  // One move from `state` (in [0, 1]) with `action` (kWalkLeft or kWalkRight; CHECKed).
  // One 64-bit word.
  Transition SampleStep(double state, int action, RandomStream& stream) const;

  // 0.5 - |s - 0.5|.
  static double Reward(double state) { return 0.5 - std::abs(state - 0.5); }

  // P(s' <= x | s, a): the exact next-state CDF, with the atom at the clamped end. For tests.
  double NextStateCdf(double state, int action, double x) const;

 private:
  explicit ContinuousWalk(const ContinuousWalkOptions& options);

  ContinuousWalkOptions options_;
  std::string name_;
};

}  // namespace dprl

#endif  // DPRL_ENVS_CONTINUOUS_WALK_H_
