// Shared pieces of the tabular experiments (//experiments:vietri_fig and its siblings): the
// bindings of the attributes every tabular configuration carries, the environments and the agents
// named by attributes, and the exact-regret run of one (config, seed) task (RunTabularRegretTask).
// Their streams are TaskStreams' (task_streams.h): Environment(env attribute), Policy(),
// PrivacyNoise() and Instance(m, env attribute) for random MDPs and the lower-bound family's
// instance vector I.
//
// Attributes (HDF5 group attributes, see docs/hdf5_schema.md), each written by a grid and read by
// a task through one binding: `env` and `agent` name a registered environment and agent
// (TabularTypeNames, schema/tabular_records.h), whose bindings say which other attributes they read
// (tabular_environment_types.cc, tabular_agent_types.h); TabularShapeBinding records the MDP's
// num_states, num_actions, horizon; TabularRegretSettingsBinding the run's num_episodes.
// Lower-bound family (envs/lower_bound_mdp.h, Vietri et al. 2020 Sec. 6.2), LowerBoundBinding,
// read by MakeLowerBoundEnvironment:
//   env                 string  instance name (keys the instance stream), e.g. lower_bound_n2_m1_H2
//   env_family          string  lower_bound
//   num_initial_states  int64   n;   num_states = n + 2
//   num_arms            int64   m;   num_actions = m + 1
//   rewarded_horizon    int64   H of the paper (return H or 0); horizon = H + 1 (TabularMdp steps)
//   alpha_prime         float64 the gap parameter alpha'
#ifndef DPRL_EXPERIMENTS_TABULAR_TABULAR_TASK_H_
#define DPRL_EXPERIMENTS_TABULAR_TABULAR_TASK_H_

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
#include "envs/lower_bound_mdp.h"
#include "envs/tabular_mdp.h"
#include "experiments/core/episode_grid.h"
#include "experiments/core/stream_purpose.h"
#include "experiments/core/task_streams.h"
#include "experiments/runner/experiment.h"
#include "random/random_stream.h"
#include "schema/lower_bound_records.h"
#include "schema/option_binding.h"
#include "schema/tabular_records.h"

namespace dprl {

// The registered environment (tabular_registry.h) named by the config's `env` attribute, with
// its parameters from the config's attributes; random instances are drawn from the stream keyed
// by (master_seed, env) above.
absl::StatusOr<TabularMdp> MakeTabularEnvironment(const ConfigSpec& config, uint64_t master_seed);

// The `label` attribute (DisplayLabelBinding, schema/tabular_records.h) of a private agent's
// group, plain UTF-8: "<agent_label> (ε=<privacy_epsilon, %g>[, <qualifier>])", e.g.
// "PUCB (ε=10, exact-tail E)".
std::string PrivateAgentLabel(const std::string& agent_label, double privacy_epsilon,
                              const std::string& qualifier = "");

// A member of the lower-bound family as configured (above) is the record LowerBoundFamilyMember
// (LowerBoundBinding, schema/lower_bound_records.h); its instance I is drawn by the task.
// The attributes of the lower-bound instance `env` (env, the family member, its shape).
AttributeList LowerBoundEnvironmentAttributes(const std::string& env,
                                              const LowerBoundMdpOptions& mdp);

struct LowerBoundEnvironment {
  TabularMdp mdp;
  std::vector<int> instance;  // I_s, s = 1..n (code 0..n-1)
};

// The lower-bound MDP of the config's attributes (above), with its instance I drawn by
// SampleLowerBoundInstance from TaskStreams::Instance(master_seed, env).
// Checks that num_states, num_actions, horizon agree with n + 2, m + 1, H + 1.
absl::StatusOr<LowerBoundEnvironment> MakeLowerBoundEnvironment(const ConfigSpec& config,
                                                                uint64_t master_seed);

// The registered agent (tabular_registry.h) named by the config's `agent` attribute, for an MDP
// of `shape`, with its privacy noise stream keyed as above.
absl::StatusOr<std::unique_ptr<TabularAgent>> MakeTabularAgent(const ConfigSpec& config,
                                                               const TabularShape& shape,
                                                               const TaskContext& context);

// What building a task's MDP of `shape` costs (core seconds): kTabularModelCoreSecondsPerEntry
// (experiments/core/task_cost_model.h) per entry of its S^2 A H transition table.
double TabularModelCoreSeconds(const TabularShape& shape);

// ConfigSpec::estimated_core_seconds of a regret task of `config` (its agent attribute and, for
// PUCB, its error_bound already written) over num_episodes episodes: TabularModelCoreSeconds
// (paid once per task) plus the measured cost per episode and unit of S A H of the agent's
// cost-model row (TabularAgentType::cost_kind, experiments/core/task_cost_model.h). PUCB's first kPucbBurnInErrorBounds * E episodes (its
// burn-in, while its noisy counts are below the 2E threshold and the optimistic values stay at
// the cap H) are charged at the pucb_burn_in row, about 6x cheaper. (S A H fits PUCB's measured
// costs on riverswim (4, 2, 5), the random MDP (4, 2, 4) and the lower-bound MDPs within 1.3x of
// each other; S A H (S + 2), the count of its private counters, fits worse.)
double TabularTaskCoreSeconds(const ConfigSpec& config, const TabularShape& shape,
                              int64_t num_episodes);

// Fills `config` (its group_name is the caller's) for a regret task of `agent` on the environment
// of `shape` whose attributes are `env_attributes` (TabularEnvironmentChoice::attributes): those
// attributes, the agent's name, its legend `label`, the run's num_episodes, then
// `agent_attributes`; its cost estimate (TabularTaskCoreSeconds) and stored values per seed. An
// estimate past the runner's limit is refused (CheckTaskTime) naming `subject`.
absl::Status FillTabularRegretConfig(const AttributeList& env_attributes, const TabularShape& shape,
                                     const std::string& agent, const std::string& label,
                                     int64_t num_episodes, const AttributeList& agent_attributes,
                                     const std::string& subject, ConfigSpec& config);

// PUCB's cheap burn-in in units of its error bound E, fitted to measured task costs rather
// than to where the burn-in ends (the first episode whose optimistic value leaves H: 47-51 E on
// riverswim at eps = 100, 1000 and 83 E on the random MDP at eps = 100, T = 1e5). The cost rises
// gradually as more counts pass 2E; 30 E puts the T = 1e5 tasks at eps = 100 and 1000 on both
// environments within 1.35x of their measured cost (60 E: 1.7x below at eps = 100). A task that
// stays in burn-in to its end costs more than the cheap rate says as T grows (riverswim,
// eps = 10: 1.0x at T = 1e5, 1.56x above the estimate at T = 3e5).
inline constexpr double kPucbBurnInErrorBounds = 30.0;

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

// One regret task: the environment of MakeTabularEnvironment, the agent of MakeTabularAgent,
// num_episodes (TabularRegretSettings) episodes of RunEpisodes with the environment and policy
// streams above. Result: RegretOnGridResult (the exact per-episode regret
// summed on the log-spaced grid, never kept per episode) and the scalar
// first_episode_bonus_below_horizon (first episode whose plan has a value below the cap H, -1 =
// never; meaningful for optimistic agents). Errors name the configuration and the parameter.
absl::StatusOr<TaskResult> RunTabularRegretTask(const ConfigSpec& config,
                                                const TaskContext& context);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_TABULAR_TABULAR_TASK_H_
