// //experiments:private_ofu_fig — regret of OFU-RL, Private-OFU-RL and private certainty
// equivalence on LQ systems (Chowdhury, Zhou, Shroff 2021). See private_ofu_task.h.
//   bazel run //experiments:private_ofu_fig -- --scale=default
//   mpirun -np 64 bazel-bin/experiments/private_ofu_fig --scale=paper --out=/shared/private_ofu
#include "experiments/private_ofu_task.h"
#include "experiments/runner/experiment.h"

int main(int argc, char** argv) {
  return dprl::RunExperimentMain(argc, argv, dprl::PrivateOfuExperiment());
}
