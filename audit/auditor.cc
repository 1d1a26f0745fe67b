#include "audit/auditor.h"

#include <glog/logging.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <mutex>
#include <set>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/binomial_bounds.h"
#include "common/normal_quantile.h"
#include "common/resource_limits.h"
#include "common/status_macros.h"
#include "common/validation.h"

namespace dprl {
namespace {

int64_t CountAtLeast(const std::vector<double>& sorted, double threshold) {
  return sorted.end() - std::lower_bound(sorted.begin(), sorted.end(), threshold);
}

int64_t CountAtMost(const std::vector<double>& sorted, double threshold) {
  return std::upper_bound(sorted.begin(), sorted.end(), threshold) - sorted.begin();
}

// Training score: a normal-approximation version of the held-out bound (cheap for many
// candidates). It only chooses the event; the guarantee rests on the exact held-out bound.
double TrainingScore(int64_t k1, int64_t k2, int64_t n, double z, double target_delta) {
  const double p1 = (k1 - z * std::sqrt(static_cast<double>(k1))) / n - target_delta;
  const double p2 = (k2 + z * std::sqrt(static_cast<double>(k2)) + z * z) / n;
  if (p1 <= 0.0) return -std::numeric_limits<double>::infinity();
  return std::log(p1 / p2);
}

// The bound of step 3 for k1 and k2 of n held-out trials: the Clopper-Pearson bounds at level
// confidence_beta / 2 and max(0, ln((p1_lower - target_delta) / p2_upper)) (0 when
// p1_lower <= target_delta).
struct HeldOutBound {
  double first_probability_lower;
  double second_probability_upper;
  double privacy_epsilon_lower;
};

HeldOutBound BoundOf(int64_t k1, int64_t k2, int64_t n, const AuditOptions& options) {
  const double level = options.confidence_beta / 2.0;
  HeldOutBound bound;
  bound.first_probability_lower = ClopperPearsonLower(k1, n, level);
  bound.second_probability_upper = ClopperPearsonUpper(k2, n, level);
  const double numerator = bound.first_probability_lower - options.target_delta;
  bound.privacy_epsilon_lower =
      numerator <= 0.0 ? 0.0 : std::max(0.0, std::log(numerator / bound.second_probability_upper));
  return bound;
}

}  // namespace

absl::Status AuditOptions::Validate() const {
  if (num_trials < 2) {
    return absl::InvalidArgumentError(
        absl::StrFormat("num_trials must be >= 2, got %d", num_trials));
  }
  if (!(confidence_beta >= kMinConfidenceBeta && confidence_beta < 1.0)) {
    return absl::InvalidArgumentError(absl::StrFormat("confidence_beta must be in [%g, 1), got %g",
                                                      kMinConfidenceBeta, confidence_beta));
  }
  if (!(target_delta >= 0.0 && target_delta < 1.0)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("target_delta must be in [0, 1), got %g", target_delta));
  }
  RETURN_IF_ERROR(ValidateAtLeastOne("max_thresholds", max_thresholds));
  RETURN_IF_ERROR(ValidateAtLeastOne("num_threads", num_threads));
  return absl::OkStatus();
}

std::string AuditResult::DebugString() const {
  return absl::StrFormat(
      "eps_lower=%.4f eps_point=%.4f event: %s obs %s %.6g, held-out %d/%d vs %d/%d, "
      "p1 >= %.4g, p2 <= %.4g",
      privacy_epsilon_lower, privacy_epsilon_point, swapped ? "(swapped)" : "",
      upper_tail ? ">=" : "<=", threshold, count_first, heldout_trials, count_second,
      heldout_trials, first_probability_lower, second_probability_upper);
}

double MaxReportableEpsilon(const AuditOptions& options) {
  const int64_t n = options.num_trials - options.num_trials / 2;
  return BoundOf(n, 0, n, options).privacy_epsilon_lower;
}

