#include "algorithms/qlearning/linear_output_perturbation.h"

#include <glog/logging.h>

#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>

#include "absl/strings/str_format.h"
#include "algorithms/mechanisms/samplers.h"
#include "algorithms/qlearning/q_noise_and_exploration.h"
#include "common/status_macros.h"
#include "random/distributions.h"

namespace dprl {

absl::Status LinearOutputPerturbationOptions::Validate() const {
  const char* p = "LinearOutputPerturbationOptions.";
  if (num_samples < 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%snum_samples = %d, must be >= 1", p, num_samples));
  }
  if (batch_size < 1 || num_samples % batch_size != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%sbatch_size = %d, must be >= 1 and divide num_samples = %d", p, batch_size, num_samples));
  }
  if (episode_length < 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%sepisode_length = %d, must be >= 1", p, episode_length));
  }
  if (num_features < 2) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%snum_features = %d, must be >= 2", p, num_features));
  }
  for (auto [name, value] : {std::pair<const char*, double>{"feature_width", feature_width},
                             {"ridge_regularizer", ridge_regularizer},
                             {"exploration_decay_steps", exploration_decay_steps}}) {
    if (!(std::isfinite(value) && value > 0.0)) {
      return absl::InvalidArgumentError(
          absl::StrFormat("%s%s = %g, must be finite and > 0", p, name, value));
    }
  }
  if (!(discount >= 0.0 && discount < 1.0)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%sdiscount = %g, must be in [0, 1)", p, discount));
  }
  if (!(std::isfinite(output_noise_multiplier) && output_noise_multiplier >= 0.0)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%soutput_noise_multiplier = %g, must be finite and >= 0", p, output_noise_multiplier));
  }
  for (auto [name, value] : {std::pair<const char*, double>{"exploration_start", exploration_start},
                             {"exploration_end", exploration_end}}) {
    if (!(value >= 0.0 && value <= 1.0)) {
      return absl::InvalidArgumentError(
          absl::StrFormat("%s%s = %g, must be in [0, 1]", p, name, value));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<LinearOutputPerturbation> LinearOutputPerturbation::Create(
    const LinearOutputPerturbationOptions& options, RandomStream policy_stream,
    RandomStream noise_stream) {
  RETURN_IF_ERROR(options.Validate());
  return LinearOutputPerturbation(options, std::move(policy_stream), std::move(noise_stream));
}

LinearOutputPerturbation::LinearOutputPerturbation(const LinearOutputPerturbationOptions& options,
                                                   RandomStream policy_stream,
                                                   RandomStream noise_stream)
    : options_(options),
      policy_stream_(std::move(policy_stream)),
      noise_stream_(std::move(noise_stream)) {
  const int d = options.num_features;
  for (int a = 0; a < kNumActions; ++a) {
    gram_.push_back(Eigen::MatrixXd::Zero(d, d));
    moment_.push_back(Eigen::VectorXd::Zero(d));
    counts_.push_back(0);
    fitted_.push_back(Eigen::VectorXd::Zero(d));
    released_.push_back(Eigen::VectorXd::Zero(d));
  }
}

Eigen::VectorXd LinearOutputPerturbation::Features(double state) const {
  const int d = options_.num_features;
  Eigen::VectorXd phi(d);
  const double w2 = 2.0 * options_.feature_width * options_.feature_width;
  for (int i = 0; i < d; ++i) {
    const double c = static_cast<double>(i) / (d - 1);
    phi[i] = std::exp(-(state - c) * (state - c) / w2);
  }
  return phi;
}

double LinearOutputPerturbation::ReleasedQ(double state, int action) const {
  CHECK(action >= 0 && action < kNumActions) << "action = " << action;
  return Features(state).dot(released_[action]);
}

int LinearOutputPerturbation::Act(double state) {
  CHECK_LT(samples_seen_, options_.num_samples) << "Act after the last sample";
  const double rate = EpsilonGreedyRate(options_.exploration_start, options_.exploration_end,
                                        options_.exploration_decay_steps, samples_seen_);
  const double u = policy_stream_.NextOpenUniform();
  const int random_action = static_cast<int>(policy_stream_.UniformInt(kNumActions));
  if (u < rate) return random_action;
  return ReleasedQ(state, 1) > ReleasedQ(state, 0) ? 1 : 0;
}

void LinearOutputPerturbation::Observe(double state, int action, double reward, double,
                                       bool episode_end) {
  CHECK_LT(samples_seen_, options_.num_samples) << "more samples than num_samples";
  CHECK(action >= 0 && action < kNumActions) << "action = " << action;
  episode_.push_back({state, action, reward});
  if (episode_end) {
    double g = 0.0;
    for (auto it = episode_.rbegin(); it != episode_.rend(); ++it) {
      g = it->reward + options_.discount * g;
      const Eigen::VectorXd phi = Features(it->state);
      gram_[it->action].noalias() += phi * phi.transpose();
      moment_[it->action] += g * phi;
      ++counts_[it->action];
    }
    episode_.clear();
  }
  ++samples_seen_;
  if (samples_seen_ % options_.batch_size == 0) Release();
}

void LinearOutputPerturbation::Release() {
  const int d = options_.num_features;
  const double lambda = options_.ridge_regularizer;
  int64_t min_count = counts_[0];
  for (int a = 0; a < kNumActions; ++a) {
    min_count = std::min(min_count, counts_[a]);
    if (counts_[a] == 0) {
      fitted_[a].setZero();
      continue;
    }
    const double n = static_cast<double>(counts_[a]);
    const Eigen::MatrixXd system = gram_[a] / n + lambda * Eigen::MatrixXd::Identity(d, d);
    fitted_[a] = system.ldlt().solve(moment_[a] / n);
  }
  const double m = options_.episode_length;
  const double g_max = std::min(m, 1.0 / (1.0 - options_.discount));
  last_sensitivity_ = m * std::sqrt(static_cast<double>(d)) * g_max /
                      (lambda * static_cast<double>(std::max<int64_t>(1, min_count)));
  const double stddev = options_.output_noise_multiplier * last_sensitivity_;
  for (int a = 0; a < kNumActions; ++a) {
    released_[a] = fitted_[a];
    for (int i = 0; i < d; ++i) released_[a][i] += SampleGaussian(stddev, noise_stream_);
  }
}

}  // namespace dprl
