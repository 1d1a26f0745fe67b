// The tabular agent pucb (algorithms/tabular/pucb.h; Vietri et al. 2020, Alg. 2-3, eps-JDP),
// registered by pucb.cc, and its attributes for the experiments that build PucbOptions themselves.
// Parameters: privacy_epsilon, failure_probability (beta), num_episodes (T), neighbour_relation
// (add_remove | replacement; default add_remove, Alg. 2's eps/(3H)), error_bound_method (paper |
// exact_tail; default paper, Alg. 3's E_eps). Its binding, PucbBinding, is the results schema's
// (schema/tabular_records.h), and so is the record of a configuration's guarantee and bound
// (PucbGuarantee, PucbGuaranteeBinding): the analysis reads them with it.
#ifndef DPRL_EXPERIMENTS_TABULAR_AGENTS_PUCB_H_
#define DPRL_EXPERIMENTS_TABULAR_AGENTS_PUCB_H_

#include "absl/status/statusor.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "algorithms/tabular/pucb.h"
#include "schema/option_binding.h"

namespace dprl {

// PucbBinding's attributes of `options` followed by PucbGuaranteeBinding's. Errors are those
// PucbAgent::Create would return for these options (Validate, CheckedPucbErrorBound), so a grid
// that lists its configurations with this function refuses them before any task runs.
absl::StatusOr<AttributeList> PucbAttributes(const TabularShape& shape, const PucbOptions& options);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_TABULAR_AGENTS_PUCB_H_
