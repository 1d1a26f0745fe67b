// //experiments:wang_hegde_fig2 — Figure 2 of Wang & Hegde 2019. See wang_hegde_task.h.
//   bazel run //experiments:wang_hegde_fig2 -- --scale=default
#include "experiments/runner/experiment.h"
#include "experiments/wang_hegde_task.h"

int main(int argc, char** argv) {
  return dprl::RunExperimentMain(argc, argv, dprl::WangHegdeFig2Experiment());
}
