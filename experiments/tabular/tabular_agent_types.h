// The tabular agents of the registry (tabular_registry.h), and PUCB's attributes for the
// experiments that build PucbOptions themselves (its binding, PucbBinding, is the results
// schema's: schema/tabular_records.h). Parameters (configuration attributes), each bound once to
// its Options field below:
//   ubev            failure_probability (delta of Dann et al. 2017's UBEV, Alg. 1)
//   ubev_as_run     the same (the transition bonus of the authors' code)
//   pucb_noiseless  failure_probability (beta; PUCB's planner on exact counts, "eps = infinity")
//   pucb            privacy_epsilon, failure_probability (beta), num_episodes (T),
//                   neighbour_relation (add_remove | replacement; default add_remove, Alg. 2's
//                   eps/(3H)), error_bound_method (paper | exact_tail; default paper, Alg. 3's
//                   E_eps)
//   rlsvi           beta_scale (optional, default 1: Lu et al. 2026's Alg. 1); not written by the
//                   grids, whose privacy accounting is Alg. 1's (TabularAgentType::
//                   unwritten_parameters)
//   psrl            dirichlet_prior, reward_prior_mean, reward_prior_precision,
//                   reward_noise_precision (all optional; TabulaRL's priors); one posterior per
//                   (s, a) pooled over h (Osband et al. 2013's PSRL, time-homogeneous MDPs)
//   psrl_per_step   the same parameters; one posterior per (h, s, a)
//   ucbvi           failure_probability (delta), num_episodes (K; Azar et al. 2017's UCB-VI,
//                   Hoeffding bonus)
//   private_ucbvi   privacy_epsilon, failure_probability (delta), num_episodes (K),
//                   neighbour_relation (add_remove | replacement; default add_remove)
#ifndef DPRL_EXPERIMENTS_TABULAR_TABULAR_AGENT_TYPES_H_
#define DPRL_EXPERIMENTS_TABULAR_TABULAR_AGENT_TYPES_H_

#include "absl/status/statusor.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "algorithms/tabular/pucb.h"
#include "schema/option_binding.h"
#include "schema/tabular_records.h"

namespace dprl {

// What a PUCB configuration's guarantee and bound are (PucbGuarantee, PucbGuaranteeBinding) is a
// record of the results schema (schema/tabular_records.h): the analysis reads it with it.

// PucbBinding's attributes of `options` followed by PucbGuaranteeBinding's. Errors are those
// PucbAgent::Create would return for these options (Validate, CheckedPucbErrorBound), so a grid
// that lists its configurations with this function refuses them before any task runs.
absl::StatusOr<AttributeList> PucbAttributes(const TabularShape& shape, const PucbOptions& options);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_TABULAR_TABULAR_AGENT_TYPES_H_
