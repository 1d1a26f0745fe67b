#include "envs/testing/tabular_mdp_conformance.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "envs/tabular_mdp.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace testing {
namespace {

TEST(ChiSquareGoodnessOfFitTest, ExactCountsPass) {
  const double p[] = {0.2, 0.3, 0.5};
  const int64_t counts[] = {200, 300, 500};
  EXPECT_EQ(ChiSquareGoodnessOfFitFailure(p, counts, 3, 1e-6), "");
}

TEST(ChiSquareGoodnessOfFitTest, SupportViolationFails) {
  const double p[] = {0.5, 0.0, 0.5};
  const int64_t counts[] = {500, 1, 499};
  EXPECT_NE(ChiSquareGoodnessOfFitFailure(p, counts, 3, 1e-6).find("probability 0"),
            std::string::npos);
}

TEST(ChiSquareGoodnessOfFitTest, SmallOutcomesArePooled) {
  // n = 1000: outcomes 2 and 3 (expected 3 and 2) are pooled into one bin of expected 5, which is
  // merged into the smaller kept bin. A split 5 : 0 among them is therefore not penalised.
  const double p[] = {0.495, 0.5, 0.003, 0.002};
  const int64_t counts[] = {495, 500, 5, 0};
  EXPECT_EQ(ChiSquareGoodnessOfFitFailure(p, counts, 4, 1e-6), "");
}

// The conformance check has power against the typical bug, a wrongly indexed row: counts drawn
// from row (0.5, 0.3, 0.2) of one MDP fail against (0.2, 0.3, 0.5), with the suite's own
// per-row tail and sample size for a 100-row MDP.
TEST(ChiSquareGoodnessOfFitTest, DetectsAPermutedRow) {
  absl::StatusOr<TabularMdp> mdp =
      TabularMdp::Create("permuted", 3, 1, 1, {0.5, 0.3, 0.2, 0.5, 0.3, 0.2, 0.5, 0.3, 0.2},
                         {0.5, 0.5, 0.5}, {1.0, 0.0, 0.0});
  ASSERT_THAT(mdp, IsOk());
  RandomStream stream = TestStream(0);
  const TabularMdpConformanceOptions options;
  std::vector<int64_t> counts(3, 0);
  for (int i = 0; i < options.samples_per_row; ++i) {
    ++counts[mdp->SampleStep(0, 0, 0, stream).next_state];
  }
  const double wrong[] = {0.2, 0.3, 0.5};
  EXPECT_NE(
      ChiSquareGoodnessOfFitFailure(wrong, counts.data(), 3, options.failure_probability / 101),
      "");
  EXPECT_EQ(ChiSquareGoodnessOfFitFailure(mdp->TransitionRow(0, 0, 0), counts.data(), 3,
                                          options.failure_probability / 101),
            "");
}

}  // namespace
}  // namespace testing
}  // namespace dprl
