// Audits of DP-Nash-VI's two Privatizers (Qiao & Wang 2024, Sec. 5.1-5.2;
// algorithms/tabular/dp_nash_vi/noisy_counts.h), each calibration against the epsilon it claims.
//
// Specification
// -------------
// Cells: S = 2 states, J = 1 action, H = 2 steps. Trajectories (cell (h, s) -> next state):
//   T  = (0, 0) -> 1, (1, 1) -> 0     the target user's
//   R  = (0, 1) -> 0, (1, 0) -> 1     its replacement, visiting the other cell at each step
//   C  = (0, 0) -> 0, (1, 0) -> 1     a colluding user's (known to the observer)
// Each trajectory puts one unit in 2H = 4 streams (H visit streams, H transition streams); T and R
// share none, so replacing T by R changes 8 streams (Def. 2.2's relation), removing T changes 4.
//
// Central (the binary counters' releases N^, on which JDP rests by the billboard lemma), K = 2:
// episode 1 is the target's (T, absent, or R), episode 2 the colluder's C; the observer sees the
// releases after both episodes (t = 1, 2: L = 2 tree levels, so both of a stream's nodes) and
// subtracts C's known contribution. Observation: the votes #{target stream, t : release - C's
// >= 1} + #{replacement stream, t : release - C's <= 0} (8 votes under add/remove, 16 under
// replacement), a likelihood-ratio statistic for discrete Laplace noise.
//   case                                       calibration, relation         claim   delivers
//   dp_nash_vi_central_add_remove              stated, add_remove             4       4
//   dp_nash_vi_central_replacement             stated, replacement            4       4
//   refuted_claim_dp_nash_vi_central_as_       as printed (eps' = eps/(2H     4       16
//   printed                                    log K)), replacement
//   control_dp_nash_vi_central_at_epsilon      every counter at eps instead   4       16
//                                              of eps/(2H), add_remove
// Local (the user's report, Def. 2.3: any two trajectories): T against R, one report each.
// Observation: #{T's indicators reported >= 1} + #{R's reported <= 0} (8 votes).
//   dp_nash_vi_local                           stated, b = 4H/eps             2       2
//   refuted_claim_dp_nash_vi_local_as_printed  as printed, b = 2H/eps (5)     2       4
// Targets must give epsilon_lower <= claim; the refuted claims and the control (is_control) must
// give epsilon_lower > claim. Testing utilities only.
#ifndef DPRL_TESTS_PRIVACY_AUDIT_DP_NASH_VI_AUDIT_CASES_H_
#define DPRL_TESTS_PRIVACY_AUDIT_DP_NASH_VI_AUDIT_CASES_H_

#include <vector>

#include "tests/privacy_audit/audit_cases.h"

namespace dprl {

// The six cases above, targets first.
std::vector<AuditCase> DpNashViAuditCases();

}  // namespace dprl

#endif  // DPRL_TESTS_PRIVACY_AUDIT_DP_NASH_VI_AUDIT_CASES_H_
