#include "algorithms/accounting/functional_noise_calibration.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

double NumUpdates(const FunctionalNoiseCalibrationOptions& o) {
  return static_cast<double>(o.num_samples) / static_cast<double>(o.batch_size);
}

double SensitivityScale(const FunctionalNoiseCalibrationOptions& o) {
  return 4.0 * o.learning_rate * (o.noise_bound + 1.0) / static_cast<double>(o.batch_size);
}

int64_t ResolvedResets(const FunctionalNoiseCalibrationOptions& o) {
  return o.num_resets > 0 ? o.num_resets : std::max<int64_t>(1, o.num_samples / o.batch_size);
}

// sqrt(2 (T/B) ln(e + eps / delta) C), the numerator of ClosedFormSigma.
double ClosedFormSigmaNumerator(double num_updates, double c, double eps, double delta) {
  return std::sqrt(2.0 * num_updates * std::log(M_E + eps / delta) * c);
}

// sqrt(2 (T/B) ln(e + eps / delta) C) / eps.
double ClosedFormSigma(double num_updates, double c, double eps, double delta) {
  return ClosedFormSigmaNumerator(num_updates, c, eps, delta) / eps;
}

// q with eps = q/2 + sqrt(2 q ln(e + sqrt(q) / delta)) (increasing in q; bisection on log q).
double ProofQ(double eps, double delta) {
  auto f = [&](double q) {
    return q / 2.0 + std::sqrt(2.0 * q * std::log(M_E + std::sqrt(q) / delta)) - eps;
  };
  double lo = -700.0, hi = std::log(2.0 * eps);  // f(e^hi) >= 0 since q/2 = eps there
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (f(std::exp(mid)) < 0.0 ? lo : hi) = mid;
  }
  return std::exp(0.5 * (lo + hi));
}

}  // namespace

absl::Status FunctionalNoiseCalibrationOptions::Validate() const {
  auto bad = [](const char* name, double value, const char* rule) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "FunctionalNoiseCalibrationOptions.%s = %g, must be %s", name, value, rule));
  };
  if (!(std::isfinite(privacy_epsilon) && privacy_epsilon > 0.0)) {
    return bad("privacy_epsilon", privacy_epsilon, "finite and > 0");
  }
  if (!(target_delta > 0.0 && target_delta < 1.0)) {
    return bad("target_delta", target_delta, "in (0, 1)");
  }
  if (num_samples < 1) return bad("num_samples", num_samples, ">= 1");
  if (batch_size < 1 || batch_size > num_samples) {
    return bad("batch_size", batch_size, "in [1, num_samples]");
  }
  if (!(std::isfinite(learning_rate) && learning_rate > 0.0)) {
    return bad("learning_rate", learning_rate, "finite and > 0");
  }
  if (!(std::isfinite(lipschitz_squared) && lipschitz_squared > 0.0)) {
    return bad("lipschitz_squared", lipschitz_squared, "finite and > 0");
  }
  if (!(std::isfinite(noise_bound) && noise_bound > 0.0)) {
    return bad("noise_bound", noise_bound, "finite and > 0");
  }
  if (num_actions < 1) return bad("num_actions", num_actions, ">= 1");
  const int64_t max_resets = (num_samples + batch_size - 1) / batch_size;
  if (num_resets < 0 || num_resets > max_resets) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "FunctionalNoiseCalibrationOptions.num_resets = %d, must be 0 (= floor(T/B)) or in "
        "[1, ceil(T/B) = %d]",
        num_resets, max_resets));
  }
  // Theorem 5's sensitivity scale v = 4 alpha (k + 1) / B, kernel rate 1/v, RKHS sensitivity
  // (v^2 + v) L^2 and sigma must be finite positive doubles: an alpha, k, eps or delta for which
  // one overflows or underflows has no calibration (it would print inf, or abort on a zero rate).
  // Each failure names the parameter that moves it: v and c by learning_rate (with noise_bound,
  // batch_size), sigma's ln(e + eps / delta) by target_delta, its 1/eps by privacy_epsilon.
  const double v = SensitivityScale(*this);
  const double c = (v * v + v) * lipschitz_squared;
  const double sigma = ClosedFormSigma(NumUpdates(*this), c, privacy_epsilon, target_delta);
  auto sigma_text = [&]() { return absl::StrFormat("Theorem 5's sigma = %g", sigma); };
  if (!(v > 0.0 && std::isfinite(1.0 / v) && std::isfinite(c) && c > 0.0)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "FunctionalNoiseCalibrationOptions.learning_rate = %g with noise_bound = %g, batch_size "
        "= %d and lipschitz_squared = %g: Theorem 5's sensitivity scale v = 4 alpha (k + 1) / B = "
        "%g and (v^2 + v) L^2 = %g must be finite positive doubles",
        learning_rate, noise_bound, batch_size, lipschitz_squared, v, c));
  }
  if (!std::isfinite(privacy_epsilon / target_delta)) {
    // A subnormal delta is the one out of range; with a normal one, epsilon is.
    const bool delta_subnormal = target_delta < std::numeric_limits<double>::min();
    return absl::InvalidArgumentError(absl::StrFormat(
        "FunctionalNoiseCalibrationOptions.%s = %g with %s = %g: privacy_epsilon / target_delta "
        "overflows in ln(e + eps / delta), so %s is not finite",
        delta_subnormal ? "target_delta" : "privacy_epsilon",
        delta_subnormal ? target_delta : privacy_epsilon,
        delta_subnormal ? "privacy_epsilon" : "target_delta",
        delta_subnormal ? privacy_epsilon : target_delta, sigma_text()));
  }
  if (!(sigma > 0.0) && std::isfinite(sigma)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "FunctionalNoiseCalibrationOptions.privacy_epsilon = %g: %s underflows to zero; "
        "privacy_epsilon must be smaller",
        privacy_epsilon, sigma_text()));
  }
  const double numerator =
      ClosedFormSigmaNumerator(NumUpdates(*this), c, privacy_epsilon, target_delta);
  if (!(std::isfinite(numerator) && numerator > 0.0)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "FunctionalNoiseCalibrationOptions.learning_rate = %g with noise_bound = %g, batch_size "
        "= %d and num_samples = %d: %s must be finite positive doubles (its numerator "
        "sqrt(2 (T/B) ln(e + eps / delta) (v^2 + v) L^2) is %g)",
        learning_rate, noise_bound, batch_size, num_samples, sigma_text(), numerator));
  }
  if (!std::isfinite(sigma)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "FunctionalNoiseCalibrationOptions.privacy_epsilon = %g: %s overflows (sigma = %g / "
        "privacy_epsilon); privacy_epsilon must be larger",
        privacy_epsilon, sigma_text(), numerator));
  }
  return absl::OkStatus();
}

