// The records of a Wang & Hegde results group (wang_hegde_fig1, wang_hegde_fig2;
// docs/hdf5_schema.md, "wang_hegde") that hold no library type: the bindings through which the
// grids (experiments/wang_hegde/wang_hegde_grids.cc) write them and through which the task and
// the analysis binaries read them back. Options only: no agent or environment code.
//
//   record                    attributes                              groups
//   WalkGroupRecord           agent, panel, label                     every group
//   WalkEnvironmentRecord     episode_length                          every group
//   Fig2MethodRecord          method, privacy_epsilon, target_delta   wang_hegde_fig2
//   CalibrationRecord         calibration                             fig2 functional noise
//   NeighbourRelationRecord   neighbour_relation                      fig2 output perturbation
//   QLearningNoiseRecord      noise_stddev, num_resets (optional)     the noisy agents' groups
#ifndef DPRL_SCHEMA_WANG_HEGDE_RECORDS_H_
#define DPRL_SCHEMA_WANG_HEGDE_RECORDS_H_

#include <cstdint>
#include <string>

#include "schema/option_binding.h"

namespace dprl {

// Every group: which registered Q-learning agent runs, the figure panel ("all": a reference drawn
// in every panel) and the legend text, both plain UTF-8 (e.g. "ε = 0.9, δ = 1e-4"; the figure
// makes PLplot's escapes when it draws them).
struct WalkGroupRecord {
  std::string agent;
  std::string panel;
  std::string label;
};
const OptionBinding<WalkGroupRecord>& WalkGroupBinding();

// Every group: the continuous walk's parameters the grid sets (envs/continuous_walk.h's
// ContinuousWalkOptions::episode_length; the move length keeps its default).
struct WalkEnvironmentRecord {
  int episode_length = 0;  // steps per episode
};
const OptionBinding<WalkEnvironmentRecord>& WalkEnvironmentBinding();

// Figure 2 groups: the curve's method and the privacy target it is calibrated for.
struct Fig2MethodRecord {
  std::string method;  // the curve; one colour across panels
  double privacy_epsilon = 0.0;
  double target_delta = 0.0;
};
const OptionBinding<Fig2MethodRecord>& Fig2MethodBinding();

// Figure 2 groups of functional noise: where sigma comes from.
struct CalibrationRecord {
  std::string calibration;
};
const OptionBinding<CalibrationRecord>& CalibrationBinding();

// The output-perturbation curve: the neighbour relation its guarantee is for.
struct NeighbourRelationRecord {
  std::string neighbour_relation;
};
const OptionBinding<NeighbourRelationRecord>& NeighbourRelationBinding();

// The noise of a Q-learning agent's group as its own binding records it (experiments/qlearning:
// Algorithm 1's sigma and J, the replay DQN's sigma), read by the analysis without linking the
// agent. Both optional: a group lacking one reads 0 ("not recorded"; a recorded sigma is > 0,
// J >= 1). The grids check every group they write against this binding.
struct QLearningNoiseRecord {
  double noise_stddev = 0.0;  // sigma of the Gaussian-process (or parameter) noise
  int64_t num_resets = 0;     // J, independent noise path sets over training
};
const OptionBinding<QLearningNoiseRecord>& QLearningNoiseBinding();

}  // namespace dprl

#endif  // DPRL_SCHEMA_WANG_HEGDE_RECORDS_H_
