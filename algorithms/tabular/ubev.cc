#include "algorithms/tabular/ubev.h"

#include <cmath>

#include <glog/logging.h>

#include "absl/strings/str_cat.h"

namespace dprl {

absl::Status UbevOptions::Validate() const {
  if (!(failure_probability > 0.0 && failure_probability < 1.0)) {
    return absl::InvalidArgumentError(
        absl::StrCat("failure_probability must be in (0, 1), got ", failure_probability));
  }
  return absl::OkStatus();
}

absl::Status ValidateTabularShape(const TabularShape& shape) {
  if (shape.num_states < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("num_states must be >= 1, got ", shape.num_states));
  }
  if (shape.num_actions < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("num_actions must be >= 1, got ", shape.num_actions));
  }
  if (shape.horizon < 1) {
    return absl::InvalidArgumentError(absl::StrCat("horizon must be >= 1, got ", shape.horizon));
  }
  return absl::OkStatus();
}

// Exact-count statistics for the shared planner.
class UbevAgent::Statistics {
 public:
  explicit Statistics(const UbevAgent& agent) : agent_(agent) {}
  bool IsEstimated(int h, int s, int a) const { return Count(h, s, a) > 0.0; }
  double Count(int h, int s, int a) const {
    return agent_.counts_.Visits(agent_.shape_.Index(h, s, a));
  }
  double RewardSum(int h, int s, int a) const {
    return agent_.counts_.RewardSum(agent_.shape_.Index(h, s, a));
  }
  // (H + 1) phi^, Sec. 5.
  double Confidence(int h, int s, int a) const {
    const double n = Count(h, s, a);
    const double phi = std::sqrt((2.0 * std::log(n) + agent_.log_confidence_term_) / n);
    return (agent_.shape_.horizon + 1) * phi;
  }
  double NextValueSum(int h, int s, int a, const double* next_values) const {
    return agent_.counts_.NextValueSum(agent_.shape_.Index(h, s, a), next_values);
  }

 private:
  const UbevAgent& agent_;
};

absl::StatusOr<std::unique_ptr<UbevAgent>> UbevAgent::Create(const TabularShape& shape,
                                                             const UbevOptions& options) {
  if (absl::Status status = ValidateTabularShape(shape); !status.ok()) return status;
  if (absl::Status status = options.Validate(); !status.ok()) return status;
  return std::unique_ptr<UbevAgent>(new UbevAgent(shape, options));
}

UbevAgent::UbevAgent(const TabularShape& shape, const UbevOptions& options)
    : shape_(shape),
      options_(options),
      log_confidence_term_(
          2.0 * std::log(static_cast<double>(shape.StateActionSteps()) / options.failure_probability)),
      counts_(shape),
      plan_(shape) {}

void UbevAgent::BeginEpisode() { plan_.Plan(Statistics(*this), shape_.horizon); }

void UbevAgent::Observe(int h, int s, int a, double reward, int next_state) {
  counts_.Add(shape_.Index(h, s, a), reward, next_state);
}

}  // namespace dprl
