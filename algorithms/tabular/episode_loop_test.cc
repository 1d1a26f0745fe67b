#include "algorithms/tabular/episode_loop.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include "algorithms/tabular/ubev.h"
#include "envs/lower_bound_mdp.h"
#include "testing/random_streams.h"

namespace dprl {
namespace {

TEST(MeasurePacTest, CountsStrictlyAboveAlphaAndFindsTheSettlingEpisode) {
  // Episodes 1..6; regret > 0.5 at t = 1, 2, 5; == 0.5 at t = 3 (alpha-optimal: not strictly >).
  const std::vector<double> regret = {1.0, 0.75, 0.5, 0.0, 0.6, 0.25};
  const std::vector<PacMeasurement> pac = MeasurePac(regret, {0.5, 0.0, 1.0, 0.2});
  ASSERT_EQ(pac.size(), 4u);
  EXPECT_EQ(pac[0].alpha, 0.5);
  EXPECT_EQ(pac[0].non_alpha_optimal_episodes, 3);
  EXPECT_EQ(pac[0].alpha_optimal_from_episode, 6);  // last bad episode is t = 5
  EXPECT_EQ(pac[1].non_alpha_optimal_episodes, 5);  // every positive regret
  EXPECT_EQ(pac[1].alpha_optimal_from_episode, 7);  // episode T = 6 is bad: T + 1
  EXPECT_EQ(pac[2].non_alpha_optimal_episodes, 0);  // nothing above 1.0
  EXPECT_EQ(pac[2].alpha_optimal_from_episode, 1);  // alpha-optimal from the start
  EXPECT_EQ(pac[3].non_alpha_optimal_episodes, 5);
  EXPECT_EQ(pac[3].alpha_optimal_from_episode, 7);
}

TEST(MeasurePacTest, EmptySeriesAndNoAlphas) {
  EXPECT_TRUE(MeasurePac({1.0, 2.0}, {}).empty());
  const std::vector<PacMeasurement> pac = MeasurePac({}, {0.1});
  ASSERT_EQ(pac.size(), 1u);
  EXPECT_EQ(pac[0].non_alpha_optimal_episodes, 0);
  EXPECT_EQ(pac[0].alpha_optimal_from_episode, 1);
}

TEST(MeasurePacDeathTest, RejectsNegativeOrNonFiniteAlpha) {
  EXPECT_DEATH(MeasurePac({1.0}, {-0.1}), "alpha");
  EXPECT_DEATH(MeasurePac({1.0}, {std::nan("")}), "alpha");
  EXPECT_DEATH(MeasurePac({1.0}, {std::numeric_limits<double>::infinity()}), "alpha");
}

// UBEV on a lower-bound instance: the loop's PAC numbers are MeasurePac of its own regret series,
// the count decreases in alpha, and the settling episode is consistent with the count.
TEST(RunEpisodesTest, PacMeasurementMatchesTheRegretSeries) {
  LowerBoundMdpOptions options;
  options.num_initial_states = 2;
  options.num_arms = 1;
  options.alpha_prime = 0.5;
  options.rewarded_horizon = 2;
  options.instance = {1, 0};
  const TabularMdp mdp = MakeLowerBoundMdp(options).value();
  const TabularShape shape{mdp.num_states(), mdp.num_actions(), mdp.horizon()};
  std::unique_ptr<UbevAgent> agent = UbevAgent::Create(shape, UbevOptions{}).value();
  const std::vector<double> alphas = {0.1, 0.3, 0.6, 2.0};
  const int64_t episodes = 3000;
  std::vector<double> regret;
  const EpisodeLoopResult run =
      RunEpisodes(mdp, *agent, episodes, TestStream(1, TestPurpose::kEnvironment),
                  TestStream(1, TestPurpose::kPolicy), {}, alphas,
                  [&](double value) { regret.push_back(value); })
          .value();
  ASSERT_EQ(run.pac.size(), alphas.size());
  // The observer saw every episode once, and the total is their sum in episode order.
  ASSERT_EQ(regret.size(), static_cast<size_t>(episodes));
  double sum = 0.0;
  for (double value : regret) sum += value;
  EXPECT_EQ(run.total_regret, sum);
  const std::vector<PacMeasurement> expected = MeasurePac(regret, alphas);
  for (size_t i = 0; i < alphas.size(); ++i) {
    EXPECT_EQ(run.pac[i].alpha, alphas[i]);
    EXPECT_EQ(run.pac[i].non_alpha_optimal_episodes, expected[i].non_alpha_optimal_episodes);
    EXPECT_EQ(run.pac[i].alpha_optimal_from_episode, expected[i].alpha_optimal_from_episode);
    EXPECT_LE(run.pac[i].non_alpha_optimal_episodes + 1, run.pac[i].alpha_optimal_from_episode);
    EXPECT_LE(run.pac[i].alpha_optimal_from_episode, episodes + 1);
    if (i > 0) {
      EXPECT_LE(run.pac[i].non_alpha_optimal_episodes, run.pac[i - 1].non_alpha_optimal_episodes);
    }
  }
  // The largest possible regret here is H alpha'/2 = 0.5 < 2: every policy is 2-optimal.
  EXPECT_EQ(run.pac.back().non_alpha_optimal_episodes, 0);
  // UBEV explores at first: the first episode (uniform ties) has regret H alpha'/4 = 0.25 > 0.1.
  EXPECT_GT(run.pac[0].non_alpha_optimal_episodes, 0);
  EXPECT_TRUE(RunEpisodes(mdp, *agent, 10, TestStream(2, TestPurpose::kEnvironment),
                          TestStream(2, TestPurpose::kPolicy))
                  .value()
                  .pac.empty());
}

}  // namespace
}  // namespace dprl
