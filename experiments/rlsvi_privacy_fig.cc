// //experiments:rlsvi_privacy_fig — RLSVI is joint-DP (Lu et al. 2026): privacy_epsilon(delta)
// against K and regret next to PUCB (same epsilon) and UBEV. See rlsvi_privacy_task.h.
//   bazel run //experiments:rlsvi_privacy_fig -- --scale=default
//   mpirun -np 64 bazel-bin/experiments/rlsvi_privacy_fig --scale=paper --out=/shared/rlsvi
#include "experiments/rlsvi_privacy_task.h"
#include "experiments/runner/experiment.h"

int main(int argc, char** argv) {
  return dprl::RunExperimentMain(argc, argv, dprl::RlsviPrivacyExperiment());
}
