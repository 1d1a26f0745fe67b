// Registers the tabular environments of the experiments with the registry (tabular_registry.h).
// The specs' values are the tabular experiments' defaults (short on purpose: PUCB's E_eps grows
// like H and must be reachable within T).
//   riverswim   RiverSwim (envs/riverswim.h; Osband et al. 2013), 2 actions. Parameters:
//               num_states (S), horizon (H), reward_model (deterministic | bernoulli; default
//               deterministic, as TabulaRL runs it)
//   random_mdp  a Dirichlet random MDP (envs/random_mdp.h) drawn from the generation stream, so
//               one instance per (environment name, master seed). Parameters: num_states,
//               num_actions, horizon
#include "absl/strings/str_cat.h"
#include "common/status_macros.h"
#include "envs/random_mdp.h"
#include "envs/riverswim.h"
#include "experiments/tabular_registry.h"

namespace dprl {
namespace {

const bool kRiverSwimRegistered = RegisterTabularEnvironment(TabularEnvironmentType{
    "riverswim",
    "RiverSwim (Osband et al. 2013), 2 actions",
    {Required("num_states", int64_t{4}, "RiverSwim chain length S (>= 2)"),
     Required("horizon", int64_t{5}, "RiverSwim episode length H (>= 1)"),
     Optional("reward_model", std::string("deterministic"),
              "RiverSwim rewards: deterministic (as TabulaRL runs it) | bernoulli")},
    /*fixed_num_actions=*/2,
    [](const Parameters& parameters, RandomStream&) -> absl::StatusOr<TabularMdp> {
      RiverSwimOptions options;
      options.num_states = static_cast<int>(parameters.Int("num_states"));
      options.horizon = static_cast<int>(parameters.Int("horizon"));
      ASSIGN_OR_RETURN(RewardModel reward_model,
                       ParseRewardModel(parameters.String("reward_model")));
      options.reward_model = reward_model;
      return MakeRiverSwim(options);
    }});

const bool kRandomMdpRegistered = RegisterTabularEnvironment(TabularEnvironmentType{
    "random_mdp",
    "Dirichlet random MDP with Bernoulli rewards, one instance per master seed",
    {Required("num_states", int64_t{4}, "random MDP states S (>= 1)"),
     Required("num_actions", int64_t{2}, "random MDP actions A (>= 1)"),
     Required("horizon", int64_t{4}, "random MDP episode length H (>= 1)"),
     Optional("reward_model", std::string("bernoulli"),
              "bernoulli (the random MDP's only reward model)")},
    /*fixed_num_actions=*/0,
    [](const Parameters& parameters, RandomStream& generation) -> absl::StatusOr<TabularMdp> {
      if (parameters.String("reward_model") != "bernoulli") {
        return absl::InvalidArgumentError(
            absl::StrCat("reward_model of random_mdp must be bernoulli, got '",
                         parameters.String("reward_model"), "'"));
      }
      RandomMdpOptions options;
      options.num_states = static_cast<int>(parameters.Int("num_states"));
      options.num_actions = static_cast<int>(parameters.Int("num_actions"));
      options.horizon = static_cast<int>(parameters.Int("horizon"));
      return MakeRandomDirichletMdp(options, generation);
    }});

}  // namespace
}  // namespace dprl
