#include "algorithms/tabular/private_ucbvi.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "algorithms/mechanisms/counter_error_tail.h"
#include "algorithms/tabular/vietri_bounds.h"
#include "common/status_macros.h"
#include "common/validation.h"

namespace dprl {

absl::Status PrivateUcbviOptions::Validate() const {
  RETURN_IF_ERROR(ValidateFinitePositive("privacy_epsilon", privacy_epsilon));
  RETURN_IF_ERROR(ValidateOpenUnitInterval("failure_probability", failure_probability));
  RETURN_IF_ERROR(ValidateAtLeastOne("num_episodes", num_episodes));
  if (neighbour_relation != PucbNeighbourRelation::kAddRemove &&
      neighbour_relation != PucbNeighbourRelation::kReplacement) {
    return absl::InvalidArgumentError(
        absl::StrCat("neighbour_relation must be kAddRemove or kReplacement, got ",
                     static_cast<int>(neighbour_relation)));
  }
  return absl::OkStatus();
}

double PrivateUcbviCounterEpsilon(const TabularShape& shape, const PrivateUcbviOptions& options) {
  // l1 <= H per family under add/remove, 2H under replacement; three families.
  const double add_remove = PucbAddRemoveCounterEpsilon(options.privacy_epsilon, shape.horizon);
  return options.neighbour_relation == PucbNeighbourRelation::kAddRemove ? add_remove
                                                                         : add_remove / 2.0;
}

double PrivateUcbviLogTerm(const TabularShape& shape, const PrivateUcbviOptions& options) {
  const double statistics_failure_probability = options.failure_probability / 2.0;
  return std::sqrt(2.0 * std::log(4.0 * static_cast<double>(shape.StateActionSteps()) *
                                  static_cast<double>(options.num_episodes) /
                                  statistics_failure_probability));
}

double PrivateUcbviBonus(double denominator, double error_bound, double log_term, int num_states,
                         int horizon) {
  const double h = horizon, e = error_bound;
  return (h + 1.0) * log_term / std::sqrt(denominator) +
         (3.0 + 2.0 * h + static_cast<double>(num_states) * h) * e / denominator;
}

BinaryCounterOptions PrivateUcbviCounterOptions(const TabularShape& shape,
                                                const PrivateUcbviOptions& options) {
  return PrivateTabularCounts::CounterOptions(PrivateUcbviCounterEpsilon(shape, options),
                                              options.num_episodes);
}

absl::StatusOr<double> PrivateUcbviErrorBound(const TabularShape& shape,
                                              const PrivateUcbviOptions& options) {
  RETURN_IF_ERROR(ValidateTabularShape(shape));
  RETURN_IF_ERROR(options.Validate());
  const double counter_failure_probability =
      (options.failure_probability / 2.0) /
      PucbNumCounters(shape.num_states, shape.num_actions, shape.horizon);
  // An empty bank with the agent's counter options: its node noise is exactly the agent's.
  ASSIGN_OR_RETURN(BinaryCounterBank bank,
                   BinaryCounterBank::Create(0, PrivateUcbviCounterOptions(shape, options),
                                             RandomStream(StreamKey())));
  absl::StatusOr<double> bound =
      CounterErrorTailBound(options.num_episodes, NodeNoiseOf(bank), counter_failure_probability);
  if (!bound.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("Private-UCB-VI's error bound E: ", bound.status().message()));
  }
  return *bound;
}

// The planner's view: only private releases. Every triple is estimated (nbar >= 1).
class PrivateUcbviAgent::PrivateStatistics {
 public:
  explicit PrivateStatistics(const PrivateUcbviAgent& agent) : agent_(agent) {}
  bool IsEstimated(int, int, int) const { return true; }
  double Count(int h, int s, int a) const {
    return std::max(
        1.0, agent_.counts_.released_visits()[agent_.shape_.Index(h, s, a)] + agent_.error_bound_);
  }
  double RewardSum(int h, int s, int a) const {
    return agent_.counts_.ReleasedRewardSum(agent_.shape_.Index(h, s, a));
  }
  double Confidence(int h, int s, int a) const {
    return PrivateUcbviBonus(Count(h, s, a), agent_.error_bound_, agent_.log_term_,
                             agent_.shape_.num_states, agent_.shape_.horizon);
  }
  double NextValueSum(int h, int s, int a, const double* next_values) const {
    return agent_.counts_.ReleasedNextValueSum(agent_.shape_.Index(h, s, a), next_values);
  }

 private:
  const PrivateUcbviAgent& agent_;
};

absl::StatusOr<std::unique_ptr<PrivateUcbviAgent>> PrivateUcbviAgent::Create(
    const TabularShape& shape, const PrivateUcbviOptions& options,
    const RandomStream& noise_stream) {
  ASSIGN_OR_RETURN(const double error_bound, PrivateUcbviErrorBound(shape, options));
  ASSIGN_OR_RETURN(PrivateTabularCounts counts,
                   PrivateTabularCounts::Create(shape, PrivateUcbviCounterOptions(shape, options),
                                                noise_stream));
  return std::unique_ptr<PrivateUcbviAgent>(
      new PrivateUcbviAgent(shape, options, error_bound, std::move(counts)));
}

PrivateUcbviAgent::PrivateUcbviAgent(const TabularShape& shape, const PrivateUcbviOptions& options,
                                     double error_bound, PrivateTabularCounts counts)
    : shape_(shape),
      options_(options),
      error_bound_(error_bound),
      log_term_(PrivateUcbviLogTerm(shape, options)),
      counts_(std::move(counts)),
      plan_(shape) {
  // Every release is read every episode: maintain every noise sum incrementally.
  counts_.TrackAll();
}

void PrivateUcbviAgent::BeginEpisode() {
  CHECK_LT(counts_.episodes_done(), options_.num_episodes)
      << "Private-UCB-VI was created for num_episodes = " << options_.num_episodes;
  counts_.ReleaseVisits();
  counts_.ReleaseRewardsAndTransitions();  // every release is read by the plan below
  plan_.Plan(PrivateStatistics(*this), shape_.horizon);
}

void PrivateUcbviAgent::RecordStep(int h, int s, int a, double reward, int next_state) {
  counts_.RecordStep(h, shape_.Index(h, s, a), reward, next_state);
}

void PrivateUcbviAgent::EndEpisode() { counts_.EndEpisode(); }

}  // namespace dprl
