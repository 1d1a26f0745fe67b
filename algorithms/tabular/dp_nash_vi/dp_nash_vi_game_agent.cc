#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_game_agent.h"

#include <glog/logging.h>

#include <algorithm>
#include <tuple>
#include <utility>

#include "absl/strings/str_cat.h"
#include "algorithms/tabular/dp_nash_vi/cce.h"
#include "common/status_macros.h"
#include "envs/markov_game_values.h"

namespace dprl {

absl::StatusOr<std::unique_ptr<DpNashViGameAgent>> DpNashViGameAgent::Create(
    const MarkovGame& game, const DpNashViOptions& options, const RandomStream& noise_stream) {
  const TabularShape cells{game.num_states(), game.num_max_actions() * game.num_min_actions(),
                           game.horizon()};
  ASSIGN_OR_RETURN(const double error_bound, DpNashViErrorBound(cells, options));
  ASSIGN_OR_RETURN(NoisyCounts counts, NoisyCounts::Create(cells, options, noise_stream));
  return std::unique_ptr<DpNashViGameAgent>(
      new DpNashViGameAgent(game, options, std::move(counts), error_bound));
}

DpNashViGameAgent::DpNashViGameAgent(const MarkovGame& game, const DpNashViOptions& options,
                                     NoisyCounts counts, double error_bound)
    : num_states_(game.num_states()),
      num_max_actions_(game.num_max_actions()),
      num_min_actions_(game.num_min_actions()),
      horizon_(game.horizon()),
      cells_{game.num_states(), game.num_max_actions() * game.num_min_actions(), game.horizon()},
      options_(options),
      mean_rewards_(game.joint().mean_rewards()),
      counts_(std::move(counts)),
      private_visits_(cells_.StateActionSteps(), 0.0),
      private_next_(cells_.StateActionSteps() * cells_.num_states, 0.0),
      upper_q_(cells_.StateActionSteps(), 0.0),
      lower_q_(cells_.StateActionSteps(), 0.0),
      joint_policy_(cells_.StateActionSteps(), 0.0),
      upper_values_(static_cast<size_t>(horizon_ + 1) * num_states_, 0.0),
      lower_values_(static_cast<size_t>(horizon_ + 1) * num_states_, 0.0),
      best_gap_(static_cast<double>(horizon_)) {
  constants_.gap_constant = options.gap_constant;
  constants_.bonus_constant = options.bonus_constant;
  constants_.log_term = DpNashViLogTerm(cells_, options);
  constants_.error_bound = error_bound;
  constants_.num_states = num_states_;
  constants_.horizon = horizon_;
}

absl::Status DpNashViGameAgent::BeginEpisode() {
  CHECK_LT(counts_.episodes_done(), options_.num_episodes)
      << "DP-Nash-VI was created for num_episodes = " << options_.num_episodes;
  const int S = num_states_, J = cells_.num_actions;
  PostProcessAllCells(counts_, constants_.error_bound, private_visits_, private_next_);
  std::vector<double> upper(J), lower(J);
  for (int h = horizon_ - 1; h >= 0; --h) {
    const double* upper_next = upper_values_.data() + static_cast<size_t>(h + 1) * S;
    const double* lower_next = lower_values_.data() + static_cast<size_t>(h + 1) * S;
    for (int s = 0; s < S; ++s) {
      for (int j = 0; j < J; ++j) {
        const int64_t index = cells_.Index(h, s, j);
        const NashBackup backup =
            NashBackupOf(mean_rewards_[index], private_next_.data() + index * S,
                         private_visits_[index], upper_next, lower_next, constants_);
        upper[j] = upper_q_[index] = backup.upper_q;
        lower[j] = lower_q_[index] = backup.lower_q;
      }
      ASSIGN_OR_RETURN(
          const std::vector<double> pi,
          CoarseCorrelatedEquilibrium(upper, lower, num_max_actions_, num_min_actions_));
      double upper_value = 0.0, lower_value = 0.0;
      for (int j = 0; j < J; ++j) {
        joint_policy_[cells_.Index(h, s, j)] = pi[j];
        upper_value += pi[j] * upper[j];
        lower_value += pi[j] * lower[j];
      }
      upper_values_[static_cast<size_t>(h) * S + s] = upper_value;
      lower_values_[static_cast<size_t>(h) * S + s] = lower_value;
    }
  }
  return absl::OkStatus();
}

std::pair<int, int> DpNashViGameAgent::Act(int h, int s, RandomStream& policy_stream) const {
  const int J = cells_.num_actions;
  const double* pi = joint_policy_.data() + cells_.Index(h, s, 0);
  const double u = policy_stream.NextOpenUniform();
  double cumulative = 0.0;
  int j = J - 1;
  for (int candidate = 0; candidate < J; ++candidate) {
    cumulative += pi[candidate];
    if (u < cumulative) {
      j = candidate;
      break;
    }
  }
  // The last joint action with positive probability takes the rounding remainder.
  while (j > 0 && pi[j] == 0.0) --j;
  return {j / num_min_actions_, j % num_min_actions_};
}

absl::Status DpNashViGameAgent::Observe(int h, int s, int a, int b, int next_state) {
  for (const auto& [name, value, bound] : {std::tuple<const char*, int, int>{"h", h, horizon_},
                                           {"s", s, num_states_},
                                           {"a", a, num_max_actions_},
                                           {"b", b, num_min_actions_},
                                           {"next_state", next_state, num_states_}}) {
    if (value < 0 || value >= bound) {
      return absl::InvalidArgumentError(
          absl::StrCat(name, " must be in [0, ", bound, "), got ", value));
    }
  }
  if (h == 0) {
    const double gap = upper_values_[s] - lower_values_[s];
    if (gap < best_gap_) {
      best_gap_ = gap;
      best_gap_episode_ = counts_.episodes_done();
    }
  }
  counts_.RecordStep(h, cells_.Index(h, s, a * num_min_actions_ + b), next_state);
  return absl::OkStatus();
}

void DpNashViGameAgent::EndEpisode() { counts_.EndEpisode(); }

std::vector<double> DpNashViGameAgent::MaxMarginal() const {
  const int A = num_max_actions_, B = num_min_actions_;
  std::vector<double> mu(static_cast<size_t>(horizon_) * num_states_ * A, 0.0);
  for (int64_t row = 0; row < static_cast<int64_t>(horizon_) * num_states_; ++row) {
    for (int a = 0; a < A; ++a) {
      for (int b = 0; b < B; ++b) mu[row * A + a] += joint_policy_[(row * A + a) * B + b];
    }
  }
  return mu;
}

std::vector<double> DpNashViGameAgent::MinMarginal() const {
  const int A = num_max_actions_, B = num_min_actions_;
  std::vector<double> nu(static_cast<size_t>(horizon_) * num_states_ * B, 0.0);
  for (int64_t row = 0; row < static_cast<int64_t>(horizon_) * num_states_; ++row) {
    for (int a = 0; a < A; ++a) {
      for (int b = 0; b < B; ++b) nu[row * B + b] += joint_policy_[(row * A + a) * B + b];
    }
  }
  return nu;
}

absl::Status RunGameEpisodes(const MarkovGame& game, DpNashViGameAgent& agent, int64_t num_episodes,
                             RandomStream environment_stream, RandomStream policy_stream,
                             const std::function<void(const GameEpisode&)>& on_episode,
                             const std::function<void(double)>& progress) {
  const TabularMdp& joint = game.joint();
  const std::vector<double>& initial = joint.initial_distribution();
  const int64_t progress_every = std::max<int64_t>(1, num_episodes / 200);
  for (int64_t k = 0; k < num_episodes; ++k) {
    RETURN_IF_ERROR(agent.BeginEpisode());
    GameEpisode episode;
    episode.best_responses = EvaluateBestResponses(game, agent.MaxMarginal(), agent.MinMarginal());
    for (int s = 0; s < game.num_states(); ++s) {
      episode.upper_value += initial[s] * agent.upper_values()[s];
      episode.lower_value += initial[s] * agent.lower_values()[s];
    }
    on_episode(episode);
    int s = joint.SampleInitialState(environment_stream);
    for (int h = 0; h < game.horizon(); ++h) {
      const auto [a, b] = agent.Act(h, s, policy_stream);
      const TabularMdp::Transition step =
          joint.SampleStep(h, s, game.JointAction(a, b), environment_stream);
      RETURN_IF_ERROR(agent.Observe(h, s, a, b, step.next_state));
      s = step.next_state;
    }
    agent.EndEpisode();
    if (progress && (k + 1) % progress_every == 0) {
      progress(static_cast<double>(k + 1) / num_episodes);
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<double>> RunGameEpisodes(const MarkovGame& game,
                                                    DpNashViGameAgent& agent, int64_t num_episodes,
                                                    RandomStream environment_stream,
                                                    RandomStream policy_stream) {
  std::vector<double> regrets;
  regrets.reserve(num_episodes);
  RETURN_IF_ERROR(RunGameEpisodes(
      game, agent, num_episodes, std::move(environment_stream), std::move(policy_stream),
      [&regrets](const GameEpisode& episode) { regrets.push_back(episode.regret()); }));
  return regrets;
}

}  // namespace dprl
