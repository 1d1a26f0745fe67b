// The bindings of library Options that a Wang & Hegde results group records besides its agent's
// parameters (qlearning_agent_bindings.h): the figure's Algorithm 1 setting and the calibrations of
// the Figure 2 curves, each written through one binding (docs/hdf5_schema.md, "wang_hegde"),
// and the helpers that join such a record with an agent's own binding. The task reads the group record and the environment back; the other records
// describe the group for a reader and the analysis (they are not parameters of the run). The
// records with no library type (the group, the environment's episode length, the Figure 2 method, the calibration's source, the
// neighbour relation) are the results schema's (schema/wang_hegde_records.h), which the analysis
// reads them with; those of library Options are here.
#ifndef DPRL_EXPERIMENTS_WANG_HEGDE_WANG_HEGDE_OPTION_BINDINGS_H_
#define DPRL_EXPERIMENTS_WANG_HEGDE_WANG_HEGDE_OPTION_BINDINGS_H_

#include <string>
#include <utility>

#include "algorithms/accounting/functional_noise_calibration.h"
#include "algorithms/accounting/q_learning_baselines_privacy.h"
#include "algorithms/qlearning/functional_noise_q_learning.h"
#include "envs/continuous_walk.h"
#include "glog/logging.h"
#include "schema/option_binding.h"
#include "schema/wang_hegde_records.h"

namespace dprl {

// The figure's Algorithm 1 training setting (BindAlgorithm1Setting), recorded in the groups
// whose agent takes fewer of its parameters (references, output perturbation).
const OptionBinding<FunctionalNoiseQLearningOptions>& Algorithm1SettingBinding();

// The Theorem 5 curve: the solved bound k (noise_bound) and the achieved total delta.
const OptionBinding<FunctionalNoiseCalibration>& Theorem5CalibrationBinding();
// The input-perturbation curve: the exact epsilon of its reward noise (gdp_privacy_epsilon).
const OptionBinding<InputPerturbationCalibration>& InputPerturbationCalibrationBinding();
// The DP-SGD curve: App. E.2's noise multiplier, the RDP accountant's epsilon for it and the
// multiplier the RDP accountant calibrates exactly.
const OptionBinding<DpSgdCalibration>& DpSgdCalibrationBinding();

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

#endif  // DPRL_EXPERIMENTS_WANG_HEGDE_WANG_HEGDE_OPTION_BINDINGS_H_
