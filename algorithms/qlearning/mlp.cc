#include "algorithms/qlearning/mlp.h"

#include <glog/logging.h>

#include "absl/strings/str_format.h"

namespace dprl {
namespace {

using Hidden = Eigen::Matrix<double, kMlpHidden, 1>;
using HiddenSquare = Eigen::Matrix<double, kMlpHidden, kMlpHidden>;
using Head = Eigen::Matrix<double, kMlpOutputs, kMlpHidden>;

// The forward pass keeping what backpropagation needs.
struct Activations {
  Hidden pre1, h1, pre2, h2;
  MlpOutputs q;
};

void ForwardKeep(const MlpParameters& p, double s, Activations* act) {
  const Eigen::Map<const Hidden> w1(p.data() + kMlpW1);
  const Eigen::Map<const Hidden> b1(p.data() + kMlpB1);
  const Eigen::Map<const HiddenSquare> w2(p.data() + kMlpW2);
  const Eigen::Map<const Hidden> b2(p.data() + kMlpB2);
  const Eigen::Map<const Head> w3(p.data() + kMlpW3);
  const Eigen::Map<const MlpOutputs> b3(p.data() + kMlpB3);
  act->pre1.noalias() = w1 * s + b1;
  act->h1 = act->pre1.cwiseMax(0.0);
  act->pre2.noalias() = w2 * act->h1;
  act->pre2 += b2;
  act->h2 = act->pre2.cwiseMax(0.0);
  act->q.noalias() = w3 * act->h2;
  act->q += b3;
}

}  // namespace

void Mlp::Initialize(RandomStream& stream) {
  auto uniform = [&stream](double bound) { return bound * (2.0 * stream.NextOpenUniform() - 1.0); };
  const double bound1 = 1.0;  // fan-in 1
  const double bound2 = 1.0 / std::sqrt(static_cast<double>(kMlpHidden));
  for (int i = 0; i < kMlpNumParameters; ++i) {
    parameters_[i] = uniform(i < kMlpW2 ? bound1 : bound2);
  }
}

MlpOutputs Mlp::Forward(double state) const {
  Activations act;
  ForwardKeep(parameters_, state, &act);
  return act.q;
}

MlpParameters Mlp::QGradient(double state, int action, MlpOutputs* outputs) const {
  MlpParameters gradient = MlpParameters::Zero();
  AccumulateQGradient(state, action, 1.0, &gradient);
  if (outputs != nullptr) *outputs = Forward(state);
  return gradient;
}

void Mlp::AccumulateQGradient(double state, int action, double scale,
                              MlpParameters* gradient) const {
  CHECK(action >= 0 && action < kMlpOutputs) << "action = " << action;
  const MlpParameters& p = parameters_;
  Activations act;
  ForwardKeep(p, state, &act);
  double* g = gradient->data();
  const Eigen::Map<const HiddenSquare> w2(p.data() + kMlpW2);
  // Head: q[action] = W3[action, :] h2 + b3[action].
  for (int j = 0; j < kMlpHidden; ++j) g[kMlpW3 + j * kMlpOutputs + action] += scale * act.h2[j];
  g[kMlpB3 + action] += scale;
  // delta2 = dq/dpre2 = W3[action, :]^T .* relu'(pre2).
  Hidden delta2;
  for (int i = 0; i < kMlpHidden; ++i) {
    delta2[i] = act.pre2[i] > 0.0 ? scale * p[kMlpW3 + i * kMlpOutputs + action] : 0.0;
  }
  Eigen::Map<HiddenSquare> gw2(g + kMlpW2);
  gw2.noalias() += delta2 * act.h1.transpose();
  Eigen::Map<Hidden>(g + kMlpB2) += delta2;
  // delta1 = W2^T delta2 .* relu'(pre1).
  Hidden delta1;
  delta1.noalias() = w2.transpose() * delta2;
  for (int i = 0; i < kMlpHidden; ++i) {
    if (!(act.pre1[i] > 0.0)) delta1[i] = 0.0;
  }
  Eigen::Map<Hidden>(g + kMlpW1) += delta1 * state;
  Eigen::Map<Hidden>(g + kMlpB1) += delta1;
}

absl::Status OptimizerOptions::Validate() const {
  if (!(std::isfinite(learning_rate) && learning_rate > 0.0)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "OptimizerOptions.learning_rate = %g, must be finite and > 0", learning_rate));
  }
  if (!(rmsprop_decay >= 0.0 && rmsprop_decay < 1.0)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("OptimizerOptions.rmsprop_decay = %g, must be in [0, 1)", rmsprop_decay));
  }
  if (!(std::isfinite(rmsprop_offset) && rmsprop_offset > 0.0)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "OptimizerOptions.rmsprop_offset = %g, must be finite and > 0", rmsprop_offset));
  }
  return absl::OkStatus();
}

Optimizer::Optimizer(const OptimizerOptions& options) : options_(options) {
  const absl::Status status = options.Validate();
  CHECK(status.ok()) << status;
  second_moment_.setZero();
}

void Optimizer::Step(const MlpParameters& gradient, MlpParameters* parameters) {
  switch (options_.kind) {
    case OptimizerKind::kSgd:
      *parameters -= options_.learning_rate * gradient;
      return;
    case OptimizerKind::kRmsProp:
      second_moment_ = options_.rmsprop_decay * second_moment_ +
                       (1.0 - options_.rmsprop_decay) * gradient.cwiseAbs2();
      parameters->array() -= options_.learning_rate * gradient.array() /
                             (second_moment_.array().sqrt() + options_.rmsprop_offset);
      return;
  }
}

}  // namespace dprl
