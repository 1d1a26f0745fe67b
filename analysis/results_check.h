// The check every reader of a dprl results file applies before it reads (docs/hdf5_schema.md):
// the analysis binaries (figure_main.h) and the Python dprl.results.load (python/ext) call this
// one implementation, so Python accepts exactly the files the binaries accept.
//
// CheckResultsFile(reader) (the reader refused a damaged tree on Open, hdf5_reader.h):
//   1. CheckDprlSchema: the root attribute dprl_schema_version equals kResultsSchemaVersion;
//   2. every attribute of the root, of every config group and of every dataset is read;
//   3. every dataset of every config group is numeric, 1-D or 2-D, finite (Hdf5Reader::ReadMatrix)
//      and has one row per seed (the root attribute `seeds`, where the file has it);
//   4. every group with a regret dataset (episode_grid, cumulative_regret or total_regret) is a
//      complete regret group (ReadRegretGroup, regret_group.h: the three datasets, their shapes,
//      the grid's integer episodes, total = last column, string attributes env and agent).
// Errors name the file, the group and the dataset.
//
// CheckFigureDrawsExperiment(reader, figure): a results file records the experiment that wrote it
// (root attribute `experiment`, schema/run_records.h); the experiments with a figure binary of
// their own are drawn only by it. Each experiment names its figure binary once, in its dprl_result
// call in experiments/BUILD (e.g. vietri_fig regret_figure, wang_hegde_fig1 and wang_hegde_fig2
// wang_hegde_figure), and the table generated from these declarations
// (experiments/figure_of_experiment.h) is what this check reads. A file of one of
// them given to another figure binary is refused, naming the binary that draws it: its groups
// would be drawn with another experiment's labels. Files of other experiments (a new result that
// reuses a figure binary, test fixtures) are drawn.
#ifndef DPRL_ANALYSIS_RESULTS_CHECK_H_
#define DPRL_ANALYSIS_RESULTS_CHECK_H_

#include <string>

#include "absl/status/status.h"
#include "analysis/hdf5_reader.h"

namespace dprl {

absl::Status CheckResultsFile(const Hdf5Reader& reader);

absl::Status CheckFigureDrawsExperiment(const Hdf5Reader& reader, const std::string& figure);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_RESULTS_CHECK_H_
