// Configurations and task of //experiments:rlsvi_privacy_fig: Lu, Gajane, Bai, Talebi 2026,
// "Randomized Least Squares Value Iteration itself is Joint Differentially Private"
// (arXiv 2026): how much privacy RLSVI's exploration noise buys,
// and what its regret is next to a private (PUCB) and a non-private (UBEV) optimistic agent.
//
// Two kinds of configuration (group attribute `kind`):
//
// kind = "privacy_curve", one per (S, A, H, target_delta): RLSVI's privacy_epsilon(delta)
//   against the number of episodes K, from the accountant (algorithms/accounting/rlsvi_privacy.h,
//   ComputeRlsviPrivacy): rho = 2AK/(H^2 ln(2HSA)) (Lemma 12), then
//     privacy_epsilon_paper    = rho + 2 sqrt(rho ln(1/delta))   (Thm. 13 + Cor. 14, Lemma 8)
//     privacy_epsilon_improved = the optimised CKS 2020 Prop. 12 conversion of the same curve.
//   Series (all of length n_K): episodes (K grid, log-spaced integers from 1 to K_max),
//   privacy_epsilon_paper, privacy_epsilon_improved. Deterministic: every seed stores the same
//   row (the runner runs every config with --seeds seeds; these tasks take microseconds).
//   Shapes (S, A, H): the two MDPs below, (5, 2, 10) and (20, 4, 20) (the accounting README's
//   examples); target_delta in {1e-3, 1e-5, 1e-7}.
//
// kind = "regret", one per (environment, agent): exact per-episode regret
//   (experiments/tabular/tabular_task.h, RunTabularRegretTask) of
//     rlsvi  Alg. 1, no added noise; attributes privacy_epsilon = privacy_epsilon_paper at
//            (S, A, H, K = num_episodes, target_delta = 1e-5), privacy_epsilon_improved,
//            target_delta; protects REWARDS only ((eps, delta)-JDP, neighbours of Remark 2:
//            one trajectory's rewards are replaced, its states and actions are not;
//            neighbour_relation = replacement);
//     pucb   Vietri et al. 2020 at the SAME privacy_epsilon under the SAME relation
//            (neighbour_relation = replacement: eps' = eps / (6H), see algorithms/tabular/pucb.h;
//            Alg. 2's eps / (3H) would only be 2 eps-JDP for replacement); target_delta = 0
//            (pure eps-JDP); protects STATES AND REWARDS of a user;
//     ubev   non-private baseline, Dann et al. 2017 (privacy_protects = "nothing").
//   Every regret config has string attributes privacy_protects (rewards | states_and_rewards |
//   nothing) and privacy_notion ("(eps,delta)-JDP" | "eps-JDP" | "none"). UBEV and PUCB also
//   record first_episode_bonus_below_horizon (as vietri_fig); RLSVI does not (its Q~ is not
//   optimistic, so "below the cap H" means nothing).
//   Environments: RiverSwim (S=4, A=2, H=5) and one random Dirichlet MDP (S=4, A=2, H=4), as
//   //experiments:vietri_fig.
//
// The grid is RlsviPrivacyGrid below (every field overridable: --set, --config). Scales (regret
// episodes K, K_max of the privacy curves and points per decade, seeds):
//   smoke    K = 2000,      K_max = 1e6, 4 per decade,   2 seeds  (seconds; tests)
//   default  K = 500000,    K_max = 1e7, 10 per decade,  4 seeds  (~2-3 minutes on 2 cores)
//   paper    K = 10000000,  K_max = 1e8, 20 per decade,  20 seeds (cluster, mpirun)
// The finding: RLSVI's privacy_epsilon at these K is in the hundreds to tens of thousands (it grows
// linearly in K), so the matching PUCB is barely private either.
#ifndef DPRL_EXPERIMENTS_LU_RLSVI_PRIVACY_TASK_H_
#define DPRL_EXPERIMENTS_LU_RLSVI_PRIVACY_TASK_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "experiments/runner/experiment.h"
#include "experiments/tabular/tabular_environments.h"

namespace dprl {

// target_delta of the regret comparison (the delta at which PUCB's eps is RLSVI's).
inline constexpr double kRlsviRegretTargetDelta = 1e-5;

// The two privacy_epsilon values of RLSVI for (S, A, H, K) at target_delta (see above).
struct RlsviEpsilonPair {
  double paper = 0.0;     // Cor. 14 closed form (= Thm. 13 optimised over alpha)
  double improved = 0.0;  // CKS 2020 Prop. 12, optimised over alpha
};
absl::StatusOr<RlsviEpsilonPair> RlsviEpsilons(int64_t num_states, int64_t num_actions,
                                               int64_t horizon, int64_t num_episodes,
                                               double target_delta);

// A tabular shape named S<S>_A<A>_H<H> (e.g. S4_A2_H5); a malformed name is an error showing the
// syntax.
absl::StatusOr<TabularShape> ParseShapeName(const std::string& text);

// The grid of //experiments:rlsvi_privacy_fig. Field documentation: BindFields (printed by
// --help); defaults per scale in ForScale (the scales table above).
struct RlsviPrivacyGrid {
  int64_t num_episodes = 0;
  std::vector<std::string> environments;
  TabularEnvironmentFields environment_parameters;  // riverswim.*, random_mdp.*
  double failure_probability = 0.0;
  std::vector<std::string> curve_shapes;
  std::vector<double> curve_target_deltas;
  int64_t curve_max_episodes = 0;
  int64_t curve_points_per_decade = 0;

  static RlsviPrivacyGrid ForScale(Scale scale);
  void BindFields(ConfigFields& fields);
  // Validates every field (errors name it) and lists the configurations: the privacy curves
  // (per shape, per target delta), then per environment rlsvi, pucb and ubev.
  absl::StatusOr<std::vector<ConfigSpec>> MakeConfigs() const;
};

absl::StatusOr<TaskResult> RunRlsviPrivacyTask(const ConfigSpec& config,
                                               const TaskContext& context);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_LU_RLSVI_PRIVACY_TASK_H_
