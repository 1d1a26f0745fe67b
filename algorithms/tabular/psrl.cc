#include "algorithms/tabular/psrl.h"

#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "random/distributions.h"

namespace dprl {

absl::Status PsrlOptions::Validate() const {
  // The bounds of the field comments (psrl.h): every posterior quantity finite for any data.
  constexpr double kSmallestDirichletPrior = 1e-300;
  constexpr double kLargestRewardParameter = 1e100;
  RETURN_IF_ERROR(ValidateFinitePositive("dirichlet_prior", dirichlet_prior));
  if (dirichlet_prior < kSmallestDirichletPrior) {
    return absl::InvalidArgumentError(absl::StrCat(
        "dirichlet_prior must be >= ", kSmallestDirichletPrior, ", got ", dirichlet_prior));
  }
  RETURN_IF_ERROR(ValidateFiniteInClosedRange("reward_prior_mean", reward_prior_mean,
                                              -kLargestRewardParameter, kLargestRewardParameter));
  for (const auto& [name, precision] : {std::pair{"reward_prior_precision", reward_prior_precision},
                                        std::pair{"reward_noise_precision", reward_noise_precision}}) {
    RETURN_IF_ERROR(ValidateFinitePositive(name, precision));
    if (precision > kLargestRewardParameter) {
      return absl::InvalidArgumentError(
          absl::StrCat(name, " must be <= ", kLargestRewardParameter, ", got ", precision));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<PsrlAgent>> PsrlAgent::Create(const TabularShape& shape,
                                                             const PsrlOptions& options,
                                                             const RandomStream& sampling_stream) {
  RETURN_IF_ERROR(ValidateTabularShape(shape));
  RETURN_IF_ERROR(options.Validate());
  return std::unique_ptr<PsrlAgent>(new PsrlAgent(shape, options, sampling_stream));
}

PsrlAgent::PsrlAgent(const TabularShape& shape, const PsrlOptions& options,
                     const RandomStream& sampling_stream)
    : shape_(shape),
      options_(options),
      posterior_shape_(options.pool_over_steps
                           ? TabularShape{shape.num_states, shape.num_actions, /*horizon=*/1}
                           : shape),
      sampling_stream_(sampling_stream),
      counts_(posterior_shape_),
      sampled_rewards_(posterior_shape_.StateActionSteps(), 0.0),
      sampled_transitions_(posterior_shape_.StateActionSteps() * shape.num_states, 0.0),
      concentrations_(shape.num_states, 0.0),
      plan_(shape) {}

void PsrlAgent::BeginEpisode() {
  const int S = shape_.num_states;
  // M_k from the episode's own sub-stream: the samples of episode k do not depend on how many
  // words earlier episodes used.
  RandomStream episode_stream = sampling_stream_.Child(static_cast<uint64_t>(episodes_done_ + 1));
  const std::vector<double>& next_counts = counts_.transition_counts();
  for (int64_t i = 0; i < posterior_shape_.StateActionSteps(); ++i) {
    // P~(. | s, a) ~ Dirichlet(alpha0 + N(s')).
    for (int next = 0; next < S; ++next) {
      concentrations_[next] = options_.dirichlet_prior + next_counts[i * S + next];
    }
    SampleDirichlet(concentrations_.data(), S, episode_stream, sampled_transitions_.data() + i * S);
    // r~ ~ N(mu_post, 1/tau_post), the Normal-Normal posterior of the mean reward.
    const double precision =
        options_.reward_prior_precision + options_.reward_noise_precision * counts_.Visits(i);
    const double mean = (options_.reward_prior_precision * options_.reward_prior_mean +
                         options_.reward_noise_precision * counts_.RewardSum(i)) /
                        precision;
    sampled_rewards_[i] = mean + SampleGaussian(1.0 / std::sqrt(precision), episode_stream);
  }
  // The optimal policy of M_k (backward induction; greedy with uniform tie-breaking).
  plan_.PlanGreedy(
      [this, S](int h, int s, int a, const double* next_values) {
        const int64_t i = PosteriorIndex(h, s, a);
        const double* row = sampled_transitions_.data() + i * S;
        double expected_next = 0.0;
        for (int next = 0; next < S; ++next) expected_next += row[next] * next_values[next];
        return sampled_rewards_[i] + expected_next;
      },
      shape_.horizon);
}

void PsrlAgent::RecordStep(int h, int s, int a, double reward, int next_state) {
  counts_.Add(PosteriorIndex(h, s, a), reward, next_state);
}

}  // namespace dprl
