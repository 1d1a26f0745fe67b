// Privacy-relevant properties of PUCB's counter inputs and releases (pucb.h, "Privacy guarantee"
// and "Counters"): integer releases whatever the rewards, unbiased randomised rounding, and the
// l1 sensitivity of Claim 1 per neighbour relation.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "algorithms/mechanisms/binary_counter_testing.h"
#include "algorithms/tabular/pucb.h"
#include "algorithms/tabular/pucb_testing.h"
#include "testing/random_streams.h"
#include "testing/statistics_for_tests.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

std::unique_ptr<PucbAgent> MakeAgent(const TabularShape& shape, int64_t episodes,
                                     uint64_t noise_seed) {
  PucbOptions options;
  options.num_episodes = episodes;
  options.privacy_epsilon = 2.0;
  return PucbAgent::Create(shape, options, TestStream(noise_seed, TestPurpose::kPrivacyNoise))
      .value();
}

// The residue attack on floating-point Laplace counters (Mironov 2012): a reward that is not on
// the noise grid (0.005, RiverSwim's small reward) made `release mod grid` equal `true sum mod
// grid`, whatever the noise. Here every reward release is an integer, so its residue modulo any
// grid that divides 1 is 0 for every true sum; two agents with the same noise whose true sums
// differ release values that differ by exactly the (integer) difference of their true sums.
TEST(PucbPrivacyTest, RewardReleasesAreIntegersWhateverTheRewards) {
  const TabularShape shape{2, 2, 3};
  auto small = MakeAgent(shape, 400, 5);
  auto other = MakeAgent(shape, 400, 5);
  for (int t = 0; t < 400; ++t) {
    small->BeginEpisode();
    other->BeginEpisode();
    for (int h = 0; h < 3; ++h) {
      ASSERT_THAT(small->Observe(h, 0, 0, 0.005, 0), IsOk());
      ASSERT_THAT(other->Observe(h, 0, 0, 0.0071, 0), IsOk());
    }
    small->EndEpisode();
    other->EndEpisode();
    for (int64_t i = 0; i < shape.StateActionSteps(); ++i) {
      const double a = PucbAgentPeer::RewardCounters(*small).Release(i);
      const double b = PucbAgentPeer::RewardCounters(*other).Release(i);
      ASSERT_EQ(a, std::floor(a)) << "episode " << t;
      ASSERT_EQ(std::fmod(a, 1.0 / 1024), 0.0);
      ASSERT_EQ(a - b,
                BinaryCounterBankPeer::TrueSum(PucbAgentPeer::RewardCounters(*small), i) -
                    BinaryCounterBankPeer::TrueSum(PucbAgentPeer::RewardCounters(*other), i));
    }
  }
}

// Randomised rounding is unbiased: N rewards r become Binomial(N, r) bits. Two-sided check at
// false-failure probability 2e-6 per reward value, thresholds from the exact binomial quantiles.
TEST(PucbPrivacyTest, RandomisedRoundingOfRewardsIsUnbiased) {
  constexpr int64_t kEpisodes = 20000;
  for (const double reward : {0.005, 0.3, 0.5, 0.999}) {
    auto agent = MakeAgent({1, 1, 1}, kEpisodes, 9);
    for (int64_t t = 0; t < kEpisodes; ++t) {
      agent->BeginEpisode();
      ASSERT_THAT(agent->Observe(0, 0, 0, reward, 0), IsOk());
      agent->EndEpisode();
    }
    const int64_t bits = static_cast<int64_t>(
        BinaryCounterBankPeer::TrueSum(PucbAgentPeer::RewardCounters(*agent), 0));
    EXPECT_GE(bits, BinomialLowerQuantile(kEpisodes, reward, 1e-6)) << reward;
    EXPECT_LE(bits, BinomialUpperQuantile(kEpisodes, reward, 1e-6)) << reward;
  }
  // Rewards 0 and 1 round exactly.
  for (const double reward : {0.0, 1.0}) {
    auto agent = MakeAgent({1, 1, 1}, 100, 10);
    for (int t = 0; t < 100; ++t) {
      agent->BeginEpisode();
      ASSERT_THAT(agent->Observe(0, 0, 0, reward, 0), IsOk());
      agent->EndEpisode();
    }
    EXPECT_EQ(BinaryCounterBankPeer::TrueSum(PucbAgentPeer::RewardCounters(*agent), 0),
              100 * reward);
  }
}

