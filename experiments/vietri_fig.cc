// //experiments:vietri_fig — regret of PUCB vs UBEV (Vietri et al. 2020). See vietri_task.h.
//   bazel run //experiments:vietri_fig -- --scale=default
//   mpirun -np 64 bazel-bin/experiments/vietri_fig --scale=paper --out=/shared/vietri
#include "experiments/runner/experiment.h"
#include "experiments/vietri_task.h"

int main(int argc, char** argv) {
  return dprl::RunExperimentMain(argc, argv, dprl::VietriExperiment());
}