namespace {

// The event of step 2 on one statistic: the best (threshold, tail, direction) by TrainingScore,
// replacing `best` only where it scores strictly higher.
struct Choice {
  double score = -std::numeric_limits<double>::infinity();
  size_t statistic = 0;
  double threshold = 0.0;
  bool upper_tail = true;
  bool swapped = false;
};

// `values[j]` holds statistic `statistic` of every trial of input j; the first `train` are the
// training half.
void SearchEvents(const std::vector<double>* const (&values)[2], size_t statistic, int64_t train,
                  double z, const AuditOptions& options, Choice& best) {
  std::vector<double> sorted[2];
  for (int j = 0; j < 2; ++j) {
    sorted[j].assign(values[j]->begin(), values[j]->begin() + train);
    std::sort(sorted[j].begin(), sorted[j].end());
  }
  std::vector<double> pooled(sorted[0]);
  pooled.insert(pooled.end(), sorted[1].begin(), sorted[1].end());
  std::sort(pooled.begin(), pooled.end());
  pooled.erase(std::unique(pooled.begin(), pooled.end()), pooled.end());
  std::vector<double> candidates;
  const int64_t num_candidates = std::min<int64_t>(options.max_thresholds, pooled.size());
  for (int64_t c = 0; c < num_candidates; ++c) {
    const int64_t index =
        num_candidates == 1 ? 0
                            : c * (static_cast<int64_t>(pooled.size()) - 1) / (num_candidates - 1);
    candidates.push_back(pooled[index]);
  }
  for (double threshold : candidates) {
    for (bool upper_tail : {true, false}) {
      const int64_t k[2] = {
          upper_tail ? CountAtLeast(sorted[0], threshold) : CountAtMost(sorted[0], threshold),
          upper_tail ? CountAtLeast(sorted[1], threshold) : CountAtMost(sorted[1], threshold)};
      for (bool swapped : {false, true}) {
        const double score =
            TrainingScore(k[swapped ? 1 : 0], k[swapped ? 0 : 1], train, z, options.target_delta);
        if (score > best.score) {
          best = {score, statistic, threshold, upper_tail, swapped};
        }
      }
    }
  }
}

absl::Status ValidateNames(const std::vector<std::string>& names) {
  if (names.empty()) {
    return absl::InvalidArgumentError("statistics: at least one candidate statistic is needed");
  }
  std::set<std::string> seen;
  for (size_t s = 0; s < names.size(); ++s) {
    if (names[s].empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("statistics[", s, "]: a candidate statistic needs a name"));
    }
    if (!seen.insert(names[s]).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("statistics: two candidate statistics are named '", names[s], "'"));
    }
  }
  return absl::OkStatus();
}

absl::Status ValidateStatistics(const std::vector<CandidateStatistic>& statistics) {
  std::vector<std::string> names;
  for (const CandidateStatistic& statistic : statistics) names.push_back(statistic.name);
  RETURN_IF_ERROR(ValidateNames(names));
  for (size_t s = 0; s < statistics.size(); ++s) {
    if (!statistics[s].value) {
      return absl::InvalidArgumentError(
          absl::StrCat("statistics[", s, "]: a candidate statistic needs a function"));
    }
  }
  return absl::OkStatus();
}

const char* InputName(int j) { return j == 0 ? "first" : "second"; }

absl::Status NonFiniteStatistic(const std::string& name, int j, int64_t trial, double value) {
  return absl::InvalidArgumentError(absl::StrCat("statistic '", name, "' of trial ", trial,
                                                 " of input ", InputName(j), " is ", value,
                                                 " (must be finite)"));
}

