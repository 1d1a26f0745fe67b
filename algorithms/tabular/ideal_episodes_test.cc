// The ideal loops compute what the agents compute, bit for bit, on the same streams: otherwise
// "agent / ideal" in agents_benchmark would compare different work.
#include "algorithms/tabular/ideal_episodes.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "algorithms/mechanisms/binary_counter.h"
#include "algorithms/tabular/private_tabular_counts.h"
#include "algorithms/tabular/private_ucbvi.h"
#include "algorithms/tabular/pucb.h"
#include "algorithms/tabular/ubev.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"

namespace dprl {
namespace {

constexpr uint64_t kSeed = 31;

TabularMdp Mdp(int S, int A, int H) { return RandomTestMdp(S, A, H, kSeed); }

// The agent's states and actions of one episode.
struct Trajectory {
  std::vector<int> states, actions;
};

Trajectory RunRecorded(const TabularMdp& mdp, TabularAgent& agent, RandomStream& env,
                       RandomStream& policy) {
  Trajectory trajectory;
  RunAgentEpisode(mdp, agent, env, policy, &trajectory.states, &trajectory.actions);
  return trajectory;
}

// 300 steps reach level 8 of the tree: removals above the three cached levels are exercised.
TEST(IdealEpisodesTest, TrackedNodeNoiseIsTheTrackedBanksNoise) {
  BinaryCounterOptions options;
  options.privacy_epsilon = 0.05;  // node scale 200: the cell table decides most draws
  options.horizon_steps = 1000;
  for (const int64_t counters : {1, 6, 13, 40}) {
    const RandomStream stream = TestStream(kSeed, TestPurpose::kPrivacyNoise, counters);
    BinaryCounterBank bank = BinaryCounterBank::Create(counters, options, stream).value();
    for (int64_t c = 0; c < counters; ++c) bank.Track(c);
    TrackedNodeNoise ideal = TrackedNodeNoise::Create(counters, options, stream).value();
    for (int t = 1; t <= 300; ++t) {
      bank.EndStep();
      ideal.Step();
      for (int64_t c = 0; c < counters; ++c) {
        ASSERT_EQ(ideal.noise_sum(c), bank.ExactRelease(c)) << "t = " << t << ", counter " << c;
      }
    }
  }
}

TEST(IdealEpisodesTest, PucbIdealIsPucbWhileNothingIsEstimated) {
  const TabularMdp mdp = Mdp(6, 2, 20);
  PucbOptions options;
  options.privacy_epsilon = 1.0;
  options.num_episodes = int64_t{1} << 24;
  const RandomStream noise = TestStream(kSeed, TestPurpose::kPrivacyNoise);
  auto agent = PucbAgent::Create({6, 2, 20}, options, noise).value();
  PucbIdealEpisodes ideal = PucbIdealEpisodes::Create(mdp, options, noise).value();
  RandomStream agent_env = TestStream(kSeed, TestPurpose::kEnvironment);
  RandomStream agent_policy = TestStream(kSeed, TestPurpose::kPolicy);
  RandomStream ideal_env = agent_env, ideal_policy = agent_policy;
  for (int k = 0; k < 300; ++k) {
    // The agent releases at the start of episode k what the ideal released at the end of k - 1.
    const std::vector<double> released = ideal.released_visits();
    const Trajectory trajectory = RunRecorded(mdp, *agent, agent_env, agent_policy);
    ideal.RunEpisode(ideal_env, ideal_policy);
    ASSERT_EQ(released, agent->released_visit_counts()) << "episode " << k;
    ASSERT_EQ(ideal.states(), trajectory.states) << "episode " << k;
    ASSERT_EQ(ideal.actions(), trajectory.actions) << "episode " << k;
  }
  EXPECT_FALSE(ideal.any_estimated());
  EXPECT_EQ(agent->plan().num_below_cap(), 0);
}

// A regime where PUCB estimates triples is not the ideal's: it says so.
TEST(IdealEpisodesTest, PucbIdealReportsLeavingItsRegime) {
  const TabularMdp mdp = Mdp(3, 2, 3);
  PucbOptions options;
  options.privacy_epsilon = 1e9;  // E < 1: every visited triple is estimated
  options.num_episodes = 1000;
  PucbIdealEpisodes ideal =
      PucbIdealEpisodes::Create(mdp, options, TestStream(kSeed, TestPurpose::kPrivacyNoise))
          .value();
  RandomStream env = TestStream(kSeed, TestPurpose::kEnvironment);
  RandomStream policy = TestStream(kSeed, TestPurpose::kPolicy);
  for (int k = 0; k < 3; ++k) ideal.RunEpisode(env, policy);
  EXPECT_TRUE(ideal.any_estimated());
}

TEST(IdealEpisodesTest, UbevIdealIsUbev) {
  for (const auto& [S, A] : {std::pair{6, 2}, std::pair{5, 4}}) {
    const TabularMdp mdp = Mdp(S, A, 7);
    auto agent = UbevAgent::Create({S, A, 7}, {}).value();
    UbevIdealEpisodes ideal = UbevIdealEpisodes::Create(mdp, {}).value();
    RandomStream agent_env = TestStream(kSeed, TestPurpose::kEnvironment);
    RandomStream agent_policy = TestStream(kSeed, TestPurpose::kPolicy);
    RandomStream ideal_env = agent_env, ideal_policy = agent_policy;
    for (int k = 0; k < 400; ++k) {
      const Trajectory trajectory = RunRecorded(mdp, *agent, agent_env, agent_policy);
      ideal.RunEpisode(ideal_env, ideal_policy);
      ASSERT_EQ(ideal.q(), agent->plan().optimistic_q()) << "episode " << k;
      ASSERT_EQ(ideal.states(), trajectory.states) << "episode " << k;
      ASSERT_EQ(ideal.actions(), trajectory.actions) << "episode " << k;
    }
  }
}

TEST(IdealEpisodesTest, UbevIdealRefusesTheAuthorsBonus) {
  const TabularMdp mdp = Mdp(3, 2, 3);
  UbevOptions options;
  options.transition_bonus = UbevTransitionBonus::kObservedValueRange;
  EXPECT_FALSE(UbevIdealEpisodes::Create(mdp, options).ok());
}

TEST(IdealEpisodesTest, PrivateUcbviFloorIsItsCountersNoise) {
  const TabularShape shape{4, 2, 3};
  PrivateUcbviOptions options;
  options.num_episodes = 1000;
  const RandomStream noise = TestStream(kSeed, TestPurpose::kPrivacyNoise);
  auto agent = PrivateUcbviAgent::Create(shape, options, noise).value();
  PrivateUcbviNoiseFloor floor = PrivateUcbviNoiseFloor::Create(shape, options, noise).value();
  // The agent's counter set, read through its banks (the agent shows only n~).
  PrivateTabularCounts counts =
      PrivateTabularCounts::Create(shape, PrivateUcbviCounterOptions(shape, options), noise)
          .value();
  // With no episode recorded every release is the noise alone.
  const int64_t triples = shape.StateActionSteps();
  for (int k = 0; k < 40; ++k) {
    agent->BeginEpisode();
    for (int64_t i = 0; i < triples; ++i) {
      ASSERT_EQ(agent->released_visit_counts()[i], static_cast<double>(floor.noise_sum(0, i)))
          << "episode " << k << ", triple " << i;
      ASSERT_EQ(counts.reward_counters().ExactRelease(i), floor.noise_sum(1, i));
    }
    for (int64_t c = 0; c < triples * shape.num_states; ++c) {
      ASSERT_EQ(counts.transition_counters().ExactRelease(c), floor.noise_sum(2, c));
    }
    agent->EndEpisode();
    counts.EndEpisode();
    floor.Step();
  }
}

}  // namespace
}  // namespace dprl
