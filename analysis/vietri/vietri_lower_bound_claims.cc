// Claims of Vietri et al. 2020 about its LOWER bounds (Thms. 5 and 6), measured on
// //experiments:vietri_lower_bound_fig: reported as "PUCB is not a counterexample" (a minimax
// lower bound can be refuted only by an algorithm that beats it), outside the decided count
// (claim.h, ClaimKind::kLowerBound; docs/claims.md, "The rule").
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "algorithms/tabular/vietri_bounds.h"
#include "analysis/claims/group_readers.h"
#include "analysis/claims/registry.h"
#include "analysis/claims/statistics.h"
#include "analysis/regret_stats.h"
#include "analysis/vietri/lower_bound_group.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "experiments/vietri/vietri_lower_bound_task_names.h"
#include "schema/tabular_records.h"

namespace dprl {
namespace {

// The experiment whose results files these claims read.

constexpr char kPaper[] = "Vietri et al. 2020";
// The burn-in regime factor of vietri_claims.cc: median burn-in <= T / kRegimeFactor, and for
// the testable horizon of Thm. 6, T >= kRegimeFactor E_eps(T).
constexpr double kRegimeFactor = 10.0;

// The lower-bound shapes of Thms. 5 and 6 (constant 1, Def. 3 = replacement eps).
double Theorem5Shape(double s, double a, double h, double alpha, double beta, double eps) {
  return s * a * h * h / (alpha * alpha) + s * a * h * std::log(1.0 / beta) / (alpha * eps);
}

// The smallest horizon T (on the grid 10^(k/4), up to 1e20; 0 when none) at which Thm. 6's eps
// term could be tested on an instance (S, A, H, beta): some eps with the eps term visible,
// SAH ln T / (2 eps) >= sqrt(HSAT) (replacement eps = 2 eps), and PUCB past its burn-in regime,
// T >= kRegimeFactor E_eps(T). The largest eps meeting the first condition is the best for the
// second, so it is the one tried.
double Theorem6TestableHorizon(int64_t s, int64_t a, int64_t h, double beta) {
  for (int k = 4; k <= 80; ++k) {
    const double horizon = std::pow(10.0, k / 4.0);
    const double eps_replacement =
        s * a * h * std::log(horizon) / std::sqrt(static_cast<double>(h * s * a) * horizon);
    VietriBoundsParameters p;
    p.num_states = s;
    p.num_actions = a;
    p.horizon = h;
    p.num_episodes = static_cast<int64_t>(horizon);
    p.privacy_epsilon = eps_replacement / 2.0;
    p.failure_probability = beta;
    if (!p.Validate().ok()) continue;
    if (horizon >= kRegimeFactor * VietriErrorBound(p)) return horizon;
  }
  return 0.0;
}

// Over the private PUCB groups of the lower-bound file: min of measured / bound shape (constant
// 1) at the replacement eps, where `pac` selects Thm. 5 (non-optimal episodes, i.e. the count at
// the largest grid alpha below the instance gap g, against the shape at alpha = g: the shape is
// never evaluated below g, where it grows like 1/alpha^2 while the count cannot move) or Thm. 6
// (final cumulative regret).
// Regime: the shape does not exceed what T episodes can show (T for Thm. 5, H T for Thm. 6),
// and for Thm. 6 the privacy term SAH ln T / eps is >= sqrt(HSAT) (else the eps part of the
// bound is invisible next to the non-private one).
MeasureFunction LowerBoundRatio(bool pac) {
  return [pac](const Hdf5Reader& reader, const BootstrapOptions& bootstrap,
               const std::string& id) -> absl::StatusOr<Measurement> {
    ASSIGN_OR_RETURN(std::vector<std::string> groups,
                     SelectGroups(reader, {{hdf5_names::kAgent, "pucb"}}));
    std::vector<SeedRows> rows;
    std::vector<std::vector<double>> shapes;  // per group: per column of its rows
    std::vector<std::vector<int>> columns;    // per group: the columns of its rows used
    std::vector<std::string> misses;
    for (const std::string& group : groups) {
      ASSIGN_OR_RETURN(LowerBoundGroupData data, ReadLowerBoundGroup(reader, group));
      ASSIGN_OR_RETURN(const PucbGuarantee guarantee,
                       reader.ReadRecord(group, PucbGuaranteeBinding()));
      const double eps_replacement = guarantee.privacy_epsilon_replacement;
      if (!(eps_replacement > 0.0)) {
        return RecordsNo(reader, group,
                         absl::StrCat(hdf5_names::kPrivacyEpsilonReplacement, " > 0"));
      }
      const double s = data.num_states, a = data.num_actions, h = data.rewarded_horizon;
      const double episodes = data.regret.episode_grid.back();
      // A run that never (or only late) left the cap H has a count / regret censored by T: it
      // meets any shape <= T and could not have failed.
      if (!data.regret.first_episode_bonus_below_horizon.has_value()) {
        return absl::InvalidArgumentError(absl::StrCat(
            reader.path(), ": group '", group, "' has no first_episode_bonus_below_horizon"));
      }
      const double burn_in = MedianEpisodeOrNever(*data.regret.first_episode_bonus_below_horizon);
      if (burn_in < 0 || burn_in * kRegimeFactor > episodes) {
        misses.push_back(absl::StrFormat("%s: median burn-in %s > T/%g (censored)", group,
                                         burn_in < 0 ? "never" : absl::StrCat(burn_in),
                                         kRegimeFactor));
        continue;
      }
      std::vector<double> shape;
      std::vector<int> used;
      if (pac) {
        const double gap = data.pac_alpha_unit;
        // Counts are flat in alpha below g (non-alpha-optimal = non-optimal there), and 0 for
        // alpha >= g on this instance whenever every mistake costs g; the instance is the hard
        // one for accuracy g. So: the count at the largest grid alpha below g against the shape
        // at alpha = g.
        int below = -1;
        for (size_t k = 0; k < data.alpha_grid.size(); ++k) {
          if (data.alpha_grid[k] < gap) below = static_cast<int>(k);
        }
        const double bound = Theorem5Shape(s, a, h, gap, data.failure_probability, eps_replacement);
        if (below < 0) {
          misses.push_back(absl::StrFormat("%s: no grid alpha below the gap %.3g", group, gap));
        } else if (bound > episodes) {
          misses.push_back(
              absl::StrFormat("%s: shape at alpha = g %.3g > T (vacuous)", group, bound));
        } else {
          shape.push_back(bound);
          used.push_back(below);
        }
        if (used.empty()) continue;
        ASSIGN_OR_RETURN(SeedRows counts,
                         ReadSeedRows(reader, group, hdf5_names::kNonAlphaOptimalEpisodes));
        rows.push_back(std::move(counts));
      } else {
        const double non_private = std::sqrt(h * s * a * episodes);
        const double private_term = s * a * h * std::log(episodes) / eps_replacement;
        if (private_term < non_private) {
          misses.push_back(
              absl::StrFormat("%s: SAH ln T/eps_replacement = %.3g < sqrt(HSAT) = %.3g", group,
                              private_term, non_private));
          continue;
        }
        if (non_private + private_term > h * episodes) {
          misses.push_back(
              absl::StrFormat("%s: shape %.3g > H T (vacuous)", group, non_private + private_term));
          continue;
        }
        ASSIGN_OR_RETURN(RegretRows regret, ReadRegretRows(reader, group));
        SeedRows finals;
        for (const std::vector<double>& row : regret.cumulative) finals.push_back({row.back()});
        rows.push_back(std::move(finals));
        shape.push_back(non_private + private_term);
        used.push_back(0);
      }
      shapes.push_back(shape);
      columns.push_back(used);
    }
    std::string testable_text;
    if (!pac && !groups.empty()) {
      // Where Thm. 6 would become testable, on the smallest instance of the file.
      int64_t smallest_s = 0, smallest_a = 0, smallest_h = 0;
      double beta = 0;
      for (const std::string& group : groups) {
        ASSIGN_OR_RETURN(LowerBoundGroupData data, ReadLowerBoundGroup(reader, group));
        if (smallest_s == 0 || data.num_states * data.num_actions * data.rewarded_horizon <
                                   smallest_s * smallest_a * smallest_h) {
          smallest_s = data.num_states;
          smallest_a = data.num_actions;
          smallest_h = data.rewarded_horizon;
          beta = data.failure_probability;
        }
      }
      const double testable = Theorem6TestableHorizon(smallest_s, smallest_a, smallest_h, beta);
      testable_text =
          testable > 0
              ? absl::StrFormat("Thm. 6's eps term becomes testable (visible and PUCB past "
                                "T >= %g E) from T ~ %.3g on the smallest instance S=%d A=%d H=%d",
                                kRegimeFactor, testable, smallest_s, smallest_a, smallest_h)
              : absl::StrFormat("Thm. 6's eps term is not testable below T = 1e20 on the "
                                "smallest instance S=%d A=%d H=%d",
                                smallest_s, smallest_a, smallest_h);
    }
    std::string detail = absl::StrFormat(
        "min over %d private PUCB runs in the regime of mean %s / %s shape (constant 1, "
        "replacement eps = 2 eps, Def. 3)",
        rows.size(),
        pac ? "non-optimal episodes (count at the largest grid alpha < g)" : "final regret",
        pac ? "Thm. 5 at alpha = g" : "Thm. 6");
    if (!misses.empty())
      absl::StrAppend(&detail, "; outside the regime: ", absl::StrJoin(misses, ", "));
    if (!testable_text.empty()) absl::StrAppend(&detail, "; ", testable_text);
    if (rows.empty()) {
      Measurement out = UndefinedMeasurement(detail);
      out.regime_missed =
          pac ? "no run with a grid alpha below the instance gap g and the Thm. 5 shape at g <= T"
              : "no run whose privacy term SAH ln T/eps reaches sqrt(HSAT) with the shape <= H T";
      return out;
    }
    return BootstrapMeasurement(
        rows,
        [shapes, columns](const std::vector<SeedRows>& g) -> std::optional<double> {
          double ratio = std::numeric_limits<double>::infinity();
          for (size_t i = 0; i < g.size(); ++i) {
            const std::vector<double> means = ColumnMeans(g[i]);
            for (size_t c = 0; c < columns[i].size(); ++c) {
              ratio = std::min(ratio, means[columns[i][c]] / shapes[i][c]);
            }
          }
          return ratio;
        },
        bootstrap, id, detail);
  };
}

std::vector<Claim> VietriLowerBoundClaims() {
  std::vector<Claim> claims;
  Claim pac{"vietri.pac_above_thm5",
            kPaper,
            "Thm. 5 / Def. 3 / Fig. 1",
            "any eps-JDP agent (Def. 3, replacement) has >= SAH^2/alpha^2 + SAH ln(1/beta)/(alpha "
            "eps) non-alpha-optimal episodes on the hard family",
            experiment_names::kVietriLowerBoundFig,
            "min over private PUCB runs of non-optimal episodes / Thm. 5 shape at alpha = the "
            "instance gap g and the replacement eps (2 eps)",
            {Comparison::kAtLeast, 1.0, 0.0},
            true,
            LowerBoundRatio(true)};
  pac.kind = ClaimKind::kLowerBound;
  pac.regime =
      "median burn-in <= T/10 (else censored); shape at alpha = the instance gap g (never below "
      "it); shape <= T (else vacuous)";
  claims.push_back(pac);
  Claim regret{"vietri.regret_above_thm6",
               kPaper,
               "Thm. 6 / Def. 3",
               "any eps-JDP agent (Def. 3, replacement) has regret >= sqrt(HSAT) + SAH ln(T)/eps "
               "on the hard family",
               experiment_names::kVietriLowerBoundFig,
               "min over private PUCB runs in the regime of final regret / Thm. 6 shape at the "
               "replacement eps (2 eps)",
               {Comparison::kAtLeast, 1.0, 0.0},
               true,
               LowerBoundRatio(false)};
  regret.kind = ClaimKind::kLowerBound;
  regret.regime =
      "median burn-in <= T/10; SAH ln T/eps >= sqrt(HSAT) (the eps term is visible); shape <= H T";
  claims.push_back(regret);
  return claims;
}

const bool kRegistered = RegisterClaims(RegisteredClaims{/*order=*/12, VietriLowerBoundClaims});

}  // namespace
}  // namespace dprl
