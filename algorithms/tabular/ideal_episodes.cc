#include "algorithms/tabular/ideal_episodes.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

#include "algorithms/mechanisms/dyadic_tree.h"
#include "algorithms/tabular/private_tabular_counts.h"
#include "algorithms/tabular/reward_rounding.h"
#include "common/status_macros.h"
#include "envs/random_mdp.h"
#include "testing/random_streams.h"

namespace dprl {
namespace {

constexpr int kCountersPerBlock = 6;  // BinaryCounterBank's: one Philox block per 6 counters
constexpr int kPrefetchAhead = 16;    // cell-table loads started this many draws ahead

}  // namespace

TabularMdp RandomTestMdp(int num_states, int num_actions, int horizon, uint64_t seed) {
  RandomMdpOptions options;
  options.num_states = num_states;
  options.num_actions = num_actions;
  options.horizon = horizon;
  RandomStream stream = TestStream(seed, TestPurpose::kEnvGeneration);
  return MakeRandomDirichletMdp(options, stream).value();
}

void RunAgentEpisode(const TabularMdp& mdp, TabularAgent& agent, RandomStream& env,
                     RandomStream& policy, std::vector<int>* states, std::vector<int>* actions) {
  if (states != nullptr) states->clear();
  if (actions != nullptr) actions->clear();
  agent.BeginEpisode();
  int state = mdp.SampleInitialState(env);
  for (int h = 0; h < mdp.horizon(); ++h) {
    const int action = agent.Act(h, state, policy);
    const TabularMdp::Transition step = mdp.SampleStep(h, state, action, env);
    CHECK(agent.Observe(h, state, action, step.reward, step.next_state).ok());
    if (states != nullptr) states->push_back(state);
    if (actions != nullptr) actions->push_back(action);
    state = step.next_state;
  }
  agent.EndEpisode();
}

absl::StatusOr<TrackedNodeNoise> TrackedNodeNoise::Create(int64_t num_counters,
                                                          const BinaryCounterOptions& options,
                                                          RandomStream noise_stream) {
  // An empty bank with these options: its node scale is the counters'.
  ASSIGN_OR_RETURN(const BinaryCounterBank bank,
                   BinaryCounterBank::Create(0, options, RandomStream(StreamKey())));
  if (bank.node_noise_scale() > DiscreteLaplaceSampler::kMaxScale) {
    return absl::InvalidArgumentError("TrackedNodeNoise: node scale above the sampler's range");
  }
  ASSIGN_OR_RETURN(DiscreteLaplaceSampler sampler,
                   DiscreteLaplaceSampler::Create(bank.discrete_node_scale()));
  return TrackedNodeNoise(num_counters, std::move(noise_stream), std::move(sampler));
}

TrackedNodeNoise::TrackedNodeNoise(int64_t num_counters, RandomStream noise_stream,
                                   DiscreteLaplaceSampler sampler)
    : num_counters_(num_counters),
      noise_stream_(std::move(noise_stream)),
      overflow_stream_(noise_stream_.Child(0)),
      sampler_(std::move(sampler)),
      noise_sum_(num_counters, 0),
      low_nodes_(num_counters * BinaryCounterBank::kCachedLevels, 0) {
  const int64_t groups = (num_counters + kCountersPerBlock - 1) / kCountersPerBlock;
  for (int64_t g = 0; g < groups; ++g) groups_.push_back(static_cast<uint64_t>(g));
  words_.resize(groups);
}

template <typename Use>
void TrackedNodeNoise::ForEachNodeNoise(int level, int64_t index, Use&& use) {
  const uint64_t key = (static_cast<uint64_t>(index) << 6) | static_cast<uint64_t>(level);
  noise_stream_.PairChildFirstWords(groups_.data(), key, static_cast<int64_t>(groups_.size()),
                                    words_.data());
  // Counter c's word is the 32-bit half c mod 6 of group c / 6's block: 32-bit word c of the
  // blocks in order (little-endian halves).
  const char* halves = reinterpret_cast<const char*>(words_.data());
  auto word_of = [halves](int64_t counter) {
    uint32_t word;
    std::memcpy(&word, halves + sizeof(uint32_t) * counter, sizeof word);
    return word;
  };
  for (int64_t c = 0; c < std::min<int64_t>(kPrefetchAhead, num_counters_); ++c) {
    sampler_.Prefetch(word_of(c));
  }
  RandomStream more = overflow_stream_;  // the rare further bits: overflow.Child(counter, key)
  for (int64_t c = 0; c < num_counters_; ++c) {
    if (c + kPrefetchAhead < num_counters_) sampler_.Prefetch(word_of(c + kPrefetchAhead));
    bool derived = false;
    use(c, sampler_.Sample(word_of(c), [&]() -> RandomStream& {
      if (!derived) {
        more = overflow_stream_.Child(static_cast<uint64_t>(c), key);
        derived = true;
      }
      return more;
    }));
  }
}

template <typename Done>
void TrackedNodeNoise::Step(Done&& done) {
  constexpr int kCached = BinaryCounterBank::kCachedLevels;
  const int64_t t = ++steps_;
  const DyadicNode completed = NodeCompletedAt(t);
  const int k = completed.level;
  for (int level = kCached; level < k; ++level) {
    ForEachNodeNoise(level, ((t - 1) >> level) - 1,
                     [this](int64_t c, int64_t removed) { noise_sum_[c] -= removed; });
  }
  // The completed node, with the cached levels' nodes removed in the same pass.
  const int cached_removed = std::min(k, kCached);
  ForEachNodeNoise(k, completed.index, [&](int64_t c, int64_t added) {
    int64_t* cached = &low_nodes_[c * kCached];
    int64_t change = added;
    for (int level = 0; level < cached_removed; ++level) change -= cached[level];
    if (k < kCached) cached[k] = added;
    done(c, noise_sum_[c] += change);
  });
}

void TrackedNodeNoise::Step() {
  Step([](int64_t, int64_t) {});
}

absl::StatusOr<PucbIdealEpisodes> PucbIdealEpisodes::Create(const TabularMdp& mdp,
                                                            const PucbOptions& options,
                                                            const RandomStream& noise_stream) {
  const TabularShape shape{mdp.num_states(), mdp.num_actions(), mdp.horizon()};
  ASSIGN_OR_RETURN(const double error_bound, CheckedPucbErrorBound(shape, options));
  ASSIGN_OR_RETURN(
      TrackedNodeNoise visit_noise,
      TrackedNodeNoise::Create(shape.StateActionSteps(), PucbCounterOptions(shape, options),
                               noise_stream.Child(PrivateTabularCounts::kVisitNoiseChild)));
  return PucbIdealEpisodes(mdp, std::max(2.0 * error_bound, 1.0), std::move(visit_noise),
                           noise_stream.Child(PrivateTabularCounts::kRewardRoundingChild));
}

PucbIdealEpisodes::PucbIdealEpisodes(const TabularMdp& mdp, double estimate_threshold,
                                     TrackedNodeNoise visit_noise, RandomStream rounding_stream)
    : mdp_(&mdp),
      shape_{mdp.num_states(), mdp.num_actions(), mdp.horizon()},
      estimate_threshold_(estimate_threshold),
      visit_noise_(std::move(visit_noise)),
      rounding_stream_(std::move(rounding_stream)),
      visits_(shape_.StateActionSteps(), 0),
      reward_sums_(shape_.StateActionSteps(), 0),
      transitions_(shape_.StateActionSteps() * shape_.num_states, 0),
      released_visits_(shape_.StateActionSteps(), 0.0),
      states_(shape_.horizon),
      actions_(shape_.horizon) {}

void PucbIdealEpisodes::RunEpisode(RandomStream& env, RandomStream& policy) {
  const int S = shape_.num_states, A = shape_.num_actions;
  int state = mdp_->SampleInitialState(env);
  for (int h = 0; h < shape_.horizon; ++h) {
    // Every Q~+ is H: the planner's ties are all A actions.
    const int action = A == 1 ? 0 : static_cast<int>(policy.UniformInt(A));
    const TabularMdp::Transition step = mdp_->SampleStep(h, state, action, env);
    const int64_t index = shape_.Index(h, state, action);
    visits_[index] += 1;
    reward_sums_[index] +=
        static_cast<int64_t>(RoundRewardToBit(step.reward, rounding_stream_, episodes_, h));
    transitions_[index * S + step.next_state] += 1;
    states_[h] = state;
    actions_[h] = action;
    state = step.next_state;
  }
  // The counters' step, each n~ released (and compared with max(2E, 1)) as its noise sum is final.
  visit_noise_.Step([this](int64_t i, int64_t noise_sum) {
    released_visits_[i] = static_cast<double>(visits_[i] + noise_sum);
    any_estimated_ |= released_visits_[i] >= estimate_threshold_;
  });
  ++episodes_;
}

absl::StatusOr<UbevIdealEpisodes> UbevIdealEpisodes::Create(const TabularMdp& mdp,
                                                            const UbevOptions& options) {
  RETURN_IF_ERROR(options.Validate());
  if (options.transition_bonus != UbevTransitionBonus::kRemainingSteps) {
    return absl::InvalidArgumentError(
        "UbevIdealEpisodes: transition_bonus must be kRemainingSteps");
  }
  return UbevIdealEpisodes(mdp, options);
}

UbevIdealEpisodes::UbevIdealEpisodes(const TabularMdp& mdp, const UbevOptions& options)
    : mdp_(&mdp),
      shape_{mdp.num_states(), mdp.num_actions(), mdp.horizon()},
      log_confidence_term_(std::log(27.0 * static_cast<double>(shape_.StateActionSteps()) /
                                    options.failure_probability)),
      visits_(shape_.StateActionSteps(), 0.0),
      reward_sums_(shape_.StateActionSteps(), 0.0),
      transitions_(shape_.StateActionSteps() * shape_.num_states, 0.0),
      phi_(shape_.StateActionSteps(), 0.0),
      reward_term_(shape_.StateActionSteps(), 0.0),
      q_(shape_.StateActionSteps(), 0.0),
      values_(static_cast<int64_t>(shape_.horizon + 1) * shape_.num_states, 0.0),
      states_(shape_.horizon),
      actions_(shape_.horizon) {}

// Aligned to 64 bytes, as UbevAgent::BeginEpisode and for the same reason: at a 32-byte offset the
// same machine code ran 1.3-1.6x slower at (20, 4, 20) and (50, 4, 20) (agents_benchmark).
[[gnu::aligned(64)]] void UbevIdealEpisodes::RunEpisode(RandomStream& env, RandomStream& policy) {
  const int S = shape_.num_states, A = shape_.num_actions, H = shape_.horizon;
  // UbevAgent's phi(n) and min{1, r^ + phi(n)} of the triples whose counts changed.
  for (const int64_t i : visited_) {
    const double n = visits_[i];
    phi_[i] = std::sqrt((2.0 * Llnp(n) + log_confidence_term_) / n);
    reward_term_[i] = std::min(1.0, reward_sums_[i] / n + phi_[i]);
  }
  // Backward induction (Alg. 1, the paper's (H - t) phi), V~_H = 0, incremental: a step whose
  // V~_{t+1} is unchanged recomputes only the one triple visited there in the last episode.
  auto q_of = [&](int h, int64_t i, const double* next_values, double max_next_value) {
    const double n = visits_[i];
    if (n < 1.0) return 1.0 + max_next_value;
    const double sum = RowNextValueSum(transitions_.data() + i * S, next_values, S);
    return reward_term_[i] + std::min(max_next_value, sum / n + (H - 1 - h) * phi_[i]);
  };
  auto finish_state = [&](int h, int s) {  // V~_h(s); true if it changed bit for bit
    const double* q = q_.data() + shape_.Index(h, s, 0);
    double best = q[0];
    for (int a = 1; a < A; ++a) best = std::max(best, q[a]);
    double& value = values_[static_cast<int64_t>(h) * S + s];
    const bool changed = std::memcmp(&value, &best, sizeof best) != 0;
    value = best;
    return changed;
  };
  bool next_changed = first_plan_;
  for (int h = H - 1; h >= 0; --h) {
    const double* next_values = values_.data() + static_cast<int64_t>(h + 1) * S;
    const double max_next_value = *std::max_element(next_values, next_values + S);
    bool values_changed = false;
    if (next_changed) {
      for (int s = 0; s < S; ++s) {
        for (int a = 0; a < A; ++a) {
          const int64_t i = shape_.Index(h, s, a);
          q_[i] = q_of(h, i, next_values, max_next_value);
        }
        values_changed = finish_state(h, s) || values_changed;
      }
    } else {
      const int64_t i = visited_[h];
      q_[i] = q_of(h, i, next_values, max_next_value);
      values_changed = finish_state(h, states_[h]);
    }
    next_changed = first_plan_ || values_changed;
  }
  first_plan_ = false;
  visited_.assign(H, 0);
  int state = mdp_->SampleInitialState(env);
  for (int h = 0; h < H; ++h) {
    // A uniformly random maximiser (OptimisticPlan::SampleAction's tie-breaking).
    const double* q = q_.data() + shape_.Index(h, state, 0);
    const double best = values_[static_cast<int64_t>(h) * S + state];
    int ties = 0;
    for (int a = 0; a < A; ++a) ties += q[a] == best;
    int pick = ties == 1 ? 0 : static_cast<int>(policy.UniformInt(ties));
    int action = 0;
    for (int a = 0; a < A; ++a) {
      if (q[a] == best && pick-- == 0) {
        action = a;
        break;
      }
    }
    const TabularMdp::Transition step = mdp_->SampleStep(h, state, action, env);
    const int64_t i = shape_.Index(h, state, action);
    visits_[i] += 1.0;
    reward_sums_[i] += step.reward;
    transitions_[i * S + step.next_state] += 1.0;
    visited_[h] = i;
    states_[h] = state;
    actions_[h] = action;
    state = step.next_state;
  }
}

absl::StatusOr<PrivateUcbviNoiseFloor> PrivateUcbviNoiseFloor::Create(
    const TabularShape& shape, const PrivateUcbviOptions& options,
    const RandomStream& noise_stream) {
  RETURN_IF_ERROR(options.Validate());
  const BinaryCounterOptions counters = PrivateUcbviCounterOptions(shape, options);
  const int64_t triples = shape.StateActionSteps();
  std::vector<TrackedNodeNoise> families;
  for (const uint64_t child :
       {PrivateTabularCounts::kVisitNoiseChild, PrivateTabularCounts::kRewardNoiseChild,
        PrivateTabularCounts::kTransitionNoiseChild}) {
    const int64_t counters_in_family =
        child == PrivateTabularCounts::kTransitionNoiseChild ? triples * shape.num_states : triples;
    ASSIGN_OR_RETURN(TrackedNodeNoise noise, TrackedNodeNoise::Create(counters_in_family, counters,
                                                                      noise_stream.Child(child)));
    families.push_back(std::move(noise));
  }
  return PrivateUcbviNoiseFloor(std::move(families));
}

void PrivateUcbviNoiseFloor::Step() {
  for (TrackedNodeNoise& family : families_) family.Step();
}

}  // namespace dprl
