#include "common/binomial_bounds.h"

#include <glog/logging.h>

#include <cmath>
#include <functional>

namespace dprl {
namespace {

// Continued fraction for I_x(a, b) (Numerical Recipes, betacf), modified Lentz's method.
double BetaContinuedFraction(double a, double b, double x) {
  constexpr double kTiny = 1e-300;
  constexpr double kEps = 1e-16;
  const double qab = a + b, qap = a + 1, qam = a - 1;
  double c = 1, d = 1 - qab * x / qap;
  if (std::fabs(d) < kTiny) d = kTiny;
  d = 1 / d;
  double h = d;
  for (int m = 1; m <= 10000; ++m) {
    const int m2 = 2 * m;
    double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = 1 + aa / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    h *= d * c;
    aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = 1 + aa / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    const double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1) < kEps) break;
  }
  return h;
}

// Smallest x in [0, 1] (to double precision, by bisection) with increasing(x) >= target.
double InvertIncreasing(const std::function<double(double)>& increasing, double target) {
  double low = 0.0;
  double high = 1.0;
  for (int i = 0; i < 1100 && high - low > 0.0; ++i) {
    const double mid = 0.5 * (low + high);
    if (mid <= low || mid >= high) break;
    if (increasing(mid) >= target) {
      high = mid;
    } else {
      low = mid;
    }
  }
  return high;
}

}  // namespace

double RegularizedIncompleteBeta(double a, double b, double x) {
  CHECK_GT(a, 0.0);
  CHECK_GT(b, 0.0);
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const double log_front =
      std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
  const double front = std::exp(log_front);
  if (x < (a + 1) / (a + b + 2)) return front * BetaContinuedFraction(a, b, x) / a;
  return 1 - front * BetaContinuedFraction(b, a, 1 - x) / b;
}

double BinomialUpperTail(int64_t trials, double probability, int64_t successes) {
  CHECK_GE(trials, 0);
  CHECK(probability >= 0.0 && probability <= 1.0) << probability;
  if (successes <= 0) return 1.0;
  if (successes > trials) return 0.0;
  // P(Bin(n, p) >= k) = I_p(k, n - k + 1).
  return RegularizedIncompleteBeta(static_cast<double>(successes),
                                   static_cast<double>(trials - successes + 1), probability);
}

double ClopperPearsonLower(int64_t successes, int64_t trials, double one_sided_level) {
  CHECK_GE(trials, 1);
  CHECK(successes >= 0 && successes <= trials) << successes << " of " << trials;
  CHECK(one_sided_level > 0.0 && one_sided_level < 1.0) << one_sided_level;
  if (successes == 0) return 0.0;
  if (successes == trials) return std::pow(one_sided_level, 1.0 / trials);
  // P(Bin(n, x) >= k) = I_x(k, n - k + 1), increasing in x.
  const double a = static_cast<double>(successes);
  const double b = static_cast<double>(trials - successes + 1);
  return InvertIncreasing([&](double x) { return RegularizedIncompleteBeta(a, b, x); },
                          one_sided_level);
}

double ClopperPearsonUpper(int64_t successes, int64_t trials, double one_sided_level) {
  CHECK_GE(trials, 1);
  CHECK(successes >= 0 && successes <= trials) << successes << " of " << trials;
  CHECK(one_sided_level > 0.0 && one_sided_level < 1.0) << one_sided_level;
  if (successes == trials) return 1.0;
  if (successes == 0) return 1.0 - std::pow(one_sided_level, 1.0 / trials);
  // P(Bin(n, x) <= k) = 1 - I_x(k + 1, n - k), decreasing in x; the bound is where it is `level`.
  const double a = static_cast<double>(successes + 1);
  const double b = static_cast<double>(trials - successes);
  return InvertIncreasing([&](double x) { return RegularizedIncompleteBeta(a, b, x); },
                          1.0 - one_sided_level);
}

}  // namespace dprl
