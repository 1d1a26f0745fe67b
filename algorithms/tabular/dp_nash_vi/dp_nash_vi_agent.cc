#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_agent.h"

#include <glog/logging.h>

#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "common/status_macros.h"

namespace dprl {

absl::StatusOr<std::unique_ptr<DpNashViAgent>> DpNashViAgent::Create(
    const TabularShape& shape, const DpNashViOptions& options, std::vector<double> mean_rewards,
    const RandomStream& noise_stream) {
  RETURN_IF_ERROR(ValidateTabularShape(shape));
  RETURN_IF_ERROR(CheckTabularAgentMemory(shape));
  ASSIGN_OR_RETURN(const double error_bound, DpNashViErrorBound(shape, options));
  if (static_cast<int64_t>(mean_rewards.size()) != shape.StateActionSteps()) {
    return absl::InvalidArgumentError(
        absl::StrCat("mean_rewards must have S A H = ", shape.StateActionSteps(), " values, got ",
                     mean_rewards.size()));
  }
  for (size_t i = 0; i < mean_rewards.size(); ++i) {
    if (!(mean_rewards[i] >= 0.0 && mean_rewards[i] <= 1.0)) {
      return absl::InvalidArgumentError(
          absl::StrCat("mean_rewards[", i, "] must be in [0, 1], got ", mean_rewards[i]));
    }
  }
  ASSIGN_OR_RETURN(NoisyCounts counts, NoisyCounts::Create(shape, options, noise_stream));
  return std::unique_ptr<DpNashViAgent>(
      new DpNashViAgent(shape, options, std::move(mean_rewards), std::move(counts), error_bound));
}

DpNashViAgent::DpNashViAgent(const TabularShape& shape, const DpNashViOptions& options,
                             std::vector<double> mean_rewards, NoisyCounts counts,
                             double error_bound)
    : shape_(shape),
      options_(options),
      mean_rewards_(std::move(mean_rewards)),
      counts_(std::move(counts)),
      plan_(shape),
      lower_q_(shape.StateActionSteps(), 0.0),
      lower_values_(static_cast<int64_t>(shape.horizon + 1) * shape.num_states, 0.0),
      private_visits_(shape.StateActionSteps(), 0.0),
      private_next_(shape.StateActionSteps() * shape.num_states, 0.0),
      best_gap_(static_cast<double>(shape.horizon)) {
  constants_.gap_constant = options.gap_constant;
  constants_.bonus_constant = options.bonus_constant;
  constants_.log_term = DpNashViLogTerm(shape, options);
  constants_.error_bound = error_bound;
  constants_.num_states = shape.num_states;
  constants_.horizon = shape.horizon;
}

void DpNashViAgent::BeginEpisode() {
  CHECK_LT(counts_.episodes_done(), options_.num_episodes)
      << "DP-Nash-VI was created for num_episodes = " << options_.num_episodes;
  cases_ = PostProcessAllCells(counts_, constants_.error_bound, private_visits_, private_next_);
  lower_values_step_ = shape_.horizon;  // V-under_H = 0
  plan_.PlanGreedy(
      [this](int h, int s, int a, const double* upper_next) { return Backup(h, s, a, upper_next); },
      static_cast<double>(shape_.horizon));
  FinishLowerValues(0);
}

void DpNashViAgent::FinishLowerValues(int h) {
  const int S = shape_.num_states, A = shape_.num_actions;
  const std::vector<double>& pi = plan_.action_probabilities();
  for (int s = 0; s < S; ++s) {
    double value = 0.0;
    for (int a = 0; a < A; ++a) {
      const int64_t index = shape_.Index(h, s, a);
      value += pi[index] * lower_q_[index];
    }
    lower_values_[static_cast<int64_t>(h) * S + s] = value;
  }
  lower_values_step_ = h;
}

double DpNashViAgent::Backup(int h, int s, int a, const double* upper_next) {
  // PlanGreedy backs up step h only after it finished step h + 1 (backward induction), so its
  // policy at h + 1 is final here.
  if (lower_values_step_ > h + 1) FinishLowerValues(h + 1);
  const int S = shape_.num_states;
  const int64_t index = shape_.Index(h, s, a);
  const NashBackup backup =
      NashBackupOf(mean_rewards_[index], private_next_.data() + index * S, private_visits_[index],
                   upper_next, lower_values_.data() + static_cast<int64_t>(h + 1) * S, constants_);
  lower_q_[index] = backup.lower_q;
  return backup.upper_q;
}

void DpNashViAgent::RecordStep(int h, int s, int a, double /*reward: known*/, int next_state) {
  if (h == 0) {
    // Lines 20-21 at the episode's initial state.
    const double gap =
        plan_.optimistic_values()[static_cast<int64_t>(s)] - lower_values_[static_cast<int64_t>(s)];
    if (gap < best_gap_) {
      best_gap_ = gap;
      best_gap_episode_ = counts_.episodes_done();
    }
  }
  counts_.RecordStep(h, shape_.Index(h, s, a), next_state);
}

void DpNashViAgent::EndEpisode() { counts_.EndEpisode(); }

}  // namespace dprl
