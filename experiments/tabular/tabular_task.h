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
// (tabular_registry.h: environments/<name>.cc, agents/<name>.cc); TabularShapeBinding records the
// MDP's num_states, num_actions, horizon; TabularRegretSettingsBinding the run's num_episodes.
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
#include <functional>
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

// The registered agent (tabular_registry.h) named by the config's `agent` attribute, for the
// task's MDP, with its privacy noise stream keyed as above.
absl::StatusOr<std::unique_ptr<TabularAgent>> MakeTabularAgent(const ConfigSpec& config,
                                                               const TabularMdp& mdp,
                                                               const TaskContext& context);

// What a tabular task pays once, before its first episode, beside its row's per-episode cost:
// building its MDP's S^2 A H transition table (TabularMdp's probabilities and alias tables; the
// random MDP's Dirichlet draws), in core seconds per entry of the table. Negligible at the
// papers' S = 4 to 20 (under 1e-4 core-s), it is the whole cost of a short task at large S: a
// task of one episode on the random MDP of S = 3 000 (A = 2, H = 4) takes 6.4 core-s, where the
// per-episode rows alone say 5.5e-4. Measured by hand on 2026-12-02 on the 2-core development
// machine (user + system CPU time of a one-episode ubev run less that of its --dry_run, which
// builds the MDP once too): 3.9e-8 and 3.3e-8 per entry on RiverSwim at S = 1 000 and 3 000
// (H = 5), 9.9e-8 and 8.9e-8 on the random MDP (H = 4); the constant is their geometric mean,
// within 1.8x of each.
inline constexpr double kTabularModelCoreSecondsPerEntry = 5.8e-8;

// What building a task's MDP of `shape` costs (core seconds): kTabularModelCoreSecondsPerEntry
// per entry of its S^2 A H transition table.
double TabularModelCoreSeconds(const TabularShape& shape);

// ConfigSpec::estimated_core_seconds of a regret task of `config` (its agent attribute and the
// agent's parameters already written) over num_episodes episodes: TabularModelCoreSeconds (paid
// once per task) plus the registered agent's TabularAgentType::core_seconds (tabular_registry.h),
// from its rows of the cost model.
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


// ConfigSpec::stored_values_per_seed of RunTabularRegretTask's result for `num_episodes`.
int64_t TabularRegretValuesPerSeed(int64_t num_episodes);

// RunEpisodes of `agent` on `mdp` for regret->num_episodes() episodes with the task's streams
// above (environment keyed by `env`, policy by the config's group name), reporting progress to
// the context, measuring PAC at `pac_alphas`, and adding every episode's regret to `regret`,
// then passing it to `also_observe` (may be empty). Shared by every tabular regret task.
absl::StatusOr<EpisodeLoopResult> RunTaskEpisodes(const TabularMdp& mdp, TabularAgent& agent,
                                                  const ConfigSpec& config, const std::string& env,
                                                  const TaskContext& context,
                                                  const std::vector<double>& pac_alphas,
                                                  CumulativeOnGrid* regret,
                                                  const RegretObserver& also_observe = {});

// What a regret task records beside its regret (e.g. dp_nash_vi_fig's bracket of Lemma B.7):
// Observe is called once per episode with its exact regret, while the agent holds that
// episode's plan (after BeginEpisode, before its first step); Finish adds the recorder's scalars
// to the task's result.
class TabularEpisodeRecorder {
 public:
  virtual ~TabularEpisodeRecorder() = default;
  virtual void Observe(double regret) = 0;
  virtual void Finish(TaskResult& result) const = 0;
};

// The recorder of a task for its MDP and agent (both outlive it), or nullptr when it records
// nothing for that agent.
using TabularEpisodeRecorderFactory = std::function<std::unique_ptr<TabularEpisodeRecorder>(
    const TabularMdp& mdp, const TabularAgent& agent)>;

// One regret task: the environment of MakeTabularEnvironment, the agent of MakeTabularAgent,
// num_episodes (TabularRegretSettings) episodes of RunEpisodes with the environment and policy
// streams above. Result: RegretOnGridResult (the exact per-episode regret
// summed on the log-spaced grid, never kept per episode) and the scalar
// first_episode_bonus_below_horizon (first episode whose plan has a value below the cap H, -1 =
// never; meaningful for optimistic agents). Errors name the configuration and the parameter.
absl::StatusOr<TaskResult> RunTabularRegretTask(const ConfigSpec& config,
                                                const TaskContext& context);

// RunTabularRegretTask with the recorder that `recorder` makes for the task's MDP and agent
// (none when it returns nullptr): its scalars follow first_episode_bonus_below_horizon.
absl::StatusOr<TaskResult> RunRecordedTabularRegretTask(
    const ConfigSpec& config, const TaskContext& context,
    const TabularEpisodeRecorderFactory& recorder);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_TABULAR_TABULAR_TASK_H_
