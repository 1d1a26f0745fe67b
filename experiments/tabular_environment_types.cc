// Registers the tabular environments of the experiments with the registry (tabular_registry.h):
//   riverswim   RiverSwim (envs/riverswim.h; Osband et al. 2013), 2 actions. Parameters:
//               num_states (S), horizon (H), reward_model (deterministic | bernoulli; default
//               deterministic, as TabulaRL runs it)
//   random_mdp  a Dirichlet random MDP (envs/random_mdp.h) drawn from the generation stream, so
//               one instance per (environment name, master seed). Parameters: num_states,
//               num_actions, horizon
#include "envs/random_mdp.h"
#include "envs/riverswim.h"
#include "experiments/tabular_registry.h"

namespace dprl {
namespace {

const bool kRiverSwimRegistered = RegisterTabularEnvironment(TabularEnvironmentType{
    "riverswim",
    "RiverSwim (Osband et al. 2013), 2 actions",
    {Required("num_states", int64_t{0}, "chain length S (>= 2)"),
     Required("horizon", int64_t{0}, "episode length H (>= 1)"),
     Optional("reward_model", std::string("deterministic"), "deterministic | bernoulli")},
    [](const Parameters& parameters, RandomStream&) -> absl::StatusOr<TabularMdp> {
      RiverSwimOptions options;
      options.num_states = static_cast<int>(parameters.Int("num_states"));
      options.horizon = static_cast<int>(parameters.Int("horizon"));
      absl::StatusOr<RewardModel> reward_model =
          ParseRewardModel(parameters.String("reward_model"));
      if (!reward_model.ok()) return reward_model.status();
      options.reward_model = *reward_model;
      return MakeRiverSwim(options);
    }});

const bool kRandomMdpRegistered = RegisterTabularEnvironment(TabularEnvironmentType{
    "random_mdp",
    "Dirichlet random MDP with Bernoulli rewards, one instance per master seed",
    {Required("num_states", int64_t{0}, "S (>= 1)"),
     Required("num_actions", int64_t{0}, "A (>= 1)"), Required("horizon", int64_t{0}, "H (>= 1)")},
    [](const Parameters& parameters, RandomStream& generation) {
      RandomMdpOptions options;
      options.num_states = static_cast<int>(parameters.Int("num_states"));
      options.num_actions = static_cast<int>(parameters.Int("num_actions"));
      options.horizon = static_cast<int>(parameters.Int("horizon"));
      return MakeRandomDirichletMdp(options, generation);
    }});

}  // namespace
}  // namespace dprl
