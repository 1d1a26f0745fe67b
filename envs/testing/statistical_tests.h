// Distribution functions and thresholds for statistical tests (testonly).
//
// Specification
// -------------
// RegularizedGammaQ(a, x) = Γ(a, x) / Γ(a), the upper regularized incomplete gamma function,
//   by its power series for x < a + 1 and by its continued fraction (modified Lentz) otherwise
//   (Press et al., Numerical Recipes, 3rd ed., Sec. 6.2); relative accuracy ~1e-14, and the
//   continued fraction keeps tiny upper tails (1e-12 and below) accurate.
// GammaCdf(shape, x) = 1 - Q(shape, x), the Gamma(shape, 1) distribution function.
// ChiSquareSurvival(df, x) = P(chi2_df > x) = Q(df / 2, x / 2).
// ChiSquareUpperQuantile(df, tail) = the x with P(chi2_df > x) = tail, by bisection to 1e-12
//   relative width.
// HoeffdingHalfWidth(n, failure_probability) = sqrt(ln(2 / failure_probability) / (2 n)): the mean
//   of n iid variables in [0, 1] is further than this from its expectation with probability at most
//   failure_probability (Hoeffding 1963).
// DkwHalfWidth(n, failure_probability) = sqrt(ln(2 / failure_probability) / (2 n)): the empirical
//   CDF of n iid samples is further than this (sup norm) from the true CDF with probability at most
//   failure_probability (Dvoretzky–Kiefer–Wolfowitz with Massart's 1990 constant).
#ifndef DPRL_ENVS_TESTING_STATISTICAL_TESTS_H_
#define DPRL_ENVS_TESTING_STATISTICAL_TESTS_H_

namespace dprl {
namespace testing {

double RegularizedGammaQ(double a, double x);
double GammaCdf(double shape, double x);
double ChiSquareSurvival(double degrees_of_freedom, double x);
double ChiSquareUpperQuantile(double degrees_of_freedom, double tail_probability);
double HoeffdingHalfWidth(double num_samples, double failure_probability);
double DkwHalfWidth(double num_samples, double failure_probability);

}  // namespace testing
}  // namespace dprl

#endif  // DPRL_ENVS_TESTING_STATISTICAL_TESTS_H_
