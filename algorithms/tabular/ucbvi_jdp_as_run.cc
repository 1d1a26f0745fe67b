#include "algorithms/tabular/ucbvi_jdp_as_run.h"

#include <algorithm>
#include <cmath>

#include "algorithms/mechanisms/samplers.h"
#include "common/status_macros.h"
#include "common/validation.h"

namespace dprl {

absl::Status UcbviJdpAsRunOptions::Validate() const {
  return ValidateFinitePositive("privacy_epsilon", privacy_epsilon);
}

absl::StatusOr<std::unique_ptr<UcbviJdpAsRunAgent>> UcbviJdpAsRunAgent::Create(
    const TabularShape& shape, const UcbviJdpAsRunOptions& options,
    const RandomStream& noise_stream) {
  RETURN_IF_ERROR(ValidateTabularShape(shape));
  RETURN_IF_ERROR(options.Validate());
  return std::unique_ptr<UcbviJdpAsRunAgent>(new UcbviJdpAsRunAgent(shape, options, noise_stream));
}

UcbviJdpAsRunAgent::UcbviJdpAsRunAgent(const TabularShape& shape,
                                       const UcbviJdpAsRunOptions& options,
                                       const RandomStream& noise_stream)
    : shape_(shape),
      options_(options),
      noise_stream_(noise_stream),
      reward_counts_(static_cast<int64_t>(shape.num_states) * shape.num_actions, 1.0),
      reward_sums_(reward_counts_.size(), 1.0),
      transition_counts_(reward_counts_.size() * shape.num_states, 1.0),
      released_reward_counts_(reward_counts_.size(), 0.0),
      reward_estimate_plus_bonus_(reward_counts_.size(), 0.0),
      transition_estimates_(transition_counts_.size(), 0.0),
      transition_bonus_(reward_counts_.size(), 0.0),
      plan_(shape) {}

void UcbviJdpAsRunAgent::BeginEpisode() {
  const int S = shape_.num_states;
  const int64_t episode = episodes_done_ + 1;  // the code's ep, from 1
  const int draws = static_cast<int>(std::floor(std::log(static_cast<double>(episode)))) + 1;
  const double scale = 1.0 / options_.privacy_epsilon;
  const double e = std::sqrt(static_cast<double>(draws)) / options_.privacy_epsilon;
  const double scaling = 2.0 * std::log(3.0);
  RandomStream stream = noise_stream_.Child(static_cast<uint64_t>(episode));
  auto laplace_sum = [&]() {
    double sum = 0.0;
    for (int i = 0; i < draws; ++i) sum += SampleLaplace(scale, stream);
    return sum;
  };
  for (size_t pair = 0; pair < reward_counts_.size(); ++pair) {
    const double n1 = laplace_sum();
    double counts = 0.0;
    for (int next = 0; next < S; ++next) counts += transition_counts_[pair * S + next];
    const double denominator = std::max(1.0, counts + n1 + e);
    for (int next = 0; next < S; ++next) {
      transition_estimates_[pair * S + next] =
          (transition_counts_[pair * S + next] + laplace_sum()) / denominator;
    }
    transition_bonus_[pair] = std::sqrt(scaling / denominator) + S * e / denominator;
    const double n3 = laplace_sum();
    released_reward_counts_[pair] = reward_counts_[pair] + n1;
    const double reward_denominator = std::max(1.0, reward_counts_[pair] + n1 + e);
    reward_estimate_plus_bonus_[pair] = (reward_sums_[pair] + n3) / reward_denominator +
                                        std::sqrt(scaling / reward_denominator) +
                                        S * e / reward_denominator;
  }
  const int A = shape_.num_actions, H = shape_.horizon;
  plan_.PlanGreedy(
      [&](int h, int s, int a, const double* next_values) {
        const int64_t pair = static_cast<int64_t>(s) * A + a;
        double next = 0.0;
        for (int n = 0; n < S; ++n) next += transition_estimates_[pair * S + n] * next_values[n];
        return reward_estimate_plus_bonus_[pair] + next + transition_bonus_[pair] * (H - 1 - h);
      },
      H);
}

void UcbviJdpAsRunAgent::RecordStep(int h, int s, int a, double reward, int next_state) {
  const int64_t pair = static_cast<int64_t>(s) * shape_.num_actions + a;
  reward_counts_[pair] += 1.0;
  reward_sums_[pair] += reward;
  if (h < shape_.horizon - 1) transition_counts_[pair * shape_.num_states + next_state] += 1.0;
}

}  // namespace dprl
