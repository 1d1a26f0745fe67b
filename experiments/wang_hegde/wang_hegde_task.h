// Configurations and task of //experiments:wang_hegde_fig1 and wang_hegde_fig2 (the Wang &
// Hegde 2019 experiments): B. Wang, N. Hegde, "Privacy-preserving Q-Learning with Functional
// Noise in Continuous Spaces", NeurIPS 2019, Sec. 4 and App. E.
//
// Figure 1: return of every training episode of Algorithm 1 (algorithms/qlearning/
// functional_noise_q_learning.h) on the continuous walk (envs/continuous_walk.h, App. E.1:
// 100 episodes x 50 steps = 5 000 samples) against the number of samples, for noise levels
// sigma in {0, 0.2, 0.4, 0.6, 0.8, 1.0} and J in {1, T/B}; every episode's raw, unsmoothed return
// is stored (episode_return), and the figure (analysis/wang_hegde/wang_hegde_summary.h) plots the mean and
// +-1 standard deviation over 10 seeds of each seed's 10-episode trailing moving average (the
// paper's Fig. 1 says it is unsmoothed; the y label names the window). Two reference policies are run on the same environment streams: the
// scripted "move to 0.5" policy (right below 0.5, left otherwise) and the uniform-random policy.
//
// Figure 1, second mode: the authors' loop as run (algorithms/qlearning/replay_dqn_as_run.h:
// replay memory 10 000, a 128-sample update every step, target network refreshed every 10
// episodes, RMSprop lr 0.01, Huber loss, gradient clamp [-1, 1], gamma 0.999, epsilon-greedy
// 0.9 -> 0.05 (decay 200), separate policy/target noise paths reset every episode), outside
// Theorem 5, in its own panel, one curve per sigma in as_run_noise_stddevs (groups
// as-run-sigma=<s>, agent replay_dqn_as_run; its settings are stored as attributes, e.g.
// discount 0.999, optimizer rmsprop, batch_size 128, replay_capacity, target_update_episodes).
//
// Figure 2: at (privacy_epsilon, target_delta) = (0.9, 1e-4) and (0.45, 1e-4), J = T/B:
//   functional-paper-sigma  Algorithm 1 at the sigma App. E.3 reports (0.32, 0.74), beta = 1;
//   functional-paper-sigma-as-run  the same sigma in the authors' loop as run
//                           (replay_dqn_as_run.h, agent replay_dqn_as_run; outside Theorem 5);
//   functional-theorem5     Algorithm 1 at Theorem 5's sigma and beta = 1/v, k solved so that
//                           the corrected delta_g is target_delta / 2 (algorithms/accounting/
//                           functional_noise_calibration.h), from this run's alpha, B, T when
//                           some k meets the target there, otherwise from App. E.3's (the label
//                           and the attribute calibration say which; with the default
//                           learning_rate 1 no k does). Attributes noise_bound (k) and
//                           achieved_total_delta. Theorem 5 does not cover what Algorithm 1
//                           outputs (docs/privacy_audit.md): this curve shows the utility at
//                           the noise level the theorem asks for, not a private agent;
//   input-perturbation      Venkitasubramaniam 2013 (algorithms/qlearning/input_perturbation.h),
//                           reward noise for T = num_samples rewards by the RDP accountant;
//   dp-sgd                  DP-SGD (clip 1, App. E.2's Abadi Thm. 1 noise multiplier with q = 1,
//                           noise on the summed gradient = multiplier x 2 B C); the RDP
//                           accountant's epsilon for it is stored as rdp_privacy_epsilon.
//   output-perturbation     Balle-Gomrokchi-Precup 2016 style (algorithms/qlearning/
//                           linear_output_perturbation.h), NOT private under the paper's
//                           relation, calibrated for one trajectory's rewards; utility only.
//   Calibrations: algorithms/accounting/q_learning_baselines_privacy.h. Plus the two references
//   and a third, reference-frozen (agent "frozen"): greedy with respect to the initial network
//   every learner of the seed starts from, never updated (where noise-dominated learners end).
//   Extra attributes: privacy_epsilon, target_delta, calibration, reward_noise_stddev,
//   gdp_privacy_epsilon, l2_clip_norm, gradient_noise_stddev, noise_multiplier,
//   noise_multiplier_rdp, rdp_privacy_epsilon, output_noise_multiplier, ridge_regularizer,
//   num_features, feature_width, neighbour_relation, noise_bound. Agents: functional_noise |
//   input_perturbation | dp_sgd | output_perturbation | scripted | uniform | frozen. Smoke scale: T = 500;
//   default and paper: T = 5000.
//
// Settings the paper leaves open (stored as attributes of every group; docs/private_q_learning.md):
//   batch_size B = 50: B must divide T = 5 000 (App. E.3's B = 64 does not), and 50 makes one
//     update per episode (T/B = 100 updates); J = T/B = 100 resets the noise every batch.
//   optimiser: plain SGD (line 22) with learning_rate 1.0; discount 0.9; kernel_rate 1
//     (exp(-|x - y|), as the authors' code). With the authors' discount 0.999 and no target
//     network, Algorithm 1's 100 updates do not learn at all (last-10 return ~5, below random).
//   exploration: the authors' epsilon-greedy schedule 0.9 -> 0.05, time constant 200 steps.
//
// Scales (samples T, sigma grid, J grid, seeds):
//   smoke    T = 500,   sigma {0, 0.4},              J {1, 10},    2 seeds (tests)
//   default  T = 5000,  sigma {0, 0.2, ..., 1.0},    J {1, 100},   10 seeds (~1 s; the as-run
//            panel, sigma {0, 0.2, ..., 1.0}, adds ~1 min)
//   paper    the same as default (the paper's size is already small), 10 seeds
//
// Group attributes (docs/hdf5_schema.md, "wang_hegde"), each written by the grid and read by
// the task through one binding:
//   agent, panel, label   the group record (schema/wang_hegde_records.h): the registered agent
//                         (qlearning_registry.h), the figure panel ("all" = reference line drawn
//                         in every panel) and the legend (the agent's legend with this curve's
//                         detail; in Figure 1 a panel holds one agent and the legend is sigma)
//   episode_length        the environment (WalkEnvironmentBinding)
//   the agent's parameters, by its binding (qlearning_agent_bindings.h), e.g. for functional_noise
//                         num_samples, batch_size, discount, learning_rate, optimizer,
//                         exploration_start, exploration_end, exploration_decay_steps,
//                         noise_stddev, num_resets, kernel_rate
//   records not read by the task (wang_hegde_option_bindings.h): the figure's Algorithm 1 setting where
//   the agent takes fewer parameters, method, privacy_epsilon, target_delta, calibration, ...
// Files/grids: wang_hegde_grids.cc (configurations), wang_hegde_task.cc (task, experiments).
// Result per task: series episode_return [episodes]; scalar last10_mean_return.
//
// Randomness (TaskStreams, task_streams.h): Environment("continuous_walk"), shared by every
// configuration of a seed (common random numbers); SharedPolicy("q_network"), so every agent of a
// seed starts from the same network and exploration draws; PrivacyNoise() per configuration.
#ifndef DPRL_EXPERIMENTS_WANG_HEGDE_WANG_HEGDE_TASK_H_
#define DPRL_EXPERIMENTS_WANG_HEGDE_WANG_HEGDE_TASK_H_

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/qlearning/functional_noise_q_learning.h"
#include "experiments/runner/experiment.h"

