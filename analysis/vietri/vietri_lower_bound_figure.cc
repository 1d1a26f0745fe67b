// vietri_lower_bound_figure: PAC and regret figure and summary table of a vietri_lower_bound_fig
// results file (Vietri et al. 2020, Sec. 5-6; experiments/vietri/vietri_lower_bound_task.h).
//
//   vietri_lower_bound_figure --in=FILE.h5 --out_prefix=PATH
//
// Reads every config group of FILE.h5 (docs/hdf5_schema.md, "vietri_lower_bound_fig";
// lower_bound_summary.h lists what each group must hold) and writes
//   PATH.png, PATH.pdf   one row per instance (env, alpha'; a file with several alpha' gets one
//                        row per alpha', titled with it, never merged): (a) mean non-alpha-optimal
//                        episodes at pac_alpha vs 1/eps (log-log), with the Thm. 5 lower and Thm. 3
//                        upper bound SHAPES (constant 1, polylog dropped) dashed, non-private
//                        agents as flat lines; (b) the same vs 1/alpha over pac_alpha_grid, one
//                        curve per (agent, eps), shapes at the largest eps; (c) mean cumulative
//                        regret vs episode with a 95% band over seeds and the Thm. 6 lower shape at
//                        the smallest eps;
//   PATH_summary.csv     group,env,alpha_prime,agent_variant,privacy_epsilon,neighbour_relation,
//                        error_bound,
//                        seeds,episodes,
//                        pac_alpha,non_alpha_optimal_mean,non_alpha_optimal_ci95,
//                        alpha_optimal_from_episode_median,counts_by_alpha,pac_lower_shape,
//                        pac_upper_shape,above_pac_lower_shape,inverse_eps_slope,slope_points,
//                        slope_points_excluded,excess_inverse_eps_slope,excess_slope_points,
//                        excess_slope_points_excluded,final_regret_mean,regret_lower_shape,
//                        above_regret_lower_shape
//     alpha_prime        the family's alpha'
//     counts_by_alpha    "alpha:mean count" pairs separated by ';'
//     pac_*_shape        the shapes at pac_alpha (non-private term only for non-private agents)
//     above_pac_lower_shape  mean count >= Thm. 5 shape at EVERY alpha of the grid
//     inverse_eps_slope  least-squares slope of log(mean count at pac_alpha) vs log(1/eps) over
//                        the eps of the same (env, alpha', agent_variant) with 0 < count < T
//                        (saturated runs excluded), slope_points of them; ~1 when the 1/eps term
//                        dominates; slope_points_excluded: the private configs left out (count 0 or
//                        T)
//     excess_inverse_eps_slope  the same for count minus the non-private agent's count on the
//                        same (env, alpha')
//                        (the privacy cost; configs with excess <= 0 or saturated excluded and
//                        counted in excess_slope_points_excluded)
//     regret_lower_shape Thm. 6 shape at T; above_regret_lower_shape: final mean regret >= it.
//   Empty cell = not applicable (non-private agent, single seed, < 2 points).
// Errors (missing/non-HDF5/foreign file, malformed group, unwritable PATH) print one line naming
// the flag, exit non-zero and leave no output files (outputs are written to temporary files and
// renamed together at the end).
#include <string>
#include <vector>

#include "analysis/figure_main.h"
#include "analysis/vietri/lower_bound_summary.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

constexpr char kUsage[] =
    "Usage: vietri_lower_bound_figure --in=FILE.h5 --out_prefix=PATH\n"
    "Writes PATH.png, PATH.pdf (non-alpha-optimal episodes vs 1/eps and 1/alpha, cumulative\n"
    "regret, with the Vietri et al. 2020 bound shapes) and PATH_summary.csv from a\n"
    "vietri_lower_bound_fig results file (docs/hdf5_schema.md).\n";

constexpr int kPlotPoints = 400;

absl::StatusOr<FigureOutputs> MakeLowerBoundFigure(const Hdf5Reader& reader) {
  ASSIGN_OR_RETURN(std::vector<std::string> groups, ListConfigGroups(reader));
  std::vector<LowerBoundGroupSummary> summaries;
  for (const std::string& group : groups) {
    ASSIGN_OR_RETURN(LowerBoundGroupData data, ReadLowerBoundGroup(reader, group));
    summaries.push_back(SummarizeLowerBoundGroup(data, kPlotPoints));
  }
  FitInverseEpsSlopes(summaries);
  FigureOutputs figure;
  figure.panels = BuildLowerBoundPanels(summaries);
  figure.layout = {kLowerBoundPanelColumns, LegendLayout::kBelowEachColumn};
  figure.csv = LowerBoundSummaryCsv(summaries);
  return figure;
}

}  // namespace
}  // namespace dprl

int main(int argc, char** argv) {
  return dprl::RunFigureMain(argc, argv, "vietri_lower_bound_figure", dprl::kUsage,
                             dprl::MakeLowerBoundFigure);
}
