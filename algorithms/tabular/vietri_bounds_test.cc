#include "algorithms/tabular/vietri_bounds.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

// S = 6, A = 2, H = 20, eps = 1, alpha = 0.1, beta = 0.05, T = 10^6 (the calculator's example).
VietriBoundsParameters Example() {
  VietriBoundsParameters p;
  p.num_states = 6;
  p.num_actions = 2;
  p.horizon = 20;
  p.num_episodes = 1000000;
  p.privacy_epsilon = 1.0;
  p.failure_probability = 0.05;
  p.alpha = 0.1;
  return p;
}

TEST(VietriBoundsTest, DefaultsAreValid) { EXPECT_TRUE(VietriBoundsParameters().Validate().ok()); }

// Alg. 3 by hand: 2SAH + HAS^2 = 2*6*2*5 + 5*2*36 = 480 counters; (3/10)*5 = 1.5; log2(2^20) = 20.
TEST(VietriBoundsTest, ErrorBoundFollowsAlgorithm3) {
  VietriBoundsParameters p;
  p.num_states = 6;
  p.num_actions = 2;
  p.horizon = 5;
  p.num_episodes = 1 << 20;
  p.privacy_epsilon = 10.0;
  const double expected = 1.5 * std::log(480.0 / 0.05) * std::pow(20.0, 2.5);
  EXPECT_NEAR(VietriErrorBound(p), expected, 1e-9 * expected);
  // The per-counter form with eps' = eps/(3H) = 2/3 is the same number.
  EXPECT_NEAR(PucbCountersErrorBound(6, 2, 5, 1 << 20, 10.0 / 15.0, 0.05), expected,
              1e-9 * expected);
  // Example: 2*12*20 + 20*2*36 = 1920 counters, (3/1)*20 = 60, log2(10^6) = 6 / log10(2).
  const double log2_t = 6.0 / std::log10(2.0);
  const double example = 60.0 * std::log(1920.0 / 0.05) * std::pow(log2_t, 2.5);
  EXPECT_NEAR(VietriErrorBound(Example()), example, 1e-9 * example);
  // T = 1: log2(T) = 0, so no error at all.
  p.num_episodes = 1;
  EXPECT_EQ(VietriErrorBound(p), 0.0);
}

// Sec. 3 and Alg. 2 by hand: (6, 2, 5) has 2*60 + 6*60 = 480 counters; eps' = 10/(3*5).
TEST(VietriBoundsTest, CounterCountAndCounterEpsilonFollowSection3AndAlgorithm2) {
  EXPECT_EQ(PucbNumCounters(6, 2, 5), 480.0);
  EXPECT_EQ(PucbNumCounters(1, 1, 1), 3.0);
  // (2^20 + 2) * 2^40 overflows int64 arithmetic but not the double it is computed in.
  EXPECT_EQ(PucbNumCounters(1 << 20, 1 << 20, 1),
            (std::ldexp(1.0, 20) + 2.0) * std::ldexp(1.0, 40));
  EXPECT_NEAR(PucbAddRemoveCounterEpsilon(10.0, 5), 10.0 / 15.0, 1e-15);
}

// Sec. 2.3 by hand: (4/1) * ln(e) * log2(1024)^{5/2} = 4 * 10^2.5; it is also what the binary
// counter reports as its paper bound (one formula, in vietri_bounds).
TEST(VietriBoundsTest, SingleCounterBoundFollowsSection23) {
  EXPECT_NEAR(SingleCounterErrorBound(1.0, 1024, std::exp(-1.0)), 4.0 * std::pow(10.0, 2.5), 1e-9);
  EXPECT_NEAR(SingleCounterErrorBound(0.5, 1 << 16, 0.01),
              8.0 * std::log(100.0) * std::pow(16.0, 2.5), 1e-6);
  EXPECT_EQ(SingleCounterErrorBound(1.0, 1, 0.1), 0.0);
}

// Lemma 8 by hand: 1/(24 * 1 * 0.1) * ln(1/(4 * 0.05)) = ln(5)/2.4.
TEST(VietriBoundsTest, BestArmPullsFollowLemma8) {
  EXPECT_NEAR(BestArmPullsLowerBound(1.0, 0.1, 0.05), std::log(5.0) / 2.4, 1e-15);
  EXPECT_NEAR(BestArmPullsLowerBound(0.5, 0.25, 0.01), std::log(25.0) / 3.0, 1e-15);
  // Linear in 1/eps and 1/alpha.
  EXPECT_NEAR(BestArmPullsLowerBound(0.1, 0.1, 0.05), 10.0 * BestArmPullsLowerBound(1.0, 0.1, 0.05),
              1e-12);
}

