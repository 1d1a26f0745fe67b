// The upper quantile of the standard normal distribution: the x with P(N(0, 1) > x) = p, where
// P(N(0, 1) > x) = erfc(x / sqrt(2)) / 2, inverted by bisection on [0, 10] (common/bisection.h).
// Used by the privacy auditor (audit/auditor.h: its event search's normal-approximation score)
// and by the tests' thresholds (testing/statistics_for_tests.h).
#ifndef DPRL_COMMON_NORMAL_QUANTILE_H_
#define DPRL_COMMON_NORMAL_QUANTILE_H_

namespace dprl {

// Requires upper_tail_probability in (0, 0.5) (CHECK).
double NormalUpperQuantile(double upper_tail_probability);

}  // namespace dprl

#endif  // DPRL_COMMON_NORMAL_QUANTILE_H_
