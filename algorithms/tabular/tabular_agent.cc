#include "algorithms/tabular/tabular_agent.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/resource_limits.h"

namespace dprl {
namespace {

absl::Status CheckIndex(const char* name, int value, int bound) {
  if (value < 0 || value >= bound) {
    return absl::InvalidArgumentError(
        absl::StrCat("Observe: ", name, " must be in [0, ", bound, "), got ", value));
  }
  return absl::OkStatus();
}

}  // namespace

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

double TabularAgentMemoryLowerBoundBytes(const TabularShape& shape) {
  const double triples = static_cast<double>(shape.horizon) *
                         static_cast<double>(shape.num_states) * shape.num_actions;
  return kTabularAgentBytesPerTransitionEntry * triples * shape.num_states + 4.0 * 8.0 * triples;
}

absl::Status CheckTabularAgentMemory(const TabularShape& shape) {
  const double entries = static_cast<double>(shape.horizon) * shape.num_states *
                         static_cast<double>(shape.num_actions) * shape.num_states;
  return CheckMemoryEstimate(
      absl::StrCat("num_states = ", shape.num_states, ", num_actions = ", shape.num_actions,
                   ", horizon = ", shape.horizon, " (H S A S = ", absl::StrFormat("%.3g", entries),
                   " transition counts)"),
      TabularAgentMemoryLowerBoundBytes(shape));
}

absl::Status TabularAgent::Observe(int h, int s, int a, double reward, int next_state) {
  const TabularShape& tabular = shape();
  // The common case checked without building a Status per index; the messages below.
  const bool valid = h >= 0 && h < tabular.horizon && s >= 0 && s < tabular.num_states && a >= 0 &&
                     a < tabular.num_actions && next_state >= 0 &&
                     next_state < tabular.num_states && reward >= 0.0 && reward <= 1.0;
  if (!valid) {
    for (const absl::Status& status :
         {CheckIndex("h", h, tabular.horizon), CheckIndex("s", s, tabular.num_states),
          CheckIndex("a", a, tabular.num_actions),
          CheckIndex("next_state", next_state, tabular.num_states)}) {
      if (!status.ok()) return status;
    }
    return absl::InvalidArgumentError(absl::StrCat("Observe: reward must be in [0, 1], got ",
                                                   reward, " at (h, s, a) = (", h, ", ", s, ", ", a,
                                                   ")"));
  }
  RecordStep(h, s, a, reward, next_state);
  return absl::OkStatus();
}

}  // namespace dprl
