// Audits of Private-UCB-VI (Chowdhury & Zhou 2022; algorithms/tabular/private_ucbvi.h) and of the
// published code's noise (algorithms/tabular/ucbvi_jdp_as_run.h), on the same view.
//
// Specification
// -------------
// View (both cases): S = A = H = 1, K = kUcbviAuditEpisodes episodes. User 1's episode (one visit
// of (0, 0), reward 0) is added or removed; users 2..K each visit (0, 0) once. Users 2..K collude:
// what reaches them is post-processing of the visit-count releases before their episodes
// (billboard lemma), and they know their own K - 2 visits. Observation: the mean over episodes
// k = 2..K of (the release before episode k) - (the others' visits so far), which is the noise
// mean plus 1 when user 1 is present, plus 0 when absent.
//
//   case                          release                                    claim
//   private_ucbvi_jdp_view        N~ of the binary counter (eps' = eps/(3H)) privacy_epsilon = 1
//                                                                            (add/remove), target
//   refuted_claim_ucbvi_jdp_      Nr + n1, fresh sum of floor(ln k) + 1      privacy_epsilon = 1
//   as_run                        Laplace(1/eps) at every episode            (the code's privEps),
//                                                                            refuted claim
// The first is a target: epsilon_lower <= 1 (its visit counter alone is 1/3-DP). The second is a
// REFUTED CLAIM: averaging K - 1 fresh releases of the same count cancels the noise (its standard
// deviation falls like 1/sqrt(K)) but not the shift 1, so the expected outcome is
// epsilon_lower > 1, which cannot happen with probability more than confidence_beta if the
// code's releases were 1-DP (audit/auditor.h). By sequential composition the as-run releases are
// (K - 1)-DP in this view, not 1-DP.
//
// On actions (JDP itself, not the billboard premise; audit/tabular_views.h): S = 2, A = 2, H = 4,
// K = kUcbviAuditEpisodes users, all starting and staying in state 0. The target (user 1) is paid
// 1 at every step; under the relation (replacement) it is replaced by a user paid 0, as the other
// users are. The other users collude and observe their own actions; the candidate statistics are
// ActionCountStatistics'. At the last step Q(0, a, H) = r^ + b_r(0, a) (no future term), so a
// colluder's action there is a threshold on the difference of the two actions' noisy reward
// statistics, which the target's four paid steps shift:
//   private_ucbvi_jdp_actions            Private-UCB-VI at privacy_epsilon = 1 under replacement,
//                                        target (epsilon_lower <= 1)
//   refuted_claim_ucbvi_jdp_as_run_      the published code's noise at privEps = 1: its fresh
//   actions                              noise per episode lets the K - 1 colluders' choices at
//                                        the last step average out; refuted claim
// Testing utilities only.
#ifndef DPRL_TESTS_PRIVACY_AUDIT_UCBVI_AUDIT_CASES_H_
#define DPRL_TESTS_PRIVACY_AUDIT_UCBVI_AUDIT_CASES_H_

#include <cstdint>
#include <vector>

#include "tests/privacy_audit/audit_cases.h"

namespace dprl {

// K of the view above.
inline constexpr int64_t kUcbviAuditEpisodes = 64;

// The target case private_ucbvi_jdp_view (is_control = false).
AuditCase PrivateUcbviAuditCase();
// The target case private_ucbvi_add_remove (is_control = false): one episode (S = 2, A = 1,
// H = 2, K = 1) added/removed, its 3H counters N~, R~, N~(s') change by 1; observation
// #{those releases >= 1}; claim privacy_epsilon = 6 (add/remove), as PUCB's pucb_add_remove.
AuditCase PrivateUcbviOneEpisodeAuditCase();
// The refuted-claim case refuted_claim_ucbvi_jdp_as_run (is_control = true: like a negative
// control, the audit must report epsilon_lower > claimed_epsilon).
AuditCase UcbviJdpAsRunAuditCase();
// The actions view above: the target case and the refuted-claim case.
AuditCase PrivateUcbviActionsAuditCase();
AuditCase UcbviJdpAsRunActionsAuditCase();

}  // namespace dprl

#endif  // DPRL_TESTS_PRIVACY_AUDIT_UCBVI_AUDIT_CASES_H_
