#include "algorithms/accounting/gaussian_dp.h"

#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"
#include "algorithms/accounting/conversions.h"
#include "common/status_macros.h"
#include "common/validation.h"

namespace dprl {
namespace {

constexpr double kLogSqrtTwoPi = 0.91893853320467274178;  // log(sqrt(2 pi))

absl::Status ValidateMu(double gdp_mu) {
  RETURN_IF_ERROR(ValidateFinitePositive("gdp_mu", gdp_mu));
  return absl::OkStatus();
}

// log phi(x), phi the standard normal density.
double LogNormalDensity(double x) { return -0.5 * x * x - kLogSqrtTwoPi; }

// Mills ratio R(x) = Phi(-x) / phi(x) for x >= 0.
double MillsRatio(double x) {
  if (x < 2.0) return 0.5 * std::erfc(x / std::sqrt(2.0)) * std::exp(0.5 * x * x + kLogSqrtTwoPi);
  // R(x) = 1/(x + 1/(x + 2/(x + 3/(x + ...)))), evaluated backwards. For x >= 2 the truncation
  // error after 200 terms is below 1e-16 relative (checked against 40-digit mpmath), and unlike
  // erfc(x) exp(x^2/2) it does not amplify the rounding of x^2/2 (relative error ~1e-16 x^2).
  double t = x;
  for (int k = 200; k >= 1; --k) t = x + k / t;
  return 1.0 / t;
}

}  // namespace

absl::StatusOr<double> GaussianCompositionGdpMu(double rho) {
  RETURN_IF_ERROR(ValidateFinitePositive("rho", rho));
  return std::sqrt(2.0 * rho);  // rho = sum Delta_i^2/(2 sigma_i^2), mu^2 = sum (Delta_i/sigma_i)^2
}

absl::StatusOr<double> GdpLogDelta(double gdp_mu, double privacy_epsilon) {
  RETURN_IF_ERROR(ValidateMu(gdp_mu));
  RETURN_IF_ERROR(ValidateFiniteNonNegative("privacy_epsilon", privacy_epsilon));
  // DRS Cor. 2.13 with s = eps/mu - mu/2 and e^eps phi(s + mu) = phi(s) (see header).
  const double s = privacy_epsilon / gdp_mu - 0.5 * gdp_mu;
  if (s > 0.0) {
    return LogNormalDensity(s) + std::log(MillsRatio(s) - MillsRatio(s + gdp_mu));
  }
  const double upper = 0.5 * std::erfc(s / std::sqrt(2.0));  // Phi(-s) >= 1/2
  return std::log(upper - std::exp(LogNormalDensity(s)) * MillsRatio(s + gdp_mu));
}

absl::StatusOr<double> GdpDelta(double gdp_mu, double privacy_epsilon) {
  ASSIGN_OR_RETURN(double log_delta, GdpLogDelta(gdp_mu, privacy_epsilon));
  return std::exp(log_delta);
}

absl::StatusOr<double> GdpEpsilon(double gdp_mu, double target_delta) {
  RETURN_IF_ERROR(ValidateMu(gdp_mu));
  RETURN_IF_ERROR(ValidateTargetDelta(target_delta));
  const double log_target = std::log(target_delta);
  auto log_delta = [&](double privacy_epsilon) { return *GdpLogDelta(gdp_mu, privacy_epsilon); };
  if (log_delta(0.0) <= log_target) return 0.0;
  double lo = 0.0;
  double hi = 1.0;
  while (log_delta(hi) > log_target) {
    lo = hi;
    hi *= 2.0;
    if (!std::isfinite(hi)) {
      return absl::OutOfRangeError(absl::StrCat("no finite privacy_epsilon reaches target_delta = ",
                                                target_delta, " for gdp_mu = ", gdp_mu));
    }
  }
  for (int iteration = 0; iteration < 2000; ++iteration) {
    const double mid = lo + 0.5 * (hi - lo);
    if (mid <= lo || mid >= hi) break;
    (log_delta(mid) > log_target ? lo : hi) = mid;
  }
  return hi;
}

}  // namespace dprl
