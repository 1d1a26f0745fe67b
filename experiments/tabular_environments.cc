#include "experiments/tabular_environments.h"

#include "absl/strings/str_cat.h"
#include "experiments/tabular_task.h"

namespace dprl {
namespace {

constexpr char kRiverSwim[] = "riverswim";
constexpr char kRandomMdp[] = "random_mdp";

}  // namespace

std::vector<std::pair<std::string, AttributeValue>> TabularEnvironmentChoice::Attributes() const {
  return {{"env", env},
          {"reward_model", RewardModelName(reward_model)},
          {"num_states", int64_t{shape.num_states}},
          {"num_actions", int64_t{shape.num_actions}},
          {"horizon", int64_t{shape.horizon}}};
}

std::vector<std::string> TabularEnvironmentFields::Names() { return {kRiverSwim, kRandomMdp}; }

void TabularEnvironmentFields::BindFields(ConfigFields& fields) {
  fields.Add("riverswim.num_states", &riverswim_num_states, "RiverSwim chain length S (>= 2)");
  fields.Add("riverswim.horizon", &riverswim_horizon, "RiverSwim episode length H (>= 1)");
  fields.Add("riverswim.reward_model", &riverswim_reward_model,
             "RiverSwim rewards: deterministic (as TabulaRL runs it) | bernoulli");
  fields.Add("random_mdp.num_states", &random_mdp_num_states, "random MDP states S (>= 1)");
  fields.Add("random_mdp.num_actions", &random_mdp_num_actions, "random MDP actions A (>= 1)");
  fields.Add("random_mdp.horizon", &random_mdp_horizon, "random MDP episode length H (>= 1)");
}

absl::StatusOr<TabularEnvironmentChoice> TabularEnvironmentFields::Resolve(
    const std::string& env) const {
  TabularEnvironmentChoice choice;
  choice.env = env;
  if (env == kRiverSwim) {
    absl::StatusOr<RewardModel> reward_model = ParseRewardModel(riverswim_reward_model);
    if (!reward_model.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("field 'riverswim.reward_model': ", reward_model.status().message()));
    }
    choice.reward_model = *reward_model;
    choice.shape = {static_cast<int>(riverswim_num_states), 2, static_cast<int>(riverswim_horizon)};
  } else if (env == kRandomMdp) {
    choice.reward_model = RewardModel::kBernoulli;
    choice.shape = {static_cast<int>(random_mdp_num_states),
                    static_cast<int>(random_mdp_num_actions), static_cast<int>(random_mdp_horizon)};
  } else {
    return absl::InvalidArgumentError(absl::StrCat("unknown environment '", env, "'"));
  }
  ConfigSpec config;
  config.group_name = env;
  config.attributes = choice.Attributes();
  if (absl::StatusOr<TabularMdp> mdp = MakeTabularEnvironment(config, /*master_seed=*/0);
      !mdp.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("fields '", env, ".*': ", mdp.status().message()));
  }
  return choice;
}

}  // namespace dprl
