// The readers of the claims registry (claim.h): they select a results file's config groups by
// their attributes, order them by a numeric attribute, and read a group's datasets into the
// per-seed rows (SeedRows) that the statistics of statistics.h take.
//
//  * Groups are selected and ordered through GroupSelectionBinding
//    (schema/group_selection_records.h): a filter or an order names one of the attributes it
//    binds (hdf5_names constants; another name is a bug, CHECK), and each is read as that binding
//    types it.
//  * Regret rows: the late-episode window of a regret group's cumulative regret, the results
//    file's log-spaced grid episodes in [ceil(T/10), T] (the points regret_stats.h's
//    LogLogSlopeLastDecade uses; ~100 per decade), or the decade ending at a fraction of T (the
//    T-window systematic, statistics.h).
//  * Every error names the file and the group or dataset.
#ifndef DPRL_ANALYSIS_CLAIMS_GROUP_READERS_H_
#define DPRL_ANALYSIS_CLAIMS_GROUP_READERS_H_

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "analysis/claims/statistics.h"
#include "analysis/hdf5_reader.h"

namespace dprl {

// ---- Selecting groups ----------------------------------------------------------------------

// String attributes a group must have, with these values (env, agent, kind, error_bound_method).
using AttributeFilter = std::vector<std::pair<std::string, std::string>>;

// The config groups (file order) whose string attributes match every entry of `filter` (a
// missing attribute does not match). Error: the file has no groups.
absl::StatusOr<std::vector<std::string>> SelectGroups(const Hdf5Reader& reader,
                                                      const AttributeFilter& filter);

// A numeric attribute of a group (privacy_epsilon, noise_stddev), nullopt when absent.
absl::StatusOr<std::optional<double>> OptionalNumber(const Hdf5Reader& reader,
                                                     const std::string& group,
                                                     const std::string& attribute);

// Groups sorted by a numeric attribute (ascending); groups without it are dropped.
absl::StatusOr<std::vector<std::pair<double, std::string>>> SortByNumber(
    const Hdf5Reader& reader, const std::vector<std::string>& groups, const std::string& attribute);

// InvalidArgument "<file>: group '<group>' records no <what>": a group whose record lacks a value
// a claim needs (e.g. what = hdf5_names::kPrivacyEpsilon).
absl::Status RecordsNo(const Hdf5Reader& reader, const std::string& group, const std::string& what);

// ---- Per-seed rows ---------------------------------------------------------------------------

struct RegretRows {
  // grid episodes in [ceil(T/10), T], ascending, last = T (or the decade ending at the last grid
  // episode <= end_fraction T, see ReadRegretRows)
  std::vector<double> episodes;
  SeedRows cumulative;           // cumulative regret of each seed at those episodes
};

// From the datasets `group`/episode_grid and cumulative_regret (regret_group.h ReadRegretGroup,
// which validates them).
// end_fraction < 1 (e.g. kTimeWindowFraction, the T-window systematic): the decade of grid
// episodes ending at the last grid episode <= end_fraction T, as if the run had stopped there.
// Error: no such episode.
absl::StatusOr<RegretRows> ReadRegretRows(const Hdf5Reader& reader, const std::string& group,
                                          double end_fraction = 1.0);

// Rows of a 1-D dataset [seeds] (one value per row) or a 2-D dataset [seeds x n]. Error: no rows.
absl::StatusOr<SeedRows> ReadSeedRows(const Hdf5Reader& reader, const std::string& group,
                                      const std::string& dataset);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_CLAIMS_GROUP_READERS_H_
