// Unit tests of the negative controls' flaws (their audits are in audit_cases_test).
#include "tests/privacy_audit/controls.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "absl/status/status.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

// The flaw the colluding users exploit: consecutive releases differ by the input exactly.
TEST(ControlsTest, LaplaceOnceReleasesDifferByTheInput) {
  LaplaceOnceCounter counter =
      LaplaceOnceCounter::Create(1.0, 1, RandomStream({2, 0, 0, TestPurpose::kTest})).value();
  const int64_t before = counter.Release();
  counter.AddStep(1);
  EXPECT_EQ(counter.Release() - before, 1);
  counter.AddStep(0);
  EXPECT_EQ(counter.Release() - before, 1);
}

TEST(ControlsTest, HalfNoiseCounterHasHalfTheScale) {
  const BinaryCounterBank bank =
      CreateHalfNoiseCounter(1.0, 1, RandomStream({2, 0, 0, TestPurpose::kTest})).value();
  EXPECT_DOUBLE_EQ(bank.node_noise_scale(), 0.5);  // L = 1, input_bound = 1, 2 x epsilon
}

TEST(ControlsTest, ClassicGaussianStddevFormula) {
  EXPECT_NEAR(ClassicGaussianStddev(8.0, 0.2, 1.0), std::sqrt(2.0 * std::log(6.25)) / 8.0, 1e-15);
}

// The residue test never rejects an output of its own candidate sum (else the attack would be
// unsound), and it does reject some outputs of a different sum.
TEST(ControlsTest, ResidueTestAcceptsItsOwnOutputsOnly) {
  RandomStream stream({3, 0, 0, TestPurpose::kTest});
  const double own_sum = 0.1 + 0.2 + 0.3;
  int rejected_other = 0;
  for (int i = 0; i < 20000; ++i) {
    const double release = FloatingLaplaceSum({0.1, 0.2, 0.3}, 1.0, stream);
    ASSERT_EQ(FloatingLaplaceResidueTest(release, own_sum, 1.0), 1.0) << release;
    const double other = FloatingLaplaceSum({0.1, 0.2, 0.7}, 1.0, stream);
    if (FloatingLaplaceResidueTest(other, own_sum, 1.0) == 0.0) ++rejected_other;
  }
  EXPECT_GT(rejected_other, 1000);
}

TEST(ControlsTest, LaplaceOnceCounterRejectsBadOptions) {
  const RandomStream stream({1, 0, 0, TestPurpose::kTest});
  EXPECT_THAT(LaplaceOnceCounter::Create(0.0, 1, stream),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("claimed_epsilon")));
  EXPECT_THAT(LaplaceOnceCounter::Create(NAN, 1, stream),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("claimed_epsilon")));
  EXPECT_THAT(LaplaceOnceCounter::Create(1.0, 0, stream),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("input_bound")));
}

}  // namespace
}  // namespace dprl