// Draws trial `trial` of input j and writes its statistics into values (rows of `sampled`);
// `length` is the observation length every trial must have (0: any, for the first trial).
absl::Status DrawTrial(const FallibleObservationSampler& sampler,
                       const std::vector<CandidateStatistic>& statistics,
                       const AuditOptions& options, int j, int64_t trial, size_t& length,
                       std::vector<std::vector<double>>& values) {
  RandomStream stream =
      AuditTrialStream(options.seed, static_cast<uint64_t>(j), static_cast<uint64_t>(trial));
  absl::StatusOr<std::vector<double>> drawn = sampler(stream);
  if (!drawn.ok()) {
    return absl::Status(drawn.status().code(), absl::StrCat("input ", InputName(j), ", trial ",
                                                            trial, ": ", drawn.status().message()));
  }
  const std::vector<double>& observation = *drawn;
  if (length == 0) length = observation.size();
  if (observation.empty() || observation.size() != length) {
    return absl::InvalidArgumentError(absl::StrCat(
        "observation of trial ", trial, " of input ", InputName(j), " has ", observation.size(),
        " entries, the first one had ", length, " (>= 1, all equal)"));
  }
  for (size_t s = 0; s < statistics.size(); ++s) {
    const double value = statistics[s].value(observation);
    if (!std::isfinite(value)) return NonFiniteStatistic(statistics[s].name, j, trial, value);
    values[s][trial] = value;
  }
  return absl::OkStatus();
}

}  // namespace

RandomStream AuditTrialStream(uint64_t seed, uint64_t input, uint64_t trial) {
  return RandomStream({seed, 0, 0, kAuditTrialPurpose}).Child(input, trial);
}

absl::StatusOr<AuditResult> AuditSampled(const SampledStatistics& sampled,
                                         const AuditOptions& options,
                                         HeldOutValues* heldout_values) {
  RETURN_IF_ERROR(options.Validate());
  RETURN_IF_ERROR(ValidateNames(sampled.names));
  const std::vector<std::vector<double>>* rows[2] = {&sampled.first, &sampled.second};
  for (int j = 0; j < 2; ++j) {
    if (rows[j]->size() != sampled.names.size()) {
      return absl::InvalidArgumentError(absl::StrCat("sampled statistics: input ", InputName(j),
                                                     " has ", rows[j]->size(), " rows for ",
                                                     sampled.names.size(), " statistic names"));
    }
    for (size_t s = 0; s < sampled.names.size(); ++s) {
      const std::vector<double>& row = (*rows[j])[s];
      if (static_cast<int64_t>(row.size()) != options.num_trials) {
        return absl::InvalidArgumentError(absl::StrCat(
            "sampled statistics: statistic '", sampled.names[s], "' of input ", InputName(j),
            " has ", row.size(), " trials, num_trials is ", options.num_trials));
      }
      for (int64_t i = 0; i < options.num_trials; ++i) {
        if (!std::isfinite(row[i])) return NonFiniteStatistic(sampled.names[s], j, i, row[i]);
      }
    }
  }
  const int64_t train = options.num_trials / 2;
  const int64_t heldout = options.num_trials - train;
  // Step 2: event search on the training half, over every statistic.
  const double z = NormalUpperQuantile(options.confidence_beta / 2.0);
  Choice best;
  for (size_t s = 0; s < sampled.names.size(); ++s) {
    const std::vector<double>* const of_statistic[2] = {&sampled.first[s], &sampled.second[s]};
    SearchEvents(of_statistic, s, train, z, options, best);
  }
  AuditResult result;
  result.statistic = sampled.names[best.statistic];
  result.threshold = best.threshold;
  result.upper_tail = best.upper_tail;
  result.swapped = best.swapped;
  // Step 3: evaluate the chosen event on the held-out half.
  int64_t counts[2] = {0, 0};
  for (int j = 0; j < 2; ++j) {
    const std::vector<double>& chosen = (*rows[j])[best.statistic];
    for (int64_t i = train; i < options.num_trials; ++i) {
      const double o = chosen[i];
      if (result.upper_tail ? o >= result.threshold : o <= result.threshold) ++counts[j];
    }
  }
  if (heldout_values != nullptr) {
    const int j_first = result.swapped ? 1 : 0;
    const std::vector<double>& first_row = (*rows[j_first])[best.statistic];
    const std::vector<double>& second_row = (*rows[1 - j_first])[best.statistic];
    heldout_values->first.assign(first_row.begin() + train, first_row.end());
    heldout_values->second.assign(second_row.begin() + train, second_row.end());
  }
  result.count_first = counts[result.swapped ? 1 : 0];
  result.count_second = counts[result.swapped ? 0 : 1];
  result.heldout_trials = heldout;
  const HeldOutBound bound = BoundOf(result.count_first, result.count_second, heldout, options);
  result.first_probability_lower = bound.first_probability_lower;
  result.second_probability_upper = bound.second_probability_upper;
  result.privacy_epsilon_lower = bound.privacy_epsilon_lower;
  result.privacy_epsilon_point =
      result.count_second == 0
          ? std::numeric_limits<double>::infinity()
          : std::log(static_cast<double>(result.count_first) / result.count_second);
  return result;
}

