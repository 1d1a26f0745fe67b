// The tabular agent private_ucbvi (algorithms/tabular/private_ucbvi.h; Chowdhury & Zhou 2022,
// Private-UCB-VI, eps-JDP), registered by private_ucbvi.cc, and its attributes for the
// experiments that run it at a grid's privacy_epsilon.
#ifndef DPRL_EXPERIMENTS_TABULAR_AGENTS_PRIVATE_UCBVI_H_
#define DPRL_EXPERIMENTS_TABULAR_AGENTS_PRIVATE_UCBVI_H_

#include "absl/status/statusor.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "experiments/tabular/tabular_registry.h"
#include "schema/option_binding.h"

namespace dprl {

// The registered attributes of private_ucbvi for the grid's `settings` with privacy_epsilon (under
// add_remove), then PucbGuaranteeBinding's record of the guarantee: its E, its epsilon under
// replacement (2 privacy_epsilon: each counter family's l1 is H under add/remove, 2H under
// replacement) and its eps'. Errors are PrivateUcbviErrorBound's.
absl::StatusOr<AttributeList> PrivateUcbviAttributes(const TabularShape& shape,
                                                     double privacy_epsilon,
                                                     const TabularAgentSettings& settings);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_TABULAR_AGENTS_PRIVATE_UCBVI_H_
