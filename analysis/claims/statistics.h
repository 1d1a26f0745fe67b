// The reusable statistics of the claims registry (claim.h), and the readers that turn a results
// file's groups into per-seed rows for them.
//
//  * Seeded percentile bootstrap over seeds: every group's per-seed rows are resampled with
//    replacement, independently per group, `replicates` times; the statistic is recomputed on each
//    resample and the 95% interval is [2.5%, 97.5%] percentiles of the defined values. The stream
//    is std::mt19937_64 seeded with (BootstrapOptions::seed XOR FNV-1a(claim id)), indices drawn
//    by multiply-shift, so the report is bit-for-bit deterministic. With n seeds there are at
//    most C(2n-1, n) distinct resamples (35 for 4 seeds): the interval is coarse at small n and
//    the report says how many seeds it used.
//  * Log-log exponent: least-squares slope of log y against log x (regret_stats.h LogLogSlope).
//  * Late-episode regret exponent: the same slope of the mean cumulative regret against the
//    episode over the results file's log-spaced episode grid points in [ceil(T/10), T] (the
//    points regret_stats.h's LogLogSlopeLastDecade uses; ~100 per decade).
//  * Medians of "first episode" datasets with -1 = never: regret_stats.h MedianEpisodeOrNever.
#ifndef DPRL_ANALYSIS_CLAIMS_STATISTICS_H_
#define DPRL_ANALYSIS_CLAIMS_STATISTICS_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "analysis/claims/claim.h"
#include "analysis/hdf5_reader.h"

namespace dprl {

// rows[seed] = that seed's feature vector (equal lengths).
using SeedRows = std::vector<std::vector<double>>;

// A statistic of several groups' (resampled) rows; nullopt = undefined on these rows.
using GroupStatistic = std::function<std::optional<double>(const std::vector<SeedRows>& groups)>;

// The bootstrap above. Undefined (with `detail` + the reason) when the statistic is undefined on
// the rows as run; replicates where it is undefined are dropped (the detail counts them).
Measurement BootstrapMeasurement(const std::vector<SeedRows>& groups,
                                 const GroupStatistic& statistic, const BootstrapOptions& options,
                                 const std::string& claim_id, const std::string& detail);

// A deterministic number (closed form, or a dataset with identical rows): interval = point.
Measurement ExactMeasurement(double value, const std::string& detail);
Measurement UndefinedMeasurement(const std::string& why);

// ---- Selecting groups ----------------------------------------------------------------------

// String attributes a group must have, with these values.
using AttributeFilter = std::vector<std::pair<std::string, std::string>>;

// The config groups (file order) whose string attributes match every entry of `filter` (a
// missing attribute does not match). Error: the file has no groups.
absl::StatusOr<std::vector<std::string>> SelectGroups(const Hdf5Reader& reader,
                                                      const AttributeFilter& filter);

// A numeric attribute of a group, nullopt when absent.
absl::StatusOr<std::optional<double>> OptionalNumber(const Hdf5Reader& reader,
                                                     const std::string& group,
                                                     const std::string& attribute);

// Groups sorted by a numeric attribute (ascending); groups without it are dropped.
absl::StatusOr<std::vector<std::pair<double, std::string>>> SortByNumber(
    const Hdf5Reader& reader, const std::vector<std::string>& groups, const std::string& attribute);

// ---- Per-seed rows ---------------------------------------------------------------------------

struct RegretRows {
  std::vector<double> episodes;  // grid episodes in [ceil(T/10), T], ascending, last = T
  SeedRows cumulative;           // cumulative regret of each seed at those episodes
};

// From the datasets `group`/episode_grid and cumulative_regret (regret_summary.h ReadRegretGroup,
// which validates them).
absl::StatusOr<RegretRows> ReadRegretRows(const Hdf5Reader& reader, const std::string& group);

// Rows of a 1-D dataset [seeds] (one value per row) or a 2-D dataset [seeds x n].
absl::StatusOr<SeedRows> ReadSeedRows(const Hdf5Reader& reader, const std::string& group,
                                      const std::string& dataset);

// ---- Building blocks of statistics -------------------------------------------------------------

// Mean over rows of column `column` (negative = counted from the end: -1 = last column).
double ColumnMean(const SeedRows& rows, int column);
// Per-column means.
std::vector<double> ColumnMeans(const SeedRows& rows);
// Median over rows of column 0 with -1 = never (regret_stats.h MedianEpisodeOrNever).
double MedianEpisode(const SeedRows& rows);
// Late-episode exponent of the mean cumulative regret (rows of a RegretRows with `episodes`).
std::optional<double> LateEpisodeExponent(const std::vector<double>& episodes,
                                          const SeedRows& cumulative);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_CLAIMS_STATISTICS_H_
