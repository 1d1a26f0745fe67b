// The tabular agents of the registry (tabular_registry.h), and PUCB's parameters for the
// experiments that build PucbOptions themselves. Parameters (configuration attributes):
//   ubev            failure_probability (delta of Dann et al. 2017's UBEV, Alg. 1)
//   pucb_noiseless  failure_probability (beta; PUCB's planner on exact counts, "eps = infinity")
//   pucb            privacy_epsilon, failure_probability (beta), num_episodes (T),
//                   neighbour_relation (add_remove | replacement; default add_remove, Alg. 2's
//                   eps/(3H)), error_bound_method (paper | exact_tail; default paper, Alg. 3's
//                   E_eps)
//   rlsvi           none (Lu et al. 2026, Alg. 1 with beta_scale 1)
#ifndef DPRL_EXPERIMENTS_TABULAR_AGENT_TYPES_H_
#define DPRL_EXPERIMENTS_TABULAR_AGENT_TYPES_H_

#include <vector>

#include "absl/status/statusor.h"
#include "algorithms/tabular/pucb.h"
#include "experiments/parameters.h"

namespace dprl {

// The parameter specification of the agent `pucb`.
std::vector<ParameterSpec> PucbParameters();
// PucbOptions from parameters checked against PucbParameters(); validated (the error names the
// option).
absl::StatusOr<PucbOptions> PucbOptionsFromParameters(const Parameters& parameters);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_TABULAR_AGENT_TYPES_H_
