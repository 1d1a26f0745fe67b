// Runs an LqAgent on an LqSystem and records the exact regret (6) of every episode.
//
// Specification
// -------------
// For k = 1..K (Chowdhury, Zhou, Shroff 2021, Alg. 1 lines 2-10): the agent computes its gains
// from x_{k,1} = system.initial_state(); the episode is simulated for H steps with
// u_{k,h} = agent.Control(h, x_{k,h}) (K_h x_{k,h}, clipped to ||u|| <= gamma by the private
// agents, ofu_agent.h) and x_{k,h+1} = Step(x, u, env_stream); the trajectory, with the applied
// controls, goes back to the agent. The recorded regret of episode k (riccati.h, no sampled costs):
//     J_1^{pi_k}(Theta*, x_1) - J_1*(Theta*, x_1),
// the expected cost (2) of the agent's linear policy u = K_h x on the true system minus the optimal
// cost (5); for an agent with input dither (dither_scale > 0), the exact cost of
// u = K_h x + sigma_k xi (DitheredLinearPolicyCost, private_certainty_equivalence.h), exploration
// included. It is the exact regret of the applied policy whenever clipping cannot act, in
// particular when max_h ||K_h|| <= gamma (then ||x_h|| <= 1 and ||K_h x_h|| <= gamma by
// Assumption 1); in an episode with clipped_steps > 0 it is the linear policy's cost, not the
// clipped one's. What the clipped policy really cost is therefore also recorded, as a sample: the
// realized regret of episode k,
//     sum_{h=1..H} (x_h' Q x_h + u_h' R u_h) - J_1*(Theta*, x_1),
// with the states and the controls that were applied (dither included). Given the history up to
// the start of episode k, its expectation is the regret of the policy that was applied, clipping
// included; where clipping cannot act it equals the exact regret above in expectation.
// The environment stream is read in a fixed pattern (2n + 1 words per step), so agents facing the
// same stream key see the same noise sequence (common random numbers).
#ifndef DPRL_ALGORITHMS_LQR_LQ_EPISODE_LOOP_H_
#define DPRL_ALGORITHMS_LQR_LQ_EPISODE_LOOP_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "algorithms/lqr/ofu_agent.h"
#include "algorithms/lqr/ofu_parametrisation.h"
#include "envs/lq_system.h"
#include "random/random_stream.h"

namespace dprl {

struct LqRunResult {
  std::vector<double> per_episode_regret;  // [K] exact regret of the linear policy (see above)
  std::vector<double> per_episode_realized_regret;  // [K] sampled cost of what was applied - J_1*
  std::vector<double> ofu_seconds;         // [K] wall time of the OFU step (0 for CE)
  std::vector<double> ofu_iterations;      // [K] Ceres iterations
  int64_t empty_intersections = 0;         // episodes where C_k cap S was not found
  int64_t v_repairs = 0;                   // episodes where private V_k was not PD
  // Per-episode diagnostics [K] (why an agent plays u = 0, and whether its confidence set holds):
  std::vector<double> beta;                    // beta_k
  std::vector<double> v_lambda_min;            // smallest eigenvalue of V_k
  std::vector<double> v_lambda_max;            // largest eigenvalue of V_k
  std::vector<double> v_log_det;               // log det V_k
  std::vector<double> model_error;             // ||Theta~_k - Theta*||_F
  std::vector<double> first_gain_norm;         // ||K_1(Theta~_k)|| (spectral)
  std::vector<double> coverage_ratio;          // ||Theta* - Theta^_k||_{V_k} / beta_k (<= 1: covered)
  std::vector<double> zero_dynamics_feasible;  // 1 if C_k cap S contains an A = 0 model, else 0
  std::vector<double> clipped_steps;           // steps whose applied control was clipped to gamma
  // Steps whose counter input differed from the applied transition (LqEpisodeDiagnostics::
  // counter_input_clipped_steps); 0 on a system satisfying Assumption 1.
  int64_t counter_input_clipped_steps = 0;
  int64_t coverage_failures = 0;   // episodes with Theta* outside C_k
  int64_t zero_dynamics_episodes = 0;  // episodes with an A = 0 model in C_k cap S (u = 0 optimal)
  // First episode with no A = 0 model in C_k cap S (0: none within K): the measured onset.
  int64_t onset_episode = 0;
  int64_t random_start_wins = 0;   // OFU steps won by a random start with a gain > 1e-9 (1 + J)
};

// The OFU step (9) that `agent`'s last BeginEpisode from system.initial_state() posed: its
// diagnostics' Theta^_k, V_k and beta_k with the system's cost, noise, initial state and horizon
// (for tools that solve the same step again, e.g. with another minimiser).
OfuProblem LastOfuProblem(const LqAgent& agent, const LqSystem& system);

// What an agent is told about `system` (n, d, H, gamma, C_w in options.privacy) and its number
// of episodes K, the rest of `options` unchanged.
void SetLqSystemOptions(const LqSystem& system, int64_t episodes, LqAgentOptions& options);

// Runs agent.options().privacy.episodes episodes. CHECKs that the agent's sizes match the system.
// `on_episode(k)` (may be empty) is called after each episode, for progress reporting.
LqRunResult RunLqEpisodes(const LqSystem& system, LqAgent& agent, RandomStream env_stream,
                          const std::function<void(int64_t)>& on_episode = nullptr);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_LQR_LQ_EPISODE_LOOP_H_
