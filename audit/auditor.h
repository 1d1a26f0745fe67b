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
//
// Candidate statistics. An observation may be a vector (e.g. the actions the other users receive
// over an episode) with several candidate statistics of it (AuditNeighboursOver): step 2 then
// searches (statistic, threshold, tail, direction) together on the training half and step 3
// evaluates the one chosen event on the held-out half. The choice never looks at the held-out
// half, so the bound above holds at confidence_beta however many candidates were searched: no
// correction for multiple testing is needed within one audit. A suite of m audits whose claims
// are judged together takes confidence_beta = beta / m each (SuiteConfidenceBeta, union bound).
//
// What a result says (VerdictOf): "refuted" when privacy_epsilon_lower exceeds the claimed eps
// (then the claim is false with confidence 1 - confidence_beta), otherwise "no evidence against
// the claim", never "private": the audit tries one pair, one observation and threshold events.
//
// The trials' streams have their own purpose word, kAuditTrialPurpose, documented at its
// declaration: an audit is reproducible from (samplers, options) alone, and its result is the
// same bits whatever options.num_threads (each trial's stream is fixed by its index).
// Observations drawn elsewhere (a Python batch, a cluster job) are audited from their statistics
// with AuditSampled; the sampling functions above are that plus the drawing.
#ifndef DPRL_AUDIT_AUDITOR_H_
#define DPRL_AUDIT_AUDITOR_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "common/binomial_bounds.h"
#include "random/random_stream.h"

namespace dprl {

// The purpose word (StreamKey::purpose) of the trials' streams: trial i of input j draws from
// RandomStream({seed, 0, 0, kAuditTrialPurpose}).Child(j, i). Its value is the one the audits of
// tests/privacy_audit chose their fixed seeds with (the tests' general purpose word), so their
// bounds are the same bits as when the auditor was test code.
inline constexpr uint64_t kAuditTrialPurpose = 100;

// The stream of trial `trial` of input `input` (0: first, 1: second) of an audit with seed
// `seed`: RandomStream({seed, 0, 0, kAuditTrialPurpose}).Child(input, trial).
RandomStream AuditTrialStream(uint64_t seed, uint64_t input, uint64_t trial);

// One draw of the observation f(M(input)) for one of the two neighbouring inputs; all randomness
// from `stream` (a fresh child per trial). It must be a function of the stream alone: the same
// stream gives the same observation.
using ObservationSampler = std::function<double(RandomStream& stream)>;

// The same for a vector observation (every draw of one audit of the same length, >= 1).
using ObservationVectorSampler = std::function<std::vector<double>(RandomStream& stream)>;

// A vector sampler that may fail (e.g. an agent that refuses a user's input): its error ends the
// audit, prefixed with the input and the trial.
using FallibleObservationSampler =
    std::function<absl::StatusOr<std::vector<double>>(RandomStream& stream)>;

// A scalar statistic of a vector observation, among which the event search chooses.
struct CandidateStatistic {
  std::string name;  // names it in AuditResult::statistic, e.g. "count of action 1 at step 0"
  std::function<double(const std::vector<double>& observation)> value;
};

// The smallest confidence_beta: the Clopper-Pearson levels are confidence_beta / 2, which below
// about 1e-308 is no longer a positive normal double (5e-324 / 2 rounds to 0), and no audit of a
// size that can run needs a beta below 1e-300 (the trials it costs grow like ln(1 / beta)).
inline constexpr double kMinConfidenceBeta = 1e-300;

struct AuditOptions {
  // Trials per input; the first half trains the event, the second half evaluates it. >= 2.
  int64_t num_trials = 20000;
  // P(epsilon_lower > true privacy loss) <= confidence_beta. In [kMinConfidenceBeta, 1).
  double confidence_beta = 1e-6;
  // delta of the (eps, delta) bound: epsilon_lower = ln((p1_lower - target_delta) / p2_upper).
  // In [0, 1).
  double target_delta = 0.0;
  // At most this many candidate thresholds (evenly spaced quantiles of the pooled training
  // sample) are tried in step 2. >= 1.
  int64_t max_thresholds = 400;
  // Seed of the trials' streams: trial i of input j uses
  // RandomStream({seed, 0, 0, kAuditTrialPurpose}).Child(j, i).
  uint64_t seed = 1;
  // Threads that draw the trials (AuditNeighbours, AuditNeighboursOver); the samplers and the
  // statistics must then be safe to call concurrently (e.g. each builds its own agent from the
  // stream). The result does not depend on it. >= 1.
  int num_threads = 1;
  // Called with (trials drawn, 2 num_trials) after about every 1/100 of the trials and after the
  // last, from the drawing threads one at a time (never concurrently); empty: none.
  std::function<void(int64_t done, int64_t total)> progress;

