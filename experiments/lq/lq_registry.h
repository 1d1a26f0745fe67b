// The registry of the LQ systems that configurations of //experiments:private_ofu_fig name (the
// attribute `env`), and how a task builds its agent's options from a configuration. The agents'
// catalogue (names, labels, citations, presets, and the bindings of every agent attribute) is
// the results schema's, schema/lq_agents.h, which the analysis reads too; so are the systems'
// parameters (LqSystemSettings, LqSystemBinding).
// An LQ system is a named system of envs/lq_system.h built for a horizon (parameter `horizon`).
//
// Adding a system adds one registration (lq_systems.cc; linked with alwayslink = 1,
// //experiments/lq:lq_types); no shared code changes.
//
// lq_registry_test runs every registered agent on every registered system under the LqAgent
// contract (gains, clipping, regret, determinism, Validate), so a new entry is tested by
// registering it.
#ifndef DPRL_EXPERIMENTS_LQ_LQ_REGISTRY_H_
#define DPRL_EXPERIMENTS_LQ_LQ_REGISTRY_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "algorithms/lqr/lq_episode_loop.h"
#include "algorithms/lqr/ofu_agent.h"
#include "envs/lq_system.h"
#include "experiments/runner/experiment.h"
#include "schema/lq_agents.h"
#include "schema/option_binding.h"

namespace dprl {

struct LqSystemType {
  std::string name;         // the value of the `env` attribute
  std::string description;  // one line
  std::function<absl::StatusOr<LqSystem>(const LqSystemSettings& settings)> create;
};

// Adds an entry (a second of the same name is a bug: CHECK). Returns true, for use as the
// initialiser of a namespace-scope constant.
bool RegisterLqSystem(LqSystemType type);

// The registered names, sorted.
std::vector<std::string> LqSystemNames();

// The entry of that name; InvalidArgument "unknown LQ system 'x' (one of a, b, ...)" otherwise.
absl::StatusOr<const LqSystemType*> FindLqSystem(const std::string& name);

// An agent's options read from `config` (its preset, then the entry's parameters), with the
// system's part set from `system` (calibration not yet applied: LqAgent::Create applies it).
// Errors name the configuration and the parameter, e.g. a recorded planner that is not the
// entry's.
absl::StatusOr<LqAgentOptions> ReadLqAgentOptions(const LqAgentType& type, const LqSystem& system,
                                                  const ConfigSpec& config);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_LQ_LQ_REGISTRY_H_
