#include "algorithms/tabular/psrl.h"

#include <cmath>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/random_streams.h"
#include "testing/statistics_for_tests.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

std::unique_ptr<PsrlAgent> MakeAgent(const TabularShape& shape, const PsrlOptions& options = {}) {
  absl::StatusOr<std::unique_ptr<PsrlAgent>> agent =
      PsrlAgent::Create(shape, options, TestStream(5, TestPurpose::kPolicy));
  EXPECT_TRUE(agent.ok()) << agent.status();
  return agent.ok() ? *std::move(agent) : nullptr;
}

TEST(PsrlTest, OptionsAreValidated) {
  const TabularShape shape{2, 2, 2};
  auto create = [&](const PsrlOptions& options) {
    return PsrlAgent::Create(shape, options, TestStream(1));
  };
  PsrlOptions options;
  options.dirichlet_prior = 0.0;
  EXPECT_THAT(create(options), InvalidArgumentWith("dirichlet_prior"));
  options = {};
  options.reward_prior_mean = NAN;
  EXPECT_THAT(create(options), InvalidArgumentWith("reward_prior_mean"));
  options = {};
  options.reward_prior_precision = -1.0;
  EXPECT_THAT(create(options), InvalidArgumentWith("reward_prior_precision"));
  options = {};
  options.reward_noise_precision = INFINITY;
  EXPECT_THAT(create(options), InvalidArgumentWith("reward_noise_precision"));
  // Finite values whose posterior samples would not be: an unvisited row's Dirichlet sample is
  // 0/0 below alpha0 = 1e-300, and tau R overflows for tau near the largest double.
  options = {};
  options.dirichlet_prior = 1e-310;
  EXPECT_THAT(create(options),
              InvalidArgumentWith("dirichlet_prior must be >= 1e-300, got 1e-310"));
  options = {};
  options.reward_prior_mean = -1e101;
  EXPECT_THAT(create(options), InvalidArgumentWith("reward_prior_mean"));
  options = {};
  options.reward_prior_precision = 1e101;
  EXPECT_THAT(create(options),
              InvalidArgumentWith("reward_prior_precision must be <= 1e+100, got 1e+101"));
  options = {};
  options.reward_noise_precision = 1e308;
  EXPECT_THAT(create(options),
              InvalidArgumentWith("reward_noise_precision must be <= 1e+100, got 1e+308"));
  EXPECT_THAT(PsrlAgent::Create(TabularShape{0, 2, 2}, PsrlOptions{}, TestStream(1)),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

// The posterior of one triple after known data, by its moments over many episodes' samples.
// Data at (h, s, a) = (0, 0, 0) of S = 3: 50 rewards 0.8 (R = 40), next states 1 x 35, 2 x 15.
//   reward: tau_post = 1 + 50 = 51, mu_post = 40/51; the sample mean of n draws is N(mu_post,
//           1/(51 n)) exactly, so its two-sided (1 - 1e-7) band is NormalUpperQuantile(5e-8) sd;
//           the sample variance is checked with a chi-square(n - 1) band of the same size.
//   transitions: Dirichlet(1, 36, 16), mean (1, 36, 16)/53; each component's sample mean lies
//           within HoeffdingHalfWidth(n, 1e-7) of it (samples in [0, 1]).
// Untouched triples keep the prior: reward N(0, 1), transitions Dirichlet(1, 1, 1), mean 1/3.
// Five checks at 1e-7 (two-sided or per component, Bonferroni): false-failure probability
// below 1e-6.
TEST(PsrlStatisticalTest, SamplesFollowThePosterior) {
  const TabularShape shape{3, 2, 1};
  std::unique_ptr<PsrlAgent> agent = MakeAgent(shape);
  ASSERT_NE(agent, nullptr);
  agent->BeginEpisode();
  for (int i = 0; i < 50; ++i) {
    ASSERT_TRUE(agent->Observe(0, 0, 0, 0.8, i < 35 ? 1 : 2).ok());
  }
  agent->EndEpisode();
  EXPECT_EQ(agent->counts().Visits(shape.Index(0, 0, 0)), 50.0);

  constexpr int kDraws = 20000;
  const int64_t observed = shape.Index(0, 0, 0), prior_only = shape.Index(0, 2, 1);
  double reward_sum = 0.0, reward_square_sum = 0.0, prior_reward_sum = 0.0;
  std::vector<double> next_sum(3, 0.0), prior_next_sum(3, 0.0);
  for (int k = 0; k < kDraws; ++k) {
    agent->BeginEpisode();
    const double reward = agent->sampled_rewards()[observed];
    reward_sum += reward;
    reward_square_sum += reward * reward;
    prior_reward_sum += agent->sampled_rewards()[prior_only];
    double row_total = 0.0;
    for (int next = 0; next < 3; ++next) {
      next_sum[next] += agent->sampled_transitions()[observed * 3 + next];
      prior_next_sum[next] += agent->sampled_transitions()[prior_only * 3 + next];
      row_total += agent->sampled_transitions()[observed * 3 + next];
    }
    ASSERT_NEAR(row_total, 1.0, 1e-12);
    agent->EndEpisode();
  }
  const double z = NormalUpperQuantile(0.5e-7);
  const double mean = reward_sum / kDraws;
  EXPECT_NEAR(mean, 40.0 / 51.0, z * std::sqrt(1.0 / (51.0 * kDraws)));
  EXPECT_NEAR(prior_reward_sum / kDraws, 0.0, z * std::sqrt(1.0 / kDraws));
  // (n - 1) s^2 / sigma^2 ~ chi2(n - 1).
  const double variance = (reward_square_sum - kDraws * mean * mean) / (kDraws - 1);
  const double scaled = (kDraws - 1) * variance * 51.0;
  EXPECT_LT(scaled, ChiSquareUpperQuantile(kDraws - 1, 0.5e-7));
  EXPECT_GT(scaled, 2.0 * (kDraws - 1) - ChiSquareUpperQuantile(kDraws - 1, 0.5e-7));
  const double half_width = HoeffdingHalfWidth(kDraws, 1e-7 / 3.0);
  const double expected[3] = {1.0 / 53.0, 36.0 / 53.0, 16.0 / 53.0};
  for (int next = 0; next < 3; ++next) {
    EXPECT_NEAR(next_sum[next] / kDraws, expected[next], half_width) << next;
    EXPECT_NEAR(prior_next_sum[next] / kDraws, 1.0 / 3.0, half_width) << next;
  }
}

// A one-step two-armed problem: arm 1 always pays 1, arm 0 pays 0. After 100 pulls of each the
// posteriors are N(100/101, 1/101) and N(0, 1/101): the sampled means differ by 0.99 with
// standard deviation 0.14, so PSRL plays arm 1 (a 7-sigma event otherwise, at every check).
TEST(PsrlTest, PlaysTheArmItsPosteriorFavours) {
  const TabularShape shape{1, 2, 1};
  std::unique_ptr<PsrlAgent> agent = MakeAgent(shape);
  ASSERT_NE(agent, nullptr);
  for (int k = 0; k < 100; ++k) {
    agent->BeginEpisode();
    ASSERT_TRUE(agent->Observe(0, 0, 0, 0.0, 0).ok());
    ASSERT_TRUE(agent->Observe(0, 0, 1, 1.0, 0).ok());
    agent->EndEpisode();
  }
  for (int k = 0; k < 20; ++k) {
    agent->BeginEpisode();
    EXPECT_EQ(agent->action_probabilities()[shape.Index(0, 0, 1)], 1.0);
    EXPECT_EQ(agent->plan().optimistic_q()[shape.Index(0, 0, 1)],
              agent->sampled_rewards()[shape.Index(0, 0, 1)]);  // H = 1: Q~ = r~
    agent->EndEpisode();
  }
  EXPECT_EQ(agent->episodes_done(), 120);
}

// The pooled posterior (the default, `psrl`) counts a transition of (s, a) at any step h in one
// posterior and plans every step with its one sample; the per-step one (`psrl_per_step`) keeps
// (h, s, a) apart.
TEST(PsrlTest, PooledPosteriorSharesTheDataOfEveryStep) {
  const TabularShape shape{2, 2, 3};
  PsrlOptions per_step_options;
  per_step_options.pool_over_steps = false;
  std::unique_ptr<PsrlAgent> pooled = MakeAgent(shape);
  std::unique_ptr<PsrlAgent> per_step = MakeAgent(shape, per_step_options);
  ASSERT_NE(pooled, nullptr);
  ASSERT_NE(per_step, nullptr);
  EXPECT_EQ(pooled->posterior_shape().horizon, 1);
  EXPECT_EQ(per_step->posterior_shape().horizon, 3);
  for (PsrlAgent* agent : {pooled.get(), per_step.get()}) {
    agent->BeginEpisode();
    for (int h = 0; h < 3; ++h) ASSERT_TRUE(agent->Observe(h, 0, 1, 1.0, 1).ok());
    agent->EndEpisode();
  }
  EXPECT_EQ(pooled->PosteriorIndex(0, 0, 1), pooled->PosteriorIndex(2, 0, 1));
  EXPECT_EQ(pooled->counts().Visits(pooled->PosteriorIndex(1, 0, 1)), 3.0);
  EXPECT_EQ(pooled->counts().RewardSum(pooled->PosteriorIndex(1, 0, 1)), 3.0);
  for (int h = 0; h < 3; ++h) {
    EXPECT_EQ(per_step->counts().Visits(shape.Index(h, 0, 1)), 1.0) << h;
  }
  pooled->BeginEpisode();
  // Q~_h(s, a) = r~(s, a) + P~(. | s, a) . V~_{h+1}: at the last step V~_H = 0, so Q~ = r~ of
  // the one pooled sample, and the same r~ enters every earlier step.
  for (int s = 0; s < 2; ++s) {
    for (int a = 0; a < 2; ++a) {
      EXPECT_EQ(pooled->plan().optimistic_q()[shape.Index(2, s, a)],
                pooled->sampled_rewards()[pooled->PosteriorIndex(2, s, a)]);
    }
  }
  EXPECT_EQ(pooled->sampled_rewards().size(), 4u);
  EXPECT_EQ(per_step->sampled_rewards().size(), 12u);
}

}  // namespace
}  // namespace dprl
