// The registry of the Q-learning agents and training modes that the Wang & Hegde experiments
// (wang_hegde_task.h) run on the continuous walk (envs/continuous_walk.h), each with the typed
// binding of its Options struct (option_binding.h).
//
// A configuration names its agent with the attribute `agent`; its other attributes are the
// parameters of that agent, written by the grid and read by the task through the entry's one
// OptionBinding (so what is stored is exactly what runs). Adding an agent adds one file that
// registers it at static initialisation, experiments/qlearning/agents/<agent>.cc, which
// //experiments/qlearning:qlearning_types globs (linked with alwayslink = 1); no shared code
// changes:
//
//   QLearningAgentDefinition<MyOptions, MyLearner> my_agent;
//   my_agent.name = "my_agent";  my_agent.binding = &MyBinding();  ... (fields below)
//   const bool kRegistered = RegisterQLearningAgent(MakeQLearningAgentType(my_agent));
//
// Each file of experiments/qlearning/agents/ registers one agent or one family (algorithm1.cc:
// functional_noise, dp_sgd, input_perturbation; reference_policies.cc: scripted, uniform, frozen);
// an experiment's --help lists them with their descriptions.
// qlearning_registry_test runs every registered agent through a short seeded training loop on
// the walk under the shared contract checks, so a new entry is tested by registering it.
#ifndef DPRL_EXPERIMENTS_QLEARNING_QLEARNING_REGISTRY_H_
#define DPRL_EXPERIMENTS_QLEARNING_QLEARNING_REGISTRY_H_

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "algorithms/qlearning/walk_training.h"
#include "common/status_macros.h"
#include "envs/continuous_walk.h"
#include "experiments/runner/experiment.h"
#include "glog/logging.h"
#include "random/random_stream.h"
#include "schema/option_binding.h"
#include "schema/parameters.h"

