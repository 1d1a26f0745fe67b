// The audited mechanisms and the negative controls, each as a pair of neighbouring inputs and an
// observation, with the privacy claim under the neighbour relation the claim is made for.
//
// Specification
// -------------
// Every case is audited with AuditFallibleNeighbours (audit/auditor.h; AuditOf). Targets must
// satisfy epsilon_lower <= claimed epsilon (at the case's target_delta); controls (controls.h) must
// give epsilon_lower > claimed epsilon. Observations that are likelihood-ratio statistics (the
// number of coordinates on the side favouring the first input) make threshold events the most
// powerful events for discrete Laplace noise (Neyman-Pearson).
//
//   case                       relation (what changes)                      claim
//   binary_counter             one step's unit input added/removed,         privacy_epsilon = 1
//                              T = 2, observation r_1 + r_2
//   binary_counter_jdp_view    user t's unit input added/removed; users     privacy_epsilon = 1
//                              t-1, t+1 see r_{t-1}, r_t; observation the
//                              difference (T = 8, t = 4)
//   pucb_add_remove            one user's episode (S = 2, A = 1, H = 2,     privacy_epsilon = 6
//                              T = 1) added/removed: its 3H counters        (kAddRemove)
//                              n~, r~, m~ change by 1; observation #{>= 1}
//   pucb_replacement           that episode replaced by one visiting the    PucbEpsilonUnder(
//                              other H triples (6H counters change)          kReplacement) = 12
//   pucb_jdp_view              user 2's episode added/removed (T = 3);      privacy_epsilon = 6
//                              users 1 and 3 see the releases before
//                              episodes 2 and 3; #{kX counters grown >= 1}
//   rlsvi_rewards              the rewards of episode 1 (1 vs 0), same      Cor. 14 epsilon at
//                              states/actions; Q~ of the visited triple     target_delta = 1e-3
//                              at episode 2 (S = 2, A = 1, H = 1)           (K = 2)
//   matrix_tree_counter        one step's 1x1 input 1 vs 0 (T = 1,          rho + 2 sqrt(rho
//                              rho = 0.5)                                   ln(1/delta)), 1e-3
//   matrix_factorization_      step 1's 1x1 input 1 vs 0, step 2's 0; both  rho + 2 sqrt(rho
//   counter                    releases seen via 3 r_1 / 4 + r_2 / 2        ln(1/delta)), 1e-3
//                              (T = 2, rho = 0.5)
//   ou_functional_noise        f vs f + Delta K(x0, .) (RKHS distance       (0.5, 1e-2) with the
//                              Delta = 1) evaluated at x0                   Prop. 4 sigma
//   control_laplace_once       as binary_counter_jdp_view                   1
//   control_half_noise         one step's unit input, T = 1                 1
//   control_classic_gaussian   value 1 vs 0 (Delta = 1)                     (8, 0.2)
//   control_floating_residue   one real input 0.3 vs 0.7 of four; the       1
//                              residue test against the first sum
// Testing utilities only.
#ifndef DPRL_TESTS_PRIVACY_AUDIT_AUDIT_CASES_H_
#define DPRL_TESTS_PRIVACY_AUDIT_AUDIT_CASES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "audit/auditor.h"

namespace dprl {

struct AuditCase {
  std::string name;
  // The neighbour relation of the claim, in words.
  std::string neighbour_relation;
  // The epsilon the mechanism claims under that relation, at target_delta.
  double claimed_epsilon = 0.0;
  double target_delta = 0.0;
  // True for a negative control (must be caught), false for a target (must pass).
  bool is_control = false;
  // Trials per input in the fast (default test suite) audit.
  int64_t fast_trials = 20000;
  // One trial's observation on each input, and the candidate statistics of it the event is
  // searched over (a scalar case: SetScalarObservation).
  FallibleObservationSampler first;
  FallibleObservationSampler second;
  std::vector<CandidateStatistic> statistics;

  // A scalar observation: first and second return {sampler(stream)}, the one statistic
  // "observation" is it (the audit is AuditNeighbours', bit for bit).
  void SetScalarObservation(ObservationSampler first_sampler, ObservationSampler second_sampler);
};

// A case with a scalar observation (AuditCase::SetScalarObservation) and the fields above.
AuditCase ScalarAuditCase(std::string name, std::string relation, double claimed_epsilon,
                          double target_delta, bool is_control, int64_t fast_trials,
                          ObservationSampler first, ObservationSampler second);

// The audit of `audit_case` at `options` (AuditFallibleNeighbours).
absl::StatusOr<AuditResult> AuditOf(const AuditCase& audit_case, const AuditOptions& options);

// All cases, targets first, in the order of the table above.
std::vector<AuditCase> AllAuditCases();

}  // namespace dprl

#endif  // DPRL_TESTS_PRIVACY_AUDIT_AUDIT_CASES_H_
