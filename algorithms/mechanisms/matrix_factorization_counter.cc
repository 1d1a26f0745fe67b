#include "algorithms/mechanisms/matrix_factorization_counter.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "absl/strings/str_format.h"
#include "algorithms/mechanisms/samplers.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

constexpr double kUnitRoundoff = 0x1.0p-53;
// |y_t| and the grid sums stay below 2^50 so that every integer output converts to double exactly.
constexpr double kMaxUnits = 0x1.0p50;

// gamma_k = k u / (1 - k u) (Higham, "Accuracy and Stability of Numerical Algorithms", Lemma 3.1):
// the relative error bound of a k-operation chain of roundings.
double Gamma(double k) { return k * kUnitRoundoff / (1.0 - k * kUnitRoundoff); }

}  // namespace

std::vector<double> SquareRootFactorCoefficients(int64_t count) {
  CHECK_GE(count, 1);
  std::vector<double> c(count);
  c[0] = 1.0;
  for (int64_t j = 1; j < count; ++j) {
    c[j] = c[j - 1] * static_cast<double>(2 * j - 1) / static_cast<double>(2 * j);
  }
  return c;
}

MatrixFactorizationCounter::MatrixFactorizationCounter(const MatrixTreeCounterOptions& options,
                                                       RandomStream noise_stream)
    : options_(options), noise_stream_(noise_stream), rounding_stream_(noise_stream.Child(0)) {}

absl::StatusOr<MatrixFactorizationCounter> MatrixFactorizationCounter::Create(
    const MatrixTreeCounterOptions& options, RandomStream noise_stream) {
  RETURN_IF_ERROR(options.Validate());
  if (options.horizon_steps > (int64_t{1} << 20)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "horizon_steps must be <= 2^20 for the factorisation counter (O(T^2) work), got %d",
        options.horizon_steps));
  }
  MatrixFactorizationCounter c(options, noise_stream);
  const int64_t T = options.horizon_steps;
  // Per entry: the inputs of all T steps and the release.
  ASSIGN_OR_RETURN(c.entries_,
                   CheckMatrixCounterSize(options, static_cast<double>(T) + 1.0,
                                          "MatrixFactorizationCounter"));
  // The implemented matrix is C~ with the computed coefficients c~_j (2 roundings per recursion
  // step: |c~_j / c_j - 1| <= gamma_{2j}); privacy is proven for C~ itself, the release's
  // deviation C~C~ - A is in release_error_bound().
  c.coefficients_ = SquareRootFactorCoefficients(T);
  c.coefficient_sums_.assign(T + 1, 0.0);
  c.coefficient_sq_.assign(T + 1, 0.0);
  for (int64_t j = 0; j < T; ++j) {
    c.coefficient_sums_[j + 1] = c.coefficient_sums_[j] + c.coefficients_[j];
    c.coefficient_sq_[j + 1] = c.coefficient_sq_[j] + c.coefficients_[j] * c.coefficients_[j];
  }
  // The sums of T non-negative terms are accurate to gamma_{2T} relative (Higham, eq. (4.4));
  // inflating them by that margin makes them upper bounds.
  const double sum_margin = 1.0 + Gamma(2.0 * static_cast<double>(T) + 2.0);
  for (double& s : c.coefficient_sums_) s *= sum_margin;
  for (double& s : c.coefficient_sq_) s *= sum_margin;
  c.column_norm_ = std::sqrt(c.coefficient_sq_[T]) * (1.0 + 4.0 * kUnitRoundoff);
  const double sigma0 = c.column_norm_ * options.l2_sensitivity / std::sqrt(2.0 * options.zcdp_rho);
  const int exponent = static_cast<int>(std::ceil(std::log2(sigma0))) - kGridBitsBelowSigma;
  c.grid_unit_ = std::ldexp(1.0, exponent);
  const double max_input_units =
      c.coefficient_sums_[T] * options.input_frobenius_bound / c.grid_unit_;
  if (!(max_input_units < kMaxUnits)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "grid values could exceed 2^50: sum_j c_j * input_frobenius_bound / grid_unit = %g "
        "(zcdp_rho = %g is too large for input_frobenius_bound = %g)",
        max_input_units, options.zcdp_rho, options.input_frobenius_bound));
  }
  // (C~X)_t / g is a dot product of length <= T, computed with error <= gamma_T sum |c~ x|
  // (Higham, eq. (3.5)), |x| <= input_frobenius_bound / g per entry.
  c.fp_error_units_ = Gamma(static_cast<double>(T) + 1.0) * max_input_units;
  const double delta_fp = 2.0 + 2.0 * c.fp_error_units_;
  c.shift_units_ = c.column_norm_ * options.l2_sensitivity / c.grid_unit_ +
                   std::sqrt(static_cast<double>(T) * c.entries_) * delta_fp;
  const double variance = std::ceil(c.shift_units_ * c.shift_units_ / (2.0 * options.zcdp_rho));
  if (!(variance < 0x1.0p62)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("noise variance of %g grid units does not fit in int64 (zcdp_rho = %g)",
                        variance, options.zcdp_rho));
  }
  c.variance_units_ = static_cast<int64_t>(variance);
  c.release_.assign(c.entries_, 0.0);
  return c;
}

