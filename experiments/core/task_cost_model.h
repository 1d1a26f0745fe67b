// The runner's cost model (ConfigSpec::estimated_core_seconds): rows of measured constants, each
// declared by the file that knows what it prices (an agent's registration, an experiment's task)
// and registered here by name. A task's estimate is
//
//   estimated_core_seconds = core_seconds_per_unit(row) * units(task)
//
// (some agents add a second row's term: PUCB's burn-in, the OFU agents' certainty-equivalence
// episodes) where the unit of work is the row's (e.g. one episode of one (s, a, h) cell for most
// tabular agents, one training sample for the continuous walk), computed by whoever declared the
// row from the task's shape and length. The estimates order the scheduler (largest first),
// partition shards, weight the progress ETA and give --dry_run's and reproduce_all's cost.
//
// Recalibrating (after a speed change of an agent): `bazel run
// //experiments:cost_model_calibration` times each row's probe tasks in-process, one thread, and
// prints each row's measured constant, to enter at its declaration (docs/performance.md keeps the
// record of each calibration: date, machine, commit and the spread against measured tasks).
#ifndef DPRL_EXPERIMENTS_CORE_TASK_COST_MODEL_H_
#define DPRL_EXPERIMENTS_CORE_TASK_COST_MODEL_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace dprl {

// A task that //experiments:cost_model_calibration times for a row: the experiment, its --scale,
// --set overrides (FIELD=VALUE) and the group name of the configuration to run.
struct CostProbe {
  std::string experiment;
  std::string scale;
  std::vector<std::string> sets;
  std::string group_name;
};

// One row of the cost model.
struct CostModel {
  std::string name;  // unique, e.g. "pucb"; what --kinds of the calibration names
  std::string unit;  // what one unit of work is, e.g. "episode x S A H"
  // Single-core seconds per unit, as cost_model_calibration measured it: finite, > 0.
  double core_seconds_per_unit = 0.0;
  // Its probes (>= 1), on the shapes the experiments use; the measured constant is the geometric
  // mean of theirs.
  std::vector<CostProbe> probes;
};

// Registers `row` and returns it, at an address that lasts the program: the initialiser of a
// namespace-scope reference in the file that declares the row. A second row of the same name, an
// empty unit, no probe or a constant that is not finite and > 0 is a bug (CHECK).
const CostModel& RegisterCostModel(CostModel row);

// Every registered row, by name.
std::vector<const CostModel*> RegisteredCostModels();

// The row of that name; InvalidArgument listing the registered names otherwise.
absl::StatusOr<const CostModel*> FindCostModel(const std::string& name);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_CORE_TASK_COST_MODEL_H_
