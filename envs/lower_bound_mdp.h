// The hard MDP family of the JDP lower bounds (Vietri et al. 2020, Sec. 6.2 and Figure 1).
//
// Specification
// -------------
// Vietri, Balle, Krishnamurthy, Wu, "Private Reinforcement Learning with PAC and Regret
// Guarantees", ICML 2020, Sec. 6.2, Figure 1: n parallel (m+1)-armed Bernoulli bandits, one per
// initial state, whose arms lead to one of two absorbing states. Used for Lemma 10 / Theorem 5
// (PAC lower bound) and the regret lower bound, Theorem 6.
//
// States (paper -> code index), S = n + 2:
//   initial state s in [n] = {1, .., n}   ->  s - 1          (0 .. n-1)
//   absorbing "+"                         ->  n              (LowerBoundPlusState)
//   absorbing "-"                         ->  n + 1          (LowerBoundMinusState)
// Actions {0, .., m} -> 0 .. m, A = m + 1. p0 = uniform over the n initial states.
//
// Transitions from an initial state s (paper Sec. 6.2; I_s in {0..m} is the instance's optimal
// arm in state s, alpha_prime the gap alpha' of the paper):
//   Pr[+ | s, 0]   = 1/2 + alpha_prime/2                           (for every I_s)
//   Pr[+ | s, I_s] = 1/2 + alpha_prime                             (if I_s != 0)
//   Pr[+ | s, a]   = 1/2                                           (a != 0, a != I_s)
//   Pr[- | s, a]   = 1 - Pr[+ | s, a]
// So arm I_s is the unique optimal arm of state s; when I_s = 0 it is worth alpha_prime/2 more than
// any other arm, otherwise alpha_prime/2 more than arm 0 and alpha_prime more than the rest.
// + and - are absorbing: P(+ | +, a) = P(- | -, a) = 1.
//
// "Only a fixed action" in + and -: TabularMdp has one action count A for every state, so in both
// absorbing states all A actions are identical (same self-loop, same reward): every policy acts
// the same there.
//
// Rewards and horizon (how we read "every action which transitions to state + provides reward 1
// ... in each episode the agent either receives reward H or 0"). The paper pays reward 1 for
// every transition INTO +: with H steps per episode these are the arm pull s -> + (step 1) and
// the H - 1 self-loops + -> + (steps 2..H), H in all. TabularMdp rewards r(s, a, h) cannot depend
// on the next state (SampleStep draws the Bernoulli reward independently of s'), so the pull's
// reward cannot be "1 iff we land in +"; with deterministic rewards (means in {0, 1}) an H-step
// episode starting with a pull could earn at most H - 1. We therefore keep the paper's H as the
// number of rewarded steps and add the pull as one extra, unrewarded step:
//   TabularMdp horizon = H + 1   (code steps h = 0..H; step 0 is the arm pull)
// The options name the two: rewarded_horizon is the paper's H, num_steps() = H + 1 the MDP's.
//   r(s, a, h) = 0 for s in [n] and for -;   r(+, a, h) = 1          (every h, every a)
// Every reward mean is 0 or 1, so rewards are deterministic and the return of an episode is
// exactly H * 1[s_1 = +] in {0, H} (code step 1 is the first step spent in + or -). Each reward of
// the paper's transition s_h -> + is paid one step later, on the step taken in +; values and
// gaps are the paper's: the arm a in state s is worth H * Pr[+ | s, a].
// The dynamics and rewards are time-homogeneous (the same for every h); initial states are only
// occupied at h = 0. For experiments: agents see mdp.horizon() = H + 1 (e.g. PUCB's E_eps and
// bonuses use H + 1), while rho* and every value gap are those of the paper's H.
//
// Closed forms (derived in lower_bound_mdp_test.cc):
//   Q*_0(s, a) = H Pr[+ | s, a],   V*_h(+) = H + 1 - h,   V*_h(-) = 0,
//   rho* = (H / n) sum_s (1/2 + alpha_prime (I_s != 0 ? 1 : 1/2)).
//
// Parameters: LowerBoundMdpOptions below (each field documents its default and range). The paper
// fixes no defaults; these give a small instance with both kinds of state.
#ifndef DPRL_ENVS_LOWER_BOUND_MDP_H_
#define DPRL_ENVS_LOWER_BOUND_MDP_H_

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "envs/tabular_mdp.h"
#include "random/random_stream.h"

namespace dprl {

// 1e8 doubles of transitions (0.8 GB, about twice that with the alias tables).
inline constexpr int64_t kMaxLowerBoundMdpTransitionEntries = 100'000'000;

// Validate() also requires (H + 1) (n + 2)^2 (m + 1) <= kMaxLowerBoundMdpTransitionEntries (a
// memory guard).
struct LowerBoundMdpOptions {
  // n: initial states [n], p0 uniform over them. >= 1.
  int num_initial_states = 2;
  // m: actions {0, .., m}. >= 1.
  int num_arms = 2;
  // alpha': Pr[+|s,0] = 1/2 + alpha'/2, Pr[+|s,I_s] = 1/2 + alpha'. Finite, in (0, 1/2] (keeps
  // Pr[+] <= 1).
  double alpha_prime = 0.1;
  // The paper's H: the rewarded steps, so the return of an episode that reaches + is H. >= 1.
  // The MDP has num_steps() = H + 1 steps (the arm pull first).
  int rewarded_horizon = 10;
  // I = (I_1, .., I_n): I_s (paper s = code s + 1) is the optimal arm of state s. Size n, each
  // I_s in {0, .., m}.
  std::vector<int> instance = {1, 0};

  // The TabularMdp horizon: the unrewarded arm pull plus rewarded_horizon rewarded steps.
  int num_steps() const { return rewarded_horizon + 1; }

  absl::Status Validate() const;
};

// Code indices of the absorbing states for n initial states.
inline int LowerBoundPlusState(int num_initial_states) { return num_initial_states; }
inline int LowerBoundMinusState(int num_initial_states) { return num_initial_states + 1; }

// Pr[+ | s, a] for a state whose optimal arm is `optimal_arm` (= I_s), per the table above.
double LowerBoundPlusProbability(double alpha_prime, int optimal_arm, int action);

// The MDP is named "lower_bound_n<n>_m<m>_H<H>_alpha_prime<alpha'>" (%g), H = rewarded_horizon.
// Its TabularMdp horizon is options.num_steps() = H + 1 (see above).
absl::StatusOr<TabularMdp> MakeLowerBoundMdp(const LowerBoundMdpOptions& options);

// A random instance I with I_s drawn independently and uniformly from {0, .., m} (the prior of
// the lower-bound argument), reading one stream.UniformInt(m + 1) per state, in order s = 1..n.
// Rejects n < 1 or m < 1.
absl::StatusOr<std::vector<int>> SampleLowerBoundInstance(int num_initial_states, int num_arms,
                                                          RandomStream& stream);

}  // namespace dprl

#endif  // DPRL_ENVS_LOWER_BOUND_MDP_H_
