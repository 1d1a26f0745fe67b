// Registries of the tabular environments and agents that experiment configurations name, each
// with its typed parameter specification (parameters.h; after OpenSpiel's GameType and
// parameter_specification).
//
// A configuration names its environment with the attribute `env` and its agent with `agent`; the
// remaining attributes are the parameters of both (shared names such as num_episodes are read by
// both). Adding an environment or an agent adds one file that registers it at static
// initialisation and is linked with alwayslink = 1 (see //experiments:tabular_types); no shared
// code changes:
//
//   const bool kRegistered = RegisterTabularEnvironment(TabularEnvironmentType{
//       "riverswim", "RiverSwim (Osband et al. 2013), 2 actions",
//       {Required("num_states", int64_t{0}, "chain length S"), ...},
//       [](const Parameters& parameters, RandomStream& generation) { ... }});
//
// Registered today (tabular_environment_types.cc, tabular_agent_types.cc):
//   environments  riverswim, random_mdp
//   agents        ubev, ubev_as_run, pucb_noiseless, pucb, rlsvi, psrl
// tabular_registry_test runs every registered environment through the TabularMdp conformance
// suite and every agent on every environment under the TabularAgent contract, so a new type is
// tested by registering it.
#ifndef DPRL_EXPERIMENTS_TABULAR_REGISTRY_H_
#define DPRL_EXPERIMENTS_TABULAR_REGISTRY_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "algorithms/tabular/tabular_agent.h"
#include "envs/tabular_mdp.h"
#include "experiments/parameters.h"
#include "random/random_stream.h"

namespace dprl {

struct TabularEnvironmentType {
  std::string name;         // the value of the `env` attribute
  std::string description;  // one line
  std::vector<ParameterSpec> parameters;
  // A of an environment without a num_actions parameter (RiverSwim: 2); 0 when it has one. With
  // the num_states and horizon parameters it gives the size of the MDP before it is built
  // (tabular_environments.h checks the memory of a configuration with it).
  int64_t fixed_num_actions = 0;
  // Builds the environment; `generation` is the stream of random instances (keyed by the
  // environment name and the master seed, the same for every agent and seed).
  std::function<absl::StatusOr<TabularMdp>(const Parameters& parameters, RandomStream& generation)>
      create;
};

struct TabularAgentType {
  std::string name;         // the value of the `agent` attribute
  std::string description;  // one line
  std::vector<ParameterSpec> parameters;
  // Builds the agent for an MDP of `shape`; `noise_stream` is its privacy-noise stream.
  std::function<absl::StatusOr<std::unique_ptr<TabularAgent>>(
      const Parameters& parameters, const TabularShape& shape, const RandomStream& noise_stream)>
      create;
  // True for an agent with a privacy guarantee (its grids set its privacy parameters); the others
  // are non-private references that an experiment may list by name (TabularReferenceAgentNames).
  bool differentially_private = false;
};

// Adds a type (a second type of the same name is a bug: CHECK). Returns true, for use as the
// initialiser of a namespace-scope constant.
bool RegisterTabularEnvironment(TabularEnvironmentType type);
bool RegisterTabularAgent(TabularAgentType type);

// The registered type of that name, or nullptr.
const TabularEnvironmentType* FindTabularEnvironment(const std::string& name);
const TabularAgentType* FindTabularAgent(const std::string& name);

// The registered names, sorted.
std::vector<std::string> TabularEnvironmentNames();
std::vector<std::string> TabularAgentNames();
// The registered agents without a privacy guarantee, sorted.
std::vector<std::string> TabularReferenceAgentNames();
// "name (description)" of each of them, joined by ", ": the documentation of a grid field that
// lists reference agents.
std::string TabularReferenceAgentsDoc();

// The environment named by `config`'s `env` attribute, with its parameters checked against the
// spec. Errors name the configuration and the parameter, or list the registered names.
absl::StatusOr<TabularMdp> CreateTabularEnvironment(const ConfigSpec& config,
                                                    RandomStream& generation);
// The agent named by `config`'s `agent` attribute, likewise.
absl::StatusOr<std::unique_ptr<TabularAgent>> CreateTabularAgent(const ConfigSpec& config,
                                                                 const TabularShape& shape,
                                                                 const RandomStream& noise_stream);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_TABULAR_REGISTRY_H_
