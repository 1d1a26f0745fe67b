// Registers the tabular environment random_mdp: a Dirichlet random MDP (envs/random_mdp.h) drawn
// from the generation stream, so one instance per (environment name, master seed). Parameters:
// num_states, num_actions, horizon, reward_model (bernoulli, its only one). The defaults are the
// tabular experiments'.
#include "envs/random_mdp.h"

#include "common/hdf5_names.h"
#include "experiments/tabular/tabular_registry.h"
#include "schema/option_binding.h"

namespace dprl {
namespace {

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
           .Choice(kRewardModelAttribute, &RandomMdpParameters::reward_model,
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

const bool kRandomMdpRegistered =
    RegisterTabularEnvironment(BoundTabularEnvironment<RandomMdpParameters>(
        "random_mdp", "Dirichlet random MDP with Bernoulli rewards, one instance per master seed",
        RandomMdpBinding(), RandomMdpDefaults(), /*fixed_num_actions=*/0,
        [](const RandomMdpParameters& parameters, RandomStream& generation) {
          return MakeRandomDirichletMdp(parameters.mdp, generation);
        }));

}  // namespace
}  // namespace dprl
