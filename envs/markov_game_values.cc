#include "envs/markov_game_values.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <utility>

#include "absl/strings/str_cat.h"
#include "common/linear_program.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// max v s.t. sum_i p_i M(i, k) >= v for every column k, p in the simplex; M(i, k) =
// payoff(i, k) given by `entry`. Returns (v, p).
absl::StatusOr<std::pair<double, std::vector<double>>> MaxMinStrategy(
    int rows, int columns, const std::function<double(int, int)>& entry) {
  LinearProgram lp;  // variables p_0..p_{rows-1}, v
  lp.maximize = true;
  lp.objective.assign(rows + 1, 0.0);
  lp.objective[rows] = 1.0;
  lp.column_lower.assign(rows + 1, 0.0);
  lp.column_upper.assign(rows + 1, 1.0);
  lp.column_lower[rows] = -kInf;
  lp.column_upper[rows] = kInf;
  for (int k = 0; k < columns; ++k) {
    std::vector<double> row(rows + 1);
    for (int i = 0; i < rows; ++i) row[i] = entry(i, k);
    row[rows] = -1.0;
    lp.rows.push_back(std::move(row));
    lp.row_lower.push_back(0.0);
    lp.row_upper.push_back(kInf);
  }
  std::vector<double> simplex(rows + 1, 1.0);
  simplex[rows] = 0.0;
  lp.rows.push_back(std::move(simplex));
  lp.row_lower.push_back(1.0);
  lp.row_upper.push_back(1.0);
  ASSIGN_OR_RETURN(LinearProgramSolution solution, SolveLinearProgram(lp));
  std::vector<double> p(solution.x.begin(), solution.x.begin() + rows);
  // The simplex's rounding: clip at 0 and renormalise.
  double total = 0.0;
  for (double& x : p) total += (x = std::max(0.0, x));
  for (double& x : p) x /= total;
  return std::make_pair(solution.objective, std::move(p));
}

}  // namespace

absl::StatusOr<MatrixGameSolution> SolveZeroSumMatrixGame(const std::vector<double>& payoff,
                                                          int num_max_actions,
                                                          int num_min_actions) {
  if (num_max_actions < 1 || num_min_actions < 1 ||
      payoff.size() != static_cast<size_t>(num_max_actions) * num_min_actions) {
    return absl::InvalidArgumentError(
        absl::StrCat("a matrix game needs A, B >= 1 and A B payoffs; got A = ", num_max_actions,
                     ", B = ", num_min_actions, ", ", payoff.size(), " payoffs"));
  }
  for (size_t i = 0; i < payoff.size(); ++i) {
    if (!std::isfinite(payoff[i])) {
      return absl::InvalidArgumentError(
          absl::StrCat("payoff[", i, "] must be finite, got ", payoff[i]));
    }
  }
  const int B = num_min_actions;
  MatrixGameSolution solution;
  ASSIGN_OR_RETURN(auto max_side, MaxMinStrategy(num_max_actions, B,
                                                 [&](int a, int b) { return payoff[a * B + b]; }));
  // The min-player's side: max of -value against -M^T.
  ASSIGN_OR_RETURN(auto min_side, MaxMinStrategy(B, num_max_actions,
                                                 [&](int b, int a) { return -payoff[a * B + b]; }));
  solution.value = max_side.first;
  solution.max_strategy = std::move(max_side.second);
  solution.min_strategy = std::move(min_side.second);
  return solution;
}

absl::StatusOr<MarkovGameNash> SolveMarkovGameNash(const MarkovGame& game) {
  const TabularMdp& mdp = game.joint();
  const int S = game.num_states(), A = game.num_max_actions(), B = game.num_min_actions(),
            H = game.horizon();
  MarkovGameNash nash;
  nash.values.assign(static_cast<size_t>(H + 1) * S, 0.0);
  nash.max_strategy.assign(static_cast<size_t>(H) * S * A, 0.0);
  nash.min_strategy.assign(static_cast<size_t>(H) * S * B, 0.0);
  std::vector<double> q(static_cast<size_t>(A) * B);
  for (int h = H - 1; h >= 0; --h) {
    const double* next = nash.values.data() + static_cast<size_t>(h + 1) * S;
    for (int s = 0; s < S; ++s) {
      for (int j = 0; j < A * B; ++j) {
        const double* row = mdp.TransitionRow(h, s, j);
        double expected = 0.0;
        for (int sn = 0; sn < S; ++sn) expected += row[sn] * next[sn];
        q[j] = mdp.MeanReward(h, s, j) + expected;
      }
      ASSIGN_OR_RETURN(const MatrixGameSolution stage, SolveZeroSumMatrixGame(q, A, B));
      nash.values[static_cast<size_t>(h) * S + s] = stage.value;
      std::copy(stage.max_strategy.begin(), stage.max_strategy.end(),
                nash.max_strategy.begin() + (static_cast<size_t>(h) * S + s) * A);
      std::copy(stage.min_strategy.begin(), stage.min_strategy.end(),
                nash.min_strategy.begin() + (static_cast<size_t>(h) * S + s) * B);
    }
  }
  for (int s = 0; s < S; ++s) nash.initial_value += mdp.initial_distribution()[s] * nash.values[s];
  return nash;
}

BestResponseValues EvaluateBestResponses(const MarkovGame& game,
                                         const std::vector<double>& max_policy,
                                         const std::vector<double>& min_policy) {
  const TabularMdp& mdp = game.joint();
  const int S = game.num_states(), A = game.num_max_actions(), B = game.num_min_actions(),
            H = game.horizon();
  CHECK_EQ(max_policy.size(), static_cast<size_t>(H) * S * A);
  CHECK_EQ(min_policy.size(), static_cast<size_t>(H) * S * B);
  std::vector<double> max_next(S, 0.0), min_next(S, 0.0), max_now(S), min_now(S);
  for (int h = H - 1; h >= 0; --h) {
    for (int s = 0; s < S; ++s) {
      const double* mu = max_policy.data() + (static_cast<size_t>(h) * S + s) * A;
      const double* nu = min_policy.data() + (static_cast<size_t>(h) * S + s) * B;
      auto backup = [&](int a, int b, const std::vector<double>& next) {
        const int j = game.JointAction(a, b);
        const double* row = mdp.TransitionRow(h, s, j);
        double expected = 0.0;
        for (int sn = 0; sn < S; ++sn) expected += row[sn] * next[sn];
        return mdp.MeanReward(h, s, j) + expected;
      };
      double best_max = -kInf;  // max_a E_{b ~ nu} Q(a, b)
      for (int a = 0; a < A; ++a) {
        double value = 0.0;
        for (int b = 0; b < B; ++b) value += nu[b] * backup(a, b, max_next);
        best_max = std::max(best_max, value);
      }
      double best_min = kInf;  // min_b E_{a ~ mu} Q(a, b)
      for (int b = 0; b < B; ++b) {
        double value = 0.0;
        for (int a = 0; a < A; ++a) value += mu[a] * backup(a, b, min_next);
        best_min = std::min(best_min, value);
      }
      max_now[s] = best_max;
      min_now[s] = best_min;
    }
    max_next.swap(max_now);
    min_next.swap(min_now);
  }
  BestResponseValues values;
  for (int s = 0; s < S; ++s) {
    values.max_best_response += mdp.initial_distribution()[s] * max_next[s];
    values.min_best_response += mdp.initial_distribution()[s] * min_next[s];
  }
  return values;
}

}  // namespace dprl
