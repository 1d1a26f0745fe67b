// The post-processing step of DP-Nash-VI (Qiao & Wang 2024, "Differentially Private Reinforcement
// Learning with Self-Play", Sec. 5.3: problem (8), the shift (9) and Lemma 5.8), solved exactly in
// closed form.
//
// Specification
// -------------
// Input, for one cell (h, s, a, b): the Privatizer's noisy counts N^(s') of the transitions to
// each s' (S integers) and N^ of the visits (an integer), and the bound E = E_{eps,beta} >= 0.
//
//   (8)  x* in argmin_x max_{s'} |x_{s'} - N^(s')|   s.t.  |sum_{s'} x_{s'} - N^| <= E/4,  x >= 0
//   (9)  N~(s') = x*_{s'} + E / (2S),   N~ = sum_{s'} x*_{s'} + E / 2 = sum_{s'} N~(s').
//
// Closed form. Let g(lambda) = sum_{s'} max(0, N^(s') + lambda) (continuous, non-decreasing,
// strictly increasing where positive), L = N^ - E/4 and U = N^ + E/4. Then
//   lambda = 0                                        when L <= g(0) <= U,
//   lambda = the largest lambda < 0 with g(lambda) = U  when g(0) > U (and U >= 0),
//   lambda = the lambda > 0 with g(lambda) = L          when g(0) < L,
// and x*_{s'} = max(0, N^(s') + lambda). Found exactly over the j largest N^: with v_1 >= ... >=
// v_S the sorted counts, lambda = (target - v_1 - ... - v_j) / j for the first j with
// v_j + lambda >= 0 and (j = S or v_{j+1} + lambda <= 0).
// Why it is optimal (docs/dp_nash_vi.md, "The post-processing"): any x with max deviation t lies
// in the box max(0, N^ - t) <= x <= N^ + t, which is non-empty only for t >= t0 = max(0,
// max_{s'} -N^(s')), and whose sums cover [g(-t), sum N^ + S t]. With lambda = 0 the deviation of
// x* is t0 itself. When g(0) > U, every t < |lambda| has g(-t) > U (no feasible sum), and x* has
// deviation max(t0, |lambda|). When g(0) < L, either lambda <= t0 (deviation t0) or no count is
// clipped, so sum N^ + S lambda = L and no t < lambda reaches L. In every case x* attains the
// optimum t* of (8) (closed_form_test checks it against GLPK's simplex on random instances).
// The argmin is not unique (every x of the box at t* with a feasible sum is one); this one moves
// every positive count by the same lambda, and it is the choice here.
//
// Infeasible (8): U < 0, i.e. N^ < -E/4, where no x >= 0 has a sum within E/4 of N^. Fallback:
// x* = 0, the x >= 0 whose sum is nearest the interval, so N~(s') = E/(2S), N~ = E/2 (a uniform
// P~). On the event Lemma 5.8 assumes (every noisy count within E/4 of its true count, so
// N^ >= -E/4) it never happens.
//
// Everything here is post-processing of released integers: no randomness, and the result is a
// deterministic function of (N^(.), N^, E).
#ifndef DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_COUNT_POST_PROCESSING_H_
#define DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_COUNT_POST_PROCESSING_H_

#include <cstdint>

namespace dprl {

// How (8) was solved for one cell.
enum class PostProcessingCase {
  kWithinBounds,  // lambda = 0
  kLowered,       // g(0) > U: lambda < 0
  kRaised,        // g(0) < L: lambda > 0
  kInfeasible,    // U < 0: the fallback x* = 0
};

struct PostProcessedCell {
  double visits = 0.0;  // N~ = sum_{s'} N~(s')
  double shift = 0.0;   // lambda (0 for kWithinBounds and kInfeasible)
  PostProcessingCase solved = PostProcessingCase::kWithinBounds;
};

// The solution x* of (8) for the noisy counts noisy_next[0..num_states) and noisy_visits, written
// to solution[0..num_states) (x*, before the shift (9)). Requires num_states >= 1 and
// error_bound >= 0 and finite. `scratch` holds num_states doubles (the sorted counts).
PostProcessedCell SolveCountProblem(const int64_t* noisy_next, int num_states, int64_t noisy_visits,
                                    double error_bound, double* solution, double* scratch);

// (8) then (9): private_next[s'] = N~(s'), and the returned cell's visits = N~.
PostProcessedCell PostProcessCounts(const int64_t* noisy_next, int num_states, int64_t noisy_visits,
                                    double error_bound, double* private_next, double* scratch);

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_DP_NASH_VI_COUNT_POST_PROCESSING_H_
