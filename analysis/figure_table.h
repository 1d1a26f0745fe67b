// The experiments whose results files only one figure binary draws, and that binary: generated
// from the dprl_figure declarations of analysis/BUILD (analysis/figures.bzl, `draws`), so a result
// with a figure of its own registers it where it declares the binary.
#ifndef DPRL_ANALYSIS_FIGURE_TABLE_H_
#define DPRL_ANALYSIS_FIGURE_TABLE_H_

#include <map>
#include <string>

namespace dprl {

// experiment -> figure binary (e.g. "vietri_fig" -> "regret_figure").
const std::map<std::string, std::string>& FigureOfExperiment();

}  // namespace dprl

#endif  // DPRL_ANALYSIS_FIGURE_TABLE_H_
