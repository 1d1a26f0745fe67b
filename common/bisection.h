// Inversion of a decreasing function by bisection, to double precision: the quantiles of
// common/normal_quantile.h and of the tests' statistics (testing/statistics_for_tests.h).
#ifndef DPRL_COMMON_BISECTION_H_
#define DPRL_COMMON_BISECTION_H_

namespace dprl {

// The x in [lo, hi] with tail(x) = p for a decreasing `tail`: hi is doubled until tail(hi) <= p,
// then 200 halvings of [lo, hi]; returns the midpoint of the last interval.
template <typename F>
double BisectDecreasing(const F& tail, double p, double lo, double hi) {
  while (tail(hi) > p) hi *= 2.0;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (tail(mid) > p) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return 0.5 * (lo + hi);
}

}  // namespace dprl

#endif  // DPRL_COMMON_BISECTION_H_
