// Each negative control must be caught: epsilon_lower > its claimed epsilon. Every audit runs at
// confidence_beta = 1e-6, so a reported epsilon_lower above the TRUE privacy loss has probability
// <= 1e-6 per audit; the miss probability of each control is the chance that the held-out bound
// falls below the claim, which the comments bound from the expected counts (seeds are fixed, so a
// passing test passes every time).
#include "tests/privacy_audit/controls.h"

#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <vector>

#include "algorithms/mechanisms/binary_counter.h"
#include "algorithms/mechanisms/rng.h"
#include "tests/privacy_audit/auditor.h"

namespace dprl {
namespace {

constexpr double kBeta = 1e-6;

AuditResult Audit(const ObservationSampler& first, const ObservationSampler& second,
                  int64_t num_trials, double target_delta = 0.0) {
  AuditOptions options;
  options.num_trials = num_trials;
  options.confidence_beta = kBeta;
  options.target_delta = target_delta;
  const AuditResult result = AuditNeighbours(first, second, options).value();
  std::cout << ::testing::UnitTest::GetInstance()->current_test_info()->name() << ": "
            << result.DebugString() << "\n";
  return result;
}

// JDP view of Vietri et al. Sec. 2.2: users t-1 and t+1 collude; user t-1 sees the release after
// t-1 steps, user t+1 the release after t steps. Neighbours: u_t = 1 vs u_t = 0 (add/remove of
// user t's unit input), the other users' inputs fixed. Observation: the difference of the two
// releases.
constexpr int64_t kUsers = 8;
constexpr int64_t kTarget = 4;  // t
const std::vector<int64_t> kOtherInputs = {1, 0, 1, 0, 1, 1, 0, 1};

ObservationSampler LaplaceOnceView(int64_t target_input, double claimed_epsilon) {
  return [=](RandomStream& stream) {
    LaplaceOnceCounter counter = LaplaceOnceCounter::Create(claimed_epsilon, 1, stream).value();
    double before = 0.0;
    for (int64_t t = 1; t <= kTarget; ++t) {
      if (t == kTarget) before = static_cast<double>(counter.Release());
      counter.AddStep(t == kTarget ? target_input : kOtherInputs[t - 1]);
    }
    return static_cast<double>(counter.Release()) - before;
  };
}

ObservationSampler BinaryCounterView(int64_t target_input, double privacy_epsilon) {
  return [=](RandomStream& stream) {
    BinaryCounterOptions options;
    options.privacy_epsilon = privacy_epsilon;
    options.horizon_steps = kUsers;
    BinaryCounterBank bank = BinaryCounterBank::Create(1, options, stream).value();
    double before = 0.0;
    for (int64_t t = 1; t <= kTarget; ++t) {
      if (t == kTarget) before = bank.Release(0);
      bank.Add(0, t == kTarget ? target_input : kOtherInputs[t - 1]);
      bank.EndStep();
    }
    return bank.Release(0) - before;
  };
}

// Difference = u_t exactly: k1 = n, k2 = 0 on 1000 held-out trials gives
// epsilon_lower = ln((5e-7)^(1/1000) / (1 - (5e-7)^(1/1000))) ~= 4.2 > 1 deterministically.
TEST(ControlsTest, LaplaceOnceCounterCaughtByColludingUsers) {
  const double claimed_epsilon = 1.0;
  const AuditResult result =
      Audit(LaplaceOnceView(1, claimed_epsilon), LaplaceOnceView(0, claimed_epsilon), 2000);
  EXPECT_GT(result.privacy_epsilon_lower, claimed_epsilon);
}

// The binary counter is privacy_epsilon-DP for its whole stream, so the same colluding view
// cannot exceed privacy_epsilon (false alarm <= 1e-6), and the audit still sees a nonzero loss.
TEST(ControlsTest, BinaryCounterPassesTheCollusionView) {
  const double privacy_epsilon = 1.0;
  const AuditResult result =
      Audit(BinaryCounterView(1, privacy_epsilon), BinaryCounterView(0, privacy_epsilon), 40000);
  EXPECT_LE(result.privacy_epsilon_lower, privacy_epsilon);
  EXPECT_GT(result.privacy_epsilon_lower, 0.0);
}

// One step (L = 1), node scale 1 / (2 claimed) = 0.5: the release is 2-DP, and the event
// {release >= 1} has probabilities 1/(1+q) = 0.881 vs q/(1+q) = 0.119 (q = e^-2), so on 10000
// held-out trials epsilon_lower ~= 2 - 0.2 > 1 (a miss needs a > 10 sigma deviation).
TEST(ControlsTest, HalfNoiseCounterCaught) {
  const double claimed_epsilon = 1.0;
  auto view = [=](int64_t input) -> ObservationSampler {
    return [=](RandomStream& stream) {
      BinaryCounterBank bank = CreateHalfNoiseCounter(claimed_epsilon, 1, stream).value();
      bank.Add(0, static_cast<double>(input));
      bank.EndStep();
      return bank.Release(0);
    };
  };
  const AuditResult result = Audit(view(1), view(0), 20000);
  EXPECT_GT(result.privacy_epsilon_lower, claimed_epsilon);
}

// sigma = sqrt(2 ln(1.25 / 0.2)) / 8 = 0.24 for Delta = 1: the true delta at eps = 8 is 0.47
// (exact Gaussian privacy profile), so the (8, 0.2) claim is false. The event {release >= 1.057}
// has probabilities 0.406 vs 5.0e-6; on 1e6 held-out trials the bound is
// ln((0.406 - 0.003 - 0.2) / (5.0e-6 + 2.6e-5)) ~= 8.8, and a miss needs the second count above
// ~45 (Poisson(5) tail < 1e-20) or the first count 20 sd below its mean.
TEST(ControlsTest, ClassicGaussianAboveEpsilonOneCaught) {
  const double claimed_epsilon = 8.0;
  const double target_delta = 0.2;
  auto view = [=](double value) -> ObservationSampler {
    return [=](RandomStream& stream) {
      return ClassicGaussianRelease(value, claimed_epsilon, target_delta, 1.0, stream);
    };
  };
  const AuditResult result = Audit(view(1.0), view(0.0), 2000000, target_delta);
  EXPECT_GT(result.privacy_epsilon_lower, claimed_epsilon);
}

// Inputs differ in one value (0.3 vs 0.7, sensitivity 1); the observation is the residue test
// against the first input's sum. It is 1 on every output of the first input; on the second
// input's outputs it is 1 only where the two output sets intersect (about 65% of them here), so
// the event {test fails} has probabilities ~0.35 vs 0 and 2000 held-out trials give ~3.7; a miss
// needs fewer than 40 failures out of 2000 at rate 0.35 (probability < 1e-100).
TEST(ControlsTest, FloatingLaplaceResidueAttackCaught) {
  const double claimed_epsilon = 1.0;
  const std::vector<double> first_inputs = {0.1, 0.2, 0.3, 0.6};
  const std::vector<double> second_inputs = {0.1, 0.2, 0.7, 0.6};
  double first_sum = 0.0;
  for (double x : first_inputs) first_sum += x;
  auto view = [=](const std::vector<double>& inputs) -> ObservationSampler {
    return [=](RandomStream& stream) {
      return FloatingLaplaceResidueTest(FloatingLaplaceSum(inputs, claimed_epsilon, stream),
                                        first_sum, claimed_epsilon);
    };
  };
  const AuditResult result = Audit(view(first_inputs), view(second_inputs), 4000);
  EXPECT_GT(result.privacy_epsilon_lower, claimed_epsilon);
}

// The residue test never rejects an output of its own candidate sum (else the attack would be
// unsound).
TEST(ControlsTest, ResidueTestAcceptsItsOwnOutputs) {
  RandomStream stream({3, 0, 0, StreamPurpose::kTest});
  for (int i = 0; i < 20000; ++i) {
    const double release = FloatingLaplaceSum({0.1, 0.2, 0.3}, 1.0, stream);
    ASSERT_EQ(FloatingLaplaceResidueTest(release, 0.1 + 0.2 + 0.3, 1.0), 1.0) << release;
  }
}

TEST(ControlsTest, LaplaceOnceCounterRejectsBadOptions) {
  const RandomStream stream({1, 0, 0, StreamPurpose::kTest});
  EXPECT_NE(LaplaceOnceCounter::Create(0.0, 1, stream).status().message().find("claimed_epsilon"),
            std::string::npos);
  EXPECT_NE(LaplaceOnceCounter::Create(1.0, 0, stream).status().message().find("input_bound"),
            std::string::npos);
}

}  // namespace
}  // namespace dprl
