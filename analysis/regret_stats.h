// Statistics behind the regret figures and summary tables.
//
//  * Confidence band over seeds: mean +- t_{0.975, n-1} * sd / sqrt(n) (two-sided 95% Student-t
//    interval for the mean, sd = sample standard deviation with n-1 in the denominator).
//  * Log-log slope over the last decade: least-squares slope of log C(t) against log t over the
//    episodes t in [ceil(T/10), T] with C(t) > 0, where C is the mean cumulative regret and T the
//    horizon. Regret growing like T^a gives slope a (a = 1/2 for sqrt(T) regret).
//  * Episode medians: the median over seeds of an episode index where -1 means "never"; "never"
//    counts as later than every episode, so the median is -1 when at least half the seeds
//    never reached it (for an even count the two middle values are averaged).
#ifndef DPRL_ANALYSIS_REGRET_STATS_H_
#define DPRL_ANALYSIS_REGRET_STATS_H_

#include <cstdint>
#include <optional>
#include <vector>

namespace dprl {

// Prefix sums: out[i] = values[0] + ... + values[i].
std::vector<double> CumulativeSum(const std::vector<double>& values);

// Regularized incomplete beta function I_x(a, b), a, b > 0, x in [0, 1] (continued fraction,
// modified Lentz; absolute accuracy ~1e-14).
double RegularizedIncompleteBeta(double a, double b, double x);
// Student-t CDF with `dof` > 0 degrees of freedom.
double StudentTCdf(double t, double dof);
// Quantile of Student's t: the t with StudentTCdf(t, dof) = p, p in (0, 1) (bisection to 1e-12).
double StudentTQuantile(double p, double dof);

struct MeanInterval {
  double mean = 0;
  // Half-width of the two-sided 95% t-interval; nullopt for fewer than 2 samples.
  std::optional<double> half_width;
};
MeanInterval MeanWithConfidence95(const std::vector<double>& samples);

// About `count` distinct 0-based indices in [0, length), log-spaced in (index + 1), ascending,
// always including 0 and length - 1. length >= 1, count >= 2.
std::vector<int64_t> LogSpacedIndices(int64_t length, int count);

// `cumulative[t - 1]` = C(t). nullopt when fewer than 2 usable points (T < 2 or C <= 0).
std::optional<double> LogLogSlopeLastDecade(const std::vector<double>& cumulative);

// Least-squares slope of log y against log x over the pairs with x > 0 and y > 0 (both finite);
// nullopt when fewer than 2 such pairs or all their x are equal. y ~ x^a gives a. Sizes must match.
std::optional<double> LogLogSlope(const std::vector<double>& x, const std::vector<double>& y);

// Median of episode indices with -1 = never (see above); -1 for an empty input.
double MedianEpisodeOrNever(const std::vector<double>& episodes);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_REGRET_STATS_H_
