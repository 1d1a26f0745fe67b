// Runs an agent on a tabular MDP and records its exact per-episode regret.
//
//   regret_t = rho* - rho^{pi_t},   rho^pi = sum_s p0(s) V^pi_0(s)
// (Vietri et al. 2020, Sec. 2: regret as the sum over episodes of rho* - rho^{pi_t}), computed by
// exact policy evaluation of the agent's (tie-randomised) policy pi_t, not from sampled returns
// (GUIDE.md Conventions 8). The environment and the agent's policy randomness use separate
// streams, so changing an agent never changes the environment's random numbers.
#ifndef DPRL_ALGORITHMS_TABULAR_EPISODE_LOOP_H_
#define DPRL_ALGORITHMS_TABULAR_EPISODE_LOOP_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "algorithms/mechanisms/rng.h"
#include "algorithms/tabular/tabular_agent.h"
#include "envs/tabular_mdp.h"

namespace dprl {

struct EpisodeLoopResult {
  std::vector<double> per_episode_regret;  // size num_episodes, regret_t >= 0
  // First episode (1-based) whose plan has some Q+(s,a,h) below the cap H; -1 if none.
  int64_t first_episode_below_cap = -1;
};

// `progress` (may be empty) is called now and then with the fraction of episodes done.
EpisodeLoopResult RunEpisodes(const TabularMdp& mdp, TabularAgent& agent, int64_t num_episodes,
                              RandomStream environment_stream, RandomStream policy_stream,
                              const std::function<void(double)>& progress = {});

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_EPISODE_LOOP_H_
