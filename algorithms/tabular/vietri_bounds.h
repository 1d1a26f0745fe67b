// The closed-form bounds of Vietri, Balle, Krishnamurthy & Wu 2020, "Private Reinforcement
// Learning with PAC and Regret Guarantees", ICML. Pure arithmetic: no agents, no randomness, no
// I/O (used by PUCB, by //calculators:vietri_bounds and by the lower-bound experiments).
//
// Specification
// -------------
// Notation: S states, A actions, H steps per episode, T episodes, eps = privacy_epsilon (the JDP
// parameter), beta = failure_probability, alpha = accuracy of an alpha-optimal policy.
// ln is the natural log, log2 the base-2 log. Two kinds of result:
//
// (a) Formulas whose constants the paper states. Computed exactly as written:
//   Single counter, Sec. 2.3 (binary mechanism PC(T, eps) of Chan et al. 2011 / Dwork et al.
//   2010; w.p. >= 1 - beta simultaneously for all t <= T):
//       |PC(sigma)(t) - c(sigma)(t)| <= (4/eps) ln(1/beta) log(T)^{5/2}
//   E_eps, Sec. 3 and Alg. 3 (error of all 2SAH + S^2AH counters of PUCB at once):
//       E_eps = (3/eps) H ln((2SAH + HAS^2)/beta) log(T)^{5/2}
//             = (1/eps') ln(#counters/beta) log(T)^{5/2},   eps' = eps/(3H)   (Alg. 2)
//   Lemma 8 (eps-DP best-arm identification succeeding w.p. >= 1 - beta, beta in (0, 1/4); arm a
//   alpha-suboptimal in a Bernoulli MAB, so 0 < alpha <= 1):
//       E[n_a] > (1/(24 eps alpha)) ln(1/(4 beta))
//   Log bases: the paper writes log(T) for the depth of the binary tree, which is log2(T) (the
//   tree has floor(log2 T) + 1 levels, algorithms/mechanisms/binary_counter.h); log((2SAH +
//   HAS^2)/beta) in Alg. 3 is the union bound over counters of the Sec. 2.3 bound, whose ln(1/beta)
//   is natural, so it is ln.
//
// (b) O / Omega results. The paper states NO constant and, for Theorems 3 and 4, hides
//   polylog(T, S, A, H, 1/alpha, 1/beta, 1/eps) factors. We return their SHAPES with constant 1 and
//   without the polylog factor; callers must label them as such (BoundShape below):
//   Thm. 3 (PUCB PAC, alpha in (0, H], beta in (0, 1)): episodes that are not alpha-optimal
//       O~( SAH^4/alpha^2 + S^2AH^4/(eps alpha) )
//   Thm. 4 (PUCB regret, w.p. >= 1 - beta):
//       O~( H^2 sqrt(SAT) + S^2AH^4/eps )
//   Thm. 5 (PAC lower bound for any eps-JDP (alpha, beta)-PAC agent, beta in (0, 1/8)):
//       E[n_M] >= Omega( SAH^2/alpha^2 + SAH/(alpha eps) ln(1/beta) )   (ln(1/beta) is stated)
//   Thm. 6 (regret lower bound for any eps-JDP agent):
//       E[Regret(T)] = Omega( sqrt(HSAT) + SAH log(T)/eps )    (log base unstated; we use ln)
//
// Discrepancies inside the paper (we follow the theorem statements, Secs. 3, 5, 6):
//   - The abstract/introduction state the regret upper bound as O~(H^2 sqrt(SAT) + (SAH^3 +
//     S^2AH^3)/eps); Thm. 4 has S^2AH^4/eps. We use Thm. 4.
//   - The introduction states the regret lower bound without the log(T) factor; Thm. 6 has it.
//   - The slides state E_eps = (H/eps) log(T)^{5/2} log(2/beta); we use Alg. 3.
//   - The slides also state the RL lower bound with Lemma 8's constant, (SAH/(24 eps alpha))
//     ln(1/(4 beta)) mistakes; the paper (Lemma 10, Thm. 5) gives only the Omega form, and the
//     mapping between the RL alpha and the bandit gap is in the appendix, so we do not compute it.
#ifndef DPRL_ALGORITHMS_TABULAR_VIETRI_BOUNDS_H_
#define DPRL_ALGORITHMS_TABULAR_VIETRI_BOUNDS_H_

#include <cstdint>

#include "absl/status/status.h"

namespace dprl {

// Largest beta for which Thm. 5 (and Lemma 10) is stated: beta in (0, 1/8).
inline constexpr double kPacLowerBoundMaxFailureProbability = 1.0 / 8.0;
// Largest beta for which Lemma 8 is stated: beta in (0, 1/4).
inline constexpr double kBestArmLowerBoundMaxFailureProbability = 1.0 / 4.0;

struct VietriBoundsParameters {
  int64_t num_states = 6;             // S >= 1
  int64_t num_actions = 2;            // A >= 1
  int64_t horizon = 20;               // H >= 1
  int64_t num_episodes = 10000;       // T >= 1 (E_eps, Thms. 4 and 6)
  double privacy_epsilon = 1.0;       // eps of eps-JDP; finite, > 0, eps / (3H) > 0
  double failure_probability = 0.05;  // beta; in (0, 1)
  double alpha = 0.1;                 // accuracy of an alpha-optimal policy; in (0, H] (Thm. 3)

