#include "envs/lower_bound_mdp.h"

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_format.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

absl::Status Invalid(const std::string& message) {
  return absl::InvalidArgumentError("LowerBoundMdpOptions." + message);
}

}  // namespace

absl::Status LowerBoundMdpOptions::Validate() const {
  if (num_initial_states < 1) {
    return Invalid(absl::StrFormat("num_initial_states = %d, must be >= 1", num_initial_states));
  }
  if (num_arms < 1) return Invalid(absl::StrFormat("num_arms = %d, must be >= 1", num_arms));
  if (!(std::isfinite(alpha_prime) && alpha_prime > 0.0 && alpha_prime <= 0.5)) {
    return Invalid(absl::StrFormat(
        "alpha_prime = %g, must be in (0, 1/2] (Pr[+ | s, I_s] = 1/2 + alpha_prime <= 1)",
        alpha_prime));
  }
  if (rewarded_horizon < 1) {
    return Invalid(absl::StrFormat("rewarded_horizon = %d, must be >= 1", rewarded_horizon));
  }
  if (static_cast<int64_t>(instance.size()) != num_initial_states) {
    return Invalid(absl::StrFormat("instance has %d entries, must have num_initial_states = %d",
                                   instance.size(), num_initial_states));
  }
  for (size_t s = 0; s < instance.size(); ++s) {
    if (instance[s] < 0 || instance[s] > num_arms) {
      return Invalid(absl::StrFormat("instance[%d] = %d, must be in {0, .., num_arms = %d}", s,
                                     instance[s], num_arms));
    }
  }
  const double states = num_initial_states + 2.0;
  const double entries = (rewarded_horizon + 1.0) * states * states * (num_arms + 1.0);
  if (entries > static_cast<double>(kMaxLowerBoundMdpTransitionEntries)) {
    return Invalid(absl::StrFormat(
        "(rewarded_horizon + 1) * (num_initial_states + 2)^2 * (num_arms + 1) = %.0f transition "
        "entries, more than the limit %d",
        entries, kMaxLowerBoundMdpTransitionEntries));
  }
  return absl::OkStatus();
}

double LowerBoundPlusProbability(double alpha_prime, int optimal_arm, int action) {
  if (action == 0) return 0.5 + 0.5 * alpha_prime;      // Pr[+ | s, 0]
  if (action == optimal_arm) return 0.5 + alpha_prime;  // Pr[+ | s, I_s], I_s != 0
  return 0.5;                                           // Pr[+ | s, a'], a' != I_s
}

absl::StatusOr<TabularMdp> MakeLowerBoundMdp(const LowerBoundMdpOptions& options) {
  RETURN_IF_ERROR(options.Validate());
  const int n = options.num_initial_states;
  const int S = n + 2;
  const int A = options.num_arms + 1;
  const int steps = options.num_steps();  // the arm pull, then H rewarded steps (see header)
  const int plus = LowerBoundPlusState(n);
  const int minus = LowerBoundMinusState(n);

  // One step's kernel and rewards, copied to every h (time-homogeneous).
  std::vector<double> step_transitions(static_cast<size_t>(S) * A * S, 0.0);
  std::vector<double> step_rewards(static_cast<size_t>(S) * A, 0.0);
  auto p = [&](int s, int a, int next) -> double& {
    return step_transitions[(static_cast<size_t>(s) * A + a) * S + next];
  };
  for (int s = 0; s < n; ++s) {
    for (int a = 0; a < A; ++a) {
      const double to_plus = LowerBoundPlusProbability(options.alpha_prime, options.instance[s], a);
      p(s, a, plus) = to_plus;
      p(s, a, minus) = 1.0 - to_plus;
    }
  }
  for (int a = 0; a < A; ++a) {  // absorbing, every action the same ("a fixed action")
    p(plus, a, plus) = 1.0;
    p(minus, a, minus) = 1.0;
    step_rewards[static_cast<size_t>(plus) * A + a] = 1.0;
  }

  std::vector<double> transitions;
  std::vector<double> rewards;
  transitions.reserve(step_transitions.size() * steps);
  rewards.reserve(step_rewards.size() * steps);
  for (int h = 0; h < steps; ++h) {
    transitions.insert(transitions.end(), step_transitions.begin(), step_transitions.end());
    rewards.insert(rewards.end(), step_rewards.begin(), step_rewards.end());
  }
  std::vector<double> initial(S, 0.0);
  for (int s = 0; s < n; ++s) initial[s] = 1.0 / n;
  return TabularMdp::Create(
      absl::StrFormat("lower_bound_n%d_m%d_H%d_alpha_prime%g", n, options.num_arms,
                      options.rewarded_horizon, options.alpha_prime),
      S, A, steps, std::move(transitions), std::move(rewards), std::move(initial));
}

absl::StatusOr<std::vector<int>> SampleLowerBoundInstance(int num_initial_states, int num_arms,
                                                          RandomStream& stream) {
  if (num_initial_states < 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("num_initial_states = %d, must be >= 1", num_initial_states));
  }
  if (num_arms < 1) {
    return absl::InvalidArgumentError(absl::StrFormat("num_arms = %d, must be >= 1", num_arms));
  }
  std::vector<int> instance(num_initial_states);
  for (int& arm : instance) {
    arm = static_cast<int>(stream.UniformInt(static_cast<uint64_t>(num_arms) + 1));
  }
  return instance;
}

}  // namespace dprl
