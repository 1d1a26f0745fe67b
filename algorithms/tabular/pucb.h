// PUCB: Private Upper Confidence Bound (Vietri, Balle, Krishnamurthy, Wu 2020, "Private
// Reinforcement Learning with PAC and Regret Guarantees", ICML; Algorithms 2 and 3).
//
// Privacy guarantee (Thm. 1), stated per neighbour relation. Users u_t and u'_t are neighbours
// under
//   add/remove:  u'_t is the empty user (contributes nothing to any counter) or vice versa;
//   replacement: u'_t is any other user (the paper's Def. 3, "t-neighbouring user sequences").
// With eps' = privacy_epsilon / (3H) (Alg. 2), Claim 1's l1 bound H on the change of each family
// of streams (n~, r~, m~) holds for add/remove; replacement can remove H unit inputs and add H
// others, l1 change 2H, so Alg. 2's calibration is privacy_epsilon-JDP for add/remove and
// 2 privacy_epsilon-JDP for replacement. options.neighbour_relation picks the relation the
// caller's privacy_epsilon is meant for:
//   kAddRemove   eps' = privacy_epsilon / (3H)   (Alg. 2 as written)
//   kReplacement eps' = privacy_epsilon / (6H)   (privacy_epsilon-JDP under Def. 3)
// and PucbEpsilonUnder gives the epsilon of a configuration under either relation. The actions
// sent to all users and the final policy are JDP (billboard lemma: pi_t depends on other users
// only through the private counters). The planner reads ONLY the counters' private releases.
//
// Counters (Alg. 2): one binary counting mechanism PC(T, eps') per statistic, all with exact
// discrete Laplace node noise and exact integer releases (binary_counter.h):
//   r~(s,a,h)    reward sums,       SAH counters
//   n~(s,a,h)    visit counts,      SAH counters, inputs in {0,1}
//   m~(s,a,s',h) transition counts, S^2AH counters, inputs in {0,1}
// Rewards r in [0, 1] (Observe refuses others) are made integer before they reach r~ by unbiased
// randomised rounding: the input is a bit b ~ Bernoulli(r) (E[b] = r up to 2^-53: b = [u < r] for
// a 53-bit uniform u), drawn from the agent's own rounding stream (a child of noise_stream, never
// released). Each bit is in [0, 1], so Claim 1's sensitivity is unchanged, and since the counter
// is eps'-DP for every pair of bit streams, it is eps'-DP for every pair of reward streams (the
// output law is a mixture over the bits of laws that are each eps'-close). No floating-point
// noise touches any release, so residues of releases reveal nothing (Mironov, CCS 2012).
// Every episode feeds every counter once (the visited triples' inputs, 0 to all the others), so
// all counters have horizon T = num_episodes.
//
// Error bound E (options.error_bound_method), log base 2 for log(T) (tree depth), natural log
// elsewhere:
//   kPaper (Sec. 3, Alg. 3):
//     E_eps = (3/privacy_epsilon) H ln((2SAH + HAS^2)/beta) log2(T)^{5/2}
//           = (1/eps') ln(#counters/beta) log2(T)^{5/2}
//   kExactTail (beyond the paper; algorithms/mechanisms/counter_error_tail.h): with
//     beta_counter = beta / #counters, #counters = 2SAH + S^2AH (the paper's split),
//     E = smallest E with
//         sum_{k=1..L} #{t <= T : popcount(t) = k} P(|S_k| > E) <= beta_counter,
//     S_k = sum of k iid node noises of a counter (discrete Laplace with the counters' exact
//     rational scale; all three families share it), L = floor(log2 T) + 1.
//     Union bound over t and over all counters: w.p. >= 1 - beta every release of every counter is
//     within E, as the analysis of Sec. 5 uses E_eps. Privacy does not involve E (the counters and
//     eps' are unchanged; E only enters the bonus and the 2E threshold, functions of the
//     releases), so kExactTail is privacy_epsilon-JDP exactly as kPaper (docs/privacy_notes.md).
//     E is ~15-25x smaller than E_eps at PUCB sizes (pucb_test), so triples pass 2E much earlier.
//   Edge case: for small T the paper's E_eps is not a valid 1 - beta bound (the log2(T)^{5/2}
//   factor is too small: E_eps = 0 at T = 1, which would make Q~ = 0/0; at T = 2 it is below the
//   exact-tail E for every shape; at T = 3 or 4 it depends on S, A, H and beta). PucbAgent::Create
//   therefore refuses kPaper whenever E_eps is below the exact-tail E (a certified bound), with a
//   message naming both; kExactTail is valid for every T >= 1.
// Bonuses (Sec. 3), with n~ = n~_t(s,a,h):
//   phi~ = sqrt( (2 ln(n~ + E) + 2 ln(SAH/beta)) / max(n~ - E, 1) )
//   psi~ = (1 + SH) (3E / n~ + 2E^2 / n~^2)
//   conf = (H + 1) phi~ + psi~                if n~ >= 2E
// PrivQ (Alg. 3) via the shared planner: Q~ = (r~ + sum_s' V~_{h+1}(s') m~) / n~,
//   Q~+ = min{H, Q~ + conf}                  if n~ >= 2E
//   Q~+ = H                                  if n~ <  2E.
// Choice for n~ < max(2E, 1): the estimate divides by n~, so a triple needs n~ >= 1 as well as
// Alg. 3's n~ >= 2E. This matters only when E < 1/2: the exact-tail E is 0 when the node noise is
// almost surely 0 (privacy_epsilon in the thousands at small T), where n~ >= 2E alone would admit
// n~ = 0 and Q~ = 0/0.
// Choice for n~ < 2E: Alg. 3 writes conf = H, Q~+ = min{H, Q~ + H}; we set Q~+ = H, as the
// slides and the proof sketch of Sec. 5 do ("we simply upper bound Q* <= H"). The literal form
// divides by a private count that may be <= 0 and its value is never used by the analysis.
// Consequence used for speed: r~ and m~ of a triple are only needed once n~ >= 2E, so their
// noise sums are tracked from that episode on (releases are identical either way, see
// BinaryCounterBank::Track). And Q~+ of a triple with n~ < max(2E, 1) is H whatever its counts, so
// each episode's plan recomputes Q~+ only for the triples estimated now or at the previous plan
// (and the steps whose V~_{h+1} changed): OptimisticPlan's incremental planning, the same plan bit
// for bit.

