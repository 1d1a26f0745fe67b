#include "algorithms/tabular/ucbvi.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "common/status_macros.h"
#include "common/validation.h"

namespace dprl {

absl::Status UcbviOptions::Validate() const {
  RETURN_IF_ERROR(ValidateOpenUnitInterval("failure_probability", failure_probability));
  RETURN_IF_ERROR(ValidateAtLeastOne("num_episodes", num_episodes));
  return absl::OkStatus();
}

double UcbviLogTerm(const TabularShape& shape, const UcbviOptions& options) {
  const double steps = static_cast<double>(options.num_episodes) * shape.horizon;  // T = K H
  return std::log(5.0 * shape.num_states * shape.num_actions * steps / options.failure_probability);
}

double UcbviHoeffdingBonus(double visits, double log_term, int horizon) {
  return 7.0 * horizon * log_term * std::sqrt(1.0 / visits);
}

absl::StatusOr<std::unique_ptr<UcbviAgent>> UcbviAgent::Create(const TabularShape& shape,
                                                               const UcbviOptions& options) {
  RETURN_IF_ERROR(ValidateTabularShape(shape));
  RETURN_IF_ERROR(options.Validate());
  return std::unique_ptr<UcbviAgent>(new UcbviAgent(shape, options));
}

UcbviAgent::UcbviAgent(const TabularShape& shape, const UcbviOptions& options)
    : shape_(shape),
      log_term_(UcbviLogTerm(shape, options)),
      counts_(shape),
      bonus_(shape.StateActionSteps(), 0.0),
      plan_(shape) {}

void UcbviAgent::BeginEpisode() {
  plan_.PlanIncremental(ExactCountStatistics(shape_, counts_, bonus_), shape_.horizon);
}

void UcbviAgent::RecordStep(int h, int s, int a, double reward, int next_state) {
  const int64_t i = shape_.Index(h, s, a);
  counts_.Add(i, reward, next_state);
  bonus_[i] = UcbviHoeffdingBonus(counts_.Visits(i), log_term_, shape_.horizon);
  plan_.MarkChanged(h, s, a);
}

}  // namespace dprl
