// The reusable statistics of the claims registry (claim.h), on per-seed rows (SeedRows; the
// readers that fill them from a results file's groups are group_readers.h). No I/O.
//
//  * Seeded BCa bootstrap over seed INDICES, paired across groups: the seeds of one results file
//    are common random numbers across its configurations (seed i of every group shares the
//    environment and agent streams of replicate i), so a resample draws one vector of n seed
//    indices with replacement and applies it to every group; groups with different seed counts
//    cannot be paired and make the statistic undefined. `replicates` resamples; the interval is
//    the bias-corrected and accelerated (BCa, Efron 1987) 95% interval: with z0 = Phi^-1(share of
//    resampled values below the point, ties counted half) and the acceleration
//    a = sum d_i^3 / (6 (sum d_i^2)^(3/2)), d_i = mean jackknife value - jackknife value leaving
//    seed i out of every group, the ends are the Phi(z0 + (z0 + z)/(1 - a (z0 + z))) percentiles of
//    the resampled values for z = Phi^-1(0.025), Phi^-1(0.975). BCa's coverage error is
//    O(1/n) against the percentile interval's O(1/sqrt n). The stream is std::mt19937_64 seeded
//    with (BootstrapOptions::seed XOR StableHash(claim id), common/stable_hash.h), indices drawn
//    by multiply-shift, so the report is bit-for-bit deterministic. When more than 5% of the resamples leave the statistic
//    undefined the measurement is undefined (the interval would not have its stated coverage);
//    fewer are counted in the detail.
//  * Log-log exponent: least-squares slope of log y against log x (StrictLogLogFit): a point with
//    x <= 0, y <= 0 or a non-finite value makes the fit UNDEFINED with that point as the reason;
//    no point is ever dropped.
//  * Fit-window systematic: max |slope(window) - slope(all points)| over the windows that drop
//    the first or the last point of the fit range (when >= 3 points remain); reported next to the
//    statistical interval and added to it for the verdict (claim.h).
//  * T-window systematic: |statistic(T) - statistic(T/3)| for the same fit on the curves cut at
//    T/3 (regret slopes in eps: final regret at the last grid episode <= T/3; exponents in T or
//    K: the decade ending there); added to the fit-window systematic for the verdict (claim.h).
//    A slope through 2 points is "inconclusive": its fit-window systematic cannot be measured.
//  * Late-episode regret exponent: the same slope of the mean cumulative regret against the
//    episode over the results file's log-spaced episode grid points in [ceil(T/10), T] (the
//    points regret_stats.h's LogLogSlopeLastDecade uses; ~100 per decade).
//  * Medians of "first episode" datasets with -1 = never: regret_stats.h MedianEpisodeOrNever.
#ifndef DPRL_ANALYSIS_CLAIMS_STATISTICS_H_
#define DPRL_ANALYSIS_CLAIMS_STATISTICS_H_

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "analysis/claims/claim.h"

namespace dprl {

// rows[seed] = that seed's feature vector (equal lengths).
using SeedRows = std::vector<std::vector<double>>;

// A statistic of several groups' (resampled) rows; nullopt = undefined on these rows.
using GroupStatistic = std::function<std::optional<double>(const std::vector<SeedRows>& groups)>;
// The same with the reason: an error status's message says why the statistic is undefined.
using ExplainedStatistic =
    std::function<absl::StatusOr<double>(const std::vector<SeedRows>& groups)>;

// The bootstrap above. Undefined (with `detail` + the reason) when the statistic is undefined on
// the rows as run, when the groups have different seed counts, or when it is undefined on more
// than 5% of the resamples.
Measurement BootstrapMeasurement(const std::vector<SeedRows>& groups,
                                 const ExplainedStatistic& statistic,
                                 const BootstrapOptions& options, const std::string& claim_id,
                                 const std::string& detail);
Measurement BootstrapMeasurement(const std::vector<SeedRows>& groups,
                                 const GroupStatistic& statistic, const BootstrapOptions& options,
                                 const std::string& claim_id, const std::string& detail);

// Standard normal CDF and quantile (bisection to 1e-12), p in (0, 1).
double NormalCdf(double z);
double NormalQuantile(double p);

// ---- Fits that never drop a point ------------------------------------------------------------

// Least-squares slope of log y on log x over ALL pairs (sizes must match). Error (the reason, with
// the offending index and value): a non-positive or non-finite value, fewer than 2 points, or all x
// equal.
absl::StatusOr<double> StrictLogLogFit(const std::vector<double>& x, const std::vector<double>& y);

// The fit-window systematic above for `fit` (e.g. StrictLogLogFit) on (x, y); 0 when fewer than
// 3 points or a window's fit is undefined (the caller's detail says so via the point count).
using CurveFit = std::function<absl::StatusOr<double>(const std::vector<double>& x,
                                                      const std::vector<double>& y)>;
double FitWindowSystematic(const std::vector<double>& x, const std::vector<double>& y,
                           const CurveFit& fit);

// A deterministic number (closed form, or a dataset with identical rows): interval = point.
Measurement ExactMeasurement(double value, const std::string& detail);
Measurement UndefinedMeasurement(const std::string& why);

// ---- Building blocks of statistics -------------------------------------------------------------

// Mean over rows of column `column` (negative = counted from the end: -1 = last column).
double ColumnMean(const SeedRows& rows, int column);
// Per-column means.
std::vector<double> ColumnMeans(const SeedRows& rows);
// Median over rows of column 0 with -1 = never (regret_stats.h MedianEpisodeOrNever).
double MedianEpisode(const SeedRows& rows);
// The fraction of the horizon at which the T-window systematic repeats a fit: T/3 (K/3).
inline constexpr double kTimeWindowFraction = 1.0 / 3.0;

// The column of `episodes` (ascending, last = T) of the last grid episode <= T/3, where a slope
// in eps is repeated for the T-window systematic; nullopt when there is none.
std::optional<int> TimeWindowColumn(const std::vector<double>& episodes);

// Mean of group i at `column` minus the mean of group 0 (the reference) there, for i >= 1
// (column -1 = the last): the final-regret costs of a privacy-cost fit.
std::vector<double> GapsToFirstGroup(const std::vector<SeedRows>& groups, int column);

// The systematics of a strict log-log slope of `gaps_at(column)` against x, where column -1 is T
// and `episodes` are the columns' grid episodes: the fit-window systematic (FitWindowSystematic)
// and the T-window systematic (the same slope at TimeWindowColumn(episodes)); sets
// measurement->systematic and ->time_systematic and says both in its detail.
void AddSlopeSystematics(const std::vector<double>& x,
                         const std::function<std::vector<double>(int column)>& gaps_at,
                         const std::vector<double>& episodes, Measurement* measurement);

// A slope fitted through exactly 2 points is "inconclusive" (its window systematic, the change
// when an end point is dropped, cannot be measured): sets measurement->inconclusive_reason.
void MarkFewFitPoints(size_t points, Measurement* measurement);

// The T-window systematic: |statistic at T - the same statistic at T/3|; 0 when either is
// undefined (the caller's detail says so).
double TimeSystematic(const absl::StatusOr<double>& at_t, const absl::StatusOr<double>& at_third);

// Late-episode exponent of the mean cumulative regret (rows of a RegretRows with `episodes`),
// StrictLogLogFit.
absl::StatusOr<double> LateEpisodeExponent(const std::vector<double>& episodes,
                                           const SeedRows& cumulative);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_CLAIMS_STATISTICS_H_
