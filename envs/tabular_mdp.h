// Episodic finite (tabular) Markov decision process.
//
// Specification
// -------------
// The fixed-horizon MDP with time-dependent dynamics of Vietri et al. 2020, "Private Reinforcement
// Learning with PAC and Regret Guarantees", Sec. 2.1: M = (S, A, R, P, p0, H).
//
//   paper                          code
//   -----------------------------  ---------------------------------------------------------------
//   time steps h = 1..H            h = 0..H-1
//   P(s' | s, a, h)                TransitionRow(h, s, a)[s'],  flat index ((h*S + s)*A + a)*S + s'
//   r(s, a, h) = E R(s, a, h)      MeanReward(h, s, a),         flat index (h*S + s)*A + a
//   p0                             initial_distribution()
//
// Reward model (RewardModel, fixed at Create): the reward distribution R(s, a, h) on [0, 1] is
//   kBernoulli      Bernoulli(r(s, a, h)): SampleStep returns 1 with probability
//                   MeanReward(h, s, a) and 0 otherwise (the default). It is the reward
//                   distribution of Vietri et al.'s lower-bound construction (Sec. 6.1,
//                   Bernoulli arms) and the one with the largest variance among distributions
//                   on [0, 1] with a given mean.
//   kDeterministic  the point mass at r(s, a, h): SampleStep returns MeanReward(h, s, a).
// Only the means enter exact planning and policy evaluation (algorithms/tabular/
// value_iteration.h); the model matters for learners, which see sampled rewards only.
//
// Randomness: every sample reads the caller's RandomStream (never a hidden generator).
//   SampleInitialState  reads exactly one 64-bit word,
//   SampleStep          reads exactly two words: the first picks the next state, the second the
//                       reward (read and ignored by kDeterministic). A fixed number of words per
//                       call keeps runs that differ only in the agent's actions reading the same
//                       environment bits step by step.
// Next states are drawn from alias tables (Walker 1977; Vose 1991) precomputed at construction:
// O(1) per sample, exact up to floating-point rounding of the table (~1e-16 per probability).
// A probability that is exactly 0 is never sampled.
//
// Validation: Create() rejects, with a message naming the parameter and the bad value,
//   num_states, num_actions, horizon < 1; wrong vector sizes; entries that are NaN, infinite,
//   negative or (for probabilities and mean rewards) > 1; probability vectors whose sum differs
//   from 1 by more than kProbabilitySumTolerance = 1e-9; an empty name.
#ifndef DPRL_ENVS_TABULAR_MDP_H_
#define DPRL_ENVS_TABULAR_MDP_H_

#include <glog/logging.h>

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "random/random_stream.h"

namespace dprl {

enum class RewardModel { kBernoulli, kDeterministic };

// "bernoulli" | "deterministic".
std::string RewardModelName(RewardModel model);
// The inverse of RewardModelName; InvalidArgument naming the bad value otherwise.
absl::StatusOr<RewardModel> ParseRewardModel(const std::string& name);

// The memory of a TabularMdp per (h, s, a, s') entry, at least: its transition probability (8
// bytes) and its alias-table column (16: threshold and alias index). H S A S times this is what a
// caller checks before it builds an MDP of that size (CheckMemoryEstimate).
inline constexpr double kTabularMdpBytesPerTransitionEntry = 24.0;

class TabularMdp {
 public:
  // Largest allowed |sum of a probability vector - 1|.
  static constexpr double kProbabilitySumTolerance = 1e-9;

  // transitions: size H*S*A*S, row (h,s,a) at ((h*S + s)*A + a)*S, each row a probability vector.
  // mean_rewards: size H*S*A, entries in [0, 1]; rewards follow reward_model (above).
  // initial_distribution: size S, a probability vector (p0).
  static absl::StatusOr<TabularMdp> Create(std::string name, int num_states, int num_actions,
                                           int horizon, std::vector<double> transitions,
                                           std::vector<double> mean_rewards,
                                           std::vector<double> initial_distribution,
                                           RewardModel reward_model = RewardModel::kBernoulli);

