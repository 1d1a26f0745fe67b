#include "schema/wang_hegde_records.h"

#include "schema/attribute_fields.h"

namespace dprl {

namespace fields = attribute_fields;

const OptionBinding<WalkGroupRecord>& WalkGroupBinding() {
  static const auto* binding = &(*new OptionBinding<WalkGroupRecord>("group"))
                                    .String(fields::kAgent, &WalkGroupRecord::agent)
                                    .String(fields::kPanel, &WalkGroupRecord::panel)
                                    .String(fields::kLabel, &WalkGroupRecord::label);
  return *binding;
}

const OptionBinding<WalkEnvironmentRecord>& WalkEnvironmentBinding() {
  static const auto* binding =
      &(*new OptionBinding<WalkEnvironmentRecord>("environment continuous_walk"))
           .Int(fields::kEpisodeLength, &WalkEnvironmentRecord::episode_length);
  return *binding;
}

// Figure 2's privacy_epsilon and target_delta are the target a method is calibrated for, not a
// guarantee its agent states itself (the qualifier says so).
const OptionBinding<Fig2MethodRecord>& Fig2MethodBinding() {
  static const auto* binding =
      &(*new OptionBinding<Fig2MethodRecord>("Figure 2 method"))
           .String(fields::kMethod, &Fig2MethodRecord::method)
           .Float(fields::kPrivacyEpsilon, &Fig2MethodRecord::privacy_epsilon,
                  "the method is calibrated for it")
           .Float(fields::kTargetDelta, &Fig2MethodRecord::target_delta,
                  "the method is calibrated for it");
  return *binding;
}

const OptionBinding<CalibrationRecord>& CalibrationBinding() {
  static const auto* binding = &(*new OptionBinding<CalibrationRecord>("calibration"))
                                    .String(fields::kCalibration, &CalibrationRecord::calibration);
  return *binding;
}

const OptionBinding<NeighbourRelationRecord>& NeighbourRelationBinding() {
  static const auto* binding =
      &(*new OptionBinding<NeighbourRelationRecord>("neighbour relation"))
           .String(fields::kNeighbourRelation, &NeighbourRelationRecord::neighbour_relation);
  return *binding;
}

const OptionBinding<QLearningNoiseRecord>& QLearningNoiseBinding() {
  static const auto* binding =
      &(*new OptionBinding<QLearningNoiseRecord>("the agent's noise"))
           .Float(fields::kNoiseStddev, &QLearningNoiseRecord::noise_stddev)
           .Optional()
           .Int(fields::kNumResets, &QLearningNoiseRecord::num_resets)
           .Optional();
  return *binding;
}

}  // namespace dprl
