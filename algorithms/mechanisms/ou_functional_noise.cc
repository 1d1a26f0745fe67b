#include "algorithms/mechanisms/ou_functional_noise.h"

#include <glog/logging.h>

#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/mechanisms/samplers.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "random/distributions.h"

namespace dprl {

absl::Status OuFunctionalNoiseOptions::Validate() const {
  if (num_paths < 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("OuFunctionalNoiseOptions.num_paths = %d, must be >= 1", num_paths));
  }
  if (!(std::isfinite(noise_stddev) && noise_stddev >= 0.0)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "OuFunctionalNoiseOptions.noise_stddev = %g, must be finite and >= 0", noise_stddev));
  }
  RETURN_IF_ERROR(ValidateScale("OuFunctionalNoiseOptions.kernel_rate", kernel_rate));
  return absl::OkStatus();
}

GaussianMoments OuConditionalMoments(double x, const std::optional<OuNeighbour>& left,
                                     const std::optional<OuNeighbour>& right, double noise_stddev,
                                     double kernel_rate) {
  if (!left && !right) return {0.0, noise_stddev};
  if (left && !right) {
    CHECK_LT(left->location, x);
    const double a = kernel_rate * (x - left->location);
    // 1 - e_a^2 = -expm1(-2 beta a), accurate for tiny distances.
    return {std::exp(-a) * left->value, noise_stddev * std::sqrt(-std::expm1(-2.0 * a))};
  }
  if (!left && right) {
    CHECK_GT(right->location, x);
    const double b = kernel_rate * (right->location - x);
    return {std::exp(-b) * right->value, noise_stddev * std::sqrt(-std::expm1(-2.0 * b))};
  }
  CHECK_LT(left->location, x);
  CHECK_GT(right->location, x);
  const double a = kernel_rate * (x - left->location);
  const double b = kernel_rate * (right->location - x);
  const double one_minus_ea2 = -std::expm1(-2.0 * a);
  const double one_minus_eb2 = -std::expm1(-2.0 * b);
  const double denominator = -std::expm1(-2.0 * (a + b));
  const double mean =
      (std::exp(-a) * one_minus_eb2 * left->value + std::exp(-b) * one_minus_ea2 * right->value) /
      denominator;
  const double variance = one_minus_ea2 * one_minus_eb2 / denominator;
  return {mean, noise_stddev * std::sqrt(variance)};
}

absl::StatusOr<OuFunctionalNoise> OuFunctionalNoise::Create(
    const OuFunctionalNoiseOptions& options) {
  RETURN_IF_ERROR(options.Validate());
  return OuFunctionalNoise(options);
}

void OuFunctionalNoise::Evaluate(double x, RandomStream& stream, double* values) {
  CHECK(std::isfinite(x)) << "x = " << x;
  const int m = options_.num_paths;
  if (options_.noise_stddev == 0.0) {
    for (int a = 0; a < m; ++a) values[a] = 0.0;
    return;
  }
  auto next = index_.lower_bound(x);  // first stored location >= x
  if (next != index_.end() && next->first == x) {
    const double* row = values_.data() + next->second * m;
    for (int a = 0; a < m; ++a) values[a] = row[a];
    return;
  }
  const bool has_right = next != index_.end();
  const bool has_left = next != index_.begin();
  const int64_t right_row = has_right ? next->second : -1;
  const int64_t left_row = has_left ? std::prev(next)->second : -1;
  const double right_x = has_right ? next->first : 0.0;
  const double left_x = has_left ? std::prev(next)->first : 0.0;
  const int64_t row = num_points();
  values_.resize(values_.size() + m);
  for (int a = 0; a < m; ++a) {
    std::optional<OuNeighbour> left, right;
    if (has_left) left = OuNeighbour{left_x, values_[left_row * m + a]};
    if (has_right) right = OuNeighbour{right_x, values_[right_row * m + a]};
    const GaussianMoments moments =
        OuConditionalMoments(x, left, right, options_.noise_stddev, options_.kernel_rate);
    values[a] = moments.mean + SampleGaussian(moments.stddev, stream);
    values_[row * m + a] = values[a];
  }
  index_.emplace_hint(next, x, row);
}

void OuFunctionalNoise::Reset() {
  index_.clear();
  values_.clear();
}

}  // namespace dprl
