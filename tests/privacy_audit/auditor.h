// Empirical privacy auditor: a statistical lower bound on the privacy loss of a mechanism.
//
// Specification
// -------------
// Method (M. Jagielski, J. Ullman, A. Oprea, "Auditing differentially private machine learning:
// how private is private SGD?", NeurIPS 2020, Sec. 3; M. Nasr, S. Song, A. Thakurta, N. Papernot,
// N. Carlini, "Adversary instantiation: lower bounds for differentially private machine learning",
// IEEE S&P 2021, Sec. 4; the event search follows Z. Ding, Y. Wang, G. Wang, D. Zhang, D. Kifer,
// "Detecting violations of differential privacy", CCS 2018, Sec. 4):
//   1. Draw num_trials observations o = f(M(D)) and num_trials observations o' = f(M(D')) for a
//      pair of neighbouring inputs D, D' and an observation (statistic) f.
//   2. Training half: for each candidate threshold c (quantiles of the pooled training sample) and
//      each event E in {o >= c, o <= c}, in each direction (D vs D', D' vs D), estimate the
//      lower bound below; keep the event and direction that maximise it.
//   3. Held-out half: count k1 = #{E on the first input}, k2 = #{E on the second} out of the
//      held-out trials n1, n2, and return
//          epsilon_lower(delta) = ln((p1_lower - delta) / p2_upper),
//      where p1_lower is the one-sided Clopper-Pearson lower bound of P(M(D) in E) and p2_upper
//      the one-sided upper bound of P(M(D') in E), each at confidence 1 - confidence_beta / 2.
// If M is (eps, delta)-DP then P(M(D) in E) <= e^eps P(M(D') in E) + delta for every event E
// (the hockey-stick divergence E_{e^eps}(M(D) || M(D')) <= delta), so the event chosen on the
// training half, which is independent of the held-out half, gives
//     P(epsilon_lower > eps) <= confidence_beta.
// The result is a LOWER bound on the privacy loss for this pair, statistic and event family: an
// audit can show that a claim is false, never that it is true.
//
// The Clopper-Pearson bounds are common/binomial_bounds.h's.
// Testing utilities only.
#ifndef DPRL_TESTS_PRIVACY_AUDIT_AUDITOR_H_
#define DPRL_TESTS_PRIVACY_AUDIT_AUDITOR_H_

#include <cstdint>
#include <functional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "common/binomial_bounds.h"
#include "random/random_stream.h"

namespace dprl {

// One draw of the observation f(M(input)) for one of the two neighbouring inputs; all randomness
// from `stream` (a fresh child per trial).
using ObservationSampler = std::function<double(RandomStream& stream)>;

struct AuditOptions {
  // Trials per input; the first half trains the event, the second half evaluates it. >= 2.
  int64_t num_trials = 20000;
  // P(epsilon_lower > true privacy loss) <= confidence_beta. In (0, 1).
  double confidence_beta = 1e-6;
  // delta of the (eps, delta) bound: epsilon_lower = ln((p1_lower - target_delta) / p2_upper).
  // In [0, 1).
  double target_delta = 0.0;
  // At most this many candidate thresholds (evenly spaced quantiles of the pooled training
  // sample) are tried in step 2. >= 1.
  int64_t max_thresholds = 400;
  // Seed of the trials' streams: trial i of input j uses
  // RandomStream({seed, 0, 0, kTest}).Child(j, i).
  uint64_t seed = 1;

  // OK, or InvalidArgument naming the field and its bad value.
  absl::Status Validate() const;
};

struct AuditResult {
  // max(0, ln((p1_lower - target_delta) / p2_upper)) on the held-out half; 0 when the bound is
  // vacuous (p1_lower <= target_delta).
  double privacy_epsilon_lower = 0.0;
  // ln(k1 n2 / (k2 n1)) on the held-out half (infinity if k2 = 0); a point estimate, not a bound.
  double privacy_epsilon_point = 0.0;
  // The chosen event: observation >= threshold (upper_tail) or <= threshold; `swapped` is true
  // when the first input of the bound is the second input of the audit.
  double threshold = 0.0;
  bool upper_tail = true;
  bool swapped = false;
  // Held-out counts of the event and held-out trials per input (in the bound's order).
  int64_t count_first = 0;
  int64_t count_second = 0;
  int64_t heldout_trials = 0;
  // Clopper-Pearson bounds used in the bound (each at level confidence_beta / 2).
  double first_probability_lower = 0.0;
  double second_probability_upper = 1.0;

  // One line: eps_lower, event, counts.
  std::string DebugString() const;
};

// Runs the audit of the pair (first, second). Errors: the options' validation.
absl::StatusOr<AuditResult> AuditNeighbours(const ObservationSampler& first,
                                            const ObservationSampler& second,
                                            const AuditOptions& options);

// Largest epsilon_lower the audit can ever report with these trials and options: the value for a
// perfectly separating event (k1 = n, k2 = 0). A claim above it cannot be refuted by the audit.
double MaxReportableEpsilon(const AuditOptions& options);

}  // namespace dprl

#endif  // DPRL_TESTS_PRIVACY_AUDIT_AUDITOR_H_
