#include "analysis/vietri/lower_bound_summary.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/tabular/vietri_bounds.h"
#include "analysis/csv_cells.h"
#include "analysis/regret_stats.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "schema/lower_bound_records.h"
#include "schema/tabular_records.h"

namespace dprl {
namespace {

VietriBoundsParameters BoundsParameters(const LowerBoundGroupSummary& s, double alpha,
                                        int64_t episodes) {
  VietriBoundsParameters p;
  p.num_states = s.num_states;
  p.num_actions = s.num_actions;
  p.horizon = s.rewarded_horizon;
  p.num_episodes = std::max<int64_t>(1, episodes);
  p.privacy_epsilon = s.regret.privacy_epsilon.value_or(1.0);
  p.failure_probability = s.failure_probability;
  p.alpha = alpha;
  return p;
}

// The shape's total for a private agent, its non-private term otherwise.
double ShapeValue(const BoundShape& shape, bool is_private) {
  return is_private ? shape.total() : shape.non_private_term;
}

}  // namespace

std::string LowerBoundInstanceKey(const LowerBoundGroupSummary& summary) {
  if (!summary.alpha_prime.has_value()) return summary.regret.env;
  return absl::StrFormat("%s alpha'=%.17g", summary.regret.env, *summary.alpha_prime);
}

LowerBoundGroupSummary SummarizeLowerBoundGroup(const LowerBoundGroupData& data, int plot_points) {
  LowerBoundGroupSummary s;
  s.regret = SummarizeRegretGroup(data.regret, plot_points);
  s.agent_variant = data.agent_variant;
  s.num_states = data.num_states;
  s.num_actions = data.num_actions;
  s.rewarded_horizon = data.rewarded_horizon;
  s.failure_probability = data.failure_probability;
  s.pac_alpha = data.pac_alpha;
  s.alpha_prime = data.alpha_prime;
  s.pac_alpha_index = data.pac_alpha_index;
  s.alpha_grid = data.alpha_grid;
  const bool is_private = s.regret.privacy_epsilon.has_value();
  s.above_pac_lower_shape = true;
  for (size_t k = 0; k < s.alpha_grid.size(); ++k) {
    std::vector<double> counts;
    for (int64_t r = 0; r < data.non_alpha_optimal.rows; ++r) {
      counts.push_back(data.non_alpha_optimal.at(r, k));
    }
    const MeanInterval interval = MeanWithConfidence95(counts);
    s.count_mean.push_back(interval.mean);
    s.count_ci95.push_back(interval.half_width);
    const VietriBoundsParameters p = BoundsParameters(s, s.alpha_grid[k], s.regret.episodes);
    s.pac_lower_shape.push_back(ShapeValue(JdpPacLowerBound(p), is_private));
    s.pac_upper_shape.push_back(ShapeValue(PucbPacUpperBound(p), is_private));
    if (interval.mean < s.pac_lower_shape.back()) s.above_pac_lower_shape = false;
  }
  std::vector<double> settled;
  for (int64_t r = 0; r < data.alpha_optimal_from.rows; ++r) {
    settled.push_back(data.alpha_optimal_from.at(r, s.pac_alpha_index));
  }
  std::sort(settled.begin(), settled.end());
  const size_t n = settled.size();
  s.settled_median = n % 2 ? settled[n / 2] : 0.5 * (settled[n / 2 - 1] + settled[n / 2]);
  s.regret_lower_shape_final = ShapeValue(
      JdpRegretLowerBound(BoundsParameters(s, s.pac_alpha, s.regret.episodes)), is_private);
  s.above_regret_lower_shape = s.regret.final_regret_mean >= s.regret_lower_shape_final;
  return s;
}

void FitInverseEpsSlopes(std::vector<LowerBoundGroupSummary>& summaries) {
  using Points = std::pair<std::vector<double>, std::vector<double>>;
  // instance -> the count of the privacy cost's reference: PUCB's planner on exact counts
  // (pucb_noiseless) when the instance has it, else its first non-private agent.
  std::map<std::string, double> non_private_count;
  for (const LowerBoundGroupSummary& s : summaries) {
    if (s.regret.privacy_epsilon.has_value()) continue;
    const double count = s.count_mean[s.pac_alpha_index];
    if (s.regret.agent == "pucb_noiseless") {
      non_private_count[LowerBoundInstanceKey(s)] = count;
    } else {
      non_private_count.emplace(LowerBoundInstanceKey(s), count);
    }
  }
  std::map<std::pair<std::string, std::string>, Points> points, excess_points;
  // Excluded configs per (instance, agent_variant): [0] from the count fit, [1] from the excess
  // fit.
  std::map<std::pair<std::string, std::string>, std::pair<int, int>> excluded;
  for (const LowerBoundGroupSummary& s : summaries) {
    if (!s.regret.privacy_epsilon.has_value()) continue;
    const std::pair<std::string, std::string> key = {LowerBoundInstanceKey(s), s.agent_variant};
    auto baseline = non_private_count.find(key.first);
    const double count = s.count_mean[s.pac_alpha_index];
    if (!(count > 0 && count < static_cast<double>(s.regret.episodes))) {
      ++excluded[key].first;
      if (baseline != non_private_count.end()) ++excluded[key].second;
      continue;
    }
    const double inverse_eps = 1.0 / *s.regret.privacy_epsilon;
    auto& [x, y] = points[key];
    x.push_back(inverse_eps);
    y.push_back(count);
    if (baseline == non_private_count.end()) continue;
    if (count > baseline->second) {
      auto& [ex, ey] = excess_points[key];
      ex.push_back(inverse_eps);
      ey.push_back(count - baseline->second);
    } else {
      ++excluded[key].second;
    }
  }
  for (LowerBoundGroupSummary& s : summaries) {
    if (!s.regret.privacy_epsilon.has_value()) continue;
    const std::pair<std::string, std::string> key = {LowerBoundInstanceKey(s), s.agent_variant};
    if (auto it = points.find(key); it != points.end()) {
      s.inverse_eps_slope = LogLogSlope(it->second.first, it->second.second);
      s.slope_points = static_cast<int>(it->second.first.size());
    }
    if (auto it = excess_points.find(key); it != excess_points.end()) {
      s.excess_inverse_eps_slope = LogLogSlope(it->second.first, it->second.second);
      s.excess_slope_points = static_cast<int>(it->second.first.size());
    }
    if (auto it = excluded.find(key); it != excluded.end()) {
      s.slope_points_excluded = it->second.first;
      s.excess_slope_points_excluded = it->second.second;
    }
  }
}

std::string LowerBoundSummaryCsv(const std::vector<LowerBoundGroupSummary>& summaries) {
  std::string csv =
      "group,env,alpha_prime,agent_variant,privacy_epsilon,neighbour_relation,error_bound,seeds,"
      "episodes,pac_"
      "alpha,"
      "non_alpha_optimal_mean,non_alpha_optimal_ci95,alpha_optimal_from_episode_median,"
      "counts_by_alpha,pac_lower_shape,pac_upper_shape,above_pac_lower_shape,"
      "inverse_eps_slope,slope_points,slope_points_excluded,excess_inverse_eps_slope,"
      "excess_slope_points,excess_slope_points_excluded,final_regret_mean,regret_lower_shape,"
      "above_regret_lower_shape\n";
  for (const LowerBoundGroupSummary& s : summaries) {
    std::string by_alpha;
    for (size_t k = 0; k < s.alpha_grid.size(); ++k) {
      absl::StrAppend(&by_alpha, k ? ";" : "",
                      absl::StrFormat("%.6g:%.10g", s.alpha_grid[k], s.count_mean[k]));
    }
    const int k = s.pac_alpha_index;
    absl::StrAppend(
        &csv, CsvField(s.regret.group), ",", CsvField(s.regret.env), ",",
        CsvOptionalNumber(s.alpha_prime), ",", CsvField(s.agent_variant), ",",
        CsvOptionalNumber(s.regret.privacy_epsilon), ",", CsvField(s.regret.neighbour_relation),
        ",", CsvOptionalNumber(s.regret.error_bound), ",", s.regret.seeds, ",", s.regret.episodes,
        ",", CsvNumber(s.pac_alpha), ",", CsvNumber(s.count_mean[k]), ",",
        CsvOptionalNumber(s.count_ci95[k]), ",", CsvNumber(s.settled_median), ",", by_alpha, ",",
        CsvNumber(s.pac_lower_shape[k]), ",", CsvNumber(s.pac_upper_shape[k]), ",",
        s.above_pac_lower_shape ? "true" : "false", ",", CsvOptionalNumber(s.inverse_eps_slope),
        ",", s.regret.privacy_epsilon.has_value() ? absl::StrCat(s.slope_points) : "", ",",
        s.regret.privacy_epsilon.has_value() ? absl::StrCat(s.slope_points_excluded) : "", ",",
        CsvOptionalNumber(s.excess_inverse_eps_slope), ",",
        s.regret.privacy_epsilon.has_value() ? absl::StrCat(s.excess_slope_points) : "", ",",
        s.regret.privacy_epsilon.has_value() ? absl::StrCat(s.excess_slope_points_excluded) : "",
        ",", CsvNumber(s.regret.final_regret_mean), ",", CsvNumber(s.regret_lower_shape_final), ",",
        s.above_regret_lower_shape ? "true" : "false", "\n");
  }
  return csv;
}

}  // namespace dprl