UniformBoundFailure FunctionalNoiseUniformBoundFailure(
    const FunctionalNoiseCalibrationOptions& options, double noise_stddev) {
  CHECK(options.Validate().ok()) << options.Validate();
  CHECK(noise_stddev >= 0.0) << "noise_stddev = " << noise_stddev;
  UniformBoundFailure out;
  const double beta = 1.0 / SensitivityScale(options);
  out.path_maximum_bound = kLemma8Constant * std::sqrt(beta) * noise_stddev;
  out.bound_margin = 2.0 * options.noise_bound - out.path_maximum_bound;
  out.bound_condition_holds = out.bound_margin > 0.0;
  out.corrected_margin = options.noise_bound - out.path_maximum_bound;
  const int64_t num_paths = ResolvedResets(options) * options.num_actions;
  out.delta_g_corrected =
      noise_stddev > 0.0
          ? CorrectedDeltaG(options.noise_bound, noise_stddev, beta, num_paths)
          : 0.0;  // sigma = 0: g = 0, sup |g| = 0 <= k surely
  if (!out.bound_condition_holds) {
    out.delta_g_theorem = 1.0;
    out.delta_g_tight = 1.0;
    return out;
  }
  const double j = static_cast<double>(ResolvedResets(options));
  const double per_path = std::exp(-out.bound_margin * out.bound_margin / 2.0);
  out.delta_g_theorem = std::min(1.0, j * per_path);
  out.delta_g_tight = -std::expm1(j * std::log1p(-per_path));
  return out;
}

absl::StatusOr<FunctionalNoiseCalibration> CalibrateFunctionalNoise(
    const FunctionalNoiseCalibrationOptions& options) {
  RETURN_IF_ERROR(options.Validate());
  FunctionalNoiseCalibration out;
  out.num_updates = NumUpdates(options);
  out.num_resets = ResolvedResets(options);
  out.noise_bound = options.noise_bound;
  out.sensitivity_scale = SensitivityScale(options);
  out.kernel_rate = 1.0 / out.sensitivity_scale;
  const double v = out.sensitivity_scale;
  out.rkhs_sensitivity_squared = (v * v + v) * options.lipschitz_squared;
  out.noise_stddev = ClosedFormSigma(out.num_updates, out.rkhs_sensitivity_squared,
                                     options.privacy_epsilon, options.target_delta);
  out.noise_stddev_from_proof = std::sqrt(out.num_updates * out.rkhs_sensitivity_squared /
                                          ProofQ(options.privacy_epsilon, options.target_delta));
  const UniformBoundFailure failure = FunctionalNoiseUniformBoundFailure(options, out.noise_stddev);
  out.path_maximum_bound = failure.path_maximum_bound;
  out.bound_margin = failure.bound_margin;
  out.bound_condition_holds = failure.bound_condition_holds;
  out.delta_g_theorem = failure.delta_g_theorem;
  out.delta_g_tight = failure.delta_g_tight;
  out.corrected_margin = failure.corrected_margin;
  out.delta_g_corrected = failure.delta_g_corrected;
  out.total_delta = std::min(1.0, options.target_delta + out.delta_g_corrected);
  return out;
}