  // OK, or InvalidArgument naming the field and its bad value.
  absl::Status Validate() const;
};

struct AuditResult {
  // The statistic the event is on: "observation" for AuditNeighbours, else the chosen
  // CandidateStatistic's name.
  std::string statistic = "observation";
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

// Runs the audit of the pair (first, second). Errors (InvalidArgument): the options'
// validation; an observation that is not finite (naming the input and the trial).
absl::StatusOr<AuditResult> AuditNeighbours(const ObservationSampler& first,
                                            const ObservationSampler& second,
                                            const AuditOptions& options);

// The audit of vector observations, the event searched over every candidate statistic (above).
// With one statistic that returns the observation's only entry it is AuditNeighbours, bit for
// bit. Errors (InvalidArgument): the options'; no statistic, a statistic without a name or a
// function, or two of one name; an observation that is empty, of another length than the first
// one, or whose statistic is not finite (naming the input, the trial and the statistic).
absl::StatusOr<AuditResult> AuditNeighboursOver(const ObservationVectorSampler& first,
                                                const ObservationVectorSampler& second,
                                                const std::vector<CandidateStatistic>& statistics,
                                                const AuditOptions& options);

// The chosen statistic's values on the held-out half, in the bound's order (first: the input
// whose event probability is bounded below; `swapped` says whether that is the audit's second):
// what a plot of the two distributions shows (audit_plot.h).
struct HeldOutValues {
  std::vector<double> first;
  std::vector<double> second;
};

// AuditNeighboursOver with samplers that may fail (the same bits when none does); a failing trial
// ends the audit with "input <first|second>, trial <i>: " and the sampler's error (the first
// failing trial in the order input, trial, whatever num_threads).
// When `heldout` is not null it receives the chosen statistic's held-out values.
absl::StatusOr<AuditResult> AuditFallibleNeighbours(
    const FallibleObservationSampler& first, const FallibleObservationSampler& second,
    const std::vector<CandidateStatistic>& statistics, const AuditOptions& options,
    HeldOutValues* heldout = nullptr);

// The statistics of trials drawn elsewhere: first[s][i] (second[s][i]) is statistic `names[s]`
// of trial i of the first (second) input, every row of options.num_trials entries; the first
// half of the trials trains the event, the second half tests it, as above.
struct SampledStatistics {
  std::vector<std::string> names;
  std::vector<std::vector<double>> first;
  std::vector<std::vector<double>> second;
};

// Steps 2 and 3 on sampled statistics (the trials must be independent draws, each input's
// identically distributed, for the bound to hold). AuditNeighboursOver is its sampling plus
// this, bit for bit. Errors (InvalidArgument): the options'; no statistic, an empty or repeated
// name, a row count other than the number of names, a row of another length than num_trials, or
// a value that is not finite (naming the statistic, the input and the trial).
// When `heldout` is not null it receives the chosen statistic's held-out values.
absl::StatusOr<AuditResult> AuditSampled(const SampledStatistics& sampled,
                                         const AuditOptions& options,
                                         HeldOutValues* heldout = nullptr);

// CheckMemoryEstimate (common/resource_limits.h) of what an audit of num_trials trials per input
// keeps at least: 8 bytes per candidate statistic and trial of both inputs plus one working copy
// of a statistic's values, and `extra_bytes_per_trial` per trial of each input that the caller
// keeps beside (e.g. Python's observation objects). InvalidArgument naming num_trials and the
// bytes when that exceeds this machine's memory; the audits call it before they sample.
absl::Status CheckAuditMemory(int64_t num_trials, int64_t num_statistics,
                              double extra_bytes_per_trial = 0.0);

// Largest epsilon_lower the audit can ever report with these trials and options: the value for a
// perfectly separating event (k1 = n, k2 = 0). A claim above it cannot be refuted by the audit.
double MaxReportableEpsilon(const AuditOptions& options);

// The smallest num_trials (the other options as given) at which MaxReportableEpsilon exceeds
// claimed_epsilon: fewer trials cannot refute the claim, whatever the mechanism (for target_delta
// = 0 about 2 e^eps ln(2 / confidence_beta)). Errors (InvalidArgument): claimed_epsilon not
// finite or < 0, the options' validation, or no num_trials up to 2^40 reaching it (naming the
// claim and target_delta).
absl::StatusOr<int64_t> TrialsNeededToRefute(double claimed_epsilon, const AuditOptions& options);

// The verdict of an audit on a claimed eps (above).
enum class AuditVerdict {
  kRefuted,            // privacy_epsilon_lower > claimed eps: false with confidence 1 - beta
  kNoEvidenceAgainst,  // the audit found no violation (which does not make the claim true)
};
AuditVerdict VerdictOf(const AuditResult& result, double claimed_epsilon);
// "refuted" or "no evidence against the claim".
std::string VerdictName(AuditVerdict verdict);

// The confidence_beta of each of `num_audits` audits whose claims are judged together at
// `suite_beta` (union bound): suite_beta / num_audits. Requires num_audits >= 1 (CHECK).
double SuiteConfidenceBeta(double suite_beta, int64_t num_audits);

}  // namespace dprl

#endif  // DPRL_AUDIT_AUDITOR_H_
