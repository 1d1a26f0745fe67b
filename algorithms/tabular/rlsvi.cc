#include "algorithms/tabular/rlsvi.h"

#include <glog/logging.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "absl/strings/str_cat.h"
#include "algorithms/mechanisms/samplers.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "random/distributions.h"

namespace dprl {

absl::Status RlsviOptions::Validate() const {
  RETURN_IF_ERROR(ValidateFinitePositive("beta_scale", beta_scale));
  return absl::OkStatus();
}

double RlsviBeta(const TabularShape& shape, const RlsviOptions& options, int64_t episode) {
  CHECK_GE(episode, 1);
  const double S = shape.num_states, A = shape.num_actions, H = shape.horizon;
  // Alg. 1, Input: beta_k = (1/2) S H^3 log(2HSAk), natural log.
  return options.beta_scale * 0.5 * S * H * H * H *
         std::log(2.0 * H * S * A * static_cast<double>(episode));
}

absl::StatusOr<std::unique_ptr<RlsviAgent>> RlsviAgent::Create(const TabularShape& shape,
                                                               const RlsviOptions& options,
                                                               const RandomStream& noise_stream) {
  RETURN_IF_ERROR(ValidateTabularShape(shape));
  RETURN_IF_ERROR(options.Validate());
  // beta_k grows with k like ln k: finite at the last representable episode, it is finite at
  // every episode (the noise N(0, beta_k / (N + 1)) needs a finite variance).
  const double largest_beta = RlsviBeta(shape, options, std::numeric_limits<int64_t>::max());
  if (!std::isfinite(largest_beta)) {
    return absl::InvalidArgumentError(
        absl::StrCat("beta_scale = ", options.beta_scale, " with (S, A, H) = (", shape.num_states,
                     ", ", shape.num_actions, ", ", shape.horizon,
                     "): beta_k = beta_scale (1/2) S H^3 ln(2HSAk) overflows a double"));
  }
  return std::unique_ptr<RlsviAgent>(new RlsviAgent(shape, options, noise_stream));
}

RlsviAgent::RlsviAgent(const TabularShape& shape, const RlsviOptions& options,
                       const RandomStream& noise_stream)
    : shape_(shape),
      options_(options),
      noise_stream_(noise_stream),
      counts_(shape),
      perturbations_(shape.StateActionSteps(), 0.0),
      plan_(shape) {}

void RlsviAgent::BeginEpisode() {
  const int64_t episode = episodes_done_ + 1;  // k
  beta_ = RlsviBeta(shape_, options_, episode);
  // w_h^k(s,a) ~ N(0, beta_k / (N_h^k(s,a) + 1)), all triples, from the episode's own sub-stream.
  RandomStream episode_stream = noise_stream_.Child(static_cast<uint64_t>(episode));
  for (int64_t i = 0; i < shape_.StateActionSteps(); ++i) {
    perturbations_[i] =
        SampleGaussian(std::sqrt(beta_ / (counts_.Visits(i) + 1.0)), episode_stream);
  }
  // Alg. 1, lines 5-15: Q~ = R^ + P^ V~_{h+1} + w, with R^ = P^ = 0 where N = 0 (Eq. 1).
  plan_.PlanGreedy(
      [this](int h, int s, int a, const double* next_values) {
        const int64_t i = shape_.Index(h, s, a);
        const double n = counts_.Visits(i);
        const double empirical =
            n > 0.0 ? (counts_.RewardSum(i) + counts_.NextValueSum(i, next_values)) / n : 0.0;
        return empirical + perturbations_[i];
      },
      shape_.horizon);
}

void RlsviAgent::RecordStep(int h, int s, int a, double reward, int next_state) {
  counts_.Add(shape_.Index(h, s, a), reward, next_state);
}

}  // namespace dprl
