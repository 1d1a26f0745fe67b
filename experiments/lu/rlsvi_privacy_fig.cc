// //experiments:rlsvi_privacy_fig — RLSVI is joint-DP (Lu et al. 2026): privacy_epsilon(delta)
// against K and regret next to PUCB (same epsilon) and UBEV. See rlsvi_privacy_task.h.
//   bazel run //experiments:rlsvi_privacy_fig -- --scale=default
//   mpirun -np 64 bazel-bin/experiments/rlsvi_privacy_fig --scale=paper --out=/shared/rlsvi
#include "experiments/core/experiment_registry.h"
#include "experiments/lu/rlsvi_privacy_task.h"

namespace dprl {
namespace {

const bool kRegistered = RegisterExperiment(RegisteredExperiment{
    /*order=*/30, "Lu et al. 2026, Thm. 13 / Cor. 14: eps(delta) of RLSVI and its regret",
    RlsviPrivacyExperiment,
    // Closed forms: seeds do not matter.
    /*claims_profiles=*/{/*claims=*/{Scale::kDefault}, /*claims_reduced=*/{Scale::kSmoke}}});

}  // namespace
}  // namespace dprl
