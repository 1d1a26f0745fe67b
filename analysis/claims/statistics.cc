#include "analysis/claims/statistics.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/figure_main.h"
#include "analysis/regret_stats.h"
#include "analysis/regret_summary.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

uint64_t Fnv1a(const std::string& text) {
  uint64_t hash = 1469598103934665603ULL;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ULL;
  }
  return hash;
}

// Uniform index in [0, n) by multiply-shift (Lemire), portable across standard libraries.
size_t DrawIndex(std::mt19937_64& rng, size_t n) {
  const unsigned __int128 product = static_cast<unsigned __int128>(rng()) * n;
  return static_cast<size_t>(product >> 64);
}

double Percentile(std::vector<double> sorted_values, double p) {
  std::sort(sorted_values.begin(), sorted_values.end());
  const double position = p * (sorted_values.size() - 1);
  const size_t below = static_cast<size_t>(std::floor(position));
  const size_t above = std::min(below + 1, sorted_values.size() - 1);
  const double weight = position - below;
  return sorted_values[below] * (1 - weight) + sorted_values[above] * weight;
}

}  // namespace

Measurement BootstrapMeasurement(const std::vector<SeedRows>& groups,
                                 const GroupStatistic& statistic, const BootstrapOptions& options,
                                 const std::string& claim_id, const std::string& detail) {
  const std::optional<double> point = statistic(groups);
  if (!point.has_value()) {
    return UndefinedMeasurement(absl::StrCat(detail, "; undefined on the seeds as run"));
  }
  size_t min_seeds = groups.empty() ? 0 : groups[0].size();
  for (const SeedRows& rows : groups) min_seeds = std::min(min_seeds, rows.size());
  std::mt19937_64 rng(options.seed ^ Fnv1a(claim_id));
  std::vector<double> values;
  values.reserve(options.replicates);
  std::vector<SeedRows> resampled(groups.size());
  for (int replicate = 0; replicate < options.replicates; ++replicate) {
    for (size_t g = 0; g < groups.size(); ++g) {
      resampled[g].resize(groups[g].size());
      for (size_t r = 0; r < groups[g].size(); ++r) {
        resampled[g][r] = groups[g][DrawIndex(rng, groups[g].size())];
      }
    }
    const std::optional<double> value = statistic(resampled);
    if (value.has_value() && std::isfinite(*value)) values.push_back(*value);
  }
  Measurement measurement;
  measurement.defined = true;
  measurement.value = *point;
  const int dropped = options.replicates - static_cast<int>(values.size());
  if (values.empty()) {
    measurement.low = measurement.high = *point;
  } else {
    // The interval always contains the point estimate (a percentile interval may not when the
    // statistic is a min/max over groups and n is tiny).
    measurement.low = std::min(*point, Percentile(values, 0.025));
    measurement.high = std::max(*point, Percentile(values, 0.975));
  }
  measurement.detail = absl::StrFormat("%s; bootstrap over %d seeds, %d resamples", detail,
                                       min_seeds, options.replicates);
  if (dropped > 0) absl::StrAppendFormat(&measurement.detail, " (%d undefined, dropped)", dropped);
  return measurement;
}

Measurement ExactMeasurement(double value, const std::string& detail) {
  Measurement measurement;
  measurement.defined = true;
  measurement.value = measurement.low = measurement.high = value;
  measurement.detail = detail;
  return measurement;
}

Measurement UndefinedMeasurement(const std::string& why) {
  Measurement measurement;
  measurement.detail = why;
  return measurement;
}

absl::StatusOr<std::vector<std::string>> SelectGroups(const Hdf5Reader& reader,
                                                      const AttributeFilter& filter) {
  ASSIGN_OR_RETURN(std::vector<std::string> groups, ListConfigGroups(reader));
  std::vector<std::string> selected;
  for (const std::string& group : groups) {
    bool match = true;
    for (const auto& [name, value] : filter) {
      if (!reader.HasAttribute(group, name)) {
        match = false;
        break;
      }
      ASSIGN_OR_RETURN(std::string actual, reader.ReadStringAttribute(group, name));
      if (actual != value) {
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
  if (!reader.HasAttribute(group, attribute)) return std::optional<double>();
  ASSIGN_OR_RETURN(double value, reader.ReadDoubleAttribute(group, attribute));
  return std::optional<double>(value);
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

absl::StatusOr<RegretRows> ReadRegretRows(const Hdf5Reader& reader, const std::string& group) {
  ASSIGN_OR_RETURN(RegretGroupData data, ReadRegretGroup(reader, group));
  const Hdf5Matrix& cumulative = data.cumulative_regret;
  RegretRows rows;
  const std::vector<int64_t> late = LastDecadeIndices(data.episode_grid);
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

double ColumnMean(const SeedRows& rows, int column) {
  double sum = 0;
  for (const std::vector<double>& row : rows) {
    sum += row[column >= 0 ? column : static_cast<int>(row.size()) + column];
  }
  return sum / rows.size();
}

std::vector<double> ColumnMeans(const SeedRows& rows) {
  std::vector<double> means(rows[0].size(), 0.0);
  for (const std::vector<double>& row : rows) {
    for (size_t c = 0; c < row.size(); ++c) means[c] += row[c];
  }
  for (double& mean : means) mean /= rows.size();
  return means;
}

double MedianEpisode(const SeedRows& rows) {
  std::vector<double> episodes;
  for (const std::vector<double>& row : rows) episodes.push_back(row[0]);
  return MedianEpisodeOrNever(episodes);
}

std::optional<double> LateEpisodeExponent(const std::vector<double>& episodes,
                                          const SeedRows& cumulative) {
  return LogLogSlope(episodes, ColumnMeans(cumulative));
}

}  // namespace dprl
