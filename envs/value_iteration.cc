#include "envs/value_iteration.h"

#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace dprl {
namespace {

// sum_{s'} P(s' | s, a, h) next[s']. Four independent partial sums let the compiler keep several
// multiply-adds in flight (a single running sum is a serial dependency chain without -ffast-math).
inline double ExpectedNext(const double* row, const double* next, int num_states) {
  double sum0 = 0.0, sum1 = 0.0, sum2 = 0.0, sum3 = 0.0;
  int t = 0;
  for (; t + 4 <= num_states; t += 4) {
    sum0 += row[t] * next[t];
    sum1 += row[t + 1] * next[t + 1];
    sum2 += row[t + 2] * next[t + 2];
    sum3 += row[t + 3] * next[t + 3];
  }
  for (; t < num_states; ++t) sum0 += row[t] * next[t];
  return (sum0 + sum1) + (sum2 + sum3);
}

void CheckPolicy(const TabularMdp& mdp, const std::vector<double>& action_probabilities) {
  const int A = mdp.num_actions();
  const size_t expected =
      static_cast<size_t>(mdp.horizon()) * mdp.num_states() * static_cast<size_t>(A);
  CHECK_EQ(action_probabilities.size(), expected)
      << "action_probabilities must have size H*S*A for MDP " << mdp.name();
  for (size_t row = 0; row < expected; row += A) {
    double sum = 0.0;
    for (int a = 0; a < A; ++a) {
      const double p = action_probabilities[row + a];
      CHECK(std::isfinite(p) && p >= 0.0 && p <= 1.0)
          << "action_probabilities[" << row + a << "] = " << p << " is not in [0, 1]";
      sum += p;
    }
    CHECK_LE(std::abs(sum - 1.0), kPolicyRowSumTolerance)
        << "action_probabilities row (h*S + s) = " << row / A << " sums to " << sum;
  }
}

void CheckDeterministicPolicy(const TabularMdp& mdp, const std::vector<int>& actions) {
  CHECK_EQ(actions.size(), static_cast<size_t>(mdp.horizon()) * mdp.num_states())
      << "actions must have size H*S for MDP " << mdp.name();
  for (size_t i = 0; i < actions.size(); ++i) {
    CHECK(actions[i] >= 0 && actions[i] < mdp.num_actions())
        << "actions[" << i << "] = " << actions[i] << " is not in [0, " << mdp.num_actions() << ")";
  }
}

// Backward induction for a fixed policy. `step_value(h, s, next)` returns V^pi_h(s) given
// next = V^pi_{h+1}; `store(h, values)` sees V^pi_h for every h = H-1 .. 0. Returns p0^T V^pi_0.
template <typename StepValue, typename Store>
double BackwardInduction(const TabularMdp& mdp, StepValue step_value, Store store) {
  const int S = mdp.num_states();
  std::vector<double> next(S, 0.0), current(S);
  for (int h = mdp.horizon() - 1; h >= 0; --h) {
    for (int s = 0; s < S; ++s) current[s] = step_value(h, s, next.data());
    store(h, current);
    next.swap(current);
  }
  return ExpectedNext(mdp.initial_distribution().data(), next.data(), S);
}

double StochasticStepValue(const TabularMdp& mdp, const double* probabilities, int h, int s,
                           const double* next) {
  const int A = mdp.num_actions();
  const double* pi = probabilities + mdp.Index(h, s, 0);
  double value = 0.0;
  for (int a = 0; a < A; ++a) {
    if (pi[a] == 0.0) continue;
    value += pi[a] * (mdp.MeanReward(h, s, a) +
                      ExpectedNext(mdp.TransitionRow(h, s, a), next, mdp.num_states()));
  }
  return value;
}

}  // namespace

OptimalSolution SolveOptimal(const TabularMdp& mdp) {
  const int S = mdp.num_states(), A = mdp.num_actions(), H = mdp.horizon();
  OptimalSolution solution;
  solution.values.assign(static_cast<size_t>(H + 1) * S, 0.0);
  solution.q_values.assign(static_cast<size_t>(H) * S * A, 0.0);
  solution.greedy_actions.assign(static_cast<size_t>(H) * S, 0);
  for (int h = H - 1; h >= 0; --h) {
    const double* next = solution.values.data() + static_cast<size_t>(h + 1) * S;
    for (int s = 0; s < S; ++s) {
      double* q = solution.q_values.data() + mdp.Index(h, s, 0);
      int best = 0;
      for (int a = 0; a < A; ++a) {
        q[a] = mdp.MeanReward(h, s, a) + ExpectedNext(mdp.TransitionRow(h, s, a), next, S);
        if (q[a] > q[best]) best = a;  // strict: the lowest index wins exact ties
      }
      solution.greedy_actions[static_cast<size_t>(h) * S + s] = best;
      solution.values[static_cast<size_t>(h) * S + s] = q[best];
    }
  }
  solution.initial_value =
      ExpectedNext(mdp.initial_distribution().data(), solution.values.data(), S);
  return solution;
}

double EvaluatePolicy(const TabularMdp& mdp, const std::vector<double>& action_probabilities) {
  CheckPolicy(mdp, action_probabilities);
  const double* pi = action_probabilities.data();
  return BackwardInduction(
      mdp,
      [&](int h, int s, const double* next) { return StochasticStepValue(mdp, pi, h, s, next); },
      [](int, const std::vector<double>&) {});
}

std::vector<double> EvaluatePolicyValues(const TabularMdp& mdp,
                                         const std::vector<double>& action_probabilities) {
  CheckPolicy(mdp, action_probabilities);
  const int S = mdp.num_states();
  std::vector<double> values(static_cast<size_t>(mdp.horizon() + 1) * S, 0.0);
  const double* pi = action_probabilities.data();
  BackwardInduction(
      mdp,
      [&](int h, int s, const double* next) { return StochasticStepValue(mdp, pi, h, s, next); },
      [&](int h, const std::vector<double>& current) {
        std::copy(current.begin(), current.end(), values.begin() + static_cast<size_t>(h) * S);
      });
  return values;
}

double EvaluateDeterministicPolicy(const TabularMdp& mdp, const std::vector<int>& actions) {
  CheckDeterministicPolicy(mdp, actions);
  const int S = mdp.num_states();
  return BackwardInduction(
      mdp,
      [&](int h, int s, const double* next) {
        const int a = actions[static_cast<size_t>(h) * S + s];
        return mdp.MeanReward(h, s, a) + ExpectedNext(mdp.TransitionRow(h, s, a), next, S);
      },
      [](int, const std::vector<double>&) {});
}

std::vector<double> DeterministicPolicyProbabilities(const TabularMdp& mdp,
                                                     const std::vector<int>& actions) {
  CheckDeterministicPolicy(mdp, actions);
  const int S = mdp.num_states(), A = mdp.num_actions();
  std::vector<double> probabilities(static_cast<size_t>(mdp.horizon()) * S * A, 0.0);
  for (size_t i = 0; i < actions.size(); ++i) probabilities[i * A + actions[i]] = 1.0;
  return probabilities;
}

}  // namespace dprl
