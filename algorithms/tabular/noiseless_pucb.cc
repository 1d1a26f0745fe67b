#include "algorithms/tabular/noiseless_pucb.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "algorithms/tabular/pucb.h"
#include "common/status_macros.h"
#include "common/validation.h"

namespace dprl {

absl::Status NoiselessPucbOptions::Validate() const {
  RETURN_IF_ERROR(ValidateOpenUnitInterval("failure_probability", failure_probability));
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<NoiselessPucbAgent>> NoiselessPucbAgent::Create(
    const TabularShape& shape, const NoiselessPucbOptions& options) {
  RETURN_IF_ERROR(ValidateTabularShape(shape));
  RETURN_IF_ERROR(options.Validate());
  return std::unique_ptr<NoiselessPucbAgent>(new NoiselessPucbAgent(shape, options));
}

NoiselessPucbAgent::NoiselessPucbAgent(const TabularShape& shape,
                                       const NoiselessPucbOptions& options)
    : shape_(shape),
      options_(options),
      log_confidence_term_(2.0 * std::log(static_cast<double>(shape.StateActionSteps()) /
                                          options.failure_probability)),
      counts_(shape),
      confidence_(shape.StateActionSteps(), 0.0),
      plan_(shape) {}

void NoiselessPucbAgent::BeginEpisode() {
  // The shared planner on exact counts (PUCB's with n~ = n^, E = 0).
  plan_.PlanIncremental(ExactCountStatistics(shape_, counts_, confidence_), shape_.horizon);
}

void NoiselessPucbAgent::RecordStep(int h, int s, int a, double reward, int next_state) {
  const int64_t i = shape_.Index(h, s, a);
  counts_.Add(i, reward, next_state);
  // Sec. 3 at E = 0 (PucbConfidence with error_bound 0).
  confidence_[i] = PucbConfidence(counts_.Visits(i), /*error_bound=*/0.0, log_confidence_term_,
                                  shape_.num_states, shape_.horizon);
  plan_.MarkChanged(h, s, a);
}

}  // namespace dprl
