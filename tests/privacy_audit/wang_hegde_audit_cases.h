// Audit of Theorem 5 of Wang & Hegde 2019 ("Privacy-preserving Q-Learning with Functional Noise in
// Continuous Spaces", NeurIPS 2019): does Algorithm 1 satisfy the (privacy_epsilon, delta)-DP it
// claims with respect to neighbouring reward functions ||r - r'||_inf <= 1?
//
// Specification
// -------------
// Setting (App. E.1 environment, App. E.3 parameters): the continuous walk (envs/continuous_walk.h),
// Algorithm 1 (algorithms/qlearning/functional_noise_q_learning.h) with plain SGD alpha = 3e-4,
// B = 64, T = 4 800 samples (so that B divides T; T/B = 75 updates), J = T/B = 75 noise resets,
// discount 0.999, no epsilon-greedy exploration (line 12 as printed: argmax of the noisy Q), and
// Theorem 5's sigma and kernel rate beta = 1/v for the claim (0.9, 1e-4) with App. E.3's k = 2.3
// and L^2 = 16 (functional_noise_calibration.h: sigma = 1.3189, beta = 16162 at T = 4 800). The
// network initialisation is fixed and public (the same stream in every trial); the environment,
// the noise paths and nothing else vary between trials.
// Neighbours: the reward function r (App. E.1) and r' = r + 1 (||r - r'||_inf = 1, the paper's
// relation; every reward the agent receives differs by 1).
//
//   case                                  released observation                        claim
//   refuted_claim_wang_hegde_output       line 24's output: the mean of the final      (0.9, 1e-4)
//                                         noise-free Q_theta(s, a) over a 101-point
//                                         grid of [0, 1] and both actions
//   refuted_claim_wang_hegde_noisy_q      the last released noisy function Q_J + g_J   (0.9, 1e-4)
//                                         (the object Theorem 5's proof protects),
//                                         mean over a 2 001-point grid and both actions
//
// Both are REFUTED CLAIMS: the expected outcome is epsilon_lower > 0.9, which (audit/auditor.h) cannot
// happen with probability more than confidence_beta if the claim were true. Why: the proof bounds
// the change of ONE update from a fixed Q_0 and composes over updates as if each started from the
// released Q + g; Algorithm 1 updates theta from the exact, noise-free Q_theta (the noise only
// enters the targets), so neighbouring reward sequences drive theta apart coherently over the 75
// updates while the noise (mean zero) does not cancel the drift, and line 24 returns Q_theta with
// no noise at all. The second case shows that even the noisy functions the proof reasons about are
// not protected at Theorem 5's sigma, because their centres Q_j differ by far more than the
// per-update sensitivity the calibration assumes. (The corrected delta_g is vacuous at this sigma
// too: functional_noise_calibration.h.)
// Testing utilities only.
#ifndef DPRL_TESTS_PRIVACY_AUDIT_WANG_HEGDE_AUDIT_CASES_H_
#define DPRL_TESTS_PRIVACY_AUDIT_WANG_HEGDE_AUDIT_CASES_H_

#include <vector>

#include "tests/privacy_audit/audit_cases.h"

namespace dprl {

// The two refuted-claim cases above, in that order. Each has is_control = true: like a negative
// control, the audit must report epsilon_lower > claimed_epsilon.
std::vector<AuditCase> WangHegdeAuditCases();

// The Theorem 5 sigma and kernel rate the cases run at (for the report and the docs).
double WangHegdeAuditNoiseStddev();
double WangHegdeAuditKernelRate();

}  // namespace dprl

#endif  // DPRL_TESTS_PRIVACY_AUDIT_WANG_HEGDE_AUDIT_CASES_H_