double BorellTisTwoSidedTail(double excess, double noise_stddev) {
  CHECK(excess >= 0.0) << "excess = " << excess;
  CHECK(noise_stddev > 0.0) << "noise_stddev = " << noise_stddev;
  const double z = excess / noise_stddev;
  return std::min(1.0, 2.0 * std::exp(-0.5 * z * z));
}

double CorrectedDeltaG(double noise_bound, double noise_stddev, double kernel_rate,
                       int64_t num_paths) {
  CHECK(noise_stddev > 0.0) << "noise_stddev = " << noise_stddev;
  CHECK(kernel_rate > 0.0) << "kernel_rate = " << kernel_rate;
  CHECK(num_paths >= 1) << "num_paths = " << num_paths;
  const double margin = noise_bound - kLemma8Constant * std::sqrt(kernel_rate) * noise_stddev;
  if (!(margin > 0.0)) return 1.0;
  return std::min(1.0, static_cast<double>(num_paths) * BorellTisTwoSidedTail(margin, noise_stddev));
}

absl::StatusOr<FunctionalNoiseCalibration> SolveFunctionalNoiseBound(
    const FunctionalNoiseCalibrationOptions& options, double target_delta_g) {
  RETURN_IF_ERROR(options.Validate());
  if (!(target_delta_g > 0.0 && target_delta_g < 1.0)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("target_delta_g = %g, must be in (0, 1)", target_delta_g));
  }
  auto delta_g_at = [&](double k) {
    FunctionalNoiseCalibrationOptions probe = options;
    probe.noise_bound = k;
    absl::StatusOr<FunctionalNoiseCalibration> c = CalibrateFunctionalNoise(probe);
    CHECK(c.ok()) << c.status();
    return c->delta_g_corrected;
  };
  // Geometric scan (ratio 1.05) for the first k that meets the target, then bisection between
  // that grid point and the one before it.
  constexpr double kSmallestNoiseBound = 1e-6, kLargestNoiseBound = 1e15;
  // v and sigma grow with k: finite at both ends of the scan, they are finite at every k of it.
  for (double k : {kSmallestNoiseBound, kLargestNoiseBound}) {
    FunctionalNoiseCalibrationOptions end = options;
    end.noise_bound = k;
    if (absl::Status status = end.Validate(); !status.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(
          status.message(), " (at a noise bound the solver for target_delta_g tries)"));
    }
  }
  double lo = kSmallestNoiseBound, hi = lo;
  while (delta_g_at(hi) > target_delta_g) {
    lo = hi;
    hi *= 1.05;
    if (hi > kLargestNoiseBound) {
      return absl::OutOfRangeError(absl::StrFormat(
          "no noise_bound k <= %g meets target_delta_g = %g", kLargestNoiseBound, target_delta_g));
    }
  }
  for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    (delta_g_at(mid) > target_delta_g ? lo : hi) = mid;
  }
  FunctionalNoiseCalibrationOptions solved = options;
  solved.noise_bound = hi;
  return CalibrateFunctionalNoise(solved);
}

absl::StatusOr<double> FunctionalNoiseAchievedEpsilon(
    const FunctionalNoiseCalibrationOptions& options, double noise_stddev) {
  if (!(std::isfinite(noise_stddev) && noise_stddev > 0.0)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("noise_stddev = %g, must be finite and > 0", noise_stddev));
  }
  FunctionalNoiseCalibrationOptions probe = options;
  probe.privacy_epsilon = 1.0;
  RETURN_IF_ERROR(probe.Validate());
  const double v = SensitivityScale(options);
  const double c = (v * v + v) * options.lipschitz_squared;
  const double t = NumUpdates(options);
  // g(eps) = eps sigma - sqrt(2 t ln(e + eps / delta) c) is negative at 0+ and increasing once
  // positive; bisection on log eps between 1e-300 and a point where it is positive.
  auto g = [&](double eps) {
    return eps * noise_stddev - std::sqrt(2.0 * t * std::log(M_E + eps / options.target_delta) * c);
  };
  double hi = 1.0;
  while (g(hi) < 0.0) {
    hi *= 2.0;
    if (!std::isfinite(hi)) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "noise_stddev = %g: the epsilon it achieves overflows a double (too little noise)",
          noise_stddev));
    }
  }
  double lo = 0.0;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (g(mid) < 0.0 ? lo : hi) = mid;
  }
  return hi;
}

double AppendixE3ReportedSigma(double privacy_epsilon) {
  if (privacy_epsilon == 0.9) return 0.32;
  if (privacy_epsilon == 0.45) return 0.74;
  return 0.0;
}

}  // namespace dprl
