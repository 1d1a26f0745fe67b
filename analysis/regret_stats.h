// Statistics behind the regret figures and summary tables.
//
//  * Confidence band over seeds: mean +- t_{0.975, n-1} * sd / sqrt(n) (two-sided 95% Student-t
//    interval for the mean, sd = sample standard deviation with n-1 in the denominator).
//  * Log-log slope over the last decade: least-squares slope of log C(t) against log t over the
//    episodes t of the results file's log-spaced episode grid in [ceil(T/10), T] with C(t) > 0,
//    where C is the mean cumulative regret and T the last grid episode (the number of episodes).
//    Regret growing like T^a gives slope a (a = 1/2 for sqrt(T) regret). The grid points are
//    log-spaced (100 per decade in the experiments), so every part of the decade weighs the same
//    in log t; schema version 1 fitted every episode, which weighs the late part of the decade
//    more (the two agree for a power law and differ by the curvature of log C in log t otherwise).
//  * Episode medians: the median over seeds of an episode index where -1 means "never"; "never"
//    counts as later than every episode, so the median is -1 when at least half the seeds
//    never reached it (for an even count the two middle values are averaged).
#ifndef DPRL_ANALYSIS_REGRET_STATS_H_
#define DPRL_ANALYSIS_REGRET_STATS_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "common/binomial_bounds.h"

namespace dprl {

// RegularizedIncompleteBeta (common/binomial_bounds.h) gives the t distribution below.
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

// At most about `count` distinct indices into `grid` (ascending episodes >= 1), ascending, whose
// episodes are roughly log-spaced: for each of `count` log-spaced targets in [1, grid.back()] the
// first grid index at or after it. Always includes 0 and grid.size() - 1 (when non-empty);
// count >= 2.
std::vector<int64_t> LogSpacedGridIndices(const std::vector<double>& grid, int count);

// The indices j of `episodes` (ascending) with episodes[j] >= ceil(episodes.back() / 10): the last
// decade of the run.
std::vector<int64_t> LastDecadeIndices(const std::vector<double>& episodes);

// `cumulative[j]` = C(episodes[j]) (same sizes, episodes ascending, the last one = T). nullopt
// (undefined) when any C in the decade is <= 0 or not finite, or the decade has a single grid
// episode: no point is dropped (LogLogSlope).
std::optional<double> LogLogSlopeLastDecade(const std::vector<double>& episodes,
                                            const std::vector<double>& cumulative);

// Least-squares slope of log y against log x over ALL pairs; nullopt (undefined) when any x or y
// is <= 0 or not finite (no point is ever dropped silently: a caller that excludes points, e.g.
// censored ones, does so itself and reports how many), when there are fewer than 2 pairs, or when
// all x are equal. y ~ x^a gives a. Sizes must match.
std::optional<double> LogLogSlope(const std::vector<double>& x, const std::vector<double>& y);

// Median of episode indices with -1 = never (see above); -1 for an empty input.
double MedianEpisodeOrNever(const std::vector<double>& episodes);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_REGRET_STATS_H_
