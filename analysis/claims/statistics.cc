#include "analysis/claims/statistics.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/regret_stats.h"
#include "common/stable_hash.h"

namespace dprl {
namespace {

// Uniform index in [0, n) by multiply-shift (Lemire), portable across standard libraries.
size_t DrawIndex(std::mt19937_64& rng, size_t n) {
  const unsigned __int128 product = static_cast<unsigned __int128>(rng()) * n;
  return static_cast<size_t>(product >> 64);
}

// The value at fraction p of the sorted values (linear interpolation).
double SortedPercentile(const std::vector<double>& sorted, double p) {
  p = std::clamp(p, 0.0, 1.0);
  const double position = p * (sorted.size() - 1);
  const size_t below = static_cast<size_t>(std::floor(position));
  const size_t above = std::min(below + 1, sorted.size() - 1);
  const double weight = position - below;
  return sorted[below] * (1 - weight) + sorted[above] * weight;
}

// Groups restricted to the seed indices `indices` (the same for every group: paired).
void SelectSeeds(const std::vector<SeedRows>& groups, const std::vector<size_t>& indices,
                 std::vector<SeedRows>& out) {
  out.resize(groups.size());
  for (size_t g = 0; g < groups.size(); ++g) {
    out[g].resize(indices.size());
    for (size_t r = 0; r < indices.size(); ++r) out[g][r] = groups[g][indices[r]];
  }
}

// BCa acceleration from the leave-one-seed-out jackknife; 0 when a jackknife value is undefined
// or all are equal (then the interval is the bias-corrected percentile interval).
double JackknifeAcceleration(const std::vector<SeedRows>& groups, size_t seeds,
                             const ExplainedStatistic& statistic) {
  if (seeds < 3) return 0.0;
  std::vector<double> values;
  std::vector<SeedRows> subset;
  std::vector<size_t> indices;
  for (size_t left_out = 0; left_out < seeds; ++left_out) {
    indices.clear();
    for (size_t i = 0; i < seeds; ++i) {
      if (i != left_out) indices.push_back(i);
    }
    SelectSeeds(groups, indices, subset);
    absl::StatusOr<double> value = statistic(subset);
    if (!value.ok() || !std::isfinite(*value)) return 0.0;
    values.push_back(*value);
  }
  double mean = 0;
  for (double v : values) mean += v;
  mean /= values.size();
  double squares = 0, cubes = 0;
  for (double v : values) {
    const double d = mean - v;
    squares += d * d;
    cubes += d * d * d;
  }
  if (squares <= 0) return 0.0;
  return cubes / (6.0 * std::pow(squares, 1.5));
}

}  // namespace

double NormalCdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

double NormalQuantile(double p) {
  double low = -40, high = 40;
  while (high - low > 1e-12) {
    const double mid = 0.5 * (low + high);
    (NormalCdf(mid) < p ? low : high) = mid;
  }
  return 0.5 * (low + high);
}

Measurement BootstrapMeasurement(const std::vector<SeedRows>& groups,
                                 const ExplainedStatistic& statistic,
                                 const BootstrapOptions& options, const std::string& claim_id,
                                 const std::string& detail) {
  const size_t seeds = groups.empty() ? 0 : groups[0].size();
  for (const SeedRows& rows : groups) {
    if (rows.size() != seeds) {
      return UndefinedMeasurement(absl::StrFormat(
          "%s; undefined: groups have different seed counts (%d and %d), so seeds cannot be "
          "paired across them",
          detail, seeds, rows.size()));
    }
  }
  const absl::StatusOr<double> point = statistic(groups);
  if (!point.ok() || !std::isfinite(*point)) {
    return UndefinedMeasurement(
        absl::StrCat(detail, "; undefined on the seeds as run: ",
                     point.ok() ? "non-finite value" : std::string(point.status().message())));
  }
  std::mt19937_64 rng(options.seed ^ StableHash(claim_id));
  std::vector<double> values;
  values.reserve(options.replicates);
  std::vector<SeedRows> resampled;
  std::vector<size_t> indices(seeds);
  std::string first_undefined;
  for (int replicate = 0; replicate < options.replicates; ++replicate) {
    for (size_t& index : indices) index = DrawIndex(rng, seeds);
    SelectSeeds(groups, indices, resampled);
    const absl::StatusOr<double> value = statistic(resampled);
    if (value.ok() && std::isfinite(*value)) {
      values.push_back(*value);
    } else if (first_undefined.empty()) {
      first_undefined = value.ok() ? "non-finite value" : std::string(value.status().message());
    }
  }
  const int undefined = options.replicates - static_cast<int>(values.size());
  if (undefined > 0.05 * options.replicates) {
    return UndefinedMeasurement(absl::StrFormat(
        "%s; undefined: the statistic is undefined on %d of %d paired resamples (e.g. %s), so "
        "no interval with the stated coverage exists",
        detail, undefined, options.replicates, first_undefined));
  }
  std::sort(values.begin(), values.end());
  double below = 0;
  for (double v : values) below += v < *point ? 1.0 : (v == *point ? 0.5 : 0.0);
  const double share =
      std::clamp(below / values.size(), 0.5 / values.size(), 1.0 - 0.5 / values.size());
  const double z0 = NormalQuantile(share);
  const double acceleration = JackknifeAcceleration(groups, seeds, statistic);
  auto adjusted = [&](double coverage_end) {
    const double z = NormalQuantile(coverage_end);
    return NormalCdf(z0 + (z0 + z) / (1.0 - acceleration * (z0 + z)));
  };
  Measurement measurement;
  measurement.defined = true;
  measurement.value = *point;
  measurement.seeds = static_cast<int>(seeds);
  measurement.low = SortedPercentile(values, adjusted(0.025));
  measurement.high = SortedPercentile(values, adjusted(0.975));
  // With very few seeds a BCa interval of a min/max statistic may miss the point estimate; the
  // reported interval always contains it.
  measurement.low = std::min(measurement.low, *point);
  measurement.high = std::max(measurement.high, *point);
  measurement.resamples = values;
  measurement.interval_method =
      absl::StrFormat("95%% BCa bootstrap, %d seeds paired across %d group%s", seeds, groups.size(),
                      groups.size() == 1 ? "" : "s");
  measurement.detail = absl::StrFormat("%s; %s, %d resamples", detail, measurement.interval_method,
                                       options.replicates);
  if (undefined > 0) {
    absl::StrAppendFormat(&measurement.detail, " (%d undefined, e.g. %s)", undefined,
                          first_undefined);
  }
  return measurement;
}

Measurement BootstrapMeasurement(const std::vector<SeedRows>& groups,
                                 const GroupStatistic& statistic, const BootstrapOptions& options,
                                 const std::string& claim_id, const std::string& detail) {
  return BootstrapMeasurement(
      groups,
      ExplainedStatistic([&statistic](const std::vector<SeedRows>& g) -> absl::StatusOr<double> {
        const std::optional<double> value = statistic(g);
        if (!value.has_value()) return absl::FailedPreconditionError("statistic undefined");
        return *value;
      }),
      options, claim_id, detail);
}

absl::StatusOr<double> StrictLogLogFit(const std::vector<double>& x, const std::vector<double>& y) {
  CHECK_EQ(x.size(), y.size());
  if (x.size() < 2) {
    return absl::FailedPreconditionError(
        absl::StrFormat("a log-log fit needs >= 2 points, got %d", x.size()));
  }
  for (size_t i = 0; i < x.size(); ++i) {
    if (!(x[i] > 0) || !(y[i] > 0) || !std::isfinite(x[i]) || !std::isfinite(y[i])) {
      return absl::FailedPreconditionError(absl::StrFormat(
          "point %d of the log-log fit is (%g, %g): not positive and finite", i, x[i], y[i]));
    }
  }
  // Every point is usable, so LogLogSlope fits all of them.
  const std::optional<double> slope = LogLogSlope(x, y);
  if (!slope.has_value()) {
    return absl::FailedPreconditionError("all x of the log-log fit are equal");
  }
  return *slope;
}

double FitWindowSystematic(const std::vector<double>& x, const std::vector<double>& y,
                           const CurveFit& fit) {
  if (x.size() < 3) return 0.0;
  const absl::StatusOr<double> full = fit(x, y);
  if (!full.ok()) return 0.0;
  double largest = 0;
  for (const bool drop_first : {true, false}) {
    const size_t begin = drop_first ? 1 : 0;
    const size_t end = drop_first ? x.size() : x.size() - 1;
    const std::vector<double> wx(x.begin() + begin, x.begin() + end);
    const std::vector<double> wy(y.begin() + begin, y.begin() + end);
    const absl::StatusOr<double> window = fit(wx, wy);
    if (window.ok()) largest = std::max(largest, std::abs(*window - *full));
  }
  return largest;
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

std::optional<int> TimeWindowColumn(const std::vector<double>& episodes) {
  std::optional<int> column;
  for (size_t j = 0; j < episodes.size(); ++j) {
    if (episodes[j] <= kTimeWindowFraction * episodes.back()) column = static_cast<int>(j);
  }
  return column;
}

std::vector<double> GapsToFirstGroup(const std::vector<SeedRows>& groups, int column) {
  std::vector<double> out;
  const double reference = ColumnMean(groups[0], column);
  for (size_t i = 1; i < groups.size(); ++i) out.push_back(ColumnMean(groups[i], column) - reference);
  return out;
}

void AddSlopeSystematics(const std::vector<double>& x,
                         const std::function<std::vector<double>(int column)>& gaps_at,
                         const std::vector<double>& episodes, Measurement* measurement) {
  const std::vector<double> at_t = gaps_at(-1);
  measurement->systematic = FitWindowSystematic(x, at_t, StrictLogLogFit);
  const std::optional<int> third = TimeWindowColumn(episodes);
  if (third) {
    measurement->time_systematic =
        TimeSystematic(StrictLogLogFit(x, at_t), StrictLogLogFit(x, gaps_at(*third)));
  }
  absl::StrAppendFormat(&measurement->detail,
                        "; window systematic %.3g (the fit range minus an end point); T-window "
                        "systematic %.3g (%s)",
                        measurement->systematic, measurement->time_systematic,
                        third ? absl::StrFormat("the same slope at episode %g", episodes[*third])
                              : "no grid episode <= T/3 in the late decade: not measured");
}

void MarkFewFitPoints(size_t points, Measurement* measurement) {
  if (measurement->defined && points == 2 && measurement->inconclusive_reason.empty()) {
    measurement->inconclusive_reason =
        "a slope through 2 points: its fit-window systematic cannot be measured";
  }
}

double TimeSystematic(const absl::StatusOr<double>& at_t, const absl::StatusOr<double>& at_third) {
  if (!at_t.ok() || !at_third.ok()) return 0.0;
  return std::abs(*at_t - *at_third);
}

absl::StatusOr<double> LateEpisodeExponent(const std::vector<double>& episodes,
                                           const SeedRows& cumulative) {
  return StrictLogLogFit(episodes, ColumnMeans(cumulative));
}

}  // namespace dprl
