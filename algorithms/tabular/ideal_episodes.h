// The ideal loops that agents_benchmark times the tabular agents against: for an agent and a
// regime, the work its episode cannot avoid with the same random bits, written as one tight loop
// with the library's own streams and samplers and none of the agent's bookkeeping (test-only;
// docs/performance.md, "Agents against their ideal loops").
//
// Each loop computes what the agent computes in that regime, bit for bit (ideal_episodes_test
// runs it beside the agent on the same streams and compares releases, values and trajectories),
// so that "agent / ideal" measures the agent's overhead and nothing the agent could drop:
//
//   TrackedNodeNoise        the noise sums Z_c(t) of counters 0..n-1 of a binary counter bank, all
//                           tracked from step 0 (binary_counter.h, "Memory"): per step, the
//                           removed nodes above the cached levels, then the completed node with
//                           the cached levels' removal in the same pass; each node's Philox
//                           blocks derived for all groups in one batch and its n exact draws
//                           taken from them with the cell-table loads prefetched ahead.
//   PucbIdealEpisodes       PUCB (Vietri et al. 2020, Alg. 2-3) while no triple is estimated
//                           (n~ < max(2E, 1) everywhere: at privacy_epsilon = 1 with T = 2^24, the
//                           benchmark's regime): Q~+ = H everywhere, so no planning; the actions
//                           are uniform among all A (the planner's ties); per episode H environment
//                           steps, the three families' true sums, the n~ node noise of SAH tracked
//                           counters, and the SAH releases compared with max(2E, 1).
//   UbevIdealEpisodes       UBEV (Dann et al. 2017, Alg. 1 as printed, the paper's (H - t) phi):
//                           the bonus terms of the last episode's H triples in one loop, then a
//                           backward induction on its counts that recomputes a step in full only
//                           where V~_{t+1} changed, else only the triple visited there (and its
//                           state's max); the greedy action, ties broken as the planner does, at
//                           act time (no policy table).
//   PrivateUcbviNoiseFloor  Private-UCB-VI (Chowdhury & Zhou 2022, tree counters): the node noise
//   of
//                           all its 2SAH + S^2AH tracked counters, nothing else (a floor: no
//                           releases, planning, environment or policy).
#ifndef DPRL_ALGORITHMS_TABULAR_IDEAL_EPISODES_H_
#define DPRL_ALGORITHMS_TABULAR_IDEAL_EPISODES_H_

#include <array>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "algorithms/mechanisms/binary_counter.h"
#include "algorithms/mechanisms/discrete_laplace_sampler.h"
#include "algorithms/tabular/private_ucbvi.h"
#include "algorithms/tabular/pucb.h"
#include "algorithms/tabular/tabular_agent.h"
#include "algorithms/tabular/ubev.h"
#include "envs/tabular_mdp.h"
#include "random/random_stream.h"

namespace dprl {

// The random Dirichlet MDP of size (S, A, H) drawn from TestStream(seed, kEnvGeneration), on
// which agents_benchmark and ideal_episodes_test run the agents and their ideal loops.
TabularMdp RandomTestMdp(int num_states, int num_actions, int horizon, uint64_t seed);

// One episode of `agent` on `mdp` (BeginEpisode, H Act / SampleStep / Observe, EndEpisode);
// CHECK-fails if the agent refuses a step. The loop agents_benchmark times. With `states` and
// `actions` given, they receive the episode's s_0..s_{H-1} and actions.
void RunAgentEpisode(const TabularMdp& mdp, TabularAgent& agent, RandomStream& env,
                     RandomStream& policy, std::vector<int>* states = nullptr,
                     std::vector<int>* actions = nullptr);

class TrackedNodeNoise {
 public:
  // The noise of counters 0..num_counters-1 of BinaryCounterBank::Create(num_counters, options,
  // noise_stream). InvalidArgument for options the bank refuses, or a node scale above
  // DiscreteLaplaceSampler::kMaxScale (not a benchmark regime).
  static absl::StatusOr<TrackedNodeNoise> Create(int64_t num_counters,
                                                 const BinaryCounterOptions& options,
                                                 RandomStream noise_stream);
  // t -> t + 1.
  void Step();
  // The same, calling done(counter, Z_counter(t)) once per counter, as soon as its sum is final
  // (defined in ideal_episodes.cc, for its own loops).
  template <typename Done>
  void Step(Done&& done);
  // Z_c(t): the bank's ExactRelease(c) minus its true sum.
  int64_t noise_sum(int64_t counter) const { return noise_sum_[counter]; }
  int64_t steps() const { return steps_; }

