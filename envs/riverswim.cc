#include "envs/riverswim.h"

#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "common/status_macros.h"

namespace dprl {

absl::Status RiverSwimOptions::Validate() const {
  if (num_states < 2) {
    return absl::InvalidArgumentError(
        absl::StrFormat("RiverSwimOptions.num_states = %d, must be >= 2", num_states));
  }
  if (horizon < 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("RiverSwimOptions.horizon = %d, must be >= 1", horizon));
  }
  return absl::OkStatus();
}

absl::StatusOr<TabularMdp> MakeRiverSwim(const RiverSwimOptions& options) {
  RETURN_IF_ERROR(options.Validate());
  const int S = options.num_states;
  const int A = 2;
  const int H = options.horizon;
  const int last = S - 1;

  // One step's kernel and rewards, then copied to every h (time-homogeneous).
  std::vector<double> step_transitions(static_cast<size_t>(S) * A * S, 0.0);
  std::vector<double> step_rewards(static_cast<size_t>(S) * A, 0.0);
  auto p = [&](int s, int a, int next) -> double& {
    return step_transitions[(static_cast<size_t>(s) * A + a) * S + next];
  };
  for (int s = 0; s < S; ++s) {
    p(s, kRiverSwimLeft, s > 0 ? s - 1 : 0) = 1.0;
    if (s == 0) {
      p(s, kRiverSwimRight, 0) = kRiverSwimStartStay;
      p(s, kRiverSwimRight, 1) = 1.0 - kRiverSwimStartStay;
    } else if (s == last) {
      p(s, kRiverSwimRight, s - 1) = kRiverSwimEndBack;
      p(s, kRiverSwimRight, s) = 1.0 - kRiverSwimEndBack;
    } else {
      p(s, kRiverSwimRight, s - 1) = kRiverSwimMiddleBack;
      p(s, kRiverSwimRight, s) = kRiverSwimMiddleStay;
      p(s, kRiverSwimRight, s + 1) = kRiverSwimMiddleForward;
    }
  }
  step_rewards[0 * A + kRiverSwimLeft] = kRiverSwimLeftEndReward;
  step_rewards[static_cast<size_t>(last) * A + kRiverSwimRight] = kRiverSwimRightEndReward;

  std::vector<double> transitions;
  std::vector<double> rewards;
  transitions.reserve(step_transitions.size() * H);
  rewards.reserve(step_rewards.size() * H);
  for (int h = 0; h < H; ++h) {
    transitions.insert(transitions.end(), step_transitions.begin(), step_transitions.end());
    rewards.insert(rewards.end(), step_rewards.begin(), step_rewards.end());
  }
  std::vector<double> initial(S, 0.0);
  initial[0] = 1.0;
  return TabularMdp::Create(absl::StrFormat("riverswim_N%d_H%d", S, H), S, A, H,
                            std::move(transitions), std::move(rewards), std::move(initial),
                            options.reward_model);
}

}  // namespace dprl
