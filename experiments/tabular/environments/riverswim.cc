// Registers the tabular environment riverswim: RiverSwim (envs/riverswim.h; Osband et al. 2013),
// 2 actions. Parameters: num_states (S), horizon (H), reward_model (deterministic | bernoulli;
// default deterministic, as TabulaRL runs it). The defaults are the tabular experiments' (short on
// purpose: PUCB's E_eps grows like H and must be reachable within T).
#include "envs/riverswim.h"

#include "common/hdf5_names.h"
#include "experiments/tabular/tabular_registry.h"
#include "schema/option_binding.h"

namespace dprl {
namespace {

const OptionBinding<RiverSwimOptions>& RiverSwimBinding() {
  static const auto* binding =
      &(*new OptionBinding<RiverSwimOptions>("environment riverswim"))
           .Int(hdf5_names::kNumStates, &RiverSwimOptions::num_states,
                "RiverSwim chain length S (>= 2)")
           .Int(hdf5_names::kHorizon, &RiverSwimOptions::horizon,
                "RiverSwim episode length H (>= 1)")
           .Choice(kRewardModelAttribute, &RiverSwimOptions::reward_model,
                   RewardModelChoices({RewardModel::kDeterministic, RewardModel::kBernoulli}),
                   "RiverSwim rewards (deterministic is how TabulaRL runs it)")
           .Optional();
  return *binding;
}

RiverSwimOptions RiverSwimDefaults() {
  RiverSwimOptions options;
  options.num_states = 4;
  options.horizon = 5;
  options.reward_model = RewardModel::kDeterministic;
  return options;
}

const bool kRiverSwimRegistered =
    RegisterTabularEnvironment(BoundTabularEnvironment<RiverSwimOptions>(
        "riverswim", "RiverSwim (Osband et al. 2013), 2 actions", RiverSwimBinding(),
        RiverSwimDefaults(), /*fixed_num_actions=*/2,
        [](const RiverSwimOptions& options, RandomStream&) { return MakeRiverSwim(options); }));

}  // namespace
}  // namespace dprl