  const std::string& name() const { return name_; }
  int num_states() const { return num_states_; }    // S
  int num_actions() const { return num_actions_; }  // A
  int horizon() const { return horizon_; }          // H

  // Flat index of (h, s, a) into mean_rewards(): (h*S + s)*A + a.
  int64_t Index(int h, int s, int a) const {
    return (static_cast<int64_t>(h) * num_states_ + s) * num_actions_ + a;
  }

  // P(. | s, a, h): S probabilities.
  const double* TransitionRow(int h, int s, int a) const {
    DCHECK(InRange(h, s, a));
    return transitions_.data() + Index(h, s, a) * num_states_;
  }
  // r(s, a, h) in [0, 1].
  double MeanReward(int h, int s, int a) const {
    DCHECK(InRange(h, s, a));
    return mean_rewards_[Index(h, s, a)];
  }
  const std::vector<double>& transitions() const { return transitions_; }    // size H*S*A*S
  const std::vector<double>& mean_rewards() const { return mean_rewards_; }  // size H*S*A
  const std::vector<double>& initial_distribution() const { return initial_distribution_; }
  RewardModel reward_model() const { return reward_model_; }

  // s_1 ~ p0 (one word of `stream`).
  int SampleInitialState(RandomStream& stream) const {
    return SampleAlias(initial_alias_.data(), stream.NextOpenUniform());
  }

  struct Transition {
    int next_state;  // s_{h+1} ~ P(. | s, a, h)
    double reward;   // ~ R(s, a, h): Bernoulli (0.0 or 1.0) or exactly r(s, a, h)
  };
  // One step from (h, s, a) (two words of `stream`: next state, then reward). Requires
  // 0 <= h < H, 0 <= s < S, 0 <= a < A (checked in debug builds only: this is the inner loop).
  Transition SampleStep(int h, int s, int a, RandomStream& stream) const {
    DCHECK(InRange(h, s, a));
    const int64_t index = Index(h, s, a);
    Transition result;
    result.next_state =
        SampleAlias(transition_alias_.data() + index * num_states_, stream.NextOpenUniform());
    // `<=` keeps mean 1 exact even if the uniform rounds up to 1.0; mean 0 never fires (u > 0).
    const double uniform = stream.NextOpenUniform();
    result.reward = reward_model_ == RewardModel::kDeterministic ? mean_rewards_[index]
                    : uniform <= mean_rewards_[index]            ? 1.0
                                                                 : 0.0;
    return result;
  }

 private:
  // One column of a Walker/Vose alias table: take this column's own outcome when the uniform
  // fraction is below `threshold`, otherwise `alias`.
  struct AliasEntry {
    double threshold;
    int alias;
  };
  static_assert(sizeof(double) + sizeof(AliasEntry) == kTabularMdpBytesPerTransitionEntry,
                "kTabularMdpBytesPerTransitionEntry counts transitions_ and transition_alias_");

  TabularMdp() = default;
  static std::vector<AliasEntry> BuildAliasTables(const std::vector<double>& rows, int row_size);

  bool InRange(int h, int s, int a) const {
    return h >= 0 && h < horizon_ && s >= 0 && s < num_states_ && a >= 0 && a < num_actions_;
  }
  // `uniform` in (0, 1]: column floor(uniform * S), then the fractional part decides. A column
  // with threshold 1 has itself as alias, so the clamp at uniform * S == S stays exact.
  int SampleAlias(const AliasEntry* table, double uniform) const {
    const double scaled = uniform * num_states_;
    int column = static_cast<int>(scaled);
    if (column >= num_states_) column = num_states_ - 1;
    return (scaled - column) < table[column].threshold ? column : table[column].alias;
  }

  std::string name_;
  int num_states_ = 0;
  int num_actions_ = 0;
  int horizon_ = 0;
  std::vector<double> transitions_;
  std::vector<double> mean_rewards_;
  RewardModel reward_model_ = RewardModel::kBernoulli;
  std::vector<double> initial_distribution_;
  std::vector<AliasEntry> transition_alias_;  // same layout as transitions_
  std::vector<AliasEntry> initial_alias_;     // size S
};

}  // namespace dprl

#endif  // DPRL_ENVS_TABULAR_MDP_H_
