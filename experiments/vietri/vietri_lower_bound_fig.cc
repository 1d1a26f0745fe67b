// //experiments:vietri_lower_bound_fig — PAC sample complexity and regret of UBEV and PUCB on the
// lower-bound MDP family (Vietri et al. 2020, Sec. 6). See vietri_lower_bound_task.h.
//   bazel run //experiments:vietri_lower_bound_fig -- --scale=default --out=/tmp/lbfig
//   mpirun -np 64 bazel-bin/experiments/vietri_lower_bound_fig --scale=paper --out=/shared/lbfig
#include <cstdint>
#include <string>
#include <vector>

#include "experiments/core/experiment_registry.h"
#include "experiments/vietri/vietri_lower_bound_task.h"

namespace dprl {
namespace {

const bool kRegistered = RegisterExperiment(RegisteredExperiment{
    /*order=*/20,
    "Vietri et al. 2020, Sec. 6 / Thms. 3, 5, 6: PAC counts and regret on the lower-bound family",
    VietriLowerBoundExperiment,
    // Two or more alpha' per instance (the 1/alpha order) and, in the full profile, three S at
    // one gap (the S order); claims_profile.h.
    /*claims_profiles=*/
    {/*claims=*/{
         Scale::kDefault,
         /*seeds=*/20,
         {{"instances", std::vector<std::string>{"n2_m1_H2", "n3_m2_H2", "n3_m1_H2", "n4_m1_H2"}},
          {"alpha_primes", std::vector<double>{0.5, 0.375, 0.25}}}},
     /*claims_reduced=*/{
         Scale::kDefault,
         /*seeds=*/20,
         {{"num_episodes", int64_t{50000}}, {"alpha_primes", std::vector<double>{0.5, 0.35}}}}}});

}  // namespace
}  // namespace dprl
