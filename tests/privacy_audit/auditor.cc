#include "tests/privacy_audit/auditor.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "absl/strings/str_format.h"
#include "common/binomial_bounds.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "testing/random_streams.h"
#include "testing/statistics_for_tests.h"

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

}  // namespace

absl::Status AuditOptions::Validate() const {
  if (num_trials < 2) {
    return absl::InvalidArgumentError(
        absl::StrFormat("num_trials must be >= 2, got %d", num_trials));
  }
  RETURN_IF_ERROR(ValidateOpenUnitInterval("confidence_beta", confidence_beta));
  if (!(target_delta >= 0.0 && target_delta < 1.0)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("target_delta must be in [0, 1), got %g", target_delta));
  }
  RETURN_IF_ERROR(ValidateAtLeastOne("max_thresholds", max_thresholds));
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
  const double level = options.confidence_beta / 2.0;
  const double p1 = ClopperPearsonLower(n, n, level) - options.target_delta;
  if (p1 <= 0.0) return 0.0;
  return std::log(p1 / ClopperPearsonUpper(0, n, level));
}

absl::StatusOr<AuditResult> AuditNeighbours(const ObservationSampler& first,
                                            const ObservationSampler& second,
                                            const AuditOptions& options) {
  RETURN_IF_ERROR(options.Validate());
  const RandomStream base({options.seed, 0, 0, TestPurpose::kTest});
  const int64_t train = options.num_trials / 2;
  const int64_t heldout = options.num_trials - train;
  std::vector<double> observations[2];
  const ObservationSampler* samplers[2] = {&first, &second};
  for (int j = 0; j < 2; ++j) {
    observations[j].resize(options.num_trials);
    for (int64_t i = 0; i < options.num_trials; ++i) {
      RandomStream stream = base.Child(static_cast<uint64_t>(j), static_cast<uint64_t>(i));
      observations[j][i] = (*samplers[j])(stream);
    }
  }
  // Step 2: event search on the training half.
  std::vector<double> sorted[2];
  for (int j = 0; j < 2; ++j) {
    sorted[j].assign(observations[j].begin(), observations[j].begin() + train);
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
  const double z = NormalUpperQuantile(options.confidence_beta / 2.0);
  double best_score = -std::numeric_limits<double>::infinity();
  AuditResult result;
  for (double threshold : candidates) {
    for (bool upper_tail : {true, false}) {
      const int64_t k[2] = {
          upper_tail ? CountAtLeast(sorted[0], threshold) : CountAtMost(sorted[0], threshold),
          upper_tail ? CountAtLeast(sorted[1], threshold) : CountAtMost(sorted[1], threshold)};
      for (bool swapped : {false, true}) {
        const double score =
            TrainingScore(k[swapped ? 1 : 0], k[swapped ? 0 : 1], train, z, options.target_delta);
        if (score > best_score) {
          best_score = score;
          result.threshold = threshold;
          result.upper_tail = upper_tail;
          result.swapped = swapped;
        }
      }
    }
  }
  // Step 3: evaluate the chosen event on the held-out half.
  int64_t counts[2] = {0, 0};
  for (int j = 0; j < 2; ++j) {
    for (int64_t i = train; i < options.num_trials; ++i) {
      const double o = observations[j][i];
      if (result.upper_tail ? o >= result.threshold : o <= result.threshold) ++counts[j];
    }
  }
  result.count_first = counts[result.swapped ? 1 : 0];
  result.count_second = counts[result.swapped ? 0 : 1];
  result.heldout_trials = heldout;
  const double level = options.confidence_beta / 2.0;
  result.first_probability_lower = ClopperPearsonLower(result.count_first, heldout, level);
  result.second_probability_upper = ClopperPearsonUpper(result.count_second, heldout, level);
  const double numerator = result.first_probability_lower - options.target_delta;
  result.privacy_epsilon_lower =
      numerator <= 0.0 ? 0.0 : std::max(0.0, std::log(numerator / result.second_probability_upper));
  result.privacy_epsilon_point =
      result.count_second == 0
          ? std::numeric_limits<double>::infinity()
          : std::log(static_cast<double>(result.count_first) / result.count_second);
  return result;
}

}  // namespace dprl
