#include "tests/extending/toy_bonus_agent.h"

#include <cmath>

#include "common/status_macros.h"
#include "common/validation.h"

namespace dprl {

absl::Status ToyBonusOptions::Validate() const {
  RETURN_IF_ERROR(ValidateOpenUnitInterval("failure_probability", failure_probability));
  RETURN_IF_ERROR(ValidateAtLeastOne("num_episodes", num_episodes));
  return absl::OkStatus();
}

double ToyBonus(const TabularShape& shape, const ToyBonusOptions& options, double visits) {
  const double steps = static_cast<double>(options.num_episodes) * shape.horizon;  // T = K H
  const double log_term =
      std::log(2.0 * shape.num_states * shape.num_actions * steps / options.failure_probability);
  return shape.horizon * std::sqrt(log_term / (2.0 * visits));
}

absl::StatusOr<std::unique_ptr<ToyBonusAgent>> ToyBonusAgent::Create(
    const TabularShape& shape, const ToyBonusOptions& options) {
  RETURN_IF_ERROR(ValidateTabularShape(shape));
  RETURN_IF_ERROR(options.Validate());
  return std::unique_ptr<ToyBonusAgent>(new ToyBonusAgent(shape, options));
}

ToyBonusAgent::ToyBonusAgent(const TabularShape& shape, const ToyBonusOptions& options)
    : shape_(shape),
      options_(options),
      counts_(shape),
      bonus_(shape.StateActionSteps(), 0.0),
      plan_(shape) {}

void ToyBonusAgent::BeginEpisode() {
  plan_.PlanIncremental(ExactCountStatistics(shape_, counts_, bonus_), shape_.horizon);
}

void ToyBonusAgent::RecordStep(int h, int s, int a, double reward, int next_state) {
  const int64_t i = shape_.Index(h, s, a);
  counts_.Add(i, reward, next_state);
  bonus_[i] = ToyBonus(shape_, options_, counts_.Visits(i));
  plan_.MarkChanged(h, s, a);
}

}  // namespace dprl
