#include "envs/markov_game.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <vector>

#include "envs/markov_game_values.h"
#include "envs/random_mdp.h"
#include "envs/testing/tabular_mdp_conformance.h"
#include "envs/value_iteration.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::DoubleNear;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

MarkovGame RandomGame(int S, int A, int B, int H, uint64_t seed = 3) {
  RandomMarkovGameOptions options;
  options.num_states = S;
  options.num_max_actions = A;
  options.num_min_actions = B;
  options.horizon = H;
  RandomStream generation = TestStream(seed, TestPurpose::kEnvGeneration);
  return MakeRandomMarkovGame(options, generation).value();
}

std::vector<double> Uniform(int rows, int width) {
  return std::vector<double>(static_cast<size_t>(rows) * width, 1.0 / width);
}

TEST(MarkovGameTest, GamesConformAsJointActionMdps) {
  const MarkovGame random = RandomGame(3, 2, 3, 4);
  EXPECT_EQ(random.joint().num_actions(), 6);
  EXPECT_EQ(random.joint().initial_distribution(), (std::vector<double>{1.0, 0.0, 0.0}));
  testing::ExpectTabularMdpConforms(random.joint());
  testing::ExpectTabularMdpConforms(MakeMatchingPennies(3).value().joint());
}

// The generator draws exactly what the random Dirichlet MDP over the A B joint actions draws.
TEST(MarkovGameTest, RandomGameIsTheDirichletMdpOverJointActions) {
  const MarkovGame game = RandomGame(3, 2, 2, 2, 9);
  RandomMdpOptions mdp;
  mdp.num_states = 3;
  mdp.num_actions = 4;
  mdp.horizon = 2;
  RandomStream generation = TestStream(9, TestPurpose::kEnvGeneration);
  const TabularMdp drawn = MakeRandomDirichletMdp(mdp, generation).value();
  EXPECT_EQ(game.joint().transitions(), drawn.transitions());
  EXPECT_EQ(game.joint().mean_rewards(), drawn.mean_rewards());
  EXPECT_EQ(game.joint().reward_model(), RewardModel::kDeterministic);
}

TEST(MarkovGameTest, TwoByTwoMatrixGameClosedForm) {
  // [[2, -1], [-1, 1]]: no saddle point; value (ad - bc)/(a - b - c + d) = 1/5, mu = (2/5, 3/5),
  // nu = (2/5, 3/5).
  const MatrixGameSolution solution = SolveZeroSumMatrixGame({2, -1, -1, 1}, 2, 2).value();
  EXPECT_NEAR(solution.value, 0.2, 1e-12);
  EXPECT_THAT(solution.max_strategy, ElementsAre(DoubleNear(0.4, 1e-12), DoubleNear(0.6, 1e-12)));
  EXPECT_THAT(solution.min_strategy, ElementsAre(DoubleNear(0.4, 1e-12), DoubleNear(0.6, 1e-12)));
  // A saddle point: [[3, 1], [4, 2]] has value 2 at (row 1, column 1).
  EXPECT_NEAR(SolveZeroSumMatrixGame({3, 1, 4, 2}, 2, 2).value().value, 2.0, 1e-12);
  EXPECT_THAT(SolveZeroSumMatrixGame({1, 2, 3}, 2, 2),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("payoffs")));
}

TEST(MarkovGameTest, MatchingPenniesHasItsClosedFormNash) {
  const int H = 5;
  const MarkovGame game = MakeMatchingPennies(H).value();
  const MarkovGameNash nash = SolveMarkovGameNash(game).value();
  for (int h = 0; h <= H; ++h) EXPECT_NEAR(nash.values[h], (H - h) / 2.0, 1e-12) << h;
  EXPECT_NEAR(nash.initial_value, H / 2.0, 1e-12);
  for (const double p : nash.max_strategy) EXPECT_NEAR(p, 0.5, 1e-12);
  // Uniform against uniform is the equilibrium: no best response gains.
  const BestResponseValues equilibrium = EvaluateBestResponses(game, Uniform(H, 2), Uniform(H, 2));
  EXPECT_NEAR(equilibrium.max_best_response, H / 2.0, 1e-12);
  EXPECT_NEAR(equilibrium.gap(), 0.0, 1e-12);
  // The max-player always playing 0: the min-player answers 1 and wins every step.
  std::vector<double> always_zero(2 * H, 0.0);
  for (int h = 0; h < H; ++h) always_zero[2 * h] = 1.0;
  const BestResponseValues exploited = EvaluateBestResponses(game, always_zero, Uniform(H, 2));
  EXPECT_NEAR(exploited.min_best_response, 0.0, 1e-12);
  EXPECT_NEAR(exploited.max_best_response, H / 2.0, 1e-12);
  EXPECT_NEAR(exploited.gap(), H / 2.0, 1e-12);
}

TEST(MarkovGameTest, NashStrategiesHaveNoGapAndOthersBracketTheValue) {
  const MarkovGame game = RandomGame(4, 3, 2, 3);
  const MarkovGameNash nash = SolveMarkovGameNash(game).value();
  const BestResponseValues at_nash =
      EvaluateBestResponses(game, nash.max_strategy, nash.min_strategy);
  EXPECT_NEAR(at_nash.max_best_response, nash.initial_value, 1e-9);
  EXPECT_NEAR(at_nash.min_best_response, nash.initial_value, 1e-9);
  const BestResponseValues uniform = EvaluateBestResponses(game, Uniform(12, 3), Uniform(12, 2));
  EXPECT_GE(uniform.max_best_response, nash.initial_value - 1e-9);
  EXPECT_LE(uniform.min_best_response, nash.initial_value + 1e-9);
}

// With B = 1 the game is an MDP: the max-player's best response is V*, the min-player's is V^mu.
TEST(MarkovGameTest, OnePlayerGapIsTheMdpRegret) {
  const MarkovGame game = RandomGame(4, 3, 1, 5);
  const OptimalSolution optimal = SolveOptimal(game.joint());
  const std::vector<double> mu = Uniform(20, 3);
  const BestResponseValues values = EvaluateBestResponses(game, mu, Uniform(20, 1));
  EXPECT_NEAR(values.max_best_response, optimal.initial_value, 1e-12);
  EXPECT_NEAR(values.min_best_response, EvaluatePolicy(game.joint(), mu), 1e-12);
  EXPECT_NEAR(SolveMarkovGameNash(game).value().initial_value, optimal.initial_value, 1e-9);
}

TEST(MarkovGameTest, RefusesBadInputByName) {
  RandomMarkovGameOptions options;
  options.num_min_actions = 0;
  RandomStream generation = TestStream(1, TestPurpose::kEnvGeneration);
  EXPECT_THAT(MakeRandomMarkovGame(options, generation),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_min_actions")));
  EXPECT_THAT(MakeMatchingPennies(0),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("horizon")));
  const MarkovGame game = MakeMatchingPennies(2).value();
  EXPECT_THAT(MarkovGame::Create(game.joint(), 3, 2),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_max_actions")));
}

}  // namespace
}  // namespace dprl
