// Quantiles and goodness-of-fit statistics for the statistical tests of the mechanisms.
//
// Tests derive their thresholds from a stated false-failure probability (docs/conventions.md,
// "Statistical tests") through these functions instead of hard-coded constants:
//   NormalUpperQuantile(p)            x with P(N(0,1) > x) = p (common/normal_quantile.h)
//   ChiSquareUpperQuantile(df, p)     x with P(chi2(df) > x) = p (regularized incomplete gamma,
//                                     Numerical Recipes 3rd ed., Sec. 6.2, inverted by bisection)
//   KolmogorovUpperQuantile(p)        x with P(sqrt(n) D_n > x) ~= p for large n (asymptotic
//                                     Kolmogorov distribution, 2 exp(-2 x^2) tail)
//   BinomialUpperQuantile(n, p, a)    smallest x with P(Bin(n, p) > x) <= a (exact pmf sums)
//   BinomialLowerQuantile(n, p, a)    largest x with P(Bin(n, p) < x) <= a
// Testing utilities only.
#ifndef DPRL_TESTING_STATISTICS_FOR_TESTS_H_
#define DPRL_TESTING_STATISTICS_FOR_TESTS_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/normal_quantile.h"  // NormalUpperQuantile, for the tests that include this file

namespace dprl {

// P(chi2(df) > x).
double ChiSquareUpperTail(double df, double x);
double ChiSquareUpperQuantile(double df, double upper_tail_probability);

double KolmogorovUpperQuantile(double upper_tail_probability);

// Exact binomial quantiles (pmf in log space, summed from the far tail). Require n >= 0,
// p in [0, 1], tail probability in (0, 1).
int64_t BinomialUpperQuantile(int64_t n, double p, double upper_tail_probability);
int64_t BinomialLowerQuantile(int64_t n, double p, double lower_tail_probability);

// Pearson chi-square statistic of `counts` (n = their sum) against cell probabilities `probs`
// (same length, summing to 1).
double PearsonChiSquare(const std::vector<int64_t>& counts, const std::vector<double>& probs);

// sqrt(n) * sup_x |F_n(x) - cdf(x)| of the samples (sorted in place) against a continuous cdf.
double KolmogorovStatistic(std::vector<double>& samples, const std::function<double(double)>& cdf);

// Outcomes with expected count below this are pooled before the chi-square test.
inline constexpr double kMinExpectedCount = 10.0;

// sqrt(ln(2 / failure_probability) / (2 n)). Hoeffding (1963): the mean of n iid variables in
// [0, 1] is further than this from its expectation with probability at most failure_probability.
// Dvoretzky–Kiefer–Wolfowitz with Massart's (1990) constant: the empirical CDF of n iid samples is
// further than this (sup norm) from the true CDF with probability at most failure_probability.
double HoeffdingHalfWidth(double num_samples, double failure_probability);
inline double DkwHalfWidth(double num_samples, double failure_probability) {
  return HoeffdingHalfWidth(num_samples, failure_probability);
}

// Pearson chi-square goodness-of-fit of `counts` (size k, total n) against `probabilities`
// (size k), with the pooling rule above. Returns an empty string on success, otherwise a message.
// A positive count on a zero-probability outcome always fails.
std::string ChiSquareGoodnessOfFitFailure(const double* probabilities, const int64_t* counts, int k,
                                          double tail_probability);

}  // namespace dprl

#endif  // DPRL_TESTING_STATISTICS_FOR_TESTS_H_
