// //experiments:vietri_fig — regret of PUCB vs UBEV (Vietri et al. 2020). See vietri_task.h.
//   bazel run //experiments:vietri_fig -- --scale=default
//   mpirun -np 64 bazel-bin/experiments/vietri_fig --scale=paper --out=/shared/vietri
#include <cstdint>
#include <string>
#include <vector>

#include "experiments/core/experiment_registry.h"
#include "experiments/vietri/vietri_task.h"

namespace dprl {
namespace {

const bool kRegistered = RegisterExperiment(RegisteredExperiment{
    /*order=*/10,
    "Vietri et al. 2020, Thm. 4 / Sec. 5: regret of PUCB and UBEV",
    VietriExperiment,
    // The regimes of the claims (claims_profile.h): the privacy cost's eps window past the
    // burn-in, with the small eps where it dominates in the full profile.
    /*claims_profiles=*/
    {/*claims=*/{
         Scale::kDefault,
         /*seeds=*/20,
         {{"num_episodes", int64_t{10000000}},
          {"privacy_epsilons", std::vector<double>{10, 30, 100, 300, 1000, 3000, 10000, 30000}},
          {"exact_tail_privacy_epsilons", std::vector<double>{1000}}}},
     /*claims_reduced=*/{Scale::kDefault,
                         /*seeds=*/20,
                         {{"privacy_epsilons", std::vector<double>{1000, 3000, 10000, 30000}},
                          {"exact_tail_privacy_epsilons", std::vector<double>{1000}}}}}});

}  // namespace
}  // namespace dprl
