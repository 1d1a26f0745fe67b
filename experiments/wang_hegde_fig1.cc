// //experiments:wang_hegde_fig1 — Figure 1 of Wang & Hegde 2019. See wang_hegde_task.h.
//   bazel run //experiments:wang_hegde_fig1 -- --scale=default
//   mpirun -np 8 bazel-bin/experiments/wang_hegde_fig1 --scale=paper --out=/shared/wang_hegde
#include "experiments/runner/experiment.h"
#include "experiments/wang_hegde_task.h"

int main(int argc, char** argv) {
  return dprl::RunExperimentMain(argc, argv, dprl::WangHegdeFig1Experiment());
}
