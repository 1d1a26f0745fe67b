#include "envs/markov_game.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/resource_limits.h"
#include "common/status_macros.h"
#include "envs/random_mdp.h"

namespace dprl {

absl::StatusOr<MarkovGame> MarkovGame::Create(TabularMdp joint, int num_max_actions,
                                              int num_min_actions) {
  if (num_max_actions < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("num_max_actions must be >= 1, got ", num_max_actions));
  }
  if (num_min_actions < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("num_min_actions must be >= 1, got ", num_min_actions));
  }
  if (static_cast<int64_t>(num_max_actions) * num_min_actions != joint.num_actions()) {
    return absl::InvalidArgumentError(
        absl::StrCat("the joint MDP has ", joint.num_actions(),
                     " actions, not num_max_actions * "
                     "num_min_actions = ",
                     static_cast<int64_t>(num_max_actions) * num_min_actions));
  }
  if (joint.reward_model() != RewardModel::kDeterministic) {
    return absl::InvalidArgumentError(
        "a Markov game's rewards are known and deterministic: the joint MDP must have "
        "reward_model deterministic");
  }
  return MarkovGame(std::move(joint), num_max_actions, num_min_actions);
}

absl::Status RandomMarkovGameOptions::Validate() const {
  for (const auto& [name, value] : {std::pair<const char*, int>{"num_states", num_states},
                                    {"num_max_actions", num_max_actions},
                                    {"num_min_actions", num_min_actions},
                                    {"horizon", horizon}}) {
    if (value < 1) {
      return absl::InvalidArgumentError(absl::StrCat(name, " must be >= 1, got ", value));
    }
  }
  if (static_cast<int64_t>(num_max_actions) * num_min_actions > (int64_t{1} << 30)) {
    return absl::InvalidArgumentError(
        absl::StrCat("num_max_actions * num_min_actions must be <= 2^30, got ",
                     static_cast<int64_t>(num_max_actions) * num_min_actions));
  }
  return absl::OkStatus();
}

absl::StatusOr<MarkovGame> MakeRandomMarkovGame(const RandomMarkovGameOptions& options,
                                                RandomStream& generation) {
  RETURN_IF_ERROR(options.Validate());
  RandomMdpOptions mdp;
  mdp.num_states = options.num_states;
  mdp.num_actions = options.num_max_actions * options.num_min_actions;
  mdp.horizon = options.horizon;
  mdp.dirichlet_concentration = options.dirichlet_concentration;
  ASSIGN_OR_RETURN(const TabularMdp drawn, MakeRandomDirichletMdp(mdp, generation));
  std::vector<double> initial(options.num_states, 0.0);
  initial[0] = 1.0;
  ASSIGN_OR_RETURN(
      TabularMdp joint,
      TabularMdp::Create(absl::StrFormat("random_game_S%d_A%d_B%d_H%d_c%g", options.num_states,
                                         options.num_max_actions, options.num_min_actions,
                                         options.horizon, options.dirichlet_concentration),
                         options.num_states, mdp.num_actions, options.horizon, drawn.transitions(),
                         drawn.mean_rewards(), std::move(initial), RewardModel::kDeterministic));
  return MarkovGame::Create(std::move(joint), options.num_max_actions, options.num_min_actions);
}

absl::StatusOr<MarkovGame> MakeMatchingPennies(int horizon) {
  if (horizon < 1) {
    return absl::InvalidArgumentError(absl::StrCat("horizon must be >= 1, got ", horizon));
  }
  RETURN_IF_ERROR(CheckMemoryEstimate(absl::StrCat("matching pennies with horizon = ", horizon),
                                      4.0 * kTabularMdpBytesPerTransitionEntry * horizon));
  // S = 1: every transition returns to state 0; r = 1 on the diagonal a = b.
  const std::vector<double> transitions(static_cast<size_t>(horizon) * 4, 1.0);
  std::vector<double> rewards;
  for (int h = 0; h < horizon; ++h) rewards.insert(rewards.end(), {1.0, 0.0, 0.0, 1.0});
  ASSIGN_OR_RETURN(
      TabularMdp joint,
      TabularMdp::Create(absl::StrCat("matching_pennies_H", horizon), 1, 4, horizon, transitions,
                         std::move(rewards), {1.0}, RewardModel::kDeterministic));
  return MarkovGame::Create(std::move(joint), 2, 2);
}

}  // namespace dprl
