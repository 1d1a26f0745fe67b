// //experiments:jdp_tabular_fig — regret of Private-UCB-VI and PUCB at matched eps-JDP (Chowdhury &
// Zhou 2022, Table 1). See jdp_tabular_task.h.
//   bazel run //experiments:jdp_tabular_fig -- --scale=default
//   mpirun -np 64 bazel-bin/experiments/jdp_tabular_fig --scale=paper --out=/shared/jdp_tabular
#include <cstdint>
#include <vector>

#include "experiments/chowdhury_zhou/jdp_tabular_task.h"
#include "experiments/core/experiment_registry.h"

namespace dprl {
namespace {

const bool kRegistered = RegisterExperiment(RegisteredExperiment{
    /*order=*/70,
    "Chowdhury & Zhou 2022, Table 1: regret of Private-UCB-VI and PUCB at matched eps-JDP",
    JdpTabularExperiment,
    // The regimes of the claims (claims_profile.h): 20 seeds; K = 3e6 so that Table 1's shape
    // (log factors evaluated, constant 1) is below H k from k = K/10 for both agents on both
    // environments (the exponent claims), and eps down to 1, where the privacy cost may dominate
    // the references' regret (the eps claims). No pilot at this K (docs/claims_preregistration.md).
    /*claims_profiles=*/
    {/*claims=*/{Scale::kDefault,
                 /*seeds=*/20,
                 {{"num_episodes", int64_t{3000000}},
                  {"privacy_epsilons",
                   std::vector<double>{1, 3, 10, 30, 100, 1000, 10000, 100000}}}},
     /*claims_reduced=*/{Scale::kDefault, /*seeds=*/20, {}}}});

}  // namespace
}  // namespace dprl
