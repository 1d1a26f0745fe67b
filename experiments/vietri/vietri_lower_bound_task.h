// Configurations and task of //experiments:vietri_lower_bound_fig: Vietri, Balle, Krishnamurthy,
// Wu 2020, "Private Reinforcement Learning with PAC and Regret Guarantees" (ICML), on the hard MDP
// family of the lower bounds (Sec. 6.2, Fig. 1; envs/lower_bound_mdp.h).
//
// What is measured (per task = (config, seed)), from the exact per-episode regret
// rho* - rho^{pi_t} (algorithms/tabular/episode_loop.h, Def. 2):
//   (a) the number of episodes whose policy is not alpha-optimal (Def. 1), at a fixed accuracy
//       pac_alpha, against 1/eps: Thm. 5 says any eps-JDP agent needs
//       Omega(SAH^2/alpha^2 + SAH ln(1/beta)/(alpha eps)) of them (lower bound), Thm. 3 that PUCB
//       needs O~(SAH^4/alpha^2 + S^2AH^4/(eps alpha)) (upper bound);
//   (b) the same count against 1/alpha at fixed eps. alpha is only a measurement threshold, so one
//       run per (agent, eps) gives the count for the whole grid pac_alpha_grid;
//   (c) the cumulative regret, against Thm. 6's lower bound Omega(sqrt(HSAT) + SAH ln(T)/eps).
// Agents: UBEV (non-private) and PUCB (Alg. 2-3) at several privacy_epsilon, all facing the same
// instance I of each family member (drawn from the env-generation stream keyed by
// (master seed, env name), tabular_task.h) and the same environment randomness per seed.
//
// Instances (S = n + 2 states, A = m + 1 actions; agents see horizon H + 1, see
// envs/lower_bound_mdp.h; the regret and every alpha are in units of the paper's return, in
// [0, H]). The accuracy grid is relative to the instance's smallest regret of a deterministic
// non-optimal policy, g = H alpha'/(2n) (one initial state, weight 1/n, on an arm alpha'H/2 worse):
//   pac_alpha_grid = g * {0.15, 0.3, 0.6, 1.2}, pac_alpha = 0.6 g (panel (a)).
// Any policy that errs deterministically in some initial state, or is uniform over tied arms
// (PUCB while its private counts are below 2E_eps), has regret >= g > pac_alpha. On ONE instance
// the count in (b) is a step function of alpha: the lower bound's alpha dependence comes from
// tuning alpha' to alpha (Thm. 5's proof), i.e. from runs at several alpha' (grid field
// alpha_primes; every instance x agent variant x eps is run at each value). The claims profiles
// (experiments/core/claims_profile.h) run two values, for the claim vietri.pac_excess_vs_alpha.
//
// Scales (T episodes, seeds; eps grid; instances (n, m, H), alpha_primes = {1/2} for all):
//   smoke    T = 2000,     2 seeds;  eps {1000, 10000};                 (2,1,2)
//   default  T = 200000,   3 seeds;  eps {1000, 3000, ..., 100000};     (2,1,2), (3,2,2)
//   paper    T = 10000000, 20 seeds; eps {30, 100, ..., 100000};        (2,1,2), (3,2,2), (4,2,3)
// eps is large on purpose: PUCB's E_eps (Alg. 3, ~ H log2(T)^{5/2}/eps) must be reachable by the
// private counts within T, otherwise PUCB stays at the cap H, every episode is non-alpha-optimal
// and the count saturates at T (the paper's bound, measured, but no slope in 1/eps). Measured at
// default scale (default master seed): eps = 300 still saturates on (3,2,2) (PUCB uniform over
// the arms of every initial state for all T episodes), eps = 1000 gives ~0.7 T; hence eps >= 1000.
//
// Agent variants (AgentVariants() in the .cc): ubev (Dann et al. 2017, non-private),
// pucb_noiseless (PUCB's planner on exact counts, "eps = infinity": the reference of the privacy
// cost, since PUCB tends to it as eps grows), pucb
// (error_bound_method = paper) and pucb_exact_tail (PucbOptions::error_bound_method =
// PucbErrorBoundMethod::kExactTail: same counters and privacy, a tighter E). PUCB's
// privacy_epsilon is for adding/removing one user's episode (Alg. 2's eps/(3H); attribute
// neighbour_relation = add_remove); under replacement it is 2 eps (privacy_epsilon_replacement).
//
// Group names: "<env>-<variant>" (non-private) and "<env>-<variant>-eps=<eps>" (private variants)
// with one alpha_primes value; with several, each name ends in "-ap=<alpha'>" (e.g.
// "lower_bound_n2_m1_H2-pucb-eps=1000-ap=0.35"). <env> = "lower_bound_<instance>" does not carry
// alpha' (the instance vector I, drawn per env, is the same at every alpha'); the attribute
// alpha_prime tells the runs apart.
// Attributes per config (HDF5 group attributes; docs/hdf5_schema.md, "vietri_lower_bound_fig"):
//   env, env_family, num_initial_states, num_arms, rewarded_horizon, alpha_prime, num_states,
//   num_actions, horizon, num_episodes, failure_probability  (tabular_task.h)
//   agent          string   ubev | pucb_noiseless | pucb (the agent factory's name)
//   neighbour_relation, privacy_epsilon_replacement   string, float64, private variants only
//   agent_variant  string   curve key of the analysis (ubev, pucb, ...)
//   pac_alpha      float64  the fixed alpha of panel (a), an element of pac_alpha_grid
//   pac_alpha_unit float64  g = H alpha'/(2n)
//   privacy_epsilon, error_bound, counter_epsilon   float64, private variants only
// Datasets per config ([seeds x ...]): episode_grid, cumulative_regret [n] and total_regret
// (experiments/core/episode_grid.h, RegretOnGridResult), pac_alpha_grid [K] (same every
// seed), non_alpha_optimal_episodes [K], alpha_optimal_from_episode [K] (1..T+1, T+1 = not
// settled; episode_loop.h), instance [n] (I_s); scalars first_episode_bonus_below_horizon
// (-1 = never), optimal_value (rho*).
#ifndef DPRL_EXPERIMENTS_VIETRI_VIETRI_LOWER_BOUND_TASK_H_
#define DPRL_EXPERIMENTS_VIETRI_VIETRI_LOWER_BOUND_TASK_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "experiments/runner/experiment.h"

