// Exact binomial tail probabilities and Clopper-Pearson bounds of a binomial proportion.
//
// Specification
// -------------
//   BinomialUpperTail(n, p, k) = P(Bin(n, p) >= k) = I_p(k, n - k + 1) for 1 <= k <= n (1 for
//   k <= 0, 0 for k > n), I the regularized incomplete beta function.
//   Clopper-Pearson (C. Clopper, E. Pearson, Biometrika 1934): the one-sided lower bound of k
//   successes in n trials at level a is the x with P(Bin(n, x) >= k) = a, i.e.
//   I_x(k, n - k + 1) = a (0 if k = 0); the upper bound is the x with P(Bin(n, x) <= k) = a,
//   i.e. I_x(k + 1, n - k) = 1 - a (1 if k = n). Each covers the true proportion with
//   probability >= 1 - a, exactly (no normal approximation).
//   I_x(a, b): the continued fraction of Numerical Recipes 3rd ed., Sec. 6.4 (betacf, modified
//   Lentz; absolute accuracy ~1e-14), inverted by bisection to double precision.
// Used by the claims report (a one-sided binomial test of an inequality that holds with a stated
// probability, analysis/claims), the t distribution of the figure summaries
// (analysis/regret_stats.h) and the privacy auditor (tests/privacy_audit).
#ifndef DPRL_COMMON_BINOMIAL_BOUNDS_H_
#define DPRL_COMMON_BINOMIAL_BOUNDS_H_

#include <cstdint>

namespace dprl {

// I_x(a, b), the regularized incomplete beta function, for a, b > 0 (CHECKed); 0 for x <= 0, 1 for
// x >= 1.
double RegularizedIncompleteBeta(double a, double b, double x);

// P(Bin(trials, probability) >= successes). Requires trials >= 0, probability in [0, 1].
double BinomialUpperTail(int64_t trials, double probability, int64_t successes);

// Exact one-sided Clopper-Pearson bounds of a binomial proportion (see above). Require
// 0 <= successes <= trials, trials >= 1, one_sided_level in (0, 1).
double ClopperPearsonLower(int64_t successes, int64_t trials, double one_sided_level);
double ClopperPearsonUpper(int64_t successes, int64_t trials, double one_sided_level);

}  // namespace dprl

#endif  // DPRL_COMMON_BINOMIAL_BOUNDS_H_