absl::StatusOr<AuditResult> AuditNeighboursOver(const ObservationVectorSampler& first,
                                                const ObservationVectorSampler& second,
                                                const std::vector<CandidateStatistic>& statistics,
                                                const AuditOptions& options) {
  auto fallible = [](const ObservationVectorSampler& sampler) {
    return [&sampler](RandomStream& stream) -> absl::StatusOr<std::vector<double>> {
      return sampler(stream);
    };
  };
  return AuditFallibleNeighbours(fallible(first), fallible(second), statistics, options);
}

absl::StatusOr<AuditResult> AuditFallibleNeighbours(
    const FallibleObservationSampler& first, const FallibleObservationSampler& second,
    const std::vector<CandidateStatistic>& statistics, const AuditOptions& options,
    HeldOutValues* heldout) {
  RETURN_IF_ERROR(options.Validate());
  RETURN_IF_ERROR(ValidateStatistics(statistics));
  RETURN_IF_ERROR(CheckAuditMemory(options.num_trials, static_cast<int64_t>(statistics.size())));
  SampledStatistics sampled;
  for (const CandidateStatistic& statistic : statistics) sampled.names.push_back(statistic.name);
  sampled.first.assign(statistics.size(), std::vector<double>(options.num_trials));
  sampled.second.assign(statistics.size(), std::vector<double>(options.num_trials));
  const FallibleObservationSampler* samplers[2] = {&first, &second};
  std::vector<std::vector<double>>* rows[2] = {&sampled.first, &sampled.second};
  // Trial 0 of the first input fixes the observation length; the other trials, numbered
  // j * num_trials + i, are drawn by num_threads threads, thread t taking 1 + t, 1 + t +
  // num_threads, ...
  // An error at one trial stops the trials after it, and the error of the first failing trial in
  // that order is returned, as with one thread.
  size_t length = 0;
  RETURN_IF_ERROR(DrawTrial(first, statistics, options, 0, 0, length, sampled.first));
  const int64_t total = 2 * options.num_trials;
  std::atomic<int64_t> first_failure{total};
  std::atomic<int64_t> drawn{1};
  std::mutex progress_mutex;
  const int64_t progress_step = std::max<int64_t>(1, total / 100);
  auto report = [&](int64_t done) {
    if (options.progress && (done % progress_step == 0 || done == total)) {
      std::lock_guard<std::mutex> lock(progress_mutex);
      options.progress(done, total);
    }
  };
  std::vector<absl::Status> failures(options.num_threads);
  std::vector<int64_t> failed_at(options.num_threads, total);
  auto work = [&](int t) {
    size_t expected = length;
    for (int64_t f = 1 + t; f < total; f += options.num_threads) {
      if (f > first_failure.load()) return;
      const int j = f < options.num_trials ? 0 : 1;
      const int64_t trial = f - j * options.num_trials;
      absl::Status status =
          DrawTrial(*samplers[j], statistics, options, j, trial, expected, *rows[j]);
      if (status.ok()) report(drawn.fetch_add(1) + 1);
      if (!status.ok()) {
        failures[t] = std::move(status);
        failed_at[t] = f;
        int64_t current = first_failure.load();
        while (f < current && !first_failure.compare_exchange_weak(current, f)) {
        }
        return;
      }
    }
  };
  if (options.num_threads == 1) {
    work(0);
  } else {
    std::vector<std::thread> threads;
    for (int t = 0; t < options.num_threads; ++t) threads.emplace_back(work, t);
    for (std::thread& thread : threads) thread.join();
  }
  if (first_failure.load() < total) {
    for (int t = 0; t < options.num_threads; ++t) {
      if (failed_at[t] == first_failure.load()) return failures[t];
    }
  }
  return AuditSampled(sampled, options, heldout);
}

