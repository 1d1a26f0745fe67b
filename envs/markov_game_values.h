// Exact values of two-player zero-sum Markov games (envs/markov_game.h; Qiao & Wang 2024,
// Sec. 2.1): matrix games by linear programming, the Nash value by backward induction over them,
// and the best-response values of a pair of Markov policies, which give the regret
// Regret(K) = sum_k [V_1^{dagger, nu_k}(s_1) - V_1^{mu_k, dagger}(s_1)] (0-based: step 0).
//
// Specification
// -------------
// Matrix game M (A x B, row-major, payoff to the max-player):
//   value = max_{mu in Delta(A)} min_b sum_a mu(a) M(a, b) = min_{nu in Delta(B)} max_a sum_b
//   nu(b) M(a, b) (von Neumann), each side the LP  max v s.t. sum_a mu(a) M(a, b) >= v for all b,
//   mu in the simplex (and its mirror for nu), solved by common/linear_program.h.
// Nash (SolveMarkovGameNash): V*_H = 0; Q*_h(s, a, b) = r_h(s, a, b) + sum_{s'} P_h(s'|s, a, b)
//   V*_{h+1}(s'); V*_h(s) = value(Q*_h(s, ., .)), with the two equilibrium strategies per (h, s).
// Best responses (EvaluateBestResponses) to Markov policies mu_h(a | s), nu_h(b | s) (the
//   marginals of a correlated policy, as the paper's regret uses):
//   V^{dagger, nu}_h(s) = max_a sum_b nu_h(b|s) [r_h(s,a,b) + P_h V^{dagger, nu}_{h+1}(s,a,b)],
//   V^{mu, dagger}_h(s) = min_b sum_a mu_h(a|s) [r_h(s,a,b) + P_h V^{mu, dagger}_{h+1}(s,a,b)],
//   both = 0 at H, and the values at the initial distribution p0 (sum_s p0(s) V_0(s)).
// With B = 1, V^{dagger, nu} = V* of the MDP and V^{mu, dagger} = V^mu: the gap is the MDP regret.
#ifndef DPRL_ENVS_MARKOV_GAME_VALUES_H_
#define DPRL_ENVS_MARKOV_GAME_VALUES_H_

#include <vector>

#include "absl/status/statusor.h"
#include "envs/markov_game.h"

namespace dprl {

struct MatrixGameSolution {
  double value = 0.0;
  std::vector<double> max_strategy;  // A
  std::vector<double> min_strategy;  // B
};

// `payoff` has A B entries, row-major (payoff[a B + b]), all finite; A, B >= 1. Errors:
// InvalidArgument naming the bad size or entry; the LP's own errors.
absl::StatusOr<MatrixGameSolution> SolveZeroSumMatrixGame(const std::vector<double>& payoff,
                                                          int num_max_actions, int num_min_actions);

struct MarkovGameNash {
  std::vector<double> values;        // V*_h(s) at h S + s, (H + 1) S entries, V*_H = 0
  std::vector<double> max_strategy;  // mu*_h(a | s) at (h S + s) A + a
  std::vector<double> min_strategy;  // nu*_h(b | s) at (h S + s) B + b
  double initial_value = 0.0;        // sum_s p0(s) V*_0(s)
};

absl::StatusOr<MarkovGameNash> SolveMarkovGameNash(const MarkovGame& game);

struct BestResponseValues {
  double max_best_response = 0.0;  // V^{dagger, nu}(p0): the max-player best-responds to nu
  double min_best_response = 0.0;  // V^{mu, dagger}(p0): the min-player best-responds to mu
  double gap() const { return max_best_response - min_best_response; }  // >= 0
};

// max_policy: mu_h(a | s) at (h S + s) A + a (H S A entries); min_policy: nu_h(b | s) at
// (h S + s) B + b (H S B entries); each row a probability vector (CHECKed sizes).
BestResponseValues EvaluateBestResponses(const MarkovGame& game,
                                         const std::vector<double>& max_policy,
                                         const std::vector<double>& min_policy);

}  // namespace dprl

#endif  // DPRL_ENVS_MARKOV_GAME_VALUES_H_
