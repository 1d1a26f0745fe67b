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
    // The regimes of the claims (claims_profile.h): 20 seeds; a K range wide enough for the
    // exponent in K past the privacy burn-in, and the eps range down to where the privacy cost
    // dominates the references' regret.
    /*claims_profiles=*/
    {/*claims=*/{Scale::kDefault,
                 /*seeds=*/20,
                 {{"num_episodes", int64_t{1000000}},
                  {"privacy_epsilons", std::vector<double>{10, 30, 100, 300, 1000, 10000, 100000}}}},
     /*claims_reduced=*/{Scale::kDefault, /*seeds=*/20, {}}}});

}  // namespace
}  // namespace dprl
