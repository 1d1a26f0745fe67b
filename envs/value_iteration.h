// Exact finite-horizon dynamic programming on a known TabularMdp.
//
// Specification
// -------------
// Vietri et al. 2020, Sec. 2.1 (code steps h = 0..H-1 are the paper's 1..H):
//
//   V_H(s) = 0                                                      (paper: V_{H+1} = 0)
//   Q_h(s, a) = r(s, a, h) + sum_{s'} P(s' | s, a, h) V_{h+1}(s')
//   optimal:  V*_h(s) = max_a Q*_h(s, a)
//   policy:   V^pi_h(s) = sum_a pi(a | s, h) Q^pi_h(s, a)
//   rho^pi = p0^T V^pi_0,   rho* = p0^T V*_0 = max_pi rho^pi
//
// Regret and PAC curves of every tabular experiment are computed from these exact values
// (docs/conventions.md, "Exact over sampled"): Regret(T) = sum_t (rho* - rho^{pi_t}) (Vietri et al.
// Def. 2).
//
// Cost: O(H * S * A * S) for SolveOptimal; O(H * S * S * (number of actions with positive
// probability)) for the policy evaluations, which skip zero-probability actions. No allocation
// beyond two length-S buffers for EvaluatePolicy / EvaluateDeterministicPolicy.
//
// Policies (checked with CHECK: a malformed policy is a bug in the caller):
//   stochastic:     action_probabilities, size H*S*A, pi(a | s, h) at (h*S + s)*A + a; every entry
//                   finite and in [0, 1], every row summing to 1 within kPolicyRowSumTolerance.
//   deterministic:  actions, size H*S, pi(s, h) at h*S + s, each in [0, A).
#ifndef DPRL_ENVS_VALUE_ITERATION_H_
#define DPRL_ENVS_VALUE_ITERATION_H_

#include <vector>

#include "envs/tabular_mdp.h"

namespace dprl {

// Largest allowed |sum_a pi(a | s, h) - 1|.
inline constexpr double kPolicyRowSumTolerance = 1e-9;

struct OptimalSolution {
  std::vector<double> values;       // V*_h(s) at h*S + s, size (H+1)*S, values[H*S + s] = 0
  std::vector<double> q_values;     // Q*_h(s, a) at (h*S + s)*A + a, size H*S*A
  std::vector<int> greedy_actions;  // an optimal action per (h, s) at h*S + s, size H*S; the
                                    // lowest index among exactly tied maximisers of Q*_h(s, .)
  double initial_value = 0.0;       // rho* = sum_s p0(s) V*_0(s)
};

// Backward induction for V*, Q* and a greedy optimal policy.
OptimalSolution SolveOptimal(const TabularMdp& mdp);

// rho^pi of a (possibly stochastic) Markov policy.
double EvaluatePolicy(const TabularMdp& mdp, const std::vector<double>& action_probabilities);

// V^pi_h(s) at h*S + s, size (H+1)*S with V^pi_H = 0, of a stochastic Markov policy.
std::vector<double> EvaluatePolicyValues(const TabularMdp& mdp,
                                         const std::vector<double>& action_probabilities);

// rho^pi of a deterministic Markov policy (e.g. OptimalSolution::greedy_actions).
double EvaluateDeterministicPolicy(const TabularMdp& mdp, const std::vector<int>& actions);

// The one-hot action_probabilities (size H*S*A) of a deterministic policy.
std::vector<double> DeterministicPolicyProbabilities(const TabularMdp& mdp,
                                                     const std::vector<int>& actions);

}  // namespace dprl

#endif  // DPRL_ENVS_VALUE_ITERATION_H_
