// //experiments:vietri_lower_bound_fig — PAC sample complexity and regret of UBEV and PUCB on the
// lower-bound MDP family (Vietri et al. 2020, Sec. 6). See vietri_lower_bound_task.h.
//   bazel run //experiments:vietri_lower_bound_fig -- --scale=default --out=/tmp/lbfig
//   mpirun -np 64 bazel-bin/experiments/vietri_lower_bound_fig --scale=paper --out=/shared/lbfig
#include "experiments/core/experiment_registry.h"
#include "experiments/vietri/vietri_lower_bound_task.h"

namespace dprl {
namespace {

const bool kRegistered = RegisterExperiment(RegisteredExperiment{
    /*order=*/20,
    "Vietri et al. 2020, Sec. 6 / Thms. 3, 5, 6: PAC counts and regret on the lower-bound family",
    VietriLowerBoundExperiment});

}  // namespace
}  // namespace dprl