TEST(PucbPrivacyTest, ObserveRejectsRewardsOutsideTheUnitInterval) {
  auto agent = MakeAgent({2, 2, 2}, 10, 1);
  agent->BeginEpisode();
  EXPECT_THAT(agent->Observe(1, 1, 0, -0.25, 0),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       "Observe: reward must be in [0, 1], got -0.25 at (h, s, a) = (1, 1, 0)"));
  EXPECT_EQ(BinaryCounterBankPeer::TrueSum(PucbAgentPeer::VisitCounters(*agent),
                                           agent->shape().Index(1, 1, 0)),
            0.0);
}

// One episode's trajectory: (s, a, reward, s') for h = 0..H-1.
struct Step {
  int s, a;
  double reward;
  int next;
};
using Trajectory = std::vector<Step>;

Trajectory RandomTrajectory(const TabularShape& shape, RandomStream& stream) {
  Trajectory trajectory;
  int s = static_cast<int>(stream.UniformInt(shape.num_states));
  for (int h = 0; h < shape.horizon; ++h) {
    const int a = static_cast<int>(stream.UniformInt(shape.num_actions));
    const int next = static_cast<int>(stream.UniformInt(shape.num_states));
    trajectory.push_back({s, a, 1.0, next});  // reward 1: its rounded bit is 1
    s = next;
  }
  return trajectory;
}

void Feed(PucbAgent& agent, const Trajectory* trajectory) {
  agent.BeginEpisode();
  if (trajectory != nullptr) {  // nullptr: the empty user (add/remove neighbour)
    for (int h = 0; h < static_cast<int>(trajectory->size()); ++h) {
      const Step& step = (*trajectory)[h];
      ASSERT_THAT(agent.Observe(h, step.s, step.a, step.reward, step.next), IsOk());
    }
  }
  agent.EndEpisode();
}

// Sum over the counters of one family of |input stream of U - input stream of U'|. The streams
// agree outside episode t, so this is sum_c |TrueSum_U(c) - TrueSum_U'(c)| after episode t.
double L1Distance(const BinaryCounterBank& a, const BinaryCounterBank& b) {
  double distance = 0.0;
  for (int64_t c = 0; c < a.num_counters(); ++c)
    distance +=
        std::fabs(BinaryCounterBankPeer::TrueSum(a, c) - BinaryCounterBankPeer::TrueSum(b, c));
  return distance;
}

// Claim 1 per neighbour relation: for t-neighbouring user sequences the l1 change of each family
// of streams (n~, r~, m~) is <= H when user t is added/removed and <= 2H when it is replaced, and
// both bounds are attained (so eps' = eps/(3H) gives eps for add/remove and 2 eps for replacement).
TEST(PucbPrivacyTest, SensitivityIsHForAddRemoveAndTwoHForReplacement) {
  const TabularShape shape{4, 3, 5};
  const double H = shape.horizon;
  RandomStream users(StreamKey{});
  double largest_add_remove = 0.0, largest_replacement = 0.0;
  for (int trial = 0; trial < 50; ++trial) {
    auto agent = MakeAgent(shape, 20, 3);
    auto removed = MakeAgent(shape, 20, 3);
    auto replaced = MakeAgent(shape, 20, 3);
    const int changed_episode = trial % 7;
    for (int t = 0; t < 8; ++t) {
      const Trajectory common = RandomTrajectory(shape, users);
      if (t != changed_episode) {
        for (PucbAgent* a : {agent.get(), removed.get(), replaced.get()}) Feed(*a, &common);
        continue;
      }
      const Trajectory other = RandomTrajectory(shape, users);
      Feed(*agent, &common);
      Feed(*removed, nullptr);
      Feed(*replaced, &other);
    }
    for (auto family : {&PucbAgentPeer::VisitCounters, &PucbAgentPeer::RewardCounters,
                        &PucbAgentPeer::TransitionCounters}) {
      const double add_remove = L1Distance(family(*agent), family(*removed));
      const double replacement = L1Distance(family(*agent), family(*replaced));
      EXPECT_LE(add_remove, H);
      EXPECT_LE(replacement, 2 * H);
      largest_add_remove = std::max(largest_add_remove, add_remove);
      largest_replacement = std::max(largest_replacement, replacement);
    }
  }
  EXPECT_EQ(largest_add_remove, H);
  EXPECT_EQ(largest_replacement, 2 * H);
}

}  // namespace
}  // namespace dprl
