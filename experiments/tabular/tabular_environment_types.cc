// Registers the tabular environments of the experiments with the registry (tabular_registry.h),
// each with its parameters bound to its Options (option_binding.h). The defaults below are the
// tabular experiments' (short on purpose: PUCB's E_eps grows like H and must be reachable within
// T).
//   riverswim   RiverSwim (envs/riverswim.h; Osband et al. 2013), 2 actions. Parameters:
//               num_states (S), horizon (H), reward_model (deterministic | bernoulli; default
//               deterministic, as TabulaRL runs it)
//   random_mdp  a Dirichlet random MDP (envs/random_mdp.h) drawn from the generation stream, so
//               one instance per (environment name, master seed). Parameters: num_states,
//               num_actions, horizon, reward_model (bernoulli, its only one)
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "envs/random_mdp.h"
#include "envs/riverswim.h"
#include "experiments/tabular/tabular_registry.h"
#include "schema/option_binding.h"

namespace dprl {
namespace {

constexpr char kRewardModel[] = "reward_model";

// The choices of a reward_model parameter, named by RewardModelName.
std::vector<std::pair<RewardModel, std::string>> RewardModelChoices(
    const std::vector<RewardModel>& models) {
  std::vector<std::pair<RewardModel, std::string>> choices;
  for (RewardModel model : models) choices.emplace_back(model, RewardModelName(model));
  return choices;
}

const OptionBinding<RiverSwimOptions>& RiverSwimBinding() {
  static const auto* binding =
      &(*new OptionBinding<RiverSwimOptions>("environment riverswim"))
           .Int(hdf5_names::kNumStates, &RiverSwimOptions::num_states,
                "RiverSwim chain length S (>= 2)")
           .Int(hdf5_names::kHorizon, &RiverSwimOptions::horizon,
                "RiverSwim episode length H (>= 1)")
           .Choice(kRewardModel, &RiverSwimOptions::reward_model,
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

// The random MDP's options and its reward model, which must be Bernoulli (a parameter all the
// same, so that every environment of a grid records its reward model).
struct RandomMdpParameters {
  RandomMdpOptions mdp;
  RewardModel reward_model = RewardModel::kBernoulli;
};

const OptionBinding<RandomMdpParameters>& RandomMdpBinding() {
  static const auto* binding =
      &(*new OptionBinding<RandomMdpParameters>("environment random_mdp"))
           .Int(
               hdf5_names::kNumStates,
               [](RandomMdpParameters& p) -> int& { return p.mdp.num_states; },
               "random MDP states S (>= 1)")
           .Int(
               hdf5_names::kNumActions,
               [](RandomMdpParameters& p) -> int& { return p.mdp.num_actions; },
               "random MDP actions A (>= 1)")
           .Int(
               hdf5_names::kHorizon, [](RandomMdpParameters& p) -> int& { return p.mdp.horizon; },
               "random MDP episode length H (>= 1)")
           .Choice(kRewardModel, &RandomMdpParameters::reward_model,
                   RewardModelChoices({RewardModel::kBernoulli}),
                   "the random MDP's only reward model")
           .Optional();
  return *binding;
}

RandomMdpParameters RandomMdpDefaults() {
  RandomMdpParameters parameters;
  parameters.mdp.num_states = 4;
  parameters.mdp.num_actions = 2;
  parameters.mdp.horizon = 4;
  return parameters;
}

const bool kRiverSwimRegistered =
    RegisterTabularEnvironment(BoundTabularEnvironment<RiverSwimOptions>(
        "riverswim", "RiverSwim (Osband et al. 2013), 2 actions", RiverSwimBinding(),
        RiverSwimDefaults(), /*fixed_num_actions=*/2,
        [](const RiverSwimOptions& options, RandomStream&) { return MakeRiverSwim(options); }));

const bool kRandomMdpRegistered =
    RegisterTabularEnvironment(BoundTabularEnvironment<RandomMdpParameters>(
        "random_mdp", "Dirichlet random MDP with Bernoulli rewards, one instance per master seed",
        RandomMdpBinding(), RandomMdpDefaults(), /*fixed_num_actions=*/0,
        [](const RandomMdpParameters& parameters, RandomStream& generation) {
          return MakeRandomDirichletMdp(parameters.mdp, generation);
        }));

}  // namespace
}  // namespace dprl
