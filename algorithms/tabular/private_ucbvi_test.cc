#include "algorithms/tabular/private_ucbvi.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "absl/status/status.h"
#include "algorithms/mechanisms/binary_counter_testing.h"
#include "algorithms/tabular/pucb.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::DoubleNear;
using ::testing::HasSubstr;

RandomStream Noise(uint64_t seed = 1) { return TestStream(seed, TestPurpose::kPrivacyNoise); }

TEST(PrivateUcbviOptionsTest, DefaultsAreValid) {
  EXPECT_THAT(PrivateUcbviOptions().Validate(), IsOk());
}

TEST(PrivateUcbviOptionsTest, RejectsBadValues) {
  for (double eps : {0.0, -1.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
    PrivateUcbviOptions options;
    options.privacy_epsilon = eps;
    EXPECT_THAT(options.Validate(),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("privacy_epsilon")));
  }
  for (double delta : {0.0, 1.0, std::nan("")}) {
    PrivateUcbviOptions options;
    options.failure_probability = delta;
    EXPECT_THAT(options.Validate(),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("failure_probability")));
  }
  PrivateUcbviOptions options;
  options.num_episodes = 0;
  EXPECT_THAT(options.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_episodes")));
  options = PrivateUcbviOptions();
  options.neighbour_relation = static_cast<PucbNeighbourRelation>(7);
  EXPECT_THAT(options.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("neighbour_relation")));
  EXPECT_THAT(PrivateUcbviAgent::Create({2, 0, 3}, {}, Noise()),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_actions")));
}

TEST(PrivateUcbviTest, CounterEpsilonPerRelation) {
  PrivateUcbviOptions options;
  options.privacy_epsilon = 3.0;
  EXPECT_DOUBLE_EQ(PrivateUcbviCounterEpsilon({2, 2, 5}, options), 3.0 / 15.0);
  options.neighbour_relation = PucbNeighbourRelation::kReplacement;
  EXPECT_DOUBLE_EQ(PrivateUcbviCounterEpsilon({2, 2, 5}, options), 3.0 / 30.0);
}

// Hand-computed: nbar = 25, E = 3, L = 2, S = 4, H = 5:
//   (H + 1) L / sqrt(nbar) = 6 * 2 / 5 = 2.4, (3 + 2H + SH) E / nbar = 33 * 3 / 25 = 3.96.
// L for S = 2, A = 1, H = 2, K = 10, delta = 0.1: sqrt(2 ln(4 * 4 * 10 / 0.05)) = 4.0176874...
TEST(PrivateUcbviTest, BonusAndLogTermMatchHandComputedValues) {
  EXPECT_THAT(PrivateUcbviBonus(25.0, 3.0, 2.0, 4, 5), DoubleNear(6.36, 1e-12));
  EXPECT_THAT(PrivateUcbviBonus(4.0, 0.0, 1.0, 4, 5), DoubleNear(3.0, 1e-12));
  PrivateUcbviOptions options;
  options.num_episodes = 10;
  options.failure_probability = 0.1;
  EXPECT_THAT(PrivateUcbviLogTerm({2, 1, 2}, options), DoubleNear(4.017687416608669, 1e-12));
}

// E is PUCB's exact-tail bound for the same counters (same eps', same 2SAH + S^2AH counters) at
// half the failure probability (the other half is L's).
TEST(PrivateUcbviTest, ErrorBoundIsTheExactTailAtHalfTheFailureProbability) {
  for (const auto relation :
       {PucbNeighbourRelation::kAddRemove, PucbNeighbourRelation::kReplacement}) {
    PrivateUcbviOptions options;
    options.privacy_epsilon = 2.0;
    options.num_episodes = 1000;
    options.failure_probability = 0.1;
    options.neighbour_relation = relation;
    PucbOptions pucb;
    pucb.privacy_epsilon = 2.0;
    pucb.num_episodes = 1000;
    pucb.failure_probability = 0.05;
    pucb.neighbour_relation = relation;
    pucb.error_bound_method = PucbErrorBoundMethod::kExactTail;
    const TabularShape shape{3, 2, 4};
    const double e = PrivateUcbviErrorBound(shape, options).value();
    EXPECT_GT(e, 0.0);
    EXPECT_EQ(e, PucbErrorBound(shape, pucb));
    EXPECT_EQ(PrivateUcbviAgent::Create(shape, options, Noise()).value()->error_bound(), e);
  }
}

// The plan reads only the releases: Q = min{H, R~ / nbar + bonus(nbar)}, nbar = max{1, N~ + E}
// (H = 1, so V_{h+1} = 0), recomputed from the counters' releases. Rewards 0.3 are rounded to
// bits, so every release stays an integer.
TEST(PrivateUcbviTest, PlanIsUcbviOnTheIntegerReleases) {
  PrivateUcbviOptions options;
  options.privacy_epsilon = 50.0;
  options.num_episodes = 4000;
  const TabularShape shape{1, 2, 1};
  auto agent = PrivateUcbviAgent::Create(shape, options, Noise(3)).value();
  const double log_term = PrivateUcbviLogTerm(shape, options);
  bool some_q_below_cap = false;
  for (int t = 0; t < 4000; ++t) {
    agent->BeginEpisode();
    for (int a = 0; a < 2; ++a) {
      const double visits = agent->visit_counters().Release(a);
      const double rewards = agent->reward_counters().Release(a);
      EXPECT_EQ(visits, std::round(visits));
      EXPECT_EQ(rewards, std::round(rewards));
      EXPECT_EQ(agent->released_visit_counts()[a], visits);
      const double nbar = std::max(1.0, visits + agent->error_bound());
      const double expected = std::min(
          1.0, rewards / nbar + PrivateUcbviBonus(nbar, agent->error_bound(), log_term, 1, 1));
      EXPECT_DOUBLE_EQ(agent->plan().optimistic_q()[a], expected) << t;
      some_q_below_cap |= expected < 1.0;
    }
    ASSERT_THAT(agent->Observe(0, 0, t % 2, 0.3, 0), IsOk());
    agent->EndEpisode();
  }
  EXPECT_TRUE(some_q_below_cap);
  // The true counts are what was fed (test-only peer).
  EXPECT_EQ(BinaryCounterBankPeer::TrueSum(agent->visit_counters(), 0), 2000.0);
}

}  // namespace
}  // namespace dprl
