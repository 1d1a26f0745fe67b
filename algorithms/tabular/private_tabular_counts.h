// The private counter set of PUCB (Vietri et al. 2020, Alg. 2) and of Private-UCB-VI (Chowdhury &
// Zhou 2022, Alg. 1 with tree-based counters): one binary-tree counter per statistic, fed once per
// episode, each with the same options (eps', horizon T = number of episodes, inputs in {0, 1}).
//
//   n~(s,a,h)      visits of (s, a) at step h        counter Index(h,s,a) of visit_counters()
//   r~(s,a,h)      rounded rewards observed there    counter Index(h,s,a) of reward_counters()
//   m~(s,a,s',h)   transitions (s, a) -> s' at h     counter Index(h,s,a)*S + s' of
//                                                    transition_counters()
//
// 2SAH + S^2AH counters in all. Each episode changes each family's input streams by l1 <= H under
// add/remove of one user (2H under replacement), so with eps' = eps / (3H) (resp. eps / (6H)) the
// three families together are eps-DP with respect to the user sequence (Claim 1 of Vietri et al.);
// everything computed from the releases is eps-JDP. Rewards in [0, 1] enter r~ after unbiased
// randomised rounding to a bit (reward_rounding.h), so every counter input is an integer and every
// release carries exact discrete noise.
//
// Streams: noise_stream.Child(0), Child(1), Child(2) are the visit, reward and transition banks'
// noise; Child(3) the rewards' rounding (never released).
#ifndef DPRL_ALGORITHMS_TABULAR_PRIVATE_TABULAR_COUNTS_H_
#define DPRL_ALGORITHMS_TABULAR_PRIVATE_TABULAR_COUNTS_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "algorithms/mechanisms/binary_counter.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "random/random_stream.h"

namespace dprl {

class PrivateTabularCounts {
 public:
  // The children of noise_stream (header comment): each bank's node noise and the rewards'
  // rounding.
  static constexpr uint64_t kVisitNoiseChild = 0;
  static constexpr uint64_t kRewardNoiseChild = 1;
  static constexpr uint64_t kTransitionNoiseChild = 2;
  static constexpr uint64_t kRewardRoundingChild = 3;

  // The options of every counter of the set: privacy_epsilon = counter_epsilon (eps'),
  // horizon_steps = num_episodes (one step per episode), input_bound = 1 (inputs in {0, 1}).
  static BinaryCounterOptions CounterOptions(double counter_epsilon, int64_t num_episodes);

  // counter_options: every counter's (eps', horizon_steps = number of episodes, input_bound = 1).
  // noise_stream must be reserved for these counters (purpose kPrivacyNoise).
  static absl::StatusOr<PrivateTabularCounts> Create(const TabularShape& shape,
                                                     const BinaryCounterOptions& counter_options,
                                                     const RandomStream& noise_stream);

  // Maintains the noise sums of every n~ incrementally (n~ read for every triple every episode).
  void TrackAllVisits();
  // Maintains the noise sums of r~ and of every m~ of the triple at `index` incrementally.
  void TrackEstimates(int64_t index);
  // Every counter of the three families tracked (visits, then rewards, then transitions).
  void TrackAll();

  // Releases n~ of every triple into released_visits() (index TabularShape::Index).
  void ReleaseVisits();
  // Releases n~ of the triple at `index` into released_visits() and returns it (for a caller that
  // scans the releases as it makes them).
  double ReleaseVisit(int64_t index) {
    return released_visits_[index] = visit_counters_.Release(index);
  }
  const std::vector<double>& released_visits() const { return released_visits_; }
  // r~ of the triple at `index`.
  double RewardSum(int64_t index) const { return reward_counters_.Release(index); }
  // sum_{s'} m~(s,a,s',h) next_values[s'] for the triple at `index`.
  // (Inline: the planner calls it for every triple it backs up.)
  double NextValueSum(int64_t index, const double* next_values) const {
    const int64_t base = index * num_states_;
    double sum = 0.0;
    for (int next = 0; next < num_states_; ++next) {
      sum += transition_counters_.Release(base + next) * next_values[next];
    }
    return sum;
  }

  // Releases r~ of every triple and every m~ into dense tables, read by ReleasedRewardSum and
  // ReleasedNextValueSum until the next call: for a caller that reads all of them each episode
  // (Private-UCB-VI), one pass per bank instead of a checked Release per read. The same values
  // as RewardSum and NextValueSum. The tables (S A H + S^2 A H doubles) are allocated by the first
  // call.
  void ReleaseRewardsAndTransitions();
  double ReleasedRewardSum(int64_t index) const { return released_rewards_[index]; }
  double ReleasedNextValueSum(int64_t index, const double* next_values) const {
    return RowNextValueSum(released_transitions_.data() + index * num_states_, next_values,
                           num_states_);
  }

  // One step of the current episode at the triple `index` = Index(h, s, a): feeds the rounded
  // reward (a bit) to r~, 1 to n~ and 1 to m~(s,a,next_state,h); the rest get 0 at EndEpisode.
  void RecordStep(int h, int64_t index, double reward, int next_state);
  // Closes the episode: one step of every counter.
  void EndEpisode();
  int64_t episodes_done() const { return episodes_done_; }

  const BinaryCounterBank& visit_counters() const { return visit_counters_; }
  const BinaryCounterBank& reward_counters() const { return reward_counters_; }
  const BinaryCounterBank& transition_counters() const { return transition_counters_; }
  // Bytes of the counters and the released tables (O(S^2 A H), independent of T).
  int64_t memory_bytes() const;

 private:
  PrivateTabularCounts(int num_states, int64_t num_triples, BinaryCounterBank visits,
                       BinaryCounterBank rewards, BinaryCounterBank transitions,
                       RandomStream rounding_stream);

  int num_states_;
  BinaryCounterBank visit_counters_;
  BinaryCounterBank reward_counters_;
  BinaryCounterBank transition_counters_;
  RandomStream rounding_stream_;  // randomised rounding of rewards (never released)
  std::vector<double> released_visits_;
  std::vector<double> released_rewards_, released_transitions_;  // ReleaseRewardsAndTransitions'
  int64_t episodes_done_ = 0;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_PRIVATE_TABULAR_COUNTS_H_