  // Checks the constraints above; the message names the field and the bad value.
  absl::Status Validate() const;
};

// An O/Omega bound of the paper as "non-private term + privacy term", each with constant 1 and
// no polylog factor (see (b) above): a shape, not a number the paper guarantees.
struct BoundShape {
  double non_private_term = 0.0;  // the term without eps (the non-private rate)
  double privacy_term = 0.0;      // the term with 1/eps
  double total() const { return non_private_term + privacy_term; }
};

// --- (a) Stated constants. CHECK-fail on arguments outside the stated ranges (a caller bug). ---

// Sec. 2.3: (4/counter_epsilon) ln(1/beta) log2(T)^{5/2}, for one counter that is
// counter_epsilon-DP over T steps. 0 for T = 1. Requires counter_epsilon finite > 0, T >= 1,
// beta in (0, 1).
double SingleCounterErrorBound(double counter_epsilon, int64_t num_steps,
                               double failure_probability);

// Sec. 3: PUCB keeps 2SAH counters r~, n~ and S^2AH counters m~: (2 + S) SAH in all, in double
// (no overflow). Requires S, A, H >= 1.
double PucbNumCounters(int64_t num_states, int64_t num_actions, int64_t horizon);

// Alg. 2: the epsilon of each of PUCB's counters, eps' = eps / (3H), for privacy_epsilon-JDP under
// add/remove neighbours (each episode touches at most 3H counters, one unit each). Replacement
// changes 2 episodes' worth: eps / (6H) (PucbCounterEpsilon in pucb.h). Requires eps finite > 0,
// H >= 1.
double PucbAddRemoveCounterEpsilon(double privacy_epsilon, int64_t horizon);

// (1/counter_epsilon) ln((2SAH + S^2AH)/beta) log2(T)^{5/2}: Alg. 3's E_eps written with the
// epsilon of each counter (PUCB's other calibrations, algorithms/tabular/pucb.h, use this form).
double PucbCountersErrorBound(int64_t num_states, int64_t num_actions, int64_t horizon,
                              int64_t num_episodes, double counter_epsilon,
                              double failure_probability);

// Alg. 3: E_eps = (3/eps) H ln((2SAH + HAS^2)/beta) log2(T)^{5/2}, i.e. PucbCountersErrorBound with
// counter_epsilon = PucbAddRemoveCounterEpsilon(eps, H). Requires p.Validate() (alpha unused).
double VietriErrorBound(const VietriBoundsParameters& p);

// E_eps is 0 at T = 1 (log2(1) = 0): no bound on the error of a counter whose one release is
// noisy. PUCB refuses to plan with it (CheckedPucbErrorBound in pucb.h: E_eps below the exact
// tail); the vietri_bounds calculator and the Python vietri_error_bound refuse to print it with
// this check: InvalidArgument naming num_episodes unless num_episodes >= 2.
absl::Status ValidateVietriErrorBoundEpisodes(int64_t num_episodes);

// Lemma 8: (1/(24 eps alpha)) ln(1/(4 beta)), a strict lower bound on the expected pulls of an
// alpha-suboptimal arm. Requires eps finite > 0, suboptimality_gap in (0, 1], beta in (0, 1/4).
double BestArmPullsLowerBound(double privacy_epsilon, double suboptimality_gap,
                              double failure_probability);

// Every quantity of this header at `p` (which must pass Validate()) is finite: at extreme inputs
// (e.g. privacy_epsilon = 1e-310, or a subnormal alpha or beta) they overflow a double, and the
// calculator and the Python bindings refuse them, naming the first infinite one and the inputs,
// rather than print or return inf.
absl::Status CheckVietriBoundsFinite(const VietriBoundsParameters& p);

// --- (b) Shapes, constant 1, polylog factors dropped. Require p.Validate(). ---

// Thm. 3: SAH^4/alpha^2 + S^2AH^4/(eps alpha).
BoundShape PucbPacUpperBound(const VietriBoundsParameters& p);
// Thm. 4: H^2 sqrt(SAT) + S^2AH^4/eps.
BoundShape PucbRegretUpperBound(const VietriBoundsParameters& p);
// Thm. 5: SAH^2/alpha^2 + (SAH/(alpha eps)) ln(1/beta). Stated for beta < 1/8 only (the shape is
// returned for any beta in (0, 1); check kPacLowerBoundMaxFailureProbability).
BoundShape JdpPacLowerBound(const VietriBoundsParameters& p);
// Thm. 6: sqrt(HSAT) + SAH ln(T)/eps.
BoundShape JdpRegretLowerBound(const VietriBoundsParameters& p);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_VIETRI_BOUNDS_H_