// Example values by hand: SA = 12, H^2 = 400, H^4 = 160000, SAH = 240.
TEST(VietriBoundsTest, ShapesOfTheorems3To6) {
  const VietriBoundsParameters p = Example();
  const BoundShape pac_upper = PucbPacUpperBound(p);                      // Thm. 3
  EXPECT_NEAR(pac_upper.non_private_term, 12.0 * 160000.0 / 0.01, 1e-3);  // 1.92e8
  EXPECT_NEAR(pac_upper.privacy_term, 72.0 * 160000.0 / 0.1, 1e-3);       // 1.152e8
  EXPECT_NEAR(pac_upper.total(), 3.072e8, 1e-3);
  const BoundShape regret_upper = PucbRegretUpperBound(p);  // Thm. 4
  EXPECT_NEAR(regret_upper.non_private_term, 400.0 * std::sqrt(12.0e6), 1e-6);
  EXPECT_NEAR(regret_upper.privacy_term, 72.0 * 160000.0, 1e-6);
  const BoundShape pac_lower = JdpPacLowerBound(p);                    // Thm. 5
  EXPECT_NEAR(pac_lower.non_private_term, 240.0 * 20.0 / 0.01, 1e-6);  // 4.8e5
  EXPECT_NEAR(pac_lower.privacy_term, 240.0 / 0.1 * std::log(20.0), 1e-9);
  const BoundShape regret_lower = JdpRegretLowerBound(p);  // Thm. 6
  EXPECT_NEAR(regret_lower.non_private_term, std::sqrt(240.0e6), 1e-9);
  EXPECT_NEAR(regret_lower.privacy_term, 240.0 * std::log(1.0e6), 1e-9);
}

// Only the privacy terms depend on eps, as 1/eps (the paper's point: eps is in lower-order terms).
TEST(VietriBoundsTest, PrivacyEpsilonOnlyScalesThePrivacyTerms) {
  VietriBoundsParameters p = Example();
  VietriBoundsParameters q = p;
  q.privacy_epsilon = 4.0;
  for (BoundShape (*bound)(const VietriBoundsParameters&) :
       {&PucbPacUpperBound, &PucbRegretUpperBound, &JdpPacLowerBound, &JdpRegretLowerBound}) {
    EXPECT_DOUBLE_EQ(bound(q).non_private_term, bound(p).non_private_term);
    EXPECT_NEAR(bound(q).privacy_term, bound(p).privacy_term / 4.0, 1e-12 * bound(p).privacy_term);
  }
  EXPECT_NEAR(VietriErrorBound(q), VietriErrorBound(p) / 4.0, 1e-12 * VietriErrorBound(p));
}

TEST(VietriBoundsTest, ValidateRejectsBadValues) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  for (int64_t bad : {0, -3}) {
    VietriBoundsParameters p;
    p.num_states = bad;
    EXPECT_THAT(p.Validate(),
                InvalidArgumentWith("num_states = " + std::to_string(bad) + ", must be >= 1"));
    p = VietriBoundsParameters();
    p.num_actions = bad;
    EXPECT_THAT(p.Validate(), InvalidArgumentWith("num_actions = " + std::to_string(bad)));
    p = VietriBoundsParameters();
    p.horizon = bad;
    EXPECT_THAT(p.Validate(), InvalidArgumentWith("horizon = " + std::to_string(bad)));
    p = VietriBoundsParameters();
    p.num_episodes = bad;
    EXPECT_THAT(p.Validate(), InvalidArgumentWith("num_episodes = " + std::to_string(bad)));
  }
  for (double bad : {0.0, -1.0, nan, inf}) {
    VietriBoundsParameters p;
    p.privacy_epsilon = bad;
    EXPECT_THAT(p.Validate(), InvalidArgumentWith("privacy_epsilon = "));
  }
  for (double bad : {0.0, 1.0, -0.5, 2.0, nan}) {
    VietriBoundsParameters p;
    p.failure_probability = bad;
    EXPECT_THAT(p.Validate(), InvalidArgumentWith("failure_probability = "));
  }
  for (double bad : {0.0, -0.1, 20.5, nan, inf}) {
    VietriBoundsParameters p;
    p.alpha = bad;
    EXPECT_THAT(p.Validate(), InvalidArgumentWith("must be in (0, horizon] = (0, 20]"));
  }
  VietriBoundsParameters edge;
  edge.alpha = 20.0;  // alpha = H is allowed (Thm. 3: alpha in (0, H])
  EXPECT_TRUE(edge.Validate().ok());
}

// Inputs that pass Validate but overflow a bound are named (the Python bindings returned inf).
TEST(VietriBoundsTest, OverflowingBoundsAreNamed) {
  EXPECT_TRUE(CheckVietriBoundsFinite(VietriBoundsParameters()).ok());
  VietriBoundsParameters p;
  p.failure_probability = 5e-324;
  EXPECT_THAT(CheckVietriBoundsFinite(p).message(), HasSubstr("overflows a double (inf)"));
  p = VietriBoundsParameters();
  p.alpha = 1e-300;
  EXPECT_THAT(CheckVietriBoundsFinite(p).message(), HasSubstr("pac_upper_thm3 overflows"));
}

TEST(VietriBoundsDeathTest, StatedRangesAreChecked) {
  EXPECT_DEATH(BestArmPullsLowerBound(1.0, 0.1, 0.25), "failure_probability must be in");
  EXPECT_DEATH(BestArmPullsLowerBound(1.0, 1.5, 0.05), "suboptimality_gap");
  EXPECT_DEATH(SingleCounterErrorBound(0.0, 10, 0.05), "privacy_epsilon");
  VietriBoundsParameters p;
  p.alpha = 0.0;
  EXPECT_DEATH(PucbPacUpperBound(p), "alpha");
}

}  // namespace
}  // namespace dprl
