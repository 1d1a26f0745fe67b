#include "algorithms/qlearning/replay_dqn_as_run.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/qlearning/q_noise_and_exploration.h"
#include "common/status_macros.h"
#include "common/validation.h"

namespace dprl {

absl::Status ReplayDqnOptions::Validate() const {
  const char* p = "ReplayDqnOptions.";
  auto bad = [p](const char* name, double value, const char* rule) {
    return absl::InvalidArgumentError(absl::StrFormat("%s%s = %g, must be %s", p, name, value, rule));
  };
  if (!(std::isfinite(noise_stddev) && noise_stddev >= 0.0)) {
    return bad("noise_stddev", noise_stddev, "finite and >= 0");
  }
  RETURN_IF_ERROR(ValidateScale(absl::StrCat(p, "kernel_rate"), kernel_rate));
  if (!(discount >= 0.0 && discount < 1.0)) return bad("discount", discount, "in [0, 1)");
  if (batch_size < 1) return bad("batch_size", batch_size, ">= 1");
  if (replay_capacity < batch_size) {
    return bad("replay_capacity", static_cast<double>(replay_capacity), ">= batch_size");
  }
  if (target_update_episodes < 1) {
    return bad("target_update_episodes", target_update_episodes, ">= 1");
  }
  if (!(std::isfinite(gradient_clamp) && gradient_clamp > 0.0)) {
    return bad("gradient_clamp", gradient_clamp, "finite and > 0");
  }
  if (!(exploration_start >= 0.0 && exploration_start <= 1.0)) {
    return bad("exploration_start", exploration_start, "in [0, 1]");
  }
  if (!(exploration_end >= 0.0 && exploration_end <= 1.0)) {
    return bad("exploration_end", exploration_end, "in [0, 1]");
  }
  if (!(std::isfinite(exploration_decay_steps) && exploration_decay_steps > 0.0)) {
    return bad("exploration_decay_steps", exploration_decay_steps, "finite and > 0");
  }
  return optimizer.Validate();
}

absl::StatusOr<ReplayDqnAsRun> ReplayDqnAsRun::Create(const ReplayDqnOptions& options,
                                                      RandomStream policy_stream,
                                                      RandomStream noise_stream) {
  RETURN_IF_ERROR(options.Validate());
  const OuFunctionalNoiseOptions noise_options =
      PerActionNoiseOptions(options.noise_stddev, options.kernel_rate);
  ASSIGN_OR_RETURN(OuFunctionalNoise policy_noise, OuFunctionalNoise::Create(noise_options));
  ASSIGN_OR_RETURN(OuFunctionalNoise target_noise, OuFunctionalNoise::Create(noise_options));
  return ReplayDqnAsRun(options, std::move(policy_stream), std::move(noise_stream),
                        std::move(policy_noise), std::move(target_noise));
}

ReplayDqnAsRun::ReplayDqnAsRun(const ReplayDqnOptions& options, RandomStream policy_stream,
                               RandomStream noise_stream, OuFunctionalNoise policy_noise,
                               OuFunctionalNoise target_noise)
    : options_(options),
      policy_stream_(std::move(policy_stream)),
      policy_noise_stream_(noise_stream.Child(0)),
      target_noise_stream_(noise_stream.Child(1)),
      policy_noise_(std::move(policy_noise)),
      target_noise_(std::move(target_noise)),
      optimizer_(options.optimizer) {
  policy_.Initialize(policy_stream_);
  target_ = policy_;
  memory_.reserve(static_cast<size_t>(options_.replay_capacity));
  permutation_.reserve(static_cast<size_t>(options_.replay_capacity));
  gradient_.setZero();
}

int ReplayDqnAsRun::Act(double state) {
  const double rate = EpsilonGreedyRate(options_.exploration_start, options_.exploration_end,
                                        options_.exploration_decay_steps, steps_done_);
  ++steps_done_;
  // Always read the same policy words per step, whatever the branch.
  const double u = policy_stream_.NextOpenUniform();
  const int random_action = static_cast<int>(policy_stream_.UniformInt(kMlpOutputs));
  if (u < rate) return random_action;  // dpql.py draws no noise when it explores
  double g[kMlpOutputs];
  policy_noise_.Evaluate(state, policy_noise_stream_, g);
  const MlpOutputs q = policy_.Forward(state);
  return q[1] + g[1] > q[0] + g[0] ? 1 : 0;
}

void ReplayDqnAsRun::Observe(double state, int action, double reward, double next_state,
                             bool episode_end) {
  CHECK(action >= 0 && action < kMlpOutputs) << "action = " << action;
  const Transition transition{state, action, reward, next_state, episode_end};
  if (static_cast<int64_t>(memory_.size()) < options_.replay_capacity) {
    permutation_.push_back(static_cast<int64_t>(memory_.size()));
    memory_.push_back(transition);
  } else {
    memory_[next_slot_] = transition;
  }
  next_slot_ = (next_slot_ + 1) % options_.replay_capacity;
  if (static_cast<int64_t>(memory_.size()) >= options_.batch_size) Update();
  if (episode_end) {
    if (episodes_done_ % options_.target_update_episodes == 0) target_ = policy_;
    ++episodes_done_;
    policy_noise_.Reset();
    target_noise_.Reset();
  }
}

void ReplayDqnAsRun::Update() {
  // Partial Fisher-Yates on the persistent index permutation: the first batch_size entries are a
  // uniform sample without replacement whatever the array's current order.
  const int64_t n = static_cast<int64_t>(permutation_.size());
  gradient_.setZero();
  const double inverse_batch = 1.0 / options_.batch_size;
  double g[kMlpOutputs];
  for (int i = 0; i < options_.batch_size; ++i) {
    const int64_t j = i + static_cast<int64_t>(policy_stream_.UniformInt(n - i));
    std::swap(permutation_[i], permutation_[j]);
    const Transition& t = memory_[permutation_[i]];
    double target = t.reward;
    if (!t.terminal) {
      target_noise_.Evaluate(t.next_state, target_noise_stream_, g);
      const MlpOutputs next_q = target_.Forward(t.next_state);
      target += options_.discount * std::max(next_q[0] + g[0], next_q[1] + g[1]);
    }
    policy_noise_.Evaluate(t.state, policy_noise_stream_, g);
    const double q = policy_.Forward(t.state)[t.action] + g[t.action];
    // d/dq of the mean smooth-L1 loss: clamp(q - y, -1, 1) / batch_size.
    const double slope = std::clamp(q - target, -1.0, 1.0) * inverse_batch;
    policy_.AccumulateQGradient(t.state, t.action, slope, &gradient_);
  }
  gradient_ = gradient_.cwiseMax(-options_.gradient_clamp).cwiseMin(options_.gradient_clamp);
  optimizer_.Step(gradient_, &policy_.mutable_parameters());
  ++updates_done_;
}

}  // namespace dprl
