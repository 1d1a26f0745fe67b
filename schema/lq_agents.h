// The results schema of an LQ configuration (//experiments:private_ofu_fig): the parameters of
// its system (LqSystemSettings), the catalogue of the LQ agents that configurations name (the
// attribute `agent`), and the OptionBindings (option_binding.h) through which every attribute of
// such a configuration's agent is written by the grid and read back by the task and the analysis.
// No agent code: the experiments (experiments/lq/lq_registry.h) build the agents from these
// entries, the analysis reads a group's agent without linking one.
//
// An LQ agent is an LqAgentOptions preset (algorithms/lqr/lq_agent_options.h): the orthogonal
// options calibration (none | paper | tight), planner (ofu_step | certainty_equivalence), model
// (shrunk | ridge) and dither_scale, with its display label and the paper it reproduces. Its
// configuration parameters follow from the preset (LqAgentParameterBinding):
//   every agent          num_episodes, confidence_alpha
//   calibration none     regularizer_lambda (lambda of H_k = lambda I)
//   calibration private  privacy_epsilon, target_delta, neighbour
//   model ridge          ce_ridge
//   dither_scale > 0     dither_scale
//   planner ofu_step     ofu_minimiser (optional, written only when not ceres: lbfgspp)
// Every configuration also records its agent's planner, calibration and model
// (LqAgentStructureBinding; the task refuses a configuration whose values differ from its entry's
// preset) and its display label (`label`, LqConfigNamesBinding), so that analysis keeps no table
// of agent names.
//
// Adding an agent adds one registration (lq_agent_presets.cc, linked with alwayslink = 1,
// //schema:lq_agent_presets); no shared code changes:
//
//   const bool kRegistered = RegisterLqAgent(LqAgentType{
//       "private_ofu_rl", "Private-OFU-RL", "Chowdhury, Zhou, Shroff 2021, Alg. 1",
//       LqPreset(LqCalibration::kPaper, LqPlanner::kOfuStep)});
//
// experiments/lq/lq_registry_test runs every registered agent on every registered system under
// the LqAgent contract (gains, clipping, regret, determinism, Validate), so a new entry is tested
// by registering it.
#ifndef DPRL_SCHEMA_LQ_AGENTS_H_
#define DPRL_SCHEMA_LQ_AGENTS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "algorithms/lqr/lq_agent_options.h"
#include "algorithms/lqr/private_ofu_params.h"
#include "schema/option_binding.h"

namespace dprl {

struct LqAgentType {
  std::string name;      // the value of the `agent` attribute
  std::string label;     // display label of figures and tables (the `label` attribute)
  std::string citation;  // the paper and algorithm it reproduces, or "not in the paper: ..."
  // calibration, planner, model, dither_scale and the defaults of every other option.
  LqAgentOptions preset;
};

// An LqAgentOptions with these three options set and the others at their defaults.
LqAgentOptions LqPreset(LqCalibration calibration, LqPlanner planner,
                        LqModel model = LqModel::kShrunk, double dither_scale = 0.0);

// Adds an entry (a second of the same name is a bug: CHECK; so is a preset that fails
// Validate()). Returns true, for use as the initialiser of a namespace-scope constant.
bool RegisterLqAgent(LqAgentType type);

// The registered names, sorted.
std::vector<std::string> LqAgentNames();

// The entry of that name; InvalidArgument "unknown LQ agent 'x' (one of a, b, ...)" otherwise.
absl::StatusOr<const LqAgentType*> FindLqAgent(const std::string& name);

// "name (label; citation)" of each agent, joined by "; ": the documentation of a grid field that
// lists agents.
std::string LqAgentsDoc();

// The parameters of an LQ system entry.
struct LqSystemSettings {
  // H: steps per episode. In [1, 2^31).
  int64_t horizon = 5;
};

// The parameters of every system entry: `horizon`.
const OptionBinding<LqSystemSettings>& LqSystemBinding();

// The selectors and display label of a configuration: `env`, `agent`, and `label` (written by the
// grid from the agent's entry; optional when read).
struct LqConfigNames {
  std::string env;
  std::string agent;
  std::string label;
};
const OptionBinding<LqConfigNames>& LqConfigNamesBinding();

// The configuration parameters of an agent with this preset (table above); `owner` names it in
// errors ("agent private_ofu_rl").
OptionBinding<LqAgentOptions> LqAgentParameterBinding(const LqAgentOptions& preset,
                                                      const std::string& owner);
// planner, calibration, model (recorded for every agent; see above).
const OptionBinding<LqAgentOptions>& LqAgentStructureBinding();
// What analysis reads back of a results group's agent (whatever its name): planner, calibration,
// model, and dither_scale (optional: 0, no dither, when the group has none).
const OptionBinding<LqAgentOptions>& LqRecordedAgentBinding();
// Every parameter any agent has: what a grid writes its settings with, for each entry's binding
// to read its own from.
const OptionBinding<LqAgentOptions>& AllLqAgentParametersBinding();

// Recorded, never read back: what the system and the calibration came to. Written by the grid.
struct LqConfigRecord {
  int64_t state_dim = 0;                // n
  int64_t control_dim = 0;              // d
  double control_bound = 0.0;           // gamma
  double noise_bound = 0.0;             // C_w
  int64_t predicted_onset_episode = 0;  // PredictZeroDynamicsOnset (zero_dynamics_model.h)
};
const OptionBinding<LqConfigRecord>& LqConfigRecordBinding();
// m, sigma_1, sigma_2, Lambda, eta, nu of a private agent (private_ofu_params.h).
const OptionBinding<PrivateOfuParams>& LqCalibrationRecordBinding();

}  // namespace dprl

#endif  // DPRL_SCHEMA_LQ_AGENTS_H_