#ifndef DPRL_ALGORITHMS_TABULAR_PUCB_H_
#define DPRL_ALGORITHMS_TABULAR_PUCB_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/mechanisms/binary_counter.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "algorithms/tabular/private_tabular_counts.h"
#include "algorithms/tabular/pucb_options.h"
#include "algorithms/tabular/tabular_agent.h"
#include "random/random_stream.h"

namespace dprl {

// eps' of every counter.
double PucbCounterEpsilon(const TabularShape& shape, const PucbOptions& options);
// The options of PUCB's counters (Alg. 2): eps' above, horizon T = num_episodes, inputs in {0, 1}
// (rewards after randomised rounding).
BinaryCounterOptions PucbCounterOptions(const TabularShape& shape, const PucbOptions& options);
// The epsilon of PUCB with these options under `relation`: privacy_epsilon for the configured
// relation; for the other one, 2 privacy_epsilon (replacement of an add/remove calibration) or
// privacy_epsilon / 2 (add/remove of a replacement calibration).
double PucbEpsilonUnder(const PucbOptions& options, PucbNeighbourRelation relation);

// The optimism bonus of Sec. 3 for a triple with (private) count n >= 2E > 0, or with exact
// counts (E = 0, n >= 1):
//   conf = (H + 1) phi~ + psi~,  phi~ = sqrt((2 ln(n + E) + log_confidence_term) / max(n - E, 1)),
//   psi~ = (1 + SH) (3E / n + 2E^2 / n^2),   log_confidence_term = 2 ln(SAH / beta).
double PucbConfidence(double count, double error_bound, double log_confidence_term, int num_states,
                      int horizon);
// E used by the agent (formulas above). kPaper: PucbCountersErrorBound of
// algorithms/tabular/vietri_bounds.h with eps' = PucbCounterEpsilon. kExactTail:
// CounterErrorTailBound for the agent's counters. Requires a valid shape and options.Validate()
// (CHECK; PucbAgent::Create returns the errors as a Status instead).
double PucbErrorBound(const TabularShape& shape, const PucbOptions& options);
// The E PucbAgent::Create would use, with every check Create makes on shape and options (valid
// shape, options.Validate(), a node noise the counters can sample, and for kPaper the "Edge
// case" E_eps >= exact-tail bound) but without allocating the counters: what a caller validates
// a configuration with before running it. Errors are the ones Create returns.
absl::StatusOr<double> CheckedPucbErrorBound(const TabularShape& shape, const PucbOptions& options);

class PucbAgent : public TabularAgent {
 public:
  // noise_stream must be reserved for this agent's counters (purpose kPrivacyNoise).
  static absl::StatusOr<std::unique_ptr<PucbAgent>> Create(const TabularShape& shape,
                                                           const PucbOptions& options,
                                                           const RandomStream& noise_stream);

  const TabularShape& shape() const override { return shape_; }
  void BeginEpisode() override;
  void EndEpisode() override;

  double error_bound() const { return error_bound_; }
  const OptimisticPlan& plan() const override { return plan_; }
  // The private releases n~_t used by the last BeginEpisode (index TabularShape::Index).
  const std::vector<double>& released_visit_counts() const { return counts_.released_visits(); }
  // Bytes of counter state (O(S^2 A H), independent of T).
  int64_t memory_bytes() const;

 protected:
  // Alg. 2: feeds Bernoulli(r) to r~(s,a,h) and 1 to n~(s,a,h), m~(s,a,s',h).
  void RecordStep(int h, int s, int a, double reward, int next_state) override;

 private:
  // Reads the counter banks; testonly, "Not differentially private" (pucb_testing.h).
  friend class PucbAgentPeer;
  class PrivateStatistics;
  PucbAgent(const TabularShape& shape, const PucbOptions& options, double error_bound,
            PrivateTabularCounts counts);

  TabularShape shape_;
  PucbOptions options_;
  double error_bound_;                    // E (kPaper: E_eps of Alg. 3)
  double estimate_threshold_;             // max(2E, 1): triples below it plan with Q~+ = H
  double log_confidence_term_;            // 2 ln(SAH / beta)
  PrivateTabularCounts counts_;           // n~, r~, m~ and the rewards' rounding
  std::vector<char> tracking_estimates_;  // r~, m~ of the triple are tracked
  std::vector<char> estimated_in_plan_;   // n~ >= max(2E, 1) at the last plan
  OptimisticPlan plan_;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_PUCB_H_