namespace dprl {

// Multipliers of g = H alpha'/(2n) giving pac_alpha_grid, and the index of pac_alpha in it.
inline constexpr double kPacAlphaMultipliers[] = {0.15, 0.3, 0.6, 1.2};
inline constexpr int kPacAlphaFixedIndex = 2;

// One member of the lower-bound family by its shape.
struct LowerBoundInstance {
  int num_initial_states = 0;  // n
  int num_arms = 0;            // m
  int rewarded_horizon = 0;    // the paper's H (the MDP has H + 1 steps)
};
// "n2_m1_H2" <-> {2, 1, 2}; a malformed name is an error showing the syntax.
absl::StatusOr<LowerBoundInstance> ParseLowerBoundInstance(const std::string& text);
std::string LowerBoundInstanceName(const LowerBoundInstance& instance);

// The grid of //experiments:vietri_lower_bound_fig. Field documentation: BindFields (printed by
// --help); defaults per scale in ForScale (the scales table above).
struct VietriLowerBoundGrid {
  int64_t num_episodes = 0;
  std::vector<std::string> instances;
  std::vector<std::string> agent_variants;
  std::vector<double> privacy_epsilons;
  std::vector<double> alpha_primes;
  double failure_probability = 0.0;

  static VietriLowerBoundGrid ForScale(Scale scale);
  void BindFields(ConfigFields& fields);
  // Validates every field (errors name it) and lists the configurations: per instance, per
  // alpha_primes value, per agent variant, per privacy_epsilons value for the private variants.
  absl::StatusOr<std::vector<ConfigSpec>> MakeConfigs() const;
};

absl::StatusOr<TaskResult> RunVietriLowerBoundTask(const ConfigSpec& config,
                                                   const TaskContext& context);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_VIETRI_VIETRI_LOWER_BOUND_TASK_H_
