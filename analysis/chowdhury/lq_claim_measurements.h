// The measure functions of Chowdhury, Zhou, Shroff 2021's claims (chowdhury_claims.cc, which
// declares the claims) on //experiments:private_ofu_fig's results file (docs/hdf5_schema.md).
// Regret is the exact expected regret of each episode (Riccati). Every function reads the groups
// of one LQ system `env` (the `env` attribute); a system or agent absent from the file makes the
// measurement undefined, with the reason, never an error.
//
// Thm. 1's expression (the regret of OFU-RL under changing regularizers; Thm. 3 is Thm. 1 with the
// private agent's lambda_min = Lambda, lambda_max = 3 Lambda, nu), term by term with constant 1, at
// K' = k episodes, with the run's constants (LqBoundConstants, lq_group_readers.h):
//   H sqrt(k) sqrt(H),  H sqrt(k) n(n+d) psi,  H sqrt(k) ln(1/alpha),
//   H sqrt(k) (sqrt(lambda_max) + nu) sqrt(n(n+d) psi),   psi = ln(1 + H k / ((n+d) lambda_min)).
// The O() leaves each term's constant free; a positive combination of terms has a local exponent
// (in k or in eps) between the smallest and the largest of its terms', so that range is what the
// theorem's own expression allows. The terms that depend on eps (through lambda_min, lambda_max,
// nu) are, without the common factor H sqrt(k): n(n+d) psi, sqrt(lambda_max) sqrt(n(n+d) psi) and
// nu sqrt(n(n+d) psi).
#ifndef DPRL_ANALYSIS_CHOWDHURY_LQ_CLAIM_MEASUREMENTS_H_
#define DPRL_ANALYSIS_CHOWDHURY_LQ_CLAIM_MEASUREMENTS_H_

#include <string>

#include "analysis/claims/claim.h"

namespace dprl {

// The two calibrations of Alg. 1 with the same (eps, delta)-JDP (one episode replaced): the
// paper's and the tight one (docs/private_ofu_rl.md). Thms. 1 and 3 bound the regret of the
// algorithm whatever the noise calibration that meets the privacy accounting, so each claim is
// tested for both.
struct PrivateAgent {
  const char* agent;     // the `agent` attribute
  const char* id_infix;  // "" for the paper's calibration, else ".tight"
  const char* what;      // in statements
};
inline constexpr PrivateAgent kPrivateAgents[] = {
    {"private_ofu_rl", "", "Private-OFU-RL"},
    {"private_ofu_rl_tight", ".tight", "Private-OFU-RL with the tight calibration"},
};

// Which private run a K-exponent claim measures.
enum class ExponentAt { kLargestEps, kSmallestEpsPastOnset };

// (late-episode regret exponent in K) - (the largest local exponent of Thm. 1's terms over the
// same grid episodes), for ofu_rl (private_agent empty) or the private agent at its largest eps
// or at its smallest eps past the onset. T-window systematic: the same difference on the decade
// ending at K/3.
MeasureFunction RegretExponent(const std::string& env, const std::string& private_agent,
                               ExponentAt at);

// Which eps a privacy-cost slope is fitted over.
enum class CostWindow {
  // Evidence (Thm. 3 upper bound in eps): past the onset (before it the policy is u = 0 and the
  // regret is saturated at that of doing nothing) and where the cost dominates (>= OFU-RL's
  // regret). Statistic: measured slope - the steepest local slope in eps of Thm. 1's
  // eps-dependent terms over the same eps; it may not be < 0.
  kDominating,
  // Observation (tightness at large eps): every eps past the onset; the same difference, no
  // verdict.
  kPastOnset,
};

// Slope of log(final regret of the private agent - final regret of ofu_rl) against log eps, over
// the eps of `window`, minus the steepest least-squares slope in eps of the eps-dependent terms
// above at k = K over the same eps. Fewer than 2 eps: out of regime; exactly 2: inconclusive
// (MarkFewFitPoints, statistics.h).
MeasureFunction PrivacyCostExponent(const std::string& env, const std::string& private_agent,
                                    CostWindow window);

// The implied constant of Thm. 1 (ofu_rl, private_agent empty) or Thm. 3 (each eps of the private
// agent): R_s(K) / (Thm. 1's expression above at K with the group's constants, the sum of its
// terms), failure probability alpha (confidence_alpha). The clipped agents' runs carry the
// vacuity annotation [C^, K H (||Q|| + ||R|| gamma^2) / f] (spectral norms of the named system's
// Q, R; the recorded regret is the unclipped linear policy's, equal to the applied one's where no
// step was clipped: the label gives the clipped steps); every run shows u = 0's regret over K
// episodes in units of f, where a private run of `env` has a grid episode before every seed's
// onset (there the OFU step returns the zero gains, lq_onset.h, and every seed's exact regret
// per episode is u = 0's).
MeasureFunction LqImpliedConstant(const std::string& env, const std::string& private_agent);

// Lemma 1 (explicit): for each run of `agent` on `env` (each eps of a private agent), the seeds
// whose cumulative_coverage_failures at K are > 0 (Theta* outside C_k in some episode k <= K)
// against the statement's probability: alpha for ofu_rl (Assumption 2 holds surely: H_k =
// lambda I, L_k = 0), 2 alpha for the private agents (Assumption 2 holds with probability
// >= 1 - alpha by the union bound of Thm. 3's proof, and Lemma 1 adds alpha).
MeasureFunction Lemma1Coverage(const std::string& env, const std::string& agent);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_CHOWDHURY_LQ_CLAIM_MEASUREMENTS_H_
