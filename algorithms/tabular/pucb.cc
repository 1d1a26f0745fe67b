#include "algorithms/tabular/pucb.h"

#include <glog/logging.h>

#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "algorithms/tabular/ubev.h"
#include "algorithms/tabular/vietri_bounds.h"

namespace dprl {

absl::Status PucbOptions::Validate() const {
  if (!(std::isfinite(privacy_epsilon) && privacy_epsilon > 0.0)) {
    return absl::InvalidArgumentError(
        absl::StrCat("privacy_epsilon must be finite and > 0, got ", privacy_epsilon));
  }
  if (!(failure_probability > 0.0 && failure_probability < 1.0)) {
    return absl::InvalidArgumentError(
        absl::StrCat("failure_probability must be in (0, 1), got ", failure_probability));
  }
  if (num_episodes < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("num_episodes must be >= 1, got ", num_episodes));
  }
  return absl::OkStatus();
}

double PucbCounterEpsilon(const TabularShape& shape, const PucbOptions& options) {
  const double parts = options.calibration == PucbCalibration::kPaper ? 3.0 : 6.0;
  return options.privacy_epsilon / (parts * shape.horizon);  // Alg. 2: eps' = eps / (3H)
}

double PucbErrorBound(const TabularShape& shape, const PucbOptions& options) {
  // Alg. 3: E = (3/eps) H ln((2SAH + HAS^2)/beta) log(T)^{5/2} = (1/eps') ln(...) log2(T)^{5/2};
  // the formula lives in algorithms/tabular/vietri_bounds.h.
  return PucbCountersErrorBound(shape.num_states, shape.num_actions, shape.horizon,
                                options.num_episodes, PucbCounterEpsilon(shape, options),
                                options.failure_probability);
}

// The planner's view of PUCB: only private releases.
class PucbAgent::PrivateStatistics {
 public:
  explicit PrivateStatistics(const PucbAgent& agent) : agent_(agent) {}
  bool IsEstimated(int h, int s, int a) const {
    return Count(h, s, a) >= 2.0 * agent_.error_bound_;  // Alg. 3: n~ >= 2E
  }
  double Count(int h, int s, int a) const {
    return agent_.released_visits_[agent_.shape_.Index(h, s, a)];
  }
  double RewardSum(int h, int s, int a) const {
    return agent_.reward_counters_.Release(agent_.shape_.Index(h, s, a));
  }
  double Confidence(int h, int s, int a) const {
    const double n = Count(h, s, a);
    const double e = agent_.error_bound_;
    const double horizon = agent_.shape_.horizon;
    // Sec. 3: phi~ and psi~.
    const double phi =
        std::sqrt((2.0 * std::log(n + e) + agent_.log_confidence_term_) / std::max(n - e, 1.0));
    const double psi =
        (1.0 + agent_.shape_.num_states * horizon) * (3.0 * e / n + 2.0 * e * e / (n * n));
    return (horizon + 1.0) * phi + psi;
  }
  double NextValueSum(int h, int s, int a, const double* next_values) const {
    const int S = agent_.shape_.num_states;
    const int64_t base = agent_.shape_.Index(h, s, a) * S;
    double sum = 0.0;
    for (int next = 0; next < S; ++next) {
      sum += agent_.transition_counters_.Release(base + next) * next_values[next];
    }
    return sum;
  }

 private:
  const PucbAgent& agent_;
};

absl::StatusOr<std::unique_ptr<PucbAgent>> PucbAgent::Create(const TabularShape& shape,
                                                             const PucbOptions& options,
                                                             const RandomStream& noise_stream) {
  if (absl::Status status = ValidateTabularShape(shape); !status.ok()) return status;
  if (absl::Status status = options.Validate(); !status.ok()) return status;
  BinaryCounterOptions count_options;
  count_options.privacy_epsilon = PucbCounterEpsilon(shape, options);
  count_options.horizon_steps = options.num_episodes;
  count_options.input_bound = 1.0;
  count_options.noise = CounterNoise::kDiscreteLaplace;
  BinaryCounterOptions reward_options = count_options;
  reward_options.noise = CounterNoise::kLaplace;  // rewards are real numbers in [0, 1]

  const int64_t triples = shape.StateActionSteps();
  absl::StatusOr<BinaryCounterBank> visits =
      BinaryCounterBank::Create(triples, count_options, noise_stream.Child(0));
  if (!visits.ok()) return visits.status();
  absl::StatusOr<BinaryCounterBank> rewards =
      BinaryCounterBank::Create(triples, reward_options, noise_stream.Child(1));
  if (!rewards.ok()) return rewards.status();
  absl::StatusOr<BinaryCounterBank> transitions =
      BinaryCounterBank::Create(triples * shape.num_states, count_options, noise_stream.Child(2));
  if (!transitions.ok()) return transitions.status();
  return std::unique_ptr<PucbAgent>(new PucbAgent(shape, options, PucbErrorBound(shape, options),
                                                  *std::move(visits), *std::move(rewards),
                                                  *std::move(transitions)));
}

PucbAgent::PucbAgent(const TabularShape& shape, const PucbOptions& options, double error_bound,
                     BinaryCounterBank visits, BinaryCounterBank rewards,
                     BinaryCounterBank transitions)
    : shape_(shape),
      options_(options),
      error_bound_(error_bound),
      log_confidence_term_(2.0 * std::log(static_cast<double>(shape.StateActionSteps()) /
                                          options.failure_probability)),
      visit_counters_(std::move(visits)),
      reward_counters_(std::move(rewards)),
      transition_counters_(std::move(transitions)),
      released_visits_(shape.StateActionSteps(), 0.0),
      tracking_estimates_(shape.StateActionSteps(), 0),
      plan_(shape) {
  // n~ is read for every triple every episode: maintain all its noise sums incrementally.
  for (int64_t i = 0; i < shape.StateActionSteps(); ++i) visit_counters_.Track(i);
}

void PucbAgent::BeginEpisode() {
  CHECK_LT(episodes_done_, options_.num_episodes)
      << "PUCB was created for num_episodes = " << options_.num_episodes;
  const int S = shape_.num_states;
  const double threshold = 2.0 * error_bound_;
  for (int64_t i = 0; i < shape_.StateActionSteps(); ++i) {
    released_visits_[i] = visit_counters_.Release(i);
    if (!tracking_estimates_[i] && released_visits_[i] >= threshold) {
      // First time the triple is usable: from now on r~ and m~ are read every episode.
      tracking_estimates_[i] = 1;
      reward_counters_.Track(i);
      for (int next = 0; next < S; ++next) transition_counters_.Track(i * S + next);
    }
  }
  plan_.Plan(PrivateStatistics(*this), shape_.horizon);
}

void PucbAgent::Observe(int h, int s, int a, double reward, int next_state) {
  const int64_t index = shape_.Index(h, s, a);
  // Alg. 2: feed r to r~(s,a,h), 1 to n~(s,a,h) and m~(s,a,s',h); the rest get 0 at EndStep.
  reward_counters_.Add(index, reward);
  visit_counters_.Add(index, 1.0);
  transition_counters_.Add(index * shape_.num_states + next_state, 1.0);
}

void PucbAgent::EndEpisode() {
  visit_counters_.EndStep();
  reward_counters_.EndStep();
  transition_counters_.EndStep();
  ++episodes_done_;
}

int64_t PucbAgent::memory_bytes() const {
  return visit_counters_.memory_bytes() + reward_counters_.memory_bytes() +
         transition_counters_.memory_bytes() +
         static_cast<int64_t>(released_visits_.size() * sizeof(double) +
                              tracking_estimates_.size());
}

}  // namespace dprl
