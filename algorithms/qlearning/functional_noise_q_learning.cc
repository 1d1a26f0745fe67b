#include "algorithms/qlearning/functional_noise_q_learning.h"

#include <glog/logging.h>

#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/mechanisms/samplers.h"
#include "algorithms/qlearning/q_noise_and_exploration.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "random/distributions.h"

namespace dprl {

absl::Status FunctionalNoiseQLearningOptions::Validate() const {
  const char* p = "FunctionalNoiseQLearningOptions.";
  if (num_samples < 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%snum_samples = %d, must be >= 1", p, num_samples));
  }
  if (batch_size < 1 || num_samples % batch_size != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%sbatch_size = %d, must be >= 1 and divide num_samples = %d", p, batch_size, num_samples));
  }
  const int64_t batches = num_samples / batch_size;
  if (num_resets < 1 || batches % num_resets != 0) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%snum_resets = %d, must be >= 1 and divide num_samples / batch_size = %d",
                        p, num_resets, batches));
  }
  if (!(std::isfinite(noise_stddev) && noise_stddev >= 0.0)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%snoise_stddev = %g, must be finite and >= 0", p, noise_stddev));
  }
  RETURN_IF_ERROR(ValidateScale(absl::StrCat(p, "kernel_rate"), kernel_rate));
  if (!(discount >= 0.0 && discount < 1.0)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%sdiscount = %g, must be in [0, 1)", p, discount));
  }
  for (auto [name, value] : {std::pair<const char*, double>{"exploration_start", exploration_start},
                             {"exploration_end", exploration_end}}) {
    if (!(value >= 0.0 && value <= 1.0)) {
      return absl::InvalidArgumentError(
          absl::StrFormat("%s%s = %g, must be in [0, 1]", p, name, value));
    }
  }
  if (!(std::isfinite(exploration_decay_steps) && exploration_decay_steps > 0.0)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%sexploration_decay_steps = %g, must be finite and > 0", p, exploration_decay_steps));
  }
  if (!(std::isfinite(l2_clip_norm) && l2_clip_norm >= 0.0)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%sl2_clip_norm = %g, must be finite and >= 0", p, l2_clip_norm));
  }
  if (!(std::isfinite(gradient_noise_stddev) && gradient_noise_stddev >= 0.0)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%sgradient_noise_stddev = %g, must be finite and >= 0", p, gradient_noise_stddev));
  }
  if (gradient_noise_stddev > 0.0 && l2_clip_norm == 0.0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%sgradient_noise_stddev = %g needs l2_clip_norm > 0 (the noise is calibrated to the "
        "clip norm)",
        p, gradient_noise_stddev));
  }
  return optimizer.Validate();
}

absl::StatusOr<FunctionalNoiseQLearning> FunctionalNoiseQLearning::Create(
    const FunctionalNoiseQLearningOptions& options, RandomStream policy_stream,
    RandomStream noise_stream) {
  RETURN_IF_ERROR(options.Validate());
  ASSIGN_OR_RETURN(
      OuFunctionalNoise noise,
      OuFunctionalNoise::Create(PerActionNoiseOptions(options.noise_stddev, options.kernel_rate)));
  return FunctionalNoiseQLearning(options, std::move(policy_stream), std::move(noise_stream),
                                  std::move(noise));
}

FunctionalNoiseQLearning::FunctionalNoiseQLearning(const FunctionalNoiseQLearningOptions& options,
                                                   RandomStream policy_stream,
                                                   RandomStream noise_stream,
                                                   OuFunctionalNoise noise)
    : options_(options),
      policy_stream_(std::move(policy_stream)),
      noise_stream_(std::move(noise_stream)),
      noise_(std::move(noise)),
      optimizer_(options.optimizer) {
  network_.Initialize(policy_stream_);
  batch_gradient_.setZero();
  example_gradient_.setZero();
}

