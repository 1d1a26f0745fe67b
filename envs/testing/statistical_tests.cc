#include "envs/testing/statistical_tests.h"

#include <glog/logging.h>

#include <cmath>
#include <limits>

namespace dprl {
namespace testing {
namespace {

constexpr int kMaxIterations = 100000;
constexpr double kRelativeTolerance = 1e-15;

// P(a, x) by the series e^{-x} x^a / Γ(a + 1) * sum_n x^n / ((a + 1) ... (a + n)), x < a + 1.
double LowerSeries(double a, double x) {
  double term = 1.0 / a;
  double sum = term;
  for (int n = 1; n < kMaxIterations; ++n) {
    term *= x / (a + n);
    sum += term;
    if (std::abs(term) < std::abs(sum) * kRelativeTolerance) break;
  }
  return sum * std::exp(-x + a * std::log(x) - std::lgamma(a));
}

// Q(a, x) by the continued fraction e^{-x} x^a / Γ(a) * 1 / (x + 1 - a - 1*(1-a) / (x + 3 - a
// - ...)), modified Lentz, x >= a + 1.
double UpperContinuedFraction(double a, double x) {
  constexpr double kTiny = 1e-300;
  double b = x + 1.0 - a;
  double c = 1.0 / kTiny;
  double d = 1.0 / b;
  double h = d;
  for (int i = 1; i < kMaxIterations; ++i) {
    const double an = -i * (i - a);
    b += 2.0;
    d = an * d + b;
    if (std::abs(d) < kTiny) d = kTiny;
    c = b + an / c;
    if (std::abs(c) < kTiny) c = kTiny;
    d = 1.0 / d;
    const double delta = d * c;
    h *= delta;
    if (std::abs(delta - 1.0) < kRelativeTolerance) break;
  }
  return std::exp(-x + a * std::log(x) - std::lgamma(a)) * h;
}

}  // namespace

double RegularizedGammaQ(double a, double x) {
  CHECK(a > 0.0 && std::isfinite(a)) << "a = " << a;
  CHECK(x >= 0.0) << "x = " << x;
  if (x == 0.0) return 1.0;
  if (std::isinf(x)) return 0.0;
  if (x < a + 1.0) return 1.0 - LowerSeries(a, x);
  return UpperContinuedFraction(a, x);
}

double GammaCdf(double shape, double x) {
  if (x <= 0.0) return 0.0;
  if (x < shape + 1.0) return LowerSeries(shape, x);
  return 1.0 - UpperContinuedFraction(shape, x);
}

double ChiSquareSurvival(double degrees_of_freedom, double x) {
  CHECK_GT(degrees_of_freedom, 0.0);
  if (x <= 0.0) return 1.0;
  return RegularizedGammaQ(degrees_of_freedom / 2.0, x / 2.0);
}

double ChiSquareUpperQuantile(double degrees_of_freedom, double tail_probability) {
  CHECK_GT(degrees_of_freedom, 0.0);
  CHECK(tail_probability > 0.0 && tail_probability < 1.0) << tail_probability;
  double low = 0.0;
  double high = degrees_of_freedom + 10.0;
  while (ChiSquareSurvival(degrees_of_freedom, high) > tail_probability) {
    low = high;
    high *= 2.0;
  }
  // Survival is decreasing in x: keep Survival(low) > tail >= Survival(high).
  while (high - low > 1e-12 * high) {
    const double mid = 0.5 * (low + high);
    if (ChiSquareSurvival(degrees_of_freedom, mid) > tail_probability) {
      low = mid;
    } else {
      high = mid;
    }
  }
  return high;
}

double HoeffdingHalfWidth(double num_samples, double failure_probability) {
  CHECK_GT(num_samples, 0.0);
  CHECK(failure_probability > 0.0 && failure_probability < 1.0);
  return std::sqrt(std::log(2.0 / failure_probability) / (2.0 * num_samples));
}

double DkwHalfWidth(double num_samples, double failure_probability) {
  return HoeffdingHalfWidth(num_samples, failure_probability);
}

}  // namespace testing
}  // namespace dprl
