// //experiments:wang_hegde_fig1 — Figure 1 of Wang & Hegde 2019. See wang_hegde_task.h.
//   bazel run //experiments:wang_hegde_fig1 -- --scale=default
//   mpirun -np 8 bazel-bin/experiments/wang_hegde_fig1 --scale=paper --out=/shared/wang_hegde
#include "experiments/core/experiment_registry.h"
#include "experiments/wang_hegde/wang_hegde_task.h"

namespace dprl {
namespace {

const bool kRegistered = RegisterExperiment(RegisteredExperiment{
    /*order=*/50, "Wang & Hegde 2019, Fig. 1: functional-noise Q-learning vs sigma and J",
    WangHegdeFig1Experiment,
    /*claims_profiles=*/
    {/*claims=*/{Scale::kDefault, /*seeds=*/20},
     /*claims_reduced=*/{Scale::kDefault, /*seeds=*/20}}});

}  // namespace
}  // namespace dprl