void FunctionalNoiseQLearning::MaybeReset() {
  // Lines 7-9 at the start of batch j: reset when j = 0 mod T/(J B).
  const int64_t batch_index = samples_seen_ / options_.batch_size;
  const int64_t batches_per_path = options_.num_samples / options_.batch_size / options_.num_resets;
  if (samples_seen_ % options_.batch_size == 0 && batch_index % batches_per_path == 0 &&
      resets_done_ <= batch_index / batches_per_path) {
    noise_.Reset();
    ++resets_done_;
  }
}

MlpOutputs FunctionalNoiseQLearning::CachedForward(double state) {
  for (const CachedQ& entry : cache_) {
    if (entry.valid && entry.state == state) return entry.q;
  }
  CachedQ& slot = cache_[next_cache_slot_];
  next_cache_slot_ = 1 - next_cache_slot_;
  slot.valid = true;
  slot.state = state;
  slot.q = network_.Forward(state);
  return slot.q;
}

MlpOutputs FunctionalNoiseQLearning::NoisyQ(double state) {
  double g[kMlpOutputs];
  noise_.Evaluate(state, noise_stream_, g);
  MlpOutputs q = CachedForward(state);
  for (int a = 0; a < kMlpOutputs; ++a) q[a] += g[a];
  return q;
}

int FunctionalNoiseQLearning::Act(double state) {
  CHECK_LT(samples_seen_, options_.num_samples) << "Act after the last sample";
  MaybeReset();
  const double rate = EpsilonGreedyRate(options_.exploration_start, options_.exploration_end,
                                        options_.exploration_decay_steps, samples_seen_);
  // Always read the same policy words per step, whatever the branch.
  const double u = policy_stream_.NextOpenUniform();
  const int random_action = static_cast<int>(policy_stream_.UniformInt(kMlpOutputs));
  const MlpOutputs q = NoisyQ(state);  // draws g(s_t) even when exploring (line 12)
  if (u < rate) return random_action;
  int best = 0;
  for (int a = 1; a < kMlpOutputs; ++a) {
    if (q[a] > q[best]) best = a;
  }
  return best;
}

void FunctionalNoiseQLearning::Observe(double state, int action, double reward, double next_state,
                                       bool episode_end) {
  CHECK_LT(samples_seen_, options_.num_samples) << "more samples than num_samples";
  CHECK(action >= 0 && action < kMlpOutputs) << "action = " << action;
  // Line 19 (lines 14-18 draw g at s_{t+1} inside NoisyQ).
  double target = reward;
  const MlpOutputs next_q = NoisyQ(next_state);
  if (!episode_end) target += options_.discount * next_q.maxCoeff();
  // Line 20: residual of (Q(s_t, a_t) + g_{a_t}(s_t)) - y_t; g(s_t) is stored, no new draw.
  const MlpOutputs q = NoisyQ(state);
  const double residual = q[action] - target;
  if (options_.l2_clip_norm > 0.0) {  // DP-SGD: clip the per-example gradient
    example_gradient_.setZero();
    network_.AccumulateQGradient(state, action, residual, &example_gradient_);
    const double norm = example_gradient_.norm();
    const double scale = norm > options_.l2_clip_norm ? options_.l2_clip_norm / norm : 1.0;
    batch_gradient_ += (scale / options_.batch_size) * example_gradient_;
  } else {
    network_.AccumulateQGradient(state, action, residual / options_.batch_size, &batch_gradient_);
  }
  ++samples_seen_;
  if (samples_seen_ % options_.batch_size == 0) {  // line 22
    if (options_.gradient_noise_stddev > 0.0) {    // DP-SGD: noise on the sum, then / B
      const double stddev = options_.gradient_noise_stddev / options_.batch_size;
      for (int i = 0; i < kMlpNumParameters; ++i) {
        batch_gradient_[i] += SampleGaussian(stddev, noise_stream_);
      }
    }
    optimizer_.Step(batch_gradient_, &network_.mutable_parameters());
    cache_[0].valid = cache_[1].valid = false;  // theta changed
    batch_gradient_.setZero();
    ++updates_done_;
  }
}

}  // namespace dprl
