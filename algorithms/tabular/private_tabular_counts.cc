#include "algorithms/tabular/private_tabular_counts.h"

#include <utility>

#include "algorithms/tabular/reward_rounding.h"
#include "common/status_macros.h"

namespace dprl {

BinaryCounterOptions PrivateTabularCounts::CounterOptions(double counter_epsilon,
                                                          int64_t num_episodes) {
  BinaryCounterOptions counter;
  counter.privacy_epsilon = counter_epsilon;
  counter.horizon_steps = num_episodes;
  counter.input_bound = 1.0;
  return counter;
}

absl::StatusOr<PrivateTabularCounts> PrivateTabularCounts::Create(
    const TabularShape& shape, const BinaryCounterOptions& counter_options,
    const RandomStream& noise_stream) {
  const int64_t triples = shape.StateActionSteps();
  ASSIGN_OR_RETURN(
      BinaryCounterBank visits,
      BinaryCounterBank::Create(triples, counter_options, noise_stream.Child(kVisitNoiseChild)));
  ASSIGN_OR_RETURN(
      BinaryCounterBank rewards,
      BinaryCounterBank::Create(triples, counter_options, noise_stream.Child(kRewardNoiseChild)));
  ASSIGN_OR_RETURN(BinaryCounterBank transitions,
                   BinaryCounterBank::Create(triples * shape.num_states, counter_options,
                                             noise_stream.Child(kTransitionNoiseChild)));
  return PrivateTabularCounts(shape.num_states, triples, std::move(visits), std::move(rewards),
                              std::move(transitions), noise_stream.Child(kRewardRoundingChild));
}

PrivateTabularCounts::PrivateTabularCounts(int num_states, int64_t num_triples,
                                           BinaryCounterBank visits, BinaryCounterBank rewards,
                                           BinaryCounterBank transitions,
                                           RandomStream rounding_stream)
    : num_states_(num_states),
      visit_counters_(std::move(visits)),
      reward_counters_(std::move(rewards)),
      transition_counters_(std::move(transitions)),
      rounding_stream_(std::move(rounding_stream)),
      released_visits_(num_triples, 0.0) {}

void PrivateTabularCounts::TrackAllVisits() {
  for (int64_t i = 0; i < visit_counters_.num_counters(); ++i) visit_counters_.Track(i);
}

void PrivateTabularCounts::TrackEstimates(int64_t index) {
  reward_counters_.Track(index);
  for (int next = 0; next < num_states_; ++next)
    transition_counters_.Track(index * num_states_ + next);
}

void PrivateTabularCounts::TrackAll() {
  TrackAllVisits();
  for (int64_t i = 0; i < reward_counters_.num_counters(); ++i) reward_counters_.Track(i);
  for (int64_t i = 0; i < transition_counters_.num_counters(); ++i) transition_counters_.Track(i);
}

void PrivateTabularCounts::ReleaseVisits() { visit_counters_.ReleaseAll(released_visits_.data()); }

void PrivateTabularCounts::ReleaseRewardsAndTransitions() {
  released_rewards_.resize(reward_counters_.num_counters());
  released_transitions_.resize(transition_counters_.num_counters());
  reward_counters_.ReleaseAll(released_rewards_.data());
  transition_counters_.ReleaseAll(released_transitions_.data());
}

void PrivateTabularCounts::RecordStep(int h, int64_t index, double reward, int next_state) {
  reward_counters_.Add(index, RoundRewardToBit(reward, rounding_stream_, episodes_done_, h));
  visit_counters_.Add(index, 1.0);
  transition_counters_.Add(index * num_states_ + next_state, 1.0);
}

void PrivateTabularCounts::EndEpisode() {
  visit_counters_.EndStep();
  reward_counters_.EndStep();
  transition_counters_.EndStep();
  ++episodes_done_;
}

int64_t PrivateTabularCounts::memory_bytes() const {
  return visit_counters_.memory_bytes() + reward_counters_.memory_bytes() +
         transition_counters_.memory_bytes() +
         static_cast<int64_t>((released_visits_.capacity() + released_rewards_.capacity() +
                               released_transitions_.capacity()) *
                              sizeof(double));
}

}  // namespace dprl
