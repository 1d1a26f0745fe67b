#include "testing/statistics_for_tests.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "common/bisection.h"

namespace dprl {
namespace {

// Regularized lower incomplete gamma P(a, x) by its series (x < a + 1).
double GammaSeries(double a, double x) {
  double term = 1.0 / a;
  double sum = term;
  for (int n = 1; n < 100000; ++n) {
    term *= x / (a + n);
    sum += term;
    if (std::fabs(term) < std::fabs(sum) * 1e-16) break;
  }
  return sum * std::exp(-x + a * std::log(x) - std::lgamma(a));
}

// Regularized upper incomplete gamma Q(a, x) by its continued fraction (x >= a + 1), modified
// Lentz's method.
double GammaContinuedFraction(double a, double x) {
  constexpr double kTiny = 1e-300;
  double b = x + 1.0 - a;
  double c = 1.0 / kTiny;
  double d = 1.0 / b;
  double h = d;
  for (int i = 1; i < 100000; ++i) {
    const double an = -i * (i - a);
    b += 2.0;
    d = an * d + b;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = b + an / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1.0 / d;
    const double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1.0) < 1e-16) break;
  }
  return std::exp(-x + a * std::log(x) - std::lgamma(a)) * h;
}

}  // namespace

double ChiSquareUpperTail(double df, double x) {
  CHECK_GT(df, 0.0);
  if (x <= 0.0) return 1.0;
  const double a = 0.5 * df;
  const double half_x = 0.5 * x;
  return half_x < a + 1.0 ? 1.0 - GammaSeries(a, half_x) : GammaContinuedFraction(a, half_x);
}

double ChiSquareUpperQuantile(double df, double upper_tail_probability) {
  CHECK(upper_tail_probability > 0.0 && upper_tail_probability < 1.0);
  return BisectDecreasing([df](double x) { return ChiSquareUpperTail(df, x); }, upper_tail_probability, 0.0,
                df + 10.0);
}

double KolmogorovUpperQuantile(double upper_tail_probability) {
  CHECK(upper_tail_probability > 0.0 && upper_tail_probability < 0.5);
  // P(K > x) = 2 sum_{k>=1} (-1)^(k-1) exp(-2 k^2 x^2).
  auto tail = [](double x) {
    double sum = 0.0;
    for (int k = 1; k < 100; ++k) {
      sum += (k % 2 == 1 ? 2.0 : -2.0) * std::exp(-2.0 * k * k * x * x);
    }
    return sum;
  };
  return BisectDecreasing(tail, upper_tail_probability, 0.3, 5.0);
}

namespace {

// P(Bin(n, p) = x).
double BinomialPmf(int64_t n, double p, int64_t x) {
  if (p == 0.0) return x == 0 ? 1.0 : 0.0;
  if (p == 1.0) return x == n ? 1.0 : 0.0;
  return std::exp(std::lgamma(n + 1.0) - std::lgamma(x + 1.0) - std::lgamma(n - x + 1.0) +
                  x * std::log(p) + (n - x) * std::log1p(-p));
}

}  // namespace

int64_t BinomialUpperQuantile(int64_t n, double p, double upper_tail_probability) {
  CHECK(n >= 0 && p >= 0.0 && p <= 1.0);
  CHECK(upper_tail_probability > 0.0 && upper_tail_probability < 1.0);
  // Largest x with P(Bin > x - 1) = P(Bin >= x) > a, so P(Bin > x) <= a; scan down from n.
  double tail = 0.0;  // P(Bin > x)
  for (int64_t x = n; x > 0; --x) {
    if (tail + BinomialPmf(n, p, x) > upper_tail_probability) return x;
    tail += BinomialPmf(n, p, x);
  }
  return 0;
}

int64_t BinomialLowerQuantile(int64_t n, double p, double lower_tail_probability) {
  CHECK(n >= 0 && p >= 0.0 && p <= 1.0);
  CHECK(lower_tail_probability > 0.0 && lower_tail_probability < 1.0);
  double tail = 0.0;  // P(Bin < x)
  for (int64_t x = 0; x < n; ++x) {
    if (tail + BinomialPmf(n, p, x) > lower_tail_probability) return x;
    tail += BinomialPmf(n, p, x);
  }
  return n;
}

double PearsonChiSquare(const std::vector<int64_t>& counts, const std::vector<double>& probs) {
  CHECK_EQ(counts.size(), probs.size());
  double n = 0.0;
  for (int64_t c : counts) n += static_cast<double>(c);
  double chi2 = 0.0;
  for (size_t i = 0; i < counts.size(); ++i) {
    const double expected = n * probs[i];
    CHECK_GT(expected, 0.0);
    const double diff = static_cast<double>(counts[i]) - expected;
    chi2 += diff * diff / expected;
  }
  return chi2;
}

double KolmogorovStatistic(std::vector<double>& samples, const std::function<double(double)>& cdf) {
  CHECK(!samples.empty());
  std::sort(samples.begin(), samples.end());
  const double n = static_cast<double>(samples.size());
  double d = 0.0;
  for (size_t i = 0; i < samples.size(); ++i) {
    const double f = cdf(samples[i]);
    d = std::max(d, std::max(f - i / n, (i + 1) / n - f));
  }
  return std::sqrt(n) * d;
}

double HoeffdingHalfWidth(double num_samples, double failure_probability) {
  CHECK_GT(num_samples, 0.0);
  CHECK(failure_probability > 0.0 && failure_probability < 1.0) << failure_probability;
  return std::sqrt(std::log(2.0 / failure_probability) / (2.0 * num_samples));
}

std::string ChiSquareGoodnessOfFitFailure(const double* probabilities, const int64_t* counts, int k,
                                          double tail_probability) {
  int64_t n = 0;
  for (int i = 0; i < k; ++i) n += counts[i];
  if (n == 0) return "";
  // Observed and expected counts per bin; bin 0 is the pool of small outcomes.
  std::vector<double> observed(1, 0.0), expected(1, 0.0);
  for (int i = 0; i < k; ++i) {
    if (probabilities[i] <= 0.0 && counts[i] > 0) {
      return absl::StrFormat("outcome %d has probability %g but was drawn %d times", i,
                             probabilities[i], counts[i]);
    }
    const double e = probabilities[i] * n;
    if (e >= kMinExpectedCount) {
      observed.push_back(counts[i]);
      expected.push_back(e);
    } else {
      observed[0] += counts[i];
      expected[0] += e;
    }
  }
  if (expected[0] < kMinExpectedCount && expected.size() > 1) {
    int smallest = 1;
    for (size_t b = 2; b < expected.size(); ++b) {
      if (expected[b] < expected[smallest]) smallest = b;
    }
    observed[smallest] += observed[0];
    expected[smallest] += expected[0];
    observed.erase(observed.begin());
    expected.erase(expected.begin());
  }
  const int bins = expected.size();
  if (bins < 2) return "";  // nothing to test beyond the support check
  double statistic = 0.0;
  for (int b = 0; b < bins; ++b) {
    const double d = observed[b] - expected[b];
    statistic += d * d / expected[b];
  }
  const double threshold = ChiSquareUpperQuantile(bins - 1, tail_probability);
  if (statistic <= threshold) return "";
  return absl::StrFormat(
      "chi-square statistic %g exceeds %g, the 1 - %g quantile of chi2(%d) (n = %d draws)",
      statistic, threshold, tail_probability, bins - 1, n);
}

}  // namespace dprl
