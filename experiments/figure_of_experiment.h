// The figure binary of each experiment: the table experiment -> figure binary, generated from the
// dprl_result calls of experiments/BUILD (dprl_figure_table, experiments/experiment.bzl), where
// each experiment names its figure binary once. The figure binaries read it to refuse a results
// file that another figure binary draws (analysis/results_check.h). A leaf: no dependencies.
#ifndef DPRL_EXPERIMENTS_FIGURE_OF_EXPERIMENT_H_
#define DPRL_EXPERIMENTS_FIGURE_OF_EXPERIMENT_H_

#include <map>
#include <string>

namespace dprl {

// experiment -> its figure binary's name (e.g. "vietri_fig" -> "regret_figure").
const std::map<std::string, std::string>& FigureOfExperiment();

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_FIGURE_OF_EXPERIMENT_H_
