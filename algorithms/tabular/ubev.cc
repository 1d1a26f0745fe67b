#include "algorithms/tabular/ubev.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"
#include "common/status_macros.h"
#include "common/validation.h"

namespace dprl {

absl::Status UbevOptions::Validate() const {
  RETURN_IF_ERROR(ValidateOpenUnitInterval("failure_probability", failure_probability));
  return absl::OkStatus();
}

double Llnp(double x) {
  const double log_x = x > 0.0 ? std::log(x) : 0.0;
  return log_x > 0.0 ? std::max(0.0, std::log(log_x)) : 0.0;
}

absl::StatusOr<std::unique_ptr<UbevAgent>> UbevAgent::Create(const TabularShape& shape,
                                                             const UbevOptions& options) {
  RETURN_IF_ERROR(ValidateTabularShape(shape));
  RETURN_IF_ERROR(options.Validate());
  return std::unique_ptr<UbevAgent>(new UbevAgent(shape, options));
}

UbevAgent::UbevAgent(const TabularShape& shape, const UbevOptions& options)
    : shape_(shape),
      options_(options),
      // ln(3 / delta') with delta' = delta / (9SAH).
      log_confidence_term_(std::log(27.0 * static_cast<double>(shape.StateActionSteps()) /
                                    options.failure_probability)),
      counts_(shape),
      phi_(shape.StateActionSteps(), 0.0),
      reward_term_(shape.StateActionSteps(), 0.0),
      plan_(shape) {}

double UbevAgent::Phi(double count) const {
  return std::sqrt((2.0 * Llnp(count) + log_confidence_term_) / count);
}

// Aligned to 64 bytes: this function is most of UBEV's episode, and its loops ran 12-25 % slower at
// another 16-byte offset with the same machine code (agents_benchmark, BM_Ubev; a change elsewhere
// in the binary had moved it).
[[gnu::aligned(64)]] void UbevAgent::BeginEpisode() {
  // phi(n) and min{1, r^ + phi(n)} of the triples visited since the last plan, in one loop (the
  // libm calls of different triples overlap; a triple visited twice gets the same values twice).
  for (const int64_t i : visited_) {
    const double n = counts_.Visits(i);
    phi_[i] = Phi(n);
    reward_term_[i] = std::min(1.0, counts_.RewardSum(i) / n + phi_[i]);
  }
  visited_.clear();
  const int S = shape_.num_states, H = shape_.horizon;
  int cached_step = -1;
  double max_next_value = 0.0, value_range = 0.0;
  // Vmax of ubev.jl: the largest return, H with rewards in [0, 1].
  const double max_return = H;
  const bool range_bonus = options_.transition_bonus == UbevTransitionBonus::kObservedValueRange;
  plan_.PlanGreedyIncremental(
      [&](int h, int s, int a, const double* next_values) {
        if (h != cached_step) {  // max_s' (and min_s') V~_{t+1}(s'), once per step
          cached_step = h;
          const auto [lowest, highest] = std::minmax_element(next_values, next_values + S);
          max_next_value = *highest;
          if (range_bonus) {  // ubev.jl: curmaxV, curminV capped at Vmax
            max_next_value = std::min(*highest, max_return);
            value_range = max_next_value - std::min(*lowest, max_return);
          }
        }
        const int64_t i = shape_.Index(h, s, a);
        const double n = counts_.Visits(i);
        if (n < 1.0) return 1.0 + max_next_value;
        const double phi = phi_[i];
        const double reward_term = reward_term_[i];
        // Paper: H - t with t = h + 1; authors' code: the observed range of V~_{t+1}.
        const double bonus_scale = range_bonus ? value_range : H - 1 - h;
        const double next_term =
            std::min(max_next_value, counts_.NextValueSum(i, next_values) / n + bonus_scale * phi);
        return reward_term + next_term;
      },
      // No single cap H to leave (Q~_t <= H - t + 1): the num_below_cap diagnostic stays 0.
      -std::numeric_limits<double>::infinity());
}

void UbevAgent::RecordStep(int h, int s, int a, double reward, int next_state) {
  const int64_t i = shape_.Index(h, s, a);
  counts_.Add(i, reward, next_state);
  visited_.push_back(i);  // its phi and reward term are recomputed before the next plan
  plan_.MarkChanged(h, s, a);
}

}  // namespace dprl
