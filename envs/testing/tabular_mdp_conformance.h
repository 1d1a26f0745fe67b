// Shared conformance suite for TabularMdp environments (testonly, GoogleTest).
//
// Every tabular environment's test calls, in one line (docs/conventions.md, "Conformance of
// environments"):
//
//   ExpectTabularMdpConforms(mdp);
//
// Checks (each failure is a gtest non-fatal failure naming the MDP and the offending entry):
//   1. Shape: S, A, H >= 1; transitions() has H*S*A*S entries, mean_rewards() H*S*A,
//      initial_distribution() S; TransitionRow / MeanReward read those vectors at the documented
//      flat indices.
//   2. Every P_h(. | s, a) and p0 is a probability vector: entries finite, in [0, 1], sum within
//      TabularMdp::kProbabilitySumTolerance of 1. Mean rewards are finite and in [0, 1].
//   3. Determinism: two streams with the same key, and a copy of the MDP, produce identical
//      sequences of SampleInitialState / SampleStep results.
//   4. Sampling, with options.samples_per_row draws of SampleStep from every (h, s, a):
//      - next states are in [0, S) and never an outcome of probability 0; sampled rewards are in
//        [0, 1];
//      - next-state frequencies match the row: Pearson chi-square goodness of fit, outcomes with
//        expected count < kMinExpectedCount pooled into one bin (merged into the smallest other bin
//        if the pool is still below it), threshold the (1 - tail) quantile of chi2(bins - 1)
//        (ChiSquareUpperQuantile, testing/statistics_for_tests.h) with
//        tail = failure_probability / (H*S*A + 1) (Bonferroni);
//      - the mean sampled reward is within HoeffdingHalfWidth(samples_per_row, failure_probability
//        / (H*S*A)) of MeanReward (exact for any reward distribution on [0, 1]).
//   5. Initial distribution: options.initial_state_samples draws of SampleInitialState, same
//      support check and chi-square test (Bonferroni share tail as above).
// False-failure probability of a correct MDP: at most 2 * failure_probability = 2e-6 by default
// (the chi-square part relies on the chi-square approximation with expected counts >= 10); the
// stream key is fixed, so every run is deterministic.
#ifndef DPRL_ENVS_TESTING_TABULAR_MDP_CONFORMANCE_H_
#define DPRL_ENVS_TESTING_TABULAR_MDP_CONFORMANCE_H_

#include <cstdint>
#include <string>

#include "envs/tabular_mdp.h"
#include "testing/statistics_for_tests.h"

namespace dprl {
namespace testing {

struct TabularMdpConformanceOptions {
  int samples_per_row = 4000;         // SampleStep draws per (h, s, a)
  int initial_state_samples = 50000;  // SampleInitialState draws
  double failure_probability = 1e-6;  // per family of tests (chi-square, reward means)
  uint64_t seed = 20200101;           // master_seed of the kTest stream used
};

void ExpectTabularMdpConforms(const TabularMdp& mdp);
void ExpectTabularMdpConforms(const TabularMdp& mdp, const TabularMdpConformanceOptions& options);

}  // namespace testing
}  // namespace dprl

#endif  // DPRL_ENVS_TESTING_TABULAR_MDP_CONFORMANCE_H_
