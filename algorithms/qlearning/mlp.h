// The Q-network of Wang & Hegde 2019 (Sec. 4, App. E) and its optimisers.
//
// Specification
// -------------
// The paper fixes only that Q_theta(s, a) is "a neural network" with bounded activation gradients
// (Corollary 7). Where it is silent we follow the authors' code (dpql.py, class DQN):
//
//   input   s in [0, 1] (one number)
//   layer 1 h1 = relu(W1 s + b1),   W1: 16 x 1,  b1: 16
//   layer 2 h2 = relu(W2 h1 + b2),  W2: 16 x 16, b2: 16
//   head    q  = W3 h2 + b3,        W3: 2 x 16,  b3: 2    (q[a] = Q_theta(s, a), a in {0, 1})
//
// 338 parameters, stored flat in this order (W1, b1, W2, b2, W3, b3), each matrix column-major.
// Initialisation as torch.nn.Linear's default: every weight and bias of a layer with fan-in n is
// U[-1/sqrt(n), 1/sqrt(n)] (n = 1, 16, 16), drawn from a dprl::RandomStream in the flat order.
//
// Everything is fixed-size Eigen (no allocation per call). Gradients are per example:
// QGradient(s, a) = dQ_theta(s, a)/dtheta for one state, which is what DP-SGD (per-example
// clipping) and the Bellman-loss gradient (Q - y) dQ/dtheta need. Backpropagation is hand-written;
// mlp_test checks it against forward-mode automatic differentiation (ceres::Jet) through
// MlpForward<T>, the same forward pass templated on the scalar type.
//
// At a ReLU kink (pre-activation exactly 0) the derivative is taken as 0 (PyTorch's convention).
//
// Optimisers (one Step per batch; `gradient` is the batch's mean loss gradient):
//   kSgd      theta <- theta - learning_rate * g                                 (Alg. 1, l. 22)
//   kRmsProp  v <- rho v + (1 - rho) g^2;  theta <- theta - learning_rate g / (sqrt(v) + eps)
//             (torch.optim.RMSprop defaults, used by dpql.py: learning_rate 0.01, rho 0.99,
//              eps 1e-8, v_0 = 0)
#ifndef DPRL_ALGORITHMS_QLEARNING_MLP_H_
#define DPRL_ALGORITHMS_QLEARNING_MLP_H_

#include <Eigen/Core>
#include <cmath>

#include "absl/status/status.h"
#include "random/random_stream.h"

namespace dprl {

inline constexpr int kMlpHidden = 16;
inline constexpr int kMlpOutputs = 2;
inline constexpr int kMlpNumParameters = kMlpHidden + kMlpHidden + kMlpHidden * kMlpHidden +
                                         kMlpHidden + kMlpOutputs * kMlpHidden +
                                         kMlpOutputs;  // 338

// Offsets of the blocks in the flat parameter vector.
inline constexpr int kMlpW1 = 0;
inline constexpr int kMlpB1 = kMlpW1 + kMlpHidden;
inline constexpr int kMlpW2 = kMlpB1 + kMlpHidden;
inline constexpr int kMlpB2 = kMlpW2 + kMlpHidden * kMlpHidden;
inline constexpr int kMlpW3 = kMlpB2 + kMlpHidden;
inline constexpr int kMlpB3 = kMlpW3 + kMlpOutputs * kMlpHidden;
static_assert(kMlpB3 + kMlpOutputs == kMlpNumParameters, "parameter layout");

using MlpParameters = Eigen::Matrix<double, kMlpNumParameters, 1>;
using MlpOutputs = Eigen::Matrix<double, kMlpOutputs, 1>;

// The forward pass on any scalar type (double, ceres::Jet): q = head(relu(layer2(relu(layer1 s)))).
// `params` points to kMlpNumParameters values in the layout above.
template <typename T>
void MlpForward(const T* params, const T& input, T* q) {
  using std::max;
  T h1[kMlpHidden];
  T h2[kMlpHidden];
  const T zero(0.0);
  for (int i = 0; i < kMlpHidden; ++i) {
    const T pre = params[kMlpW1 + i] * input + params[kMlpB1 + i];
    h1[i] = pre > zero ? pre : zero;
  }
  for (int i = 0; i < kMlpHidden; ++i) {
    T pre = params[kMlpB2 + i];
    for (int j = 0; j < kMlpHidden; ++j) pre += params[kMlpW2 + j * kMlpHidden + i] * h1[j];
    h2[i] = pre > zero ? pre : zero;
  }
  for (int a = 0; a < kMlpOutputs; ++a) {
    T out = params[kMlpB3 + a];
    for (int j = 0; j < kMlpHidden; ++j) out += params[kMlpW3 + j * kMlpOutputs + a] * h2[j];
    q[a] = out;
  }
}

class Mlp {
 public:
  // All parameters zero (use Initialize or set_parameters).
  Mlp() { parameters_.setZero(); }

  // torch.nn.Linear default initialisation (see above).
  void Initialize(RandomStream& stream);

  const MlpParameters& parameters() const { return parameters_; }
  MlpParameters& mutable_parameters() { return parameters_; }
  void set_parameters(const MlpParameters& parameters) { parameters_ = parameters; }

  // (Q_theta(s, 0), Q_theta(s, 1)).
  MlpOutputs Forward(double state) const;

  // dQ_theta(state, action)/dtheta (the per-example gradient of one output); also returns
  // Q_theta(state, .) through `outputs` if not null. action in [0, kMlpOutputs) (CHECKed).
  MlpParameters QGradient(double state, int action, MlpOutputs* outputs = nullptr) const;

  // gradient += scale * dQ_theta(state, action)/dtheta, without forming a temporary vector.
  void AccumulateQGradient(double state, int action, double scale, MlpParameters* gradient) const;

 private:
  MlpParameters parameters_;
};

enum class OptimizerKind { kSgd, kRmsProp };

struct OptimizerOptions {
  OptimizerKind kind = OptimizerKind::kSgd;
  double learning_rate = 0.01;   // the step size (Alg. 1's alpha for kSgd); finite, > 0
  double rmsprop_decay = 0.99;   // rho of kRmsProp; in [0, 1)
  double rmsprop_offset = 1e-8;  // eps of kRmsProp; finite, > 0

  absl::Status Validate() const;
};

class Optimizer {
 public:
  // `options` must be valid (CHECKed; validate user input with options.Validate() first).
  explicit Optimizer(const OptimizerOptions& options);

  // One update of `parameters` with the batch gradient `gradient`.
  void Step(const MlpParameters& gradient, MlpParameters* parameters);

  const OptimizerOptions& options() const { return options_; }

 private:
  OptimizerOptions options_;
  MlpParameters second_moment_;  // v of RMSprop
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_QLEARNING_MLP_H_
