// //experiments:private_ofu_fig — regret of OFU-RL, Private-OFU-RL and private certainty
// equivalence on LQ systems (Chowdhury, Zhou, Shroff 2021). See private_ofu_task.h.
//   bazel run //experiments:private_ofu_fig -- --scale=default
//   mpirun -np 64 bazel-bin/experiments/private_ofu_fig --scale=paper --out=/shared/private_ofu
#include <cstdint>
#include <string>
#include <vector>

#include "experiments/chowdhury/private_ofu_task.h"
#include "experiments/core/experiment_registry.h"

namespace dprl {
namespace {

const bool kRegistered = RegisterExperiment(RegisteredExperiment{
    /*order=*/40,
    "Chowdhury et al. 2021, Thms. 1-3: Private-OFU-RL on LQ systems",
    PrivateOfuExperiment,
    // >= 3 eps past the onset where the privacy cost dominates, on every system
    // (claims_profile.h).
    /*claims_profiles=*/
    {/*claims=*/{
         Scale::kDefault,
         /*seeds=*/20,
         {{"privacy_epsilons", std::vector<double>{10, 30, 100, 300, 1000, 10000, 1000000}}}},
     /*claims_reduced=*/{Scale::kSmoke, /*seeds=*/20}}});

}  // namespace
}  // namespace dprl
