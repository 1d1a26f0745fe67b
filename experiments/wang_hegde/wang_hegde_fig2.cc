// //experiments:wang_hegde_fig2 — Figure 2 of Wang & Hegde 2019. See wang_hegde_task.h.
//   bazel run //experiments:wang_hegde_fig2 -- --scale=default
#include "experiments/core/experiment_registry.h"
#include "experiments/wang_hegde/wang_hegde_task.h"

namespace dprl {
namespace {

const bool kRegistered = RegisterExperiment(RegisteredExperiment{
    /*order=*/60, "Wang & Hegde 2019, Fig. 2: functional noise against three baselines",
    WangHegdeFig2Experiment,
    /*claims_profiles=*/
    {/*claims=*/{Scale::kDefault, /*seeds=*/20},
     /*claims_reduced=*/{Scale::kDefault, /*seeds=*/20}}});

}  // namespace
}  // namespace dprl
