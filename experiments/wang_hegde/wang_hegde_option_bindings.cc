#include "experiments/wang_hegde/wang_hegde_option_bindings.h"

#include "experiments/qlearning/qlearning_agent_bindings.h"
#include "schema/attribute_fields.h"

namespace dprl {

const OptionBinding<FunctionalNoiseQLearningOptions>& Algorithm1SettingBinding() {
  static const auto* binding = [] {
    auto* b = new OptionBinding<FunctionalNoiseQLearningOptions>("Algorithm 1 setting");
    BindAlgorithm1Setting(*b, Itself);
    return b;
  }();
  return *binding;
}

const OptionBinding<FunctionalNoiseCalibration>& Theorem5CalibrationBinding() {
  static const auto* binding =
      &(*new OptionBinding<FunctionalNoiseCalibration>("Theorem 5 calibration"))
           .Float(attribute_fields::kNoiseBound, &FunctionalNoiseCalibration::noise_bound)
           .Float(attribute_fields::kAchievedTotalDelta, &FunctionalNoiseCalibration::total_delta);
  return *binding;
}

const OptionBinding<InputPerturbationCalibration>& InputPerturbationCalibrationBinding() {
  static const auto* binding =
      &(*new OptionBinding<InputPerturbationCalibration>("input-perturbation calibration"))
           .Float(attribute_fields::kGdpPrivacyEpsilon,
                  &InputPerturbationCalibration::gdp_privacy_epsilon);
  return *binding;
}

const OptionBinding<DpSgdCalibration>& DpSgdCalibrationBinding() {
  static const auto* binding =
      &(*new OptionBinding<DpSgdCalibration>("DP-SGD calibration"))
           .Float(attribute_fields::kNoiseMultiplier, &DpSgdCalibration::noise_multiplier_paper)
           .Float(attribute_fields::kRdpPrivacyEpsilon, &DpSgdCalibration::rdp_epsilon_of_paper)
           .Float(attribute_fields::kNoiseMultiplierRdp, &DpSgdCalibration::noise_multiplier_rdp);
  return *binding;
}

}  // namespace dprl
