#include "analysis/regret_stats.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace dprl {

double StudentTCdf(double t, double dof) {
  const double tail = 0.5 * RegularizedIncompleteBeta(dof / 2, 0.5, dof / (dof + t * t));
  return t >= 0 ? 1 - tail : tail;
}

double StudentTQuantile(double p, double dof) {
  if (p == 0.5) return 0;
  if (p < 0.5) return -StudentTQuantile(1 - p, dof);
  double low = 0, high = 1;
  while (StudentTCdf(high, dof) < p && high < 1e300) high *= 2;
  for (int i = 0; i < 2000 && high - low > 1e-12 * std::max(1.0, high); ++i) {
    const double mid = 0.5 * (low + high);
    if (StudentTCdf(mid, dof) < p) {
      low = mid;
    } else {
      high = mid;
    }
  }
  return 0.5 * (low + high);
}

MeanInterval MeanWithConfidence95(const std::vector<double>& samples) {
  MeanInterval result;
  const size_t n = samples.size();
  if (n == 0) {
    result.mean = std::numeric_limits<double>::quiet_NaN();
    return result;
  }
  double sum = 0;
  for (double x : samples) sum += x;
  result.mean = sum / n;
  if (n < 2) return result;
  double squares = 0;
  for (double x : samples) squares += (x - result.mean) * (x - result.mean);
  const double sd = std::sqrt(squares / (n - 1));
  result.half_width = StudentTQuantile(0.975, n - 1) * sd / std::sqrt(static_cast<double>(n));
  return result;
}

std::vector<int64_t> LogSpacedGridIndices(const std::vector<double>& grid, int count) {
  std::vector<int64_t> indices;
  if (grid.empty()) return indices;
  const int64_t last = static_cast<int64_t>(grid.size()) - 1;
  const double log_max = std::log(grid.back());
  size_t next = 0;  // first grid index not yet considered
  for (int i = 0; i < count && next < grid.size(); ++i) {
    const double target = std::exp(log_max * i / std::max(1, count - 1));
    while (next + 1 < grid.size() && grid[next] < target) ++next;
    if (indices.empty() || static_cast<int64_t>(next) > indices.back()) indices.push_back(next);
  }
  if (indices.back() != last) indices.push_back(last);
  return indices;
}

std::vector<int64_t> LastDecadeIndices(const std::vector<double>& episodes) {
  std::vector<int64_t> indices;
  if (episodes.empty()) return indices;
  const double first = std::ceil(episodes.back() / 10.0);
  for (size_t j = 0; j < episodes.size(); ++j) {
    if (episodes[j] >= first) indices.push_back(static_cast<int64_t>(j));
  }
  return indices;
}

std::optional<double> LogLogSlope(const std::vector<double>& x, const std::vector<double>& y) {
  std::vector<double> lx, ly;
  for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
    if (!(x[i] > 0 && y[i] > 0 && std::isfinite(x[i]) && std::isfinite(y[i]))) {
      return std::nullopt;  // undefined, never skipped
    }
    lx.push_back(std::log(x[i]));
    ly.push_back(std::log(y[i]));
  }
  if (lx.size() < 2) return std::nullopt;
  double mean_x = 0, mean_y = 0;
  for (size_t i = 0; i < lx.size(); ++i) {
    mean_x += lx[i];
    mean_y += ly[i];
  }
  mean_x /= lx.size();
  mean_y /= lx.size();
  double sxx = 0, sxy = 0;
  for (size_t i = 0; i < lx.size(); ++i) {
    sxx += (lx[i] - mean_x) * (lx[i] - mean_x);
    sxy += (lx[i] - mean_x) * (ly[i] - mean_y);
  }
  if (sxx <= 0) return std::nullopt;
  return sxy / sxx;
}

std::optional<double> LogLogSlopeLastDecade(const std::vector<double>& episodes,
                                            const std::vector<double>& cumulative) {
  std::vector<double> x, y;
  for (int64_t j : LastDecadeIndices(episodes)) {
    x.push_back(episodes[j]);
    y.push_back(cumulative[j]);
  }
  return LogLogSlope(x, y);
}

double MedianEpisodeOrNever(const std::vector<double>& episodes) {
  if (episodes.empty()) return -1;
  std::vector<double> sorted;
  for (double e : episodes) {
    sorted.push_back(e < 0 ? std::numeric_limits<double>::infinity() : e);
  }
  std::sort(sorted.begin(), sorted.end());
  const size_t n = sorted.size();
  const double median = n % 2 == 1 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
  return std::isfinite(median) ? median : -1;
}

}  // namespace dprl