void MatrixFactorizationCounter::AddStep(const Eigen::MatrixXd& input) {
  CHECK_LT(steps_, options_.horizon_steps)
      << "MatrixFactorizationCounter: more steps than horizon_steps";
  CheckMatrixCounterInput(options_, input, "MatrixFactorizationCounter");
  for (int p = 0; p < options_.rows; ++p) {
    for (int q = options_.symmetric ? p : 0; q < options_.cols; ++q) {
      inputs_.push_back(input(p, q) / grid_unit_);  // exact: grid_unit_ is a power of two
    }
  }
  ++steps_;
  const int64_t t = steps_;
  const int D = entries_;
  // w = (C~ X)_t / g = sum_{s=1..t} c~_{t-s} X_s / g.
  std::vector<double> w(D, 0.0);
  for (int64_t s = 1; s <= t; ++s) {
    const double c = coefficients_[t - s];
    const double* x = &inputs_[(s - 1) * D];
    for (int e = 0; e < D; ++e) w[e] += c * x[e];
  }
  RandomStream step_stream = noise_stream_.Child(1, static_cast<uint64_t>(t));
  const Rational variance{variance_units_, 1};
  for (int e = 0; e < D; ++e) {
    const double lower = std::floor(w[e]);
    const double fraction = w[e] - lower;  // exact, in [0, 1)
    const bool up = fraction > 0.0 && rounding_stream_.NextOpenUniform() < fraction;
    outputs_.push_back(static_cast<int64_t>(lower) + (up ? 1 : 0) +
                       SampleDiscreteGaussian(variance, step_stream));
  }
  // Post-processing: g (C~ y)_t.
  std::fill(release_.begin(), release_.end(), 0.0);
  for (int64_t s = 1; s <= t; ++s) {
    const double c = coefficients_[t - s];
    const int64_t* y = &outputs_[(s - 1) * D];
    for (int e = 0; e < D; ++e) release_[e] += c * static_cast<double>(y[e]);
  }
  for (int e = 0; e < D; ++e) release_[e] *= grid_unit_;
}

Eigen::MatrixXd MatrixFactorizationCounter::Release() const {
  return UnpackReleasedEntries(options_, release_, 1.0);
}

double MatrixFactorizationCounter::step_noise_stddev() const {
  return grid_unit_ * std::sqrt(static_cast<double>(variance_units_));
}

double MatrixFactorizationCounter::rho_spent() const {
  return shift_units_ * shift_units_ / (2.0 * static_cast<double>(variance_units_));
}

double MatrixFactorizationCounter::release_noise_scale(int64_t t) const {
  CHECK(t >= 0 && t <= options_.horizon_steps);
  return step_noise_stddev() * std::sqrt(coefficient_sq_[t]);
}

double MatrixFactorizationCounter::release_error_bound(int64_t t) const {
  CHECK(t >= 0 && t <= options_.horizon_steps);
  // Rounding and fl error of y: |e_s| < 1 + fp_error_units() per entry, weighted by c~_{t-s}.
  const double rounding = grid_unit_ * (1.0 + fp_error_units_) * coefficient_sums_[t];
  // (C~C~)_{ts} - 1: |c~_i c~_k-i / (c_i c_k-i) - 1| <= gamma_{2k + 1}, sum_i c_i c_{k-i} = 1,
  // so |(C~C~)_{ts} - 1| <= gamma_{2(t-s) + 1}; summed over s with |X_s entry| <= bound.
  const double td = static_cast<double>(t);
  const double factor = Gamma(2.0 * td + 1.0) * td * options_.input_frobenius_bound;
  return rounding + factor;
}

}  // namespace dprl
