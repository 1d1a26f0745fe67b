#include "tests/privacy_audit/controls.h"

#include <glog/logging.h>

#include <cmath>

#include "absl/strings/str_format.h"
#include "algorithms/mechanisms/samplers.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "random/distributions.h"

namespace dprl {

absl::StatusOr<LaplaceOnceCounter> LaplaceOnceCounter::Create(double claimed_epsilon,
                                                              int64_t input_bound,
                                                              RandomStream noise_stream) {
  RETURN_IF_ERROR(ValidateFinitePositive("claimed_epsilon", claimed_epsilon));
  RETURN_IF_ERROR(ValidateAtLeastOne("input_bound", input_bound));
  ASSIGN_OR_RETURN(const Rational scale, RationalAtLeast(input_bound / claimed_epsilon,
                                                         BinaryCounterBank::kScaleMaxDenominator));
  return LaplaceOnceCounter(SampleDiscreteLaplace(scale, noise_stream));
}

void LaplaceOnceCounter::AddStep(int64_t input) { true_sum_ += input; }

absl::StatusOr<BinaryCounterBank> CreateHalfNoiseCounter(double claimed_epsilon,
                                                         int64_t horizon_steps,
                                                         RandomStream noise_stream) {
  BinaryCounterOptions options;
  options.privacy_epsilon = 2.0 * claimed_epsilon;
  options.horizon_steps = horizon_steps;
  return BinaryCounterBank::Create(1, options, noise_stream);
}

double ClassicGaussianStddev(double claimed_epsilon, double target_delta, double l2_sensitivity) {
  CHECK_GT(claimed_epsilon, 0.0);
  CHECK(target_delta > 0.0 && target_delta < 1.0) << target_delta;
  return l2_sensitivity * std::sqrt(2.0 * std::log(1.25 / target_delta)) / claimed_epsilon;
}

double ClassicGaussianRelease(double value, double claimed_epsilon, double target_delta,
                              double l2_sensitivity, RandomStream& stream) {
  return value + SampleGaussian(
                     ClassicGaussianStddev(claimed_epsilon, target_delta, l2_sensitivity), stream);
}

double FloatingLaplaceSum(const std::vector<double>& inputs, double claimed_epsilon,
                          RandomStream& stream) {
  CHECK_GT(claimed_epsilon, 0.0);
  double sum = 0.0;
  for (double x : inputs) {
    CHECK(x >= 0.0 && x <= 1.0) << x;
    sum += x;
  }
  return sum + SampleLaplace(1.0 / claimed_epsilon, stream);
}

double FloatingLaplaceResidueTest(double release, double candidate_sum, double claimed_epsilon) {
  const double scale = 1.0 / claimed_epsilon;
  const double noise = release - candidate_sum;
  // Invert magnitude = -scale ln(u), u = (k + 0.5) 2^-53 (samplers.cc), then search the
  // neighbouring k whose forward computation reproduces `release` exactly.
  const double u = std::exp(-std::fabs(noise) / scale);
  const double k_estimate = std::floor(u * 0x1.0p53 - 0.5);
  constexpr int kWindow = 4;
  for (int offset = -kWindow; offset <= kWindow; ++offset) {
    const double k = k_estimate + offset;
    if (k < 0.0 || k >= 0x1.0p53) continue;
    const double magnitude = -scale * std::log((k + 0.5) * 0x1.0p-53);
    if (candidate_sum + magnitude == release || candidate_sum - magnitude == release) return 1.0;
  }
  return 0.0;
}

}  // namespace dprl
