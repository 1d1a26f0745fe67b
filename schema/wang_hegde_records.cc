#include "schema/wang_hegde_records.h"

#include "common/hdf5_names.h"

namespace dprl {

const OptionBinding<WalkGroupRecord>& WalkGroupBinding() {
  static const auto* binding =
      &(*new OptionBinding<WalkGroupRecord>("group"))
           .String(hdf5_names::kAgent, &WalkGroupRecord::agent, "the registered agent")
           .String(hdf5_names::kPanel, &WalkGroupRecord::panel, "the figure panel")
           .String(hdf5_names::kLabel, &WalkGroupRecord::label, "the legend text");
  return *binding;
}

const OptionBinding<WalkEnvironmentRecord>& WalkEnvironmentBinding() {
  static const auto* binding =
      &(*new OptionBinding<WalkEnvironmentRecord>("environment continuous_walk"))
           .Int(hdf5_names::kEpisodeLength, &WalkEnvironmentRecord::episode_length,
                "steps per episode");
  return *binding;
}

const OptionBinding<Fig2MethodRecord>& Fig2MethodBinding() {
  static const auto* binding =
      &(*new OptionBinding<Fig2MethodRecord>("Figure 2 method"))
           .String(hdf5_names::kMethod, &Fig2MethodRecord::method, "the curve")
           .Float(hdf5_names::kPrivacyEpsilon, &Fig2MethodRecord::privacy_epsilon,
                  "epsilon the method is calibrated for")
           .Float(hdf5_names::kTargetDelta, &Fig2MethodRecord::target_delta,
                  "delta the method is calibrated for");
  return *binding;
}

const OptionBinding<CalibrationRecord>& CalibrationBinding() {
  static const auto* binding =
      &(*new OptionBinding<CalibrationRecord>("calibration"))
           .String("calibration", &CalibrationRecord::calibration, "where sigma comes from");
  return *binding;
}

const OptionBinding<NeighbourRelationRecord>& NeighbourRelationBinding() {
  static const auto* binding =
      &(*new OptionBinding<NeighbourRelationRecord>("neighbour relation"))
           .String(hdf5_names::kNeighbourRelation, &NeighbourRelationRecord::neighbour_relation,
                   "the relation the guarantee is for");
  return *binding;
}

const OptionBinding<QLearningNoiseRecord>& QLearningNoiseBinding() {
  static const auto* binding =
      &(*new OptionBinding<QLearningNoiseRecord>("the agent's noise"))
           .Float(hdf5_names::kNoiseStddev, &QLearningNoiseRecord::noise_stddev,
                  "sigma of the agent's noise")
           .Optional()
           .Int(hdf5_names::kNumResets, &QLearningNoiseRecord::num_resets,
                "J, independent noise path sets over training")
           .Optional();
  return *binding;
}

}  // namespace dprl
