// Shared pieces of the tabular experiments (//experiments:vietri_fig and its siblings): typed
// access to a configuration's attributes, the environments and the agents named by attributes,
// and the exact-regret run of one (config, seed) task (RunTabularRegretTask). Their streams are
// TaskStreams' (task_streams.h): Environment(env attribute), Policy(), PrivacyNoise() and
// Instance(m, env attribute) for random MDPs and the lower-bound family's instance vector I.
//
// Attributes (HDF5 group attributes, see docs/hdf5_schema.md): `env` and `agent` name a
// registered environment and agent (tabular_registry.h), whose parameter specs say which other
// attributes they read (tabular_environment_types.cc, tabular_agent_types.h); RunTabularRegretTask
// also reads num_episodes.
// Lower-bound family (envs/lower_bound_mdp.h, Vietri et al. 2020 Sec. 6.2), read by
// MakeLowerBoundEnvironment:
//   env                 string  instance name (keys the instance stream), e.g. lower_bound_n2_m1_H2
//   env_family          string  lower_bound
//   num_initial_states  int64   n;   num_states = n + 2
//   num_arms            int64   m;   num_actions = m + 1
//   rewarded_horizon    int64   H of the paper (return H or 0); horizon = H + 1 (TabularMdp steps)
//   alpha_prime         float64 the gap parameter alpha'
#ifndef DPRL_EXPERIMENTS_TABULAR_TASK_H_
#define DPRL_EXPERIMENTS_TABULAR_TASK_H_

#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "algorithms/tabular/episode_loop.h"
#include "algorithms/tabular/pucb.h"
#include "algorithms/tabular/tabular_agent.h"
#include "envs/tabular_mdp.h"
#include "experiments/episode_grid.h"
#include "experiments/runner/experiment.h"
#include "experiments/stream_purpose.h"
#include "experiments/task_streams.h"
#include "random/random_stream.h"

namespace dprl {

// The attribute `name` of `config` with type T (int64_t, double or std::string); an error naming
// the configuration and the attribute when it is missing or of another type.
template <typename T>
absl::StatusOr<T> Attribute(const ConfigSpec& config, const std::string& name) {
  for (const auto& [key, value] : config.attributes) {
    if (key == name && std::holds_alternative<T>(value)) return std::get<T>(value);
  }
  return absl::InvalidArgumentError(
      absl::StrCat("configuration ", config.group_name, " lacks attribute ", name));
}

// The registered environment (tabular_registry.h) named by the config's `env` attribute, with
// its parameters from the config's attributes; random instances are drawn from the stream keyed
// by (master_seed, env) above.
absl::StatusOr<TabularMdp> MakeTabularEnvironment(const ConfigSpec& config, uint64_t master_seed);

struct LowerBoundEnvironment {
  TabularMdp mdp;
  std::vector<int> instance;  // I_s, s = 1..n (code 0..n-1)
};

// The lower-bound MDP of the config's attributes (above), with its instance I drawn by
// SampleLowerBoundInstance from TaskStreams::Instance(master_seed, env).
// Checks that num_states, num_actions, horizon agree with n + 2, m + 1, H + 1.
absl::StatusOr<LowerBoundEnvironment> MakeLowerBoundEnvironment(const ConfigSpec& config,
                                                                uint64_t master_seed);

// PucbOptions from the config's attributes privacy_epsilon, failure_probability, num_episodes and
// the optional neighbour_relation, error_bound_method (validated). The one place that maps
// attributes to PUCB options (agents and config builders).
absl::StatusOr<PucbOptions> PucbOptionsFromConfig(const ConfigSpec& config);

// The attributes that describe a PUCB configuration's guarantee and bound, in this order:
//   neighbour_relation           string   add_remove | replacement (what privacy_epsilon is for)
//   privacy_epsilon_replacement  float64  the epsilon of the same run under replacement
//   error_bound                  float64  E of the bonuses and of the 2E threshold
//   counter_epsilon              float64  eps' of every counter
// (privacy_epsilon and error_bound_method are set by the caller, which chose them.) Errors are
// those PucbAgent::Create would return for these options (CheckedPucbErrorBound), so a grid that
// lists its configurations with this function refuses them before any task runs.
absl::StatusOr<std::vector<std::pair<std::string, AttributeValue>>> PucbGuaranteeAttributes(
    const TabularShape& shape, const PucbOptions& options);

// The registered agent (tabular_registry.h) named by the config's `agent` attribute, for an MDP
// of `shape`, with its privacy noise stream keyed as above.
absl::StatusOr<std::unique_ptr<TabularAgent>> MakeTabularAgent(const ConfigSpec& config,
                                                               const TabularShape& shape,
                                                               const TaskContext& context);

// PUCB's cost relative to UBEV's per episode (private counters and their node noise; measured
// with //algorithms/tabular:agents_benchmark, 1.2-1.7x, rounded up).
inline constexpr double kPucbCostFactor = 1.5;

// ConfigSpec::estimated_core_seconds of a regret task: a per-episode cost proportional to
// S * A * H (the planner's work), calibrated on vietri_fig's default-scale run (2 cores, 2026),
// times `cost_factor` (1 for UBEV and pucb_noiseless, kPucbCostFactor for PUCB).
double TabularTaskCoreSeconds(const TabularShape& shape, int64_t num_episodes, double cost_factor);

// ConfigSpec::stored_values_per_seed of RunTabularRegretTask's result for `num_episodes`.
int64_t TabularRegretValuesPerSeed(int64_t num_episodes);

// RunEpisodes of `agent` on `mdp` for regret->num_episodes() episodes with the task's streams
// above (environment keyed by `env`, policy by the config's group name), reporting progress to
// the context, measuring PAC at `pac_alphas`, and adding every episode's regret to `regret`.
// Shared by every tabular regret task.
absl::StatusOr<EpisodeLoopResult> RunTaskEpisodes(const TabularMdp& mdp, TabularAgent& agent,
                                                  const ConfigSpec& config, const std::string& env,
                                                  const TaskContext& context,
                                                  const std::vector<double>& pac_alphas,
                                                  CumulativeOnGrid* regret);

// One regret task: the environment named by the config's env, num_states, num_actions, horizon
// attributes, the agent of MakeTabularAgent, num_episodes episodes of RunEpisodes with the
// environment and policy streams above. Result: RegretOnGridResult (the exact per-episode regret
// summed on the log-spaced grid, never kept per episode) and the scalar
// first_episode_bonus_below_horizon (first episode whose plan has a value below the cap H, -1 =
// never; meaningful for optimistic agents). Errors name the missing attribute.
absl::StatusOr<TaskResult> RunTabularRegretTask(const ConfigSpec& config,
                                                const TaskContext& context);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_TABULAR_TASK_H_
