// Runs an LqAgent on an LqSystem and records the exact regret (6) of every episode.
//
// Specification
// -------------
// For k = 1..K (Chowdhury, Zhou, Shroff 2021, Alg. 1 lines 2-10): the agent computes its gains
// from x_{k,1} = system.initial_state(); the episode is simulated for H steps with
// u_{k,h} = K_h x_{k,h} and x_{k,h+1} = Step(x, u, env_stream); the trajectory goes back to the
// agent. The recorded regret of episode k is exact (riccati.h, no sampled costs):
//     J_1^{pi_k}(Theta*, x_1) - J_1*(Theta*, x_1),
// the expected cost (2) of the agent's linear policy on the true system minus the optimal cost (5).
// The environment stream is read in a fixed pattern (2n + 1 words per step), so agents facing the
// same stream key see the same noise sequence (common random numbers).
#ifndef DPRL_ALGORITHMS_LQR_LQ_EPISODE_LOOP_H_
#define DPRL_ALGORITHMS_LQR_LQ_EPISODE_LOOP_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "algorithms/lqr/ofu_agent.h"
#include "envs/lq_system.h"
#include "random/random_stream.h"

namespace dprl {

struct LqRunResult {
  std::vector<double> per_episode_regret;  // [K]
  std::vector<double> ofu_seconds;         // [K] wall time of the OFU step (0 for CE)
  std::vector<double> ofu_iterations;      // [K] Ceres iterations
  int64_t empty_intersections = 0;         // episodes where C_k cap S was not found
  int64_t v_repairs = 0;                   // episodes where private V_k was not PD
};

// Runs agent.options().privacy.episodes episodes. CHECKs that the agent's sizes match the system.
// `on_episode(k)` (may be empty) is called after each episode, for progress reporting.
LqRunResult RunLqEpisodes(const LqSystem& system, LqAgent& agent, RandomStream env_stream,
                          const std::function<void(int64_t)>& on_episode = nullptr);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_LQR_LQ_EPISODE_LOOP_H_