namespace dprl {

// The states at which a trained agent's Q-function is reported (WalkTrainingRun::final_q).
inline constexpr std::array<double, 5> kQProbeStates = {0.0, 0.25, 0.5, 0.75, 1.0};

// One training run of an agent on the walk (walk_training.h's loop).
struct WalkTrainingRun {
  // The undiscounted return of every training episode.
  std::vector<double> episode_returns;
  // Q(s, a) of the trained agent for s in kQProbeStates and a in {0, 1} (state-major): its output
  // Q-function (the network for the learners, the released estimate for output perturbation);
  // empty for a policy without one (scripted, uniform).
  std::vector<double> final_q;
};

struct QLearningAgentType {
  std::string name;         // the value of the `agent` attribute
  std::string description;  // one line: the algorithm, its source, as printed / as run, privacy
  // The display label of its groups (the `label` attribute): "{detail}" stands for what a grid
  // says about one configuration (e.g. "noise multiplier 30.2"); no placeholder = no detail.
  std::string legend;
  // The parameters that calibrate its privacy noise: each is refused (an error naming it) when
  // negative or not finite. Empty for an agent without privacy noise.
  std::vector<std::string> noise_parameters;
  std::vector<ParameterSpec> parameters;  // its binding's Specs()
  // Reads the agent's Options from `config` through its binding and checks them (the Options'
  // Validate, the entry's own rules, and the memory one task needs). Grids call it on every
  // configuration.
  std::function<absl::Status(const ConfigSpec& config)> check;
  // check, then trains on `env` with the walk loop. `policy_stream`: initial network,
  // exploration; `noise_stream`: the agent's privacy noise.
  std::function<absl::StatusOr<WalkTrainingRun>(
      const ConfigSpec& config, const ContinuousWalk& env, RandomStream& env_stream,
      RandomStream& policy_stream, const RandomStream& noise_stream)>
      train;
};

// Adds a type (a second type of the same name is a bug: CHECK). Returns true, for use as the
// initialiser of a namespace-scope constant.
bool RegisterQLearningAgent(QLearningAgentType type);

// The registered type of that name, or nullptr.
const QLearningAgentType* FindQLearningAgent(const std::string& name);
// The same, or an error naming `context` and listing the registered names.
absl::StatusOr<const QLearningAgentType*> FindQLearningAgentOrError(const std::string& name,
                                                                   const std::string& context);

// The registered names, sorted.
std::vector<std::string> QLearningAgentNames();

// The display label of a group of agent `name`: its legend with "{detail}" replaced by `detail`
// (a detail for a legend without the placeholder, or none for one with it, is a bug: CHECK).
std::string QLearningLabel(const std::string& name, const std::string& detail = "");

// ---- For the files that register an entry --------------------------------------------------

// How an entry with Options `Options` builds and trains its `Learner` (Act/Observe, the agent
// concept of walk_training.h).
template <typename Options, typename Learner>
struct QLearningAgentDefinition {
  std::string name, description, legend;
  std::vector<std::string> noise_parameters;
  const OptionBinding<Options>* binding = nullptr;
  // The range checks of the Options (their Validate) and any rule of the entry (OkStatus if
  // none); messages name the parameter.
  std::function<absl::Status(const Options&)> validate;
  // What one task of these Options needs of the machine (common/resource_limits.h), checked by
  // `check` only (grid time); empty function if nothing to check.
  std::function<absl::Status(const Options&)> resources;
  // T, the training samples.
  std::function<int64_t(const Options&)> num_samples;
  std::function<absl::StatusOr<Learner>(const Options&, const ContinuousWalk& env,
                                        RandomStream& policy_stream,
                                        const RandomStream& noise_stream)>
      create;
  // Q(s, .) of the trained learner; empty function for a policy without a Q-function.
  std::function<std::array<double, 2>(const Learner&, double state)> q_values;
};

template <typename Options, typename Learner>
QLearningAgentType MakeQLearningAgentType(QLearningAgentDefinition<Options, Learner> definition) {
  CHECK(definition.binding != nullptr && definition.validate && definition.num_samples &&
        definition.create)
      << definition.name;
  const auto read = [definition](const ConfigSpec& config) -> absl::StatusOr<Options> {
    ASSIGN_OR_RETURN(Options options, definition.binding->Read(config));
    if (absl::Status status = definition.validate(options); !status.ok()) {
      return absl::InvalidArgumentError(absl::StrCat("configuration ", config.group_name,
                                                     ": agent ", definition.name, ": ",
                                                     status.message()));
    }
    return options;
  };
  QLearningAgentType type;
  type.name = definition.name;
  type.description = definition.description;
  type.legend = definition.legend;
  type.noise_parameters = definition.noise_parameters;
  type.parameters = definition.binding->Specs();
  type.check = [definition, read](const ConfigSpec& config) -> absl::Status {
    ASSIGN_OR_RETURN(const Options options, read(config));
    if (!definition.resources) return absl::OkStatus();
    if (absl::Status status = definition.resources(options); !status.ok()) {
      return absl::Status(status.code(), absl::StrCat("configuration ", config.group_name, ": ",
                                                      status.message()));
    }
    return absl::OkStatus();
  };
  type.train = [definition, read](const ConfigSpec& config, const ContinuousWalk& env,
                                  RandomStream& env_stream, RandomStream& policy_stream,
                                  const RandomStream& noise_stream)
      -> absl::StatusOr<WalkTrainingRun> {
    ASSIGN_OR_RETURN(const Options options, read(config));
    const int64_t num_samples = definition.num_samples(options);
    if (num_samples % env.episode_length() != 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "configuration ", config.group_name, ": num_samples = ", num_samples,
          " is not a multiple of the episode length ", env.episode_length()));
    }
    ASSIGN_OR_RETURN(Learner learner,
                     definition.create(options, env, policy_stream, noise_stream));
    WalkTrainingRun run;
    run.episode_returns = TrainOnWalk(env, num_samples, learner, env_stream);
    if (definition.q_values) {
      for (double state : kQProbeStates) {
        const std::array<double, 2> q = definition.q_values(learner, state);
        run.final_q.insert(run.final_q.end(), q.begin(), q.end());
      }
    }
    return run;
  };
  return type;
}

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_QLEARNING_QLEARNING_REGISTRY_H_