namespace dprl {

// The training setting shared by both figures (grid fields; documentation in BindFields).
struct WalkTrainingFields {
  int64_t num_samples = 5000;
  int64_t batch_size = 50;
  double discount = 0.9;
  double learning_rate = 1.0;
  double exploration_start = 0.0;  // defaults: FunctionalNoiseQLearningOptions's
  double exploration_end = 0.0;
  double exploration_decay_steps = 0.0;

  static WalkTrainingFields ForScale(Scale scale);  // T = 500 at smoke scale, else 5000
  void BindFields(ConfigFields& fields);
  absl::Status Validate() const;
  // Validate, then these fields as Algorithm 1's Options (plain SGD; no noise, J = 1: the
  // grids set those per curve).
  absl::StatusOr<FunctionalNoiseQLearningOptions> Algorithm1Setting() const;
};

// The grids of //experiments:wang_hegde_fig1 and wang_hegde_fig2 (every field overridable:
// --set, --config; documentation in BindFields, printed by --help; defaults: the scales above).
struct WangHegdeFig1Grid {
  WalkTrainingFields training;
  std::vector<double> noise_stddevs;
  std::vector<int64_t> num_resets;
  double kernel_rate = 1.0;
  std::vector<double> as_run_noise_stddevs;

  static WangHegdeFig1Grid ForScale(Scale scale);
  void BindFields(ConfigFields& fields);
  absl::StatusOr<std::vector<ConfigSpec>> MakeConfigs() const;
};

struct WangHegdeFig2Grid {
  WalkTrainingFields training;
  std::vector<double> privacy_epsilons = {0.9, 0.45};
  double target_delta = 1e-4;
  double l2_clip_norm = 1.0;
  double kernel_rate = 1.0;

  static WangHegdeFig2Grid ForScale(Scale scale);
  void BindFields(ConfigFields& fields);
  absl::StatusOr<std::vector<ConfigSpec>> MakeConfigs() const;
};

absl::StatusOr<TaskResult> RunWangHegdeTask(const ConfigSpec& config, const TaskContext& context);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_WANG_HEGDE_WANG_HEGDE_TASK_H_