 private:
  TrackedNodeNoise(int64_t num_counters, RandomStream noise_stream, DiscreteLaplaceSampler sampler);
  // use(counter, noise) for node (level, index) of every counter.
  template <typename Use>
  void ForEachNodeNoise(int level, int64_t index, Use&& use);

  int64_t num_counters_;
  RandomStream noise_stream_;
  RandomStream overflow_stream_;  // noise_stream.Child(0), as the bank's
  DiscreteLaplaceSampler sampler_;
  int64_t steps_ = 0;
  std::vector<int64_t> noise_sum_;
  std::vector<int64_t> low_nodes_;  // BinaryCounterBank::kCachedLevels per counter
  std::vector<uint64_t> groups_;    // 0, 1, ..., ceil(num_counters / 6) - 1
  std::vector<std::array<uint64_t, 3>> words_;
};

class PucbIdealEpisodes {
 public:
  // PUCB's counters and E for (mdp's shape, options, noise_stream), as PucbAgent::Create builds
  // them.
  static absl::StatusOr<PucbIdealEpisodes> Create(const TabularMdp& mdp, const PucbOptions& options,
                                                  const RandomStream& noise_stream);
  // One episode: H steps, then the counters' step with the releases n~ of the closed episodes
  // (those PucbAgent::BeginEpisode makes at the start of the next episode).
  void RunEpisode(RandomStream& env, RandomStream& policy);
  // n~ as released at the end of the last RunEpisode (index TabularShape::Index; 0 before any).
  const std::vector<double>& released_visits() const { return released_visits_; }
  // Whether some release reached max(2E, 1) (the regime above no longer holds; PUCB would plan).
  bool any_estimated() const { return any_estimated_; }
  // States s_0..s_{H-1} and actions of the last episode.
  const std::vector<int>& states() const { return states_; }
  const std::vector<int>& actions() const { return actions_; }

 private:
  PucbIdealEpisodes(const TabularMdp& mdp, double estimate_threshold, TrackedNodeNoise visit_noise,
                    RandomStream rounding_stream);

  const TabularMdp* mdp_;
  TabularShape shape_;
  double estimate_threshold_;
  TrackedNodeNoise visit_noise_;
  RandomStream rounding_stream_;
  int64_t episodes_ = 0;
  std::vector<int64_t> visits_, reward_sums_, transitions_;  // the three families' true sums
  std::vector<double> released_visits_;
  bool any_estimated_ = false;
  std::vector<int> states_, actions_;
};

class UbevIdealEpisodes {
 public:
  // Requires options.transition_bonus == kRemainingSteps (the benchmark's default agent).
  static absl::StatusOr<UbevIdealEpisodes> Create(const TabularMdp& mdp,
                                                  const UbevOptions& options);
  // One episode: the bonus terms of the triples visited in the previous one, the (incremental)
  // backward induction, then H greedy steps.
  void RunEpisode(RandomStream& env, RandomStream& policy);
  // Q~(s,a,h) of the last plan (index TabularShape::Index).
  const std::vector<double>& q() const { return q_; }
  const std::vector<int>& states() const { return states_; }
  const std::vector<int>& actions() const { return actions_; }

 private:
  UbevIdealEpisodes(const TabularMdp& mdp, const UbevOptions& options);

  const TabularMdp* mdp_;
  TabularShape shape_;
  double log_confidence_term_;  // UbevAgent's ln(27 SAH / delta)
  std::vector<double> visits_, reward_sums_, transitions_;
  std::vector<double> phi_, reward_term_;
  std::vector<int64_t> visited_;  // the triple visited at each step of the last episode
  bool first_plan_ = true;
  std::vector<double> q_, values_;
  std::vector<int> states_, actions_;
};

class PrivateUcbviNoiseFloor {
 public:
  // Private-UCB-VI's three banks for (shape, options, noise_stream), as its Create builds them.
  static absl::StatusOr<PrivateUcbviNoiseFloor> Create(const TabularShape& shape,
                                                       const PrivateUcbviOptions& options,
                                                       const RandomStream& noise_stream);
  // One episode's step of every counter's noise sum.
  void Step();
  // Z of counter `counter` of family 0 (N~), 1 (R~) or 2 (N~(s,a,s')).
  int64_t noise_sum(int family, int64_t counter) const {
    return families_[family].noise_sum(counter);
  }

 private:
  explicit PrivateUcbviNoiseFloor(std::vector<TrackedNodeNoise> families)
      : families_(std::move(families)) {}
  std::vector<TrackedNodeNoise> families_;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_IDEAL_EPISODES_H_
