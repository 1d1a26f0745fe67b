#include "experiments/wang_hegde/wang_hegde_records.h"

#include "common/hdf5_names.h"
#include "experiments/qlearning/qlearning_agent_types.h"

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
           .Float("noise_bound", &FunctionalNoiseCalibration::noise_bound, "the solved bound k")
           .Float("achieved_total_delta", &FunctionalNoiseCalibration::total_delta,
                  "target delta + the corrected delta_g");
  return *binding;
}

const OptionBinding<InputPerturbationCalibration>& InputPerturbationCalibrationBinding() {
  static const auto* binding =
      &(*new OptionBinding<InputPerturbationCalibration>("input-perturbation calibration"))
           .Float("gdp_privacy_epsilon", &InputPerturbationCalibration::gdp_privacy_epsilon,
                  "exact epsilon of the reward noise at target_delta");
  return *binding;
}

const OptionBinding<DpSgdCalibration>& DpSgdCalibrationBinding() {
  static const auto* binding =
      &(*new OptionBinding<DpSgdCalibration>("DP-SGD calibration"))
           .Float("noise_multiplier", &DpSgdCalibration::noise_multiplier_paper,
                  "z of Abadi et al. Thm. 1 (App. E.2)")
           .Float("rdp_privacy_epsilon", &DpSgdCalibration::rdp_epsilon_of_paper,
                  "epsilon the RDP accountant gives that z")
           .Float("noise_multiplier_rdp", &DpSgdCalibration::noise_multiplier_rdp,
                  "z calibrated exactly by the RDP accountant");
  return *binding;
}

}  // namespace dprl