absl::StatusOr<AuditResult> AuditNeighbours(const ObservationSampler& first,
                                            const ObservationSampler& second,
                                            const AuditOptions& options) {
  auto as_vector = [](const ObservationSampler& sampler) {
    return [&sampler](RandomStream& stream) { return std::vector<double>{sampler(stream)}; };
  };
  const std::vector<CandidateStatistic> identity = {
      {"observation", [](const std::vector<double>& observation) { return observation[0]; }}};
  return AuditNeighboursOver(as_vector(first), as_vector(second), identity, options);
}

absl::StatusOr<int64_t> TrialsNeededToRefute(double claimed_epsilon, const AuditOptions& options) {
  if (!(std::isfinite(claimed_epsilon) && claimed_epsilon >= 0.0)) {
    return absl::InvalidArgumentError(
        absl::StrCat("claimed_epsilon must be finite and >= 0, got ", claimed_epsilon));
  }
  RETURN_IF_ERROR(options.Validate());
  AuditOptions at = options;
  auto refutable = [&](int64_t trials) {
    at.num_trials = trials;
    return MaxReportableEpsilon(at) > claimed_epsilon;
  };
  constexpr int64_t kMaxTrials = int64_t{1} << 40;
  int64_t high = 2;
  while (!refutable(high)) {
    if (high >= kMaxTrials) {
      return absl::InvalidArgumentError(absl::StrCat(
          "no audit of up to 2^40 trials can refute claimed_epsilon = ", claimed_epsilon,
          " at target_delta = ", options.target_delta,
          " and confidence_beta = ", options.confidence_beta));
    }
    high *= 2;
  }
  int64_t low = high / 2;  // not refutable (or 1)
  while (high - low > 1) {
    const int64_t mid = low + (high - low) / 2;
    if (refutable(mid)) {
      high = mid;
    } else {
      low = mid;
    }
  }
  return high;
}

absl::Status CheckAuditMemory(int64_t num_trials, int64_t num_statistics,
                              double extra_bytes_per_trial) {
  const double trials = static_cast<double>(num_trials);
  const double bytes = 8.0 * trials * (2.0 * static_cast<double>(num_statistics) + 2.0) +
                       2.0 * trials * extra_bytes_per_trial;
  return CheckMemoryEstimate(absl::StrCat("audit with num_trials = ", num_trials), bytes);
}

AuditVerdict VerdictOf(const AuditResult& result, double claimed_epsilon) {
  return result.privacy_epsilon_lower > claimed_epsilon ? AuditVerdict::kRefuted
                                                        : AuditVerdict::kNoEvidenceAgainst;
}

std::string VerdictName(AuditVerdict verdict) {
  return verdict == AuditVerdict::kRefuted ? "refuted" : "no evidence against the claim";
}

double SuiteConfidenceBeta(double suite_beta, int64_t num_audits) {
  CHECK_GE(num_audits, 1);
  return suite_beta / static_cast<double>(num_audits);
}

}  // namespace dprl
