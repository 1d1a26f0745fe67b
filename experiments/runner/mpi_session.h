// MpiSession: MPI_Init_thread (MPI_THREAD_SERIALIZED requested) for the lifetime of the object,
// MPI_Finalize at its end, and the facts of the world the runner needs (rank, size, ranks that
// share this node's memory, whether threads may call MPI one at a time).
//
// A process started without a launcher (no mpirun/srun: an Open MPI "singleton") gets its own
// directory for Open MPI's session files, created before MPI_Init_thread and removed after
// MPI_Finalize. Open MPI 4 otherwise puts every singleton's session files under one shared
// $TMPDIR/ompi.<host>.<uid>, which it creates with a check followed by mkdir: two singletons
// starting on one node at the same moment (shards run side by side, the tasks of a Slurm job
// array) can both pass the check, and the later mkdir fails with "File exists", so MPI_Init
// aborts with "orte_session_dir failed". A launcher's processes, and a user who sets
// OMPI_MCA_orte_tmpdir_base, keep Open MPI's own choice.
#ifndef DPRL_EXPERIMENTS_RUNNER_MPI_SESSION_H_
#define DPRL_EXPERIMENTS_RUNNER_MPI_SESSION_H_

#include <string>

namespace dprl {

class MpiSession {
 public:
  MpiSession(int* argc, char*** argv);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  int ranks_on_node() const { return ranks_on_node_; }
  bool serialized_threads() const;

 private:
  int thread_level_ = 0;
  int rank_ = 0;
  int size_ = 1;
  int ranks_on_node_ = 1;
  std::string singleton_session_base_;  // empty unless this process created one
};

// Whether the environment says a launcher (mpirun, srun, a PMI/PMIx server) started this
// process; false for a singleton.
bool StartedByMpiLauncher();

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_RUNNER_MPI_SESSION_H_
