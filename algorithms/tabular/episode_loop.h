// Runs an agent on a tabular MDP and reports its exact per-episode regret.
//
//   regret_t = rho* - rho^{pi_t},   rho^pi = sum_s p0(s) V^pi_0(s)
// (Vietri et al. 2020, Sec. 2: regret as the sum over episodes of rho* - rho^{pi_t}), computed by
// exact policy evaluation of the agent's (tie-randomised) policy pi_t, not from sampled returns
// (docs/conventions.md, "Exact over sampled"). The environment and the agent's policy randomness
// use separate streams, so changing an agent never changes the environment's random numbers.
//
// PAC measurement (Vietri et al. 2020, Def. 1: an agent is (alpha, beta)-PAC with sample
// complexity f if w.p. >= 1 - beta it follows an alpha-optimal policy, rho* - rho^pi <= alpha, on
// all but f episodes). For each accuracy alpha (a measurement threshold, not an agent parameter),
// from the same exact per-episode regret series:
//   non_alpha_optimal_episodes  = #{ t in 1..T : rho* - rho^{pi_t} > alpha }   (strict >, exact)
//   alpha_optimal_from_episode  = 1 + the last t in 1..T with rho* - rho^{pi_t} > alpha, i.e. the
//                                 first episode t0 from which pi_t is alpha-optimal for every
//                                 t0 <= t <= T. Convention: 1 if every episode is alpha-optimal,
//                                 T + 1 if episode T itself is not (never settles within T).
// Both are accumulated while the episodes run (O(|alphas|) memory, no per-episode series is
// kept): the loop hands each episode's regret to an optional observer and returns only the total,
// so a caller that needs the series (or its cumulative sum on a grid of episodes) keeps what it
// needs. The count is the quantity bounded by Thm. 3 (PUCB, upper) and Thm. 5 (any eps-JDP agent,
// lower); alpha_optimal_from_episode >= non_alpha_optimal_episodes + 1 - (number of alpha-optimal
// episodes before it), and equals the count + 1 when the agent never returns to bad policies.
#ifndef DPRL_ALGORITHMS_TABULAR_EPISODE_LOOP_H_
#define DPRL_ALGORITHMS_TABULAR_EPISODE_LOOP_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "absl/status/statusor.h"
#include "algorithms/tabular/tabular_agent.h"
#include "envs/tabular_mdp.h"
#include "random/random_stream.h"

namespace dprl {

struct PacMeasurement {
  double alpha = 0.0;                      // accuracy threshold, >= 0
  int64_t non_alpha_optimal_episodes = 0;  // #{t <= T : regret_t > alpha}
  int64_t alpha_optimal_from_episode = 1;  // in 1..T+1 (see above)
};

// The PAC measurement above, accumulated one episode at a time.
class PacAccumulator {
 public:
  // `alphas`: each finite and >= 0, else CHECK-fails.
  explicit PacAccumulator(const std::vector<double>& alphas);
  // Adds regret_t of the next episode t = 1, 2, ...
  void Add(double regret);
  // One measurement per alpha, in the order given, over the episodes added so far.
  const std::vector<PacMeasurement>& measurements() const { return measurements_; }

 private:
  std::vector<PacMeasurement> measurements_;
  int64_t episodes_ = 0;
};

// The PAC measurement of `per_episode_regret` (regret_t at index t - 1) for every alpha in
// `alphas` (each finite and >= 0, else CHECK-fails), in the order given. O(T * |alphas|).
std::vector<PacMeasurement> MeasurePac(const std::vector<double>& per_episode_regret,
                                       const std::vector<double>& alphas);

struct EpisodeLoopResult {
  // sum_{t=1..T} regret_t, summed in episode order in double (the last value of the cumulative
  // sum of the regrets the observer saw).
  double total_regret = 0.0;
  // First episode (1-based) whose plan has some Q+(s,a,h) below the cap H; -1 if none.
  int64_t first_episode_below_cap = -1;
  // MeasurePac of the regret series for pac_alphas; empty when no pac_alphas were given.
  std::vector<PacMeasurement> pac;
  // Episodes run: num_episodes, or fewer when stop_requested ended the loop early.
  int64_t episodes = 0;
};

// Called once per episode, in episode order, with regret_t = rho* - rho^{pi_t} >= 0.
using RegretObserver = std::function<void(double regret)>;

// `progress` (may be empty) is called now and then with the fraction of episodes done.
// `pac_alphas` (optional, each finite and >= 0): accuracies for EpisodeLoopResult::pac.
// `on_regret` (may be empty) receives every episode's exact regret.
// `stop_requested` (may be empty) is called after every completed episode (after EndEpisode);
// when it returns true the loop ends there, with the agent between episodes, and the result
// covers the EpisodeLoopResult::episodes episodes run (the Python binding stops on Ctrl-C so).
// InvalidArgument (naming the environment and episode) when the agent refuses an observation,
// e.g. a reward outside [0, 1].
absl::StatusOr<EpisodeLoopResult> RunEpisodes(const TabularMdp& mdp, TabularAgent& agent,
                                              int64_t num_episodes, RandomStream environment_stream,
                                              RandomStream policy_stream,
                                              const std::function<void(double)>& progress = {},
                                              const std::vector<double>& pac_alphas = {},
                                              const RegretObserver& on_regret = {},
                                              const std::function<bool()>& stop_requested = {});

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_EPISODE_LOOP_H_
