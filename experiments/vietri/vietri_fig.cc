// //experiments:vietri_fig — regret of PUCB vs UBEV (Vietri et al. 2020). See vietri_task.h.
//   bazel run //experiments:vietri_fig -- --scale=default
//   mpirun -np 64 bazel-bin/experiments/vietri_fig --scale=paper --out=/shared/vietri
#include "experiments/core/experiment_registry.h"
#include "experiments/vietri/vietri_task.h"

namespace dprl {
namespace {

const bool kRegistered = RegisterExperiment(RegisteredExperiment{
    /*order=*/10, "Vietri et al. 2020, Thm. 4 / Sec. 5: regret of PUCB and UBEV",
    VietriExperiment});

}  // namespace
}  // namespace dprl
