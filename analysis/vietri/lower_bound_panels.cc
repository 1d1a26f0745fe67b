// BuildLowerBoundPanels (declared in lower_bound_summary.h): the figure of
// //analysis:vietri_lower_bound_figure.
#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/tabular/vietri_bounds.h"
#include "analysis/regret_group.h"
#include "analysis/vietri/lower_bound_summary.h"

namespace dprl {
namespace {

constexpr int kShapePoints = 60;
// Palette slots 0..7 for the agents' curves, 8 and 9 for the two kinds of reference shape.
constexpr int kLowerShapeColor = 8;
constexpr int kUpperShapeColor = 9;

std::string EpsText(double eps) { return absl::StrFormat("%g", eps); }

// "lower_bound_n2_m1_H2" -> "n2_m1_H2" (panel titles stay on one line).
std::string ShortEnv(const std::string& env) {
  const std::string prefix = "lower_bound_";
  return env.rfind(prefix, 0) == 0 ? env.substr(prefix.size()) : env;
}

// Panels (b) and (c) show the non-private agents and PUCB with the paper's E at the smallest, a
// middle and the largest eps (all of them would bury the legend; the exact-tail E is in (a)).
// "<variant> #ge=<eps>" or "<variant> (non-private)".
std::string VariantLabel(const LowerBoundGroupSummary& s) {
  if (!s.regret.privacy_epsilon.has_value()) return absl::StrCat(s.agent_variant, " (non-private)");
  return absl::StrCat(s.agent_variant, " #ge=", EpsText(*s.regret.privacy_epsilon));
}

bool ShownInPanelB(const LowerBoundGroupSummary& s, double min_eps, double max_eps,
                   const std::vector<double>& eps_values) {
  if (!s.regret.privacy_epsilon.has_value()) return true;
  if (s.regret.error_bound_method == "exact_tail") return false;
  const double eps = *s.regret.privacy_epsilon;
  const double middle = eps_values.empty() ? 0.0 : eps_values[eps_values.size() / 2];
  return eps == min_eps || eps == max_eps || eps == middle;
}

VietriBoundsParameters Parameters(const LowerBoundGroupSummary& s, double eps, double alpha,
                                  int64_t episodes) {
  VietriBoundsParameters p;
  p.num_states = s.num_states;
  p.num_actions = s.num_actions;
  p.horizon = s.rewarded_horizon;
  p.num_episodes = std::max<int64_t>(1, episodes);
  p.privacy_epsilon = eps;
  p.failure_probability = s.failure_probability;
  p.alpha = alpha;
  return p;
}

// kShapePoints log-spaced values in [low, high].
std::vector<double> LogGrid(double low, double high) {
  std::vector<double> grid;
  for (int i = 0; i < kShapePoints; ++i) {
    grid.push_back(low * std::pow(high / low, i / (kShapePoints - 1.0)));
  }
  return grid;
}

PlotCurve Shape(const std::string& label, int color, std::vector<double> x, std::vector<double> y) {
  PlotCurve curve;
  curve.label = label;
  curve.color = color;
  curve.dashed = true;
  curve.x = std::move(x);
  curve.y = std::move(y);
  return curve;
}

struct EnvGroups {
  std::string title;  // short env name, with alpha' when the file holds the env at several
  std::vector<const LowerBoundGroupSummary*> members;
  std::vector<double> eps_values;   // sorted, distinct
  double min_eps = 0, max_eps = 0;  // over the private members; 0 = none
};

}  // namespace

std::vector<PlotPanel> BuildLowerBoundPanels(const std::vector<LowerBoundGroupSummary>& summaries) {
  // One row per instance (env, alpha'): runs at different alpha' are different MDPs.
  std::vector<std::string> env_order;
  std::map<std::string, EnvGroups> envs;
  std::map<std::string, int> variant_color;
  std::map<std::string, std::vector<double>> alpha_primes_of_env;
  for (const LowerBoundGroupSummary& s : summaries) {
    std::vector<double>& values = alpha_primes_of_env[s.regret.env];
    const double alpha_prime = s.alpha_prime.value_or(0.0);
    if (std::find(values.begin(), values.end(), alpha_prime) == values.end()) {
      values.push_back(alpha_prime);
    }
  }
  for (const LowerBoundGroupSummary& s : summaries) {
    const std::string instance = LowerBoundInstanceKey(s);
    auto [it, inserted] = envs.emplace(instance, EnvGroups{});
    if (inserted) {
      env_order.push_back(instance);
      it->second.title = ShortEnv(s.regret.env);
      if (alpha_primes_of_env[s.regret.env].size() > 1 && s.alpha_prime.has_value()) {
        absl::StrAppendFormat(&it->second.title, " #ga'=%g", *s.alpha_prime);
      }
    }
    it->second.members.push_back(&s);
    variant_color.emplace(s.agent_variant, static_cast<int>(variant_color.size()));
    const double eps = s.regret.privacy_epsilon.value_or(0.0);
    if (eps > 0) {
      EnvGroups& e = it->second;
      e.min_eps = e.min_eps > 0 ? std::min(e.min_eps, eps) : eps;
      e.max_eps = std::max(e.max_eps, eps);
      if (std::find(e.eps_values.begin(), e.eps_values.end(), eps) == e.eps_values.end()) {
        e.eps_values.push_back(eps);
        std::sort(e.eps_values.begin(), e.eps_values.end());
      }
    }
  }
  std::vector<PlotPanel> panels;
  for (const std::string& instance : env_order) {
    const EnvGroups& e = envs[instance];
    const LowerBoundGroupSummary& first = *e.members.front();
    const double alpha = first.pac_alpha;
    const int64_t T = first.regret.episodes;

    // (a) count at pac_alpha vs 1/eps: one curve per private variant, flat lines for others.
    PlotPanel a;
    a.title = absl::StrFormat("(a) %s: vs 1/#ge at #ga=%.3g", e.title, alpha);
    a.x_label = "1/#ge (add/remove)";
    a.y_label = "non-#ga-optimal episodes";
    a.note = "dashed: bound shapes, constant 1, up to constants/polylog";
    std::map<std::string, PlotCurve> by_variant;
    for (const LowerBoundGroupSummary* s : e.members) {
      if (!s->regret.privacy_epsilon.has_value()) continue;
      PlotCurve& curve = by_variant[s->agent_variant];
      curve.label = s->agent_variant;
      curve.color = variant_color[s->agent_variant] % 8;
      curve.x.push_back(1.0 / *s->regret.privacy_epsilon);
      curve.y.push_back(s->count_mean[s->pac_alpha_index]);
    }
    const double x_low = e.max_eps > 0 ? 0.5 / e.max_eps : 1e-4;
    const double x_high = e.min_eps > 0 ? 2.0 / e.min_eps : 1e-2;
    for (auto& [variant, curve] : by_variant) {
      std::vector<size_t> order(curve.x.size());
      for (size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::sort(order.begin(), order.end(),
                [&](size_t i, size_t j) { return curve.x[i] < curve.x[j]; });
      PlotCurve sorted = curve;
      for (size_t i = 0; i < order.size(); ++i) {
        sorted.x[i] = curve.x[order[i]];
        sorted.y[i] = curve.y[order[i]];
      }
      a.curves.push_back(std::move(sorted));
    }
    for (const LowerBoundGroupSummary* s : e.members) {
      if (s->regret.privacy_epsilon.has_value()) continue;
      PlotCurve flat;
      flat.label = absl::StrCat(s->agent_variant, " (non-private)");
      flat.color = variant_color[s->agent_variant] % 8;
      flat.x = {x_low, x_high};
      flat.y = {s->count_mean[s->pac_alpha_index], s->count_mean[s->pac_alpha_index]};
      a.curves.push_back(std::move(flat));
    }
    std::vector<double> inv = LogGrid(x_low, x_high), lower, upper;
    for (double x : inv) {
      const VietriBoundsParameters p = Parameters(first, 1.0 / x, alpha, T);
      lower.push_back(JdpPacLowerBound(p).total());
      upper.push_back(PucbPacUpperBound(p).total());
    }
    a.curves.push_back(Shape("Thm. 5 lower shape", kLowerShapeColor, inv, lower));
    a.curves.push_back(Shape("Thm. 3 upper shape", kUpperShapeColor, inv, upper));
    panels.push_back(std::move(a));

    // (b) count vs 1/alpha, one curve per (variant, eps); shapes at the largest eps.
    PlotPanel b;
    b.title = absl::StrFormat("(b) %s: vs 1/#ga (shapes: #ge=%s)", e.title, EpsText(e.max_eps));
    b.x_label = "1/#ga";
    b.y_label = "non-#ga-optimal episodes";
    b.note = "dashed: bound shapes, constant 1, up to constants/polylog";
    double alpha_min = first.alpha_grid.front(), alpha_max = first.alpha_grid.front();
    for (const LowerBoundGroupSummary* s : e.members) {
      if (!ShownInPanelB(*s, e.min_eps, e.max_eps, e.eps_values)) continue;
      PlotCurve curve;
      curve.label = VariantLabel(*s);
      curve.color = static_cast<int>(b.curves.size());   // <= 7 curves: distinct colours
      for (size_t k = s->alpha_grid.size(); k-- > 0;) {  // ascending 1/alpha
        curve.x.push_back(1.0 / s->alpha_grid[k]);
        curve.y.push_back(s->count_mean[k]);
        alpha_min = std::min(alpha_min, s->alpha_grid[k]);
        alpha_max = std::max(alpha_max, s->alpha_grid[k]);
      }
      b.curves.push_back(std::move(curve));
    }
    std::vector<double> inv_alpha = LogGrid(1.0 / alpha_max, 1.0 / alpha_min);
    std::vector<double> lower_b, upper_b;
    const double shape_eps = e.max_eps > 0 ? e.max_eps : 1.0;
    for (double x : inv_alpha) {
      const VietriBoundsParameters p = Parameters(first, shape_eps, 1.0 / x, T);
      lower_b.push_back(JdpPacLowerBound(p).total());
      upper_b.push_back(PucbPacUpperBound(p).total());
    }
    b.curves.push_back(Shape("Thm. 5 lower shape", kLowerShapeColor, inv_alpha, lower_b));
    b.curves.push_back(Shape("Thm. 3 upper shape", kUpperShapeColor, inv_alpha, upper_b));
    panels.push_back(std::move(b));

    // (c) cumulative regret vs episode with the Thm. 6 lower shape at the smallest eps; the curves
    // (and colours) of (b).
    PlotPanel c;
    c.title = absl::StrFormat("(c) %s: cumulative regret", e.title);
    c.x_label = "episode t";
    c.y_label = "cumulative regret";
    for (const LowerBoundGroupSummary* s : e.members) {
      if (!ShownInPanelB(*s, e.min_eps, e.max_eps, e.eps_values)) continue;
      PlotCurve curve;
      curve.label = VariantLabel(*s);
      curve.color = static_cast<int>(c.curves.size());
      curve.x = s->regret.plot_episodes;
      curve.y = s->regret.plot_mean;
      curve.lower = s->regret.plot_lower;
      curve.upper = s->regret.plot_upper;
      curve.marker_x = s->regret.first_episode_bonus_below_horizon;
      // Said only where a dot is drawn.
      if (curve.marker_x > 0) c.note = kFirstBelowHorizonDotNote;
      c.curves.push_back(std::move(curve));
    }
    std::vector<double> episodes = LogGrid(1.0, static_cast<double>(T)), regret_shape;
    const double regret_eps = e.min_eps > 0 ? e.min_eps : 1.0;
    for (double t : episodes) {
      const VietriBoundsParameters p =
          Parameters(first, regret_eps, alpha, static_cast<int64_t>(std::llround(t)));
      regret_shape.push_back(JdpRegretLowerBound(p).total());
    }
    c.curves.push_back(Shape(absl::StrCat("Thm. 6 lower shape, #ge=", EpsText(regret_eps)),
                             kLowerShapeColor, episodes, regret_shape));
    panels.push_back(std::move(c));
  }
  return panels;
}

}  // namespace dprl
