// The attributes a Wang & Hegde results group carries besides its agent's parameters
// (qlearning_agent_types.h), each written through one binding (docs/hdf5_schema.md,
// "wang_hegde"). The task reads the group record and the environment back; the other records
// describe the group for a reader and the analysis (they are not parameters of the run).
#ifndef DPRL_EXPERIMENTS_WANG_HEGDE_WANG_HEGDE_RECORDS_H_
#define DPRL_EXPERIMENTS_WANG_HEGDE_WANG_HEGDE_RECORDS_H_

#include <string>
#include <utility>

#include "algorithms/accounting/functional_noise_calibration.h"
#include "algorithms/accounting/q_learning_baselines_privacy.h"
#include "algorithms/qlearning/functional_noise_q_learning.h"
#include "envs/continuous_walk.h"
#include "glog/logging.h"
#include "schema/option_binding.h"

namespace dprl {

// Every group: which registered agent runs (qlearning_registry.h), the figure panel ("all": a
// reference drawn in every panel) and the legend text (QLearningLabel).
struct WalkGroupRecord {
  std::string agent;
  std::string panel;
  std::string label;
};
const OptionBinding<WalkGroupRecord>& WalkGroupBinding();

// Every group: the environment's parameters (episode_length; the move length keeps its default).
const OptionBinding<ContinuousWalkOptions>& WalkEnvironmentBinding();

// The figure's Algorithm 1 training setting (BindAlgorithm1Setting), recorded in the groups
// whose agent takes fewer of its parameters (references, output perturbation).
const OptionBinding<FunctionalNoiseQLearningOptions>& Algorithm1SettingBinding();

// Figure 2 groups: the curve's method and the privacy target it is calibrated for.
struct Fig2MethodRecord {
  std::string method;  // the curve; one colour across panels (analysis/wang_hegde/wang_hegde_summary.h)
  double privacy_epsilon = 0.0;
  double target_delta = 0.0;
};
const OptionBinding<Fig2MethodRecord>& Fig2MethodBinding();

// Figure 2 groups of functional noise: where sigma comes from.
struct CalibrationRecord {
  std::string calibration;
};
const OptionBinding<CalibrationRecord>& CalibrationBinding();

// The Theorem 5 curve: the solved bound k (noise_bound) and the achieved total delta.
const OptionBinding<FunctionalNoiseCalibration>& Theorem5CalibrationBinding();
// The input-perturbation curve: the exact epsilon of its reward noise (gdp_privacy_epsilon).
const OptionBinding<InputPerturbationCalibration>& InputPerturbationCalibrationBinding();
// The DP-SGD curve: App. E.2's noise multiplier, the RDP accountant's epsilon for it and the
// multiplier the RDP accountant calibrates exactly.
const OptionBinding<DpSgdCalibration>& DpSgdCalibrationBinding();

// The output-perturbation curve: the neighbour relation its guarantee is for.
struct NeighbourRelationRecord {
  std::string neighbour_relation;
};
const OptionBinding<NeighbourRelationRecord>& NeighbourRelationBinding();

// Appends the attributes `binding` writes for `options` that `attributes` does not hold yet (a
// record of the figure's setting beside an agent that takes some of it as its own parameters).
template <typename Options>
void AppendUnwritten(const OptionBinding<Options>& binding, const Options& options,
                     AttributeList& attributes) {
  for (auto& [name, value] : binding.Attributes(options)) {
    if (FindAttribute(attributes, name) == nullptr) attributes.emplace_back(name, value);
  }
}

// `options` with every parameter that `source_binding` also binds (same name) set from `source`:
// how a figure's shared setting (T, B, gamma, ...) reaches an agent whose Options hold it in
// their own fields, by the parameter names both bindings use (a shared name bound with two
// types is a bug: CHECK).
template <typename Options, typename Source>
Options WithSharedParameters(const OptionBinding<Options>& binding, const Options& options,
                             const OptionBinding<Source>& source_binding, const Source& source) {
  AttributeList attributes = source_binding.Attributes(source);
  AppendUnwritten(binding, options, attributes);
  absl::StatusOr<Options> shared = binding.Read(attributes, "shared parameters", options);
  CHECK(shared.ok()) << shared.status();
  return *std::move(shared);
}

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_WANG_HEGDE_WANG_HEGDE_RECORDS_H_
