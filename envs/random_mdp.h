// Random tabular MDPs with Dirichlet transition kernels.
//
// Specification
// -------------
// The random-MDP family of Osband, Russo & Van Roy, "(More) Efficient Reinforcement Learning via
// Posterior Sampling", NIPS 2013, Sec. 6 (transition rows drawn from a symmetric Dirichlet prior),
// in the episodic time-dependent setting of Vietri et al. 2020 Sec. 2.1:
//
//   P_h(. | s, a) ~ Dirichlet(dirichlet_concentration * 1_S)    independently for each (h, s, a)
//   r_h(s, a)     ~ Uniform(0, 1)                                independently for each (h, s, a)
//   p0            = uniform over the S states (deterministic, reads no randomness)
//
// Mean rewards are the Bernoulli means of envs/tabular_mdp.h. With time_homogeneous = true one
// kernel P(. | s, a) and one reward table r(s, a) are drawn and used for every h.
//
// Dirichlet rows use exact Gamma sampling (Marsaglia–Tsang, random/distributions.h).
//
// Stream use (the same options and stream state give the same MDP): first all transition rows in
// order (h, s, a) (only h = 0 when time_homogeneous), then all mean rewards in the same order, each
// mean reward reading one word (NextOpenUniform). `stream` is advanced past everything read.
//
// Parameters: RandomMdpOptions below (each field documents its default and range).
#ifndef DPRL_ENVS_RANDOM_MDP_H_
#define DPRL_ENVS_RANDOM_MDP_H_

#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "envs/tabular_mdp.h"
#include "random/random_stream.h"

namespace dprl {

// 1e8 doubles of transitions (0.8 GB, about twice that with the alias tables).
inline constexpr int64_t kMaxRandomMdpTransitionEntries = 100'000'000;

// Validate() also requires S * S * A * (time_homogeneous ? 1 : H) <=
// kMaxRandomMdpTransitionEntries (a memory guard).
struct RandomMdpOptions {
  // S: number of states. >= 1.
  int num_states = 10;
  // A: number of actions. >= 1.
  int num_actions = 2;
  // H: steps per episode. >= 1.
  int horizon = 10;
  // alpha of P_h(.|s,a) ~ Dirichlet(alpha * 1_S). Finite, > 0; 1.0 is uniform on the simplex.
  double dirichlet_concentration = 1.0;
  // Draw one (P, r) for all steps h (P_h, r_h the same for every h).
  bool time_homogeneous = false;

  absl::Status Validate() const;
};

// The MDP is named "random_dirichlet_S<S>_A<A>_H<H>_c<concentration>[_homogeneous]".
absl::StatusOr<TabularMdp> MakeRandomDirichletMdp(const RandomMdpOptions& options,
                                                  RandomStream& stream);

}  // namespace dprl

#endif  // DPRL_ENVS_RANDOM_MDP_H_
