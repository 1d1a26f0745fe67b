// Quantiles and goodness-of-fit statistics for the statistical tests of the mechanisms.
//
// Tests derive their thresholds from a stated false-failure probability (docs/conventions.md,
// "Statistical tests") through these functions instead of hard-coded constants:
//   NormalUpperQuantile(p)            x with P(N(0,1) > x) = p
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
#include <vector>

namespace dprl {

double NormalUpperQuantile(double upper_tail_probability);

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

}  // namespace dprl

#endif  // DPRL_TESTING_STATISTICS_FOR_TESTS_H_
