#include "analysis/claims/group_readers.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <variant>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/regret_group.h"
#include "analysis/regret_stats.h"
#include "common/status_macros.h"
#include "schema/group_selection_records.h"

namespace dprl {

namespace {

// The attribute `name` of `group` read through its spec in GroupSelectionBinding (which must bind
// it: CHECK), nullopt when the group lacks it.
absl::StatusOr<std::optional<AttributeValue>> ReadSelectionKey(const Hdf5Reader& reader,
                                                               const std::string& group,
                                                               const std::string& name) {
  static const auto* specs = new std::vector<ParameterSpec>(GroupSelectionBinding().Specs());
  const auto spec = std::find_if(specs->begin(), specs->end(),
                                 [&](const ParameterSpec& s) { return s.name == name; });
  CHECK(spec != specs->end()) << "'" << name
                              << "' is not a selection key (schema/group_selection_records.h)";
  ASSIGN_OR_RETURN(const AttributeList read, reader.ReadAttributes(group, {*spec}));
  if (read.empty()) return std::optional<AttributeValue>();
  return std::optional<AttributeValue>(read.front().second);
}

}  // namespace

absl::StatusOr<std::vector<std::string>> SelectGroups(const Hdf5Reader& reader,
                                                      const AttributeFilter& filter) {
  ASSIGN_OR_RETURN(std::vector<std::string> groups, ListConfigGroups(reader));
  std::vector<std::string> selected;
  for (const std::string& group : groups) {
    bool match = true;
    for (const auto& [name, value] : filter) {
      ASSIGN_OR_RETURN(const std::optional<AttributeValue> actual,
                       ReadSelectionKey(reader, group, name));
      CHECK(!actual.has_value() || std::holds_alternative<std::string>(*actual))
          << "'" << name << "' is a numeric selection key, not a filter";
      if (!actual.has_value() || std::get<std::string>(*actual) != value) {
        match = false;
        break;
      }
    }
    if (match) selected.push_back(group);
  }
  return selected;
}

absl::StatusOr<std::optional<double>> OptionalNumber(const Hdf5Reader& reader,
                                                     const std::string& group,
                                                     const std::string& attribute) {
  ASSIGN_OR_RETURN(const std::optional<AttributeValue> value,
                   ReadSelectionKey(reader, group, attribute));
  if (!value.has_value()) return std::optional<double>();
  CHECK(std::holds_alternative<double>(*value))
      << "'" << attribute << "' is a string selection key, not an order";
  return std::optional<double>(std::get<double>(*value));
}

absl::Status RecordsNo(const Hdf5Reader& reader, const std::string& group,
                       const std::string& what) {
  return absl::InvalidArgumentError(
      absl::StrCat(reader.path(), ": group '", group, "' records no ", what));
}

absl::StatusOr<std::vector<std::pair<double, std::string>>> SortByNumber(
    const Hdf5Reader& reader, const std::vector<std::string>& groups,
    const std::string& attribute) {
  std::vector<std::pair<double, std::string>> sorted;
  for (const std::string& group : groups) {
    ASSIGN_OR_RETURN(std::optional<double> value, OptionalNumber(reader, group, attribute));
    if (value.has_value()) sorted.emplace_back(*value, group);
  }
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  return sorted;
}

absl::StatusOr<RegretRows> ReadRegretRows(const Hdf5Reader& reader, const std::string& group,
                                          double end_fraction) {
  ASSIGN_OR_RETURN(RegretGroupData data, ReadRegretGroup(reader, group));
  const Hdf5Matrix& cumulative = data.cumulative_regret;
  RegretRows rows;
  std::vector<int64_t> late;
  if (end_fraction == 1.0) {
    late = LastDecadeIndices(data.episode_grid);
  } else {
    // The decade ending at the last grid episode <= end_fraction T.
    const double end = end_fraction * static_cast<double>(data.episode_grid.back());
    int64_t last = -1;
    for (size_t j = 0; j < data.episode_grid.size(); ++j) {
      if (data.episode_grid[j] <= end) last = static_cast<int64_t>(j);
    }
    if (last < 0) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s: group '%s' has no grid episode <= %g T", reader.path(), group, end_fraction));
    }
    const double start = std::ceil(static_cast<double>(data.episode_grid[last]) / 10.0);
    for (int64_t j = 0; j <= last; ++j) {
      if (data.episode_grid[j] >= start) late.push_back(j);
    }
  }
  for (int64_t j : late) rows.episodes.push_back(data.episode_grid[j]);
  for (int64_t seed = 0; seed < cumulative.rows; ++seed) {
    std::vector<double> row;
    row.reserve(late.size());
    for (int64_t j : late) row.push_back(cumulative.at(seed, j));
    rows.cumulative.push_back(std::move(row));
  }
  return rows;
}

absl::StatusOr<SeedRows> ReadSeedRows(const Hdf5Reader& reader, const std::string& group,
                                      const std::string& dataset) {
  ASSIGN_OR_RETURN(Hdf5Matrix matrix, reader.ReadMatrix(group + "/" + dataset));
  if (matrix.rows < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat(reader.path(), ": dataset '", group, "/", dataset, "' has no rows"));
  }
  SeedRows rows(matrix.rows);
  for (int64_t r = 0; r < matrix.rows; ++r) {
    rows[r].assign(matrix.values.begin() + r * matrix.cols,
                   matrix.values.begin() + (r + 1) * matrix.cols);
  }
  return rows;
}

}  // namespace dprl
