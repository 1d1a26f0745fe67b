// Output-perturbation baseline in the style of Balle, Gomrokchi, Precup 2016 ("Differentially
// Private Policy Evaluation", ICML): linear value functions fitted by regularised least squares
// on Monte-Carlo returns, released with Gaussian noise, used here for control as Wang & Hegde 2019
// do in Figure 2 (App. E.2).
//
// NOT differentially private in this setting (Wang & Hegde 2019, Sec. 4 and App. E.2): the
// guarantee below protects the rewards of ONE trajectory (BGP's neighbour relation); under the
// reward-function relation sup |r - r'| <= 1 every trajectory may change. Kept for utility only.
// The sensitivity bound is derived here for this estimator; BGP's own (data-dependent) bounds and
// constants are not reproduced.
//
// Specification
// -------------
// Features: phi_i(s) = exp(-(s - c_i)^2 / (2 w^2)), c_i = i / (d - 1), i = 0..d-1 (each in (0, 1],
// so ||phi(s)||_2 <= sqrt(d)). One weight vector per action a, Q(s, a) = phi(s)^T theta_a.
// Data: at the end of each episode, the discounted returns G_t = r_t + gamma G_{t+1} (G = 0 after
// the last step) of its steps are added to action a_t's statistics A_a += phi phi^T, b_a += phi G,
// n_a += 1 (first visit = every visit: states are continuous).
// Release after every batch of B samples (T/B releases):
//   theta_a = (A_a / n_a + lambda I)^{-1} b_a / n_a       (0 while n_a = 0)
//   theta~  = theta + N(0, (output_noise_multiplier Delta)^2 I),
//   Delta   = m sqrt(d) G_max / (lambda max(1, min_a n_a)),  G_max = min(m, 1 / (1 - gamma)),
// m = episode_length: changing one trajectory's rewards by at most 1 each changes at most m of
// the returns, each by at most G_max, and ||(A/n + lambda I)^{-1}|| <= 1 / lambda; the counts n_a
// do not depend on rewards given the trajectories. The agent acts epsilon-greedily (the schedule of
// functional_noise_q_learning.h) on Q~(s, a) = phi(s)^T theta~_a.
// Privacy (BGP relation): each release is a Gaussian mechanism with noise multiplier
// output_noise_multiplier; T/B of them compose (calibration in
// algorithms/accounting/q_learning_baselines_privacy.h, CalibrateOutputPerturbation).
//
// Parameters: LinearOutputPerturbationOptions below (each field documents its default and range).
#ifndef DPRL_ALGORITHMS_QLEARNING_LINEAR_OUTPUT_PERTURBATION_H_
#define DPRL_ALGORITHMS_QLEARNING_LINEAR_OUTPUT_PERTURBATION_H_

#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "random/random_stream.h"

namespace dprl {

struct LinearOutputPerturbationOptions {
  // T: environment steps of training. >= 1.
  int64_t num_samples = 5000;
  // B: samples between releases. >= 1, divides T.
  int batch_size = 50;
  // m: steps per trajectory (enters the sensitivity). >= 1.
  int episode_length = 50;
  // d: Gaussian bumps on [0, 1]. >= 2.
  int num_features = 10;
  // w: width of the bumps. Finite, > 0.
  double feature_width = 0.1;
  // lambda: ridge regulariser. Finite, > 0.
  double ridge_regularizer = 1.0;
  // gamma of the Monte-Carlo returns. In [0, 1).
  double discount = 0.9;
  // Noise stddev / Delta at each release. Finite, >= 0.
  double output_noise_multiplier = 0.0;
  // Exploration schedule, as in Algorithm 1's loop (functional_noise_q_learning.h):
  // exploration_rate at t = 0, in [0, 1].
  double exploration_start = 0.9;
  // exploration_rate as t -> infinity, in [0, 1].
  double exploration_end = 0.05;
  // Time constant of the exponential decay. Finite, > 0.
  double exploration_decay_steps = 200.0;

  absl::Status Validate() const;
};

class LinearOutputPerturbation {
 public:
  static constexpr int kNumActions = 2;

  static absl::StatusOr<LinearOutputPerturbation> Create(
      const LinearOutputPerturbationOptions& options, RandomStream policy_stream,
      RandomStream noise_stream);

  int Act(double state);
  void Observe(double state, int action, double reward, double next_state, bool episode_end);

  // phi(s).
  Eigen::VectorXd Features(double state) const;
  // The released (noisy) estimate phi(s)^T theta~_a.
  double ReleasedQ(double state, int action) const;
  // Delta of the last release (0 before the first).
  double last_sensitivity() const { return last_sensitivity_; }
  const std::vector<Eigen::VectorXd>& released_weights() const { return released_; }
  const std::vector<Eigen::VectorXd>& fitted_weights() const { return fitted_; }

 private:
  LinearOutputPerturbation(const LinearOutputPerturbationOptions& options,
                           RandomStream policy_stream, RandomStream noise_stream);
  void Release();

  LinearOutputPerturbationOptions options_;
  RandomStream policy_stream_;
  RandomStream noise_stream_;
  std::vector<Eigen::MatrixXd> gram_;      // A_a
  std::vector<Eigen::VectorXd> moment_;    // b_a
  std::vector<int64_t> counts_;            // n_a
  std::vector<Eigen::VectorXd> fitted_;    // theta_a
  std::vector<Eigen::VectorXd> released_;  // theta~_a
  struct Step {
    double state;
    int action;
    double reward;
  };
  std::vector<Step> episode_;
  int64_t samples_seen_ = 0;
  double last_sensitivity_ = 0.0;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_QLEARNING_LINEAR_OUTPUT_PERTURBATION_H_
