#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_game_agent.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <vector>

#include "envs/markov_game.h"
#include "envs/markov_game_values.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

MarkovGame SmallGame() {
  RandomMarkovGameOptions options;
  options.num_states = 2;
  options.num_max_actions = 2;
  options.num_min_actions = 2;
  options.horizon = 2;
  RandomStream generation = TestStream(21, TestPurpose::kEnvGeneration);
  return MakeRandomMarkovGame(options, generation).value();
}

std::unique_ptr<DpNashViGameAgent> MakeAgent(const MarkovGame& game, DpNashViOptions options) {
  return DpNashViGameAgent::Create(game, options, TestStream(22, TestPurpose::kPrivacyNoise))
      .value();
}

// Lemma B.7: V-bar_1(s_1) >= V^{dagger, nu_k}(s_1) >= V^{mu_k, dagger}(s_1) >= V-under_1(s_1) on
// an event of probability >= 1 - beta with the derived constants; beta = 1e-3 bounds a false
// failure per privatizer. Without a Privatizer 20000 episodes bring V-bar below the cap at the
// last step (at s_1 the C2 H^2 S iota / N~ term still keeps it at H, and V-under is 0 wherever the
// min-player can deviate to a cell whose reward is below its bonus).
TEST(DpNashViGameAgentTest, UpperAndLowerValuesBracketTheBestResponses) {
  const MarkovGame game = SmallGame();
  for (const auto& [privatizer, episodes] :
       {std::pair<DpNashViPrivatizer, int>{DpNashViPrivatizer::kCentral, 200},
        {DpNashViPrivatizer::kLocal, 200},
        {DpNashViPrivatizer::kNone, 20000}}) {
    SCOPED_TRACE(DpNashViPrivatizerName(privatizer));
    DpNashViOptions options;
    options.privatizer = privatizer;
    options.num_episodes = episodes;
    options.failure_probability = 1e-3;
    options.privacy_epsilon = 5.0;
    std::unique_ptr<DpNashViGameAgent> agent = MakeAgent(game, options);
    RandomStream environment = TestStream(23, TestPurpose::kEnvironment);
    RandomStream policy = TestStream(24, TestPurpose::kPolicy);
    int nontrivial = 0;
    for (int k = 0; k < episodes; ++k) {
      ASSERT_THAT(agent->BeginEpisode(), IsOk());
      if (k < 200 || k % 100 == 0) {
        const BestResponseValues values =
            EvaluateBestResponses(game, agent->MaxMarginal(), agent->MinMarginal());
        // s_1 = 0 (the random game's fixed initial state).
        ASSERT_GE(agent->upper_values()[0], values.max_best_response - 1e-6) << "episode " << k;
        ASSERT_GE(values.max_best_response, values.min_best_response - 1e-9);
        ASSERT_GE(values.min_best_response, agent->lower_values()[0] - 1e-6) << "episode " << k;
        // Some V-bar_h below the cap H (the last step's first).
        for (const double v : agent->upper_values()) nontrivial += v < game.horizon() && v > 0;
      }
      int s = 0;
      for (int h = 0; h < game.horizon(); ++h) {
        const auto [a, b] = agent->Act(h, s, policy);
        const TabularMdp::Transition step =
            game.joint().SampleStep(h, s, game.JointAction(a, b), environment);
        ASSERT_THAT(agent->Observe(h, s, a, b, step.next_state), IsOk());
        s = step.next_state;
      }
      agent->EndEpisode();
    }
    if (privatizer == DpNashViPrivatizer::kNone) {
      EXPECT_GT(nontrivial, 10);
    }
  }
}

// Outside Thm. 4.1 (constants scaled down), without a Privatizer, self-play approaches the Nash
// equilibrium of matching pennies: the regret of the last 500 of 3000 episodes is far below that
// of the first 500. Fixed streams; reruns are bit-identical.
TEST(DpNashViGameAgentTest, ScaledNonPrivateSelfPlayLearnsMatchingPennies) {
  const MarkovGame game = MakeMatchingPennies(3).value();
  DpNashViOptions options;
  options.privatizer = DpNashViPrivatizer::kNone;
  options.num_episodes = 3000;
  options.gap_constant = 0.03;
  options.bonus_constant = 0.1;
  auto run = [&] {
    std::unique_ptr<DpNashViGameAgent> agent = MakeAgent(game, options);
    return RunGameEpisodes(game, *agent, 3000, TestStream(25, TestPurpose::kEnvironment),
                           TestStream(26, TestPurpose::kPolicy))
        .value();
  };
  const std::vector<double> regrets = run();
  EXPECT_EQ(regrets, run());
  double first = 0.0, last = 0.0;
  for (int k = 0; k < 500; ++k) {
    EXPECT_GE(regrets[k], -1e-9);
    first += regrets[k];
    last += regrets[2500 + k];
  }
  EXPECT_LT(last, 0.2 * first) << "first 500: " << first << ", last 500: " << last;
}

TEST(DpNashViGameAgentTest, RefusesBadInputByName) {
  const MarkovGame game = SmallGame();
  DpNashViOptions options;
  options.privacy_epsilon = -1.0;
  EXPECT_THAT(DpNashViGameAgent::Create(game, options, TestStream(1, TestPurpose::kPrivacyNoise)),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("privacy_epsilon")));
  std::unique_ptr<DpNashViGameAgent> agent = MakeAgent(game, DpNashViOptions());
  ASSERT_THAT(agent->BeginEpisode(), IsOk());
  EXPECT_THAT(agent->Observe(0, 0, 2, 0, 0),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("a must be in [0, 2)")));
  EXPECT_THAT(agent->Observe(0, 0, 0, 0, 5),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("next_state")));
}

}  // namespace
}  // namespace dprl
