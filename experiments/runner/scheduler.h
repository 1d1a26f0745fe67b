// Dynamic load balancing of tasks over the ranks of MPI_COMM_WORLD.
//
// Protocol (tags in scheduler.cc): rank 0 owns the queue `order` (first = scheduled first). A
// worker rank sends a request carrying the outcome of its previous task (none at first), rank 0
// answers with the next task id or -1 (stop). While a task runs, a worker sends throttled
// progress messages (task id, fraction). Rank 0 serves requests in a dispatcher thread and
// computes tasks itself in the calling thread, so with 2 ranks both compute (requires MPI thread
// level MPI_THREAD_SERIALIZED or better: the calling thread makes no MPI call while the
// dispatcher runs). After the first failure no new task is handed out; running tasks finish.
// Every wait polls (MPI_Test/MPI_Iprobe + short sleeps) instead of spinning, so an idle rank
// does not steal a core from a computing one.
#ifndef DPRL_EXPERIMENTS_RUNNER_SCHEDULER_H_
#define DPRL_EXPERIMENTS_RUNNER_SCHEDULER_H_

#include <functional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "experiments/runner/experiment.h"
#include "experiments/runner/progress.h"

namespace dprl {

// Runs one task; the ProgressReporter is never null.
using RunOneTask = std::function<absl::Status(int task_id, ProgressReporter* progress)>;

// Collective over MPI_COMM_WORLD. On rank 0, `order` lists the task ids to run, `weights[id]`
// is each task's weight for the progress monitor (may be null), and the result is OK or the
// first task error. On other ranks `order`, `weights` and `monitor` are ignored and the result
// is OK or the rank's own last error. `rank0_computes` = false makes rank 0 only dispatch.
// `local_threads` >= 1 threads compute when there is a single rank (each takes the next task of
// the queue; `run_one` must then be safe to call concurrently); it must be 1 with several ranks.
absl::Status RunTasksOverRanks(const std::vector<int>& order, const std::vector<double>& weights,
                               const RunOneTask& run_one, ProgressMonitor* monitor,
                               bool rank0_computes, int local_threads = 1);

// MPI_Ibcast from rank `root` + polling wait. Collective.
void BroadcastInt(int* value, int root = 0);
void BroadcastString(std::string* value, int root = 0);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_RUNNER_SCHEDULER_H_
