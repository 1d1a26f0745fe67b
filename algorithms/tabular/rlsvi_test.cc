#include "algorithms/tabular/rlsvi.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "algorithms/tabular/episode_loop.h"
#include "envs/tabular_mdp.h"
#include "envs/value_iteration.h"
#include "random/random_stream.h"
#include "testing/random_streams.h"
#include "testing/statistics_for_tests.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

RandomStream Noise(uint64_t seed) { return TestStream(seed, TestPurpose::kPrivacyNoise); }

std::unique_ptr<RlsviAgent> MakeAgent(const TabularShape& shape, uint64_t seed) {
  return RlsviAgent::Create(shape, RlsviOptions(), Noise(seed)).value();
}

// Hand-solvable MDP, S = A = H = 2 (code steps h = 0, 1). At h = 0 every reward is 0; in state 0
// action 0 stays and action 1 moves to state 1; in state 1 action 0 stays and action 1 moves to
// state 0. At h = 1 the mean rewards are r(0, .) = (0.2, 0.1), r(1, .) = (0.9, 0.5) (transitions
// there do not matter). So V*_1 = (0.2, 0.9), V*_0 = (0.9, 0.9): go to (or stay in) state 1,
// then play action 0. The wrong first action from state 0 costs 0.7.
TabularMdp TwoStepMdp(std::vector<double> initial_distribution) {
  const int S = 2, A = 2, H = 2;
  std::vector<double> transitions(H * S * A * S, 0.0), rewards(H * S * A, 0.0);
  auto row = [&](int h, int s, int a) { return ((h * S + s) * A + a) * S; };
  transitions[row(0, 0, 0) + 0] = 1.0;
  transitions[row(0, 0, 1) + 1] = 1.0;
  transitions[row(0, 1, 0) + 1] = 1.0;
  transitions[row(0, 1, 1) + 0] = 1.0;
  for (int s = 0; s < S; ++s) {
    for (int a = 0; a < A; ++a) transitions[row(1, s, a) + s] = 1.0;
  }
  rewards[(1 * S + 0) * A + 0] = 0.2;
  rewards[(1 * S + 0) * A + 1] = 0.1;
  rewards[(1 * S + 1) * A + 0] = 0.9;
  rewards[(1 * S + 1) * A + 1] = 0.5;
  return TabularMdp::Create("two_step", S, A, H, transitions, rewards, initial_distribution)
      .value();
}

constexpr TabularShape kTwoStepShape{2, 2, 2};

TEST(RlsviOptionsTest, DefaultsAreValid) { EXPECT_THAT(RlsviOptions().Validate(), IsOk()); }

TEST(RlsviOptionsTest, RejectsBetaScaleZero) {
  RlsviOptions options;
  options.beta_scale = 0.0;
  EXPECT_THAT(options.Validate(), StatusIs(absl::StatusCode::kInvalidArgument,
                                           HasSubstr("beta_scale must be finite and > 0, got 0")));
}

TEST(RlsviOptionsTest, RejectsBetaScaleNegative) {
  RlsviOptions options;
  options.beta_scale = -2.5;
  EXPECT_THAT(options.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("beta_scale must be finite and > 0, got -2.5")));
}

TEST(RlsviOptionsTest, RejectsBetaScaleNaN) {
  RlsviOptions options;
  options.beta_scale = std::nan("");
  EXPECT_THAT(options.Validate(), StatusIs(absl::StatusCode::kInvalidArgument,
                                           AllOf(HasSubstr("beta_scale"), HasSubstr("nan"))));
}

TEST(RlsviOptionsTest, RejectsBetaScaleInfinite) {
  for (double value :
       {std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()}) {
    RlsviOptions options;
    options.beta_scale = value;
    EXPECT_THAT(options.Validate(), StatusIs(absl::StatusCode::kInvalidArgument,
                                             AllOf(HasSubstr("beta_scale"), HasSubstr("inf"))))
        << value;
  }
}

TEST(RlsviAgentTest, CreateRejectsBadShapeAndOptions) {
  RlsviOptions options;
  EXPECT_THAT(RlsviAgent::Create({0, 2, 3}, options, Noise(1)),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_states")));
  EXPECT_THAT(RlsviAgent::Create({2, -1, 3}, options, Noise(1)),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_actions")));
  EXPECT_THAT(RlsviAgent::Create({2, 2, 0}, options, Noise(1)),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("horizon")));
  options.beta_scale = -1.0;
  EXPECT_THAT(RlsviAgent::Create({2, 2, 2}, options, Noise(1)),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("beta_scale")));
}

// beta_k = (1/2) S H^3 ln(2HSAk), natural log: S = 6, A = 2, H = 5, k = 7 gives
// 0.5 * 6 * 125 * ln(840).
TEST(RlsviBetaTest, FollowsAlgorithm1InputLine) {
  const TabularShape shape{6, 2, 5};
  RlsviOptions options;
  EXPECT_NEAR(RlsviBeta(shape, options, 7), 375.0 * std::log(840.0), 1e-12 * 375 * 7);
  EXPECT_NEAR(RlsviBeta(shape, options, 1), 375.0 * std::log(120.0), 1e-12 * 375 * 5);
  options.beta_scale = 0.25;
  EXPECT_NEAR(RlsviBeta(shape, options, 7), 0.25 * 375.0 * std::log(840.0), 1e-12 * 375 * 7);
}

// No data: R^ = P^ = 0 (Eq. 1), so Q~ = w exactly, at every step (V~_{h+1} does not enter).
TEST(RlsviAgentTest, WithoutDataQIsExactlyTheNoise) {
  const TabularShape shape{4, 3, 3};
  auto agent = MakeAgent(shape, 1);
  agent->BeginEpisode();
  EXPECT_EQ(agent->beta(), RlsviBeta(shape, RlsviOptions(), 1));
  EXPECT_EQ(agent->plan().optimistic_q(), agent->perturbations());
  const std::vector<double>& values = agent->plan().optimistic_values();
  for (int s = 0; s < shape.num_states; ++s) EXPECT_EQ(values[shape.horizon * 4 + s], 0.0);
}

// Algorithm 1, lines 5-15, written out from the paper on the agent's counts and noise:
// R^ = R / N, P^(s') = N(s') / N, both 0 at N = 0; V~_{H+1} = 0; no clipping.
std::vector<double> ReferenceQ(const RlsviAgent& agent) {
  const TabularShape shape = agent.shape();
  const int S = shape.num_states, A = shape.num_actions, H = shape.horizon;
  const EmpiricalCounts& counts = agent.counts();
  std::vector<double> q(shape.StateActionSteps()), v((H + 1) * S, 0.0);
  for (int h = H - 1; h >= 0; --h) {
    for (int s = 0; s < S; ++s) {
      double best = -std::numeric_limits<double>::infinity();
      for (int a = 0; a < A; ++a) {
        const int64_t i = shape.Index(h, s, a);
        const double n = counts.visit_counts()[i];
        const double r_hat = n > 0 ? counts.reward_sums()[i] / n : 0.0;
        double next = 0.0;
        for (int k = 0; k < S; ++k) {
          const double p_hat = n > 0 ? counts.transition_counts()[i * S + k] / n : 0.0;
          next += p_hat * v[(h + 1) * S + k];
        }
        q[i] = r_hat + next + agent.perturbations()[i];
        best = std::max(best, q[i]);
      }
      v[h * S + s] = best;
    }
  }
  return q;
}

TEST(RlsviAgentTest, PlanIsAlgorithm1OnCountsAndNoise) {
  const TabularMdp mdp = TwoStepMdp({1.0, 0.0});
  auto agent = MakeAgent(kTwoStepShape, 2);
  ASSERT_THAT(RunEpisodes(mdp, *agent, 300, TestStream(3, TestPurpose::kEnvironment),
                          TestStream(4, TestPurpose::kPolicy)),
              IsOk());
  agent->BeginEpisode();
  EXPECT_EQ(agent->beta(), RlsviBeta(kTwoStepShape, RlsviOptions(), 301));
  const std::vector<double> reference = ReferenceQ(*agent);
  const std::vector<double>& q = agent->plan().optimistic_q();
  int unvisited = 0, visited = 0;
  for (int64_t i = 0; i < kTwoStepShape.StateActionSteps(); ++i) {
    EXPECT_NEAR(q[i], reference[i], 1e-12 * (1.0 + std::fabs(reference[i]))) << i;
    if (agent->counts().visit_counts()[i] == 0) {
      ++unvisited;
      EXPECT_EQ(q[i], agent->perturbations()[i]) << i;  // R^ = P^ = 0 at N = 0
    } else {
      ++visited;
    }
  }
  EXPECT_GT(unvisited, 0);  // state 1 at h = 0 is never an initial state here
  EXPECT_GT(visited, 0);
}

// pi^k is one-hot on argmax_a Q~ (ties have probability 0 here), V~_h(s) = max_a Q~, and Act plays
// that action.
TEST(RlsviAgentTest, PolicyIsGreedyWithRespectToPerturbedQ) {
  const TabularShape shape{5, 4, 3};
  auto agent = MakeAgent(shape, 5);
  RandomStream policy = TestStream(6, TestPurpose::kPolicy);
  for (int episode = 0; episode < 20; ++episode) {
    agent->BeginEpisode();
    const std::vector<double>& q = agent->plan().optimistic_q();
    for (int h = 0; h < shape.horizon; ++h) {
      for (int s = 0; s < shape.num_states; ++s) {
        const double* row = q.data() + shape.Index(h, s, 0);
        const int best = static_cast<int>(std::max_element(row, row + shape.num_actions) - row);
        EXPECT_EQ(agent->plan().optimistic_values()[h * shape.num_states + s], row[best]);
        for (int a = 0; a < shape.num_actions; ++a) {
          EXPECT_EQ(agent->action_probabilities()[shape.Index(h, s, a)], a == best ? 1.0 : 0.0);
        }
        EXPECT_EQ(agent->Act(h, s, policy), best);
      }
    }
    // Some data so that later plans mix counts and noise.
    for (int h = 0; h < shape.horizon; ++h) {
      ASSERT_THAT(agent->Observe(h, episode % 5, 1, 0.5, h % 5), IsOk());
    }
    agent->EndEpisode();
  }
}

TEST(RlsviAgentTest, SameStreamSameDataGivesSamePlanAndRegret) {
  const TabularMdp mdp = TwoStepMdp({0.5, 0.5});
  auto run = [&](uint64_t noise_seed) {
    auto agent = MakeAgent(kTwoStepShape, noise_seed);
    std::vector<double> regret;
    EXPECT_TRUE(RunEpisodes(mdp, *agent, 500, TestStream(7, TestPurpose::kEnvironment),
                            TestStream(8, TestPurpose::kPolicy), {}, {},
                            [&](double value) { regret.push_back(value); })
                    .ok());
    return regret;
  };
  EXPECT_EQ(run(9), run(9));
  EXPECT_NE(run(9), run(10));

  // BeginEpisode twice in one episode redraws the same w^k: the noise is a function of (stream, k).
  auto agent = MakeAgent(kTwoStepShape, 9);
  agent->BeginEpisode();
  const std::vector<double> first = agent->plan().optimistic_q();
  agent->BeginEpisode();
  EXPECT_EQ(agent->plan().optimistic_q(), first);
}

TEST(RlsviAgentTest, DifferentStreamsAndEpisodesGiveDifferentNoise) {
  const TabularShape shape{3, 2, 4};
  auto a = MakeAgent(shape, 11);
  auto b = MakeAgent(shape, 12);
  a->BeginEpisode();
  b->BeginEpisode();
  const std::vector<double> a_first = a->perturbations();
  for (size_t i = 0; i < a_first.size(); ++i) EXPECT_NE(a_first[i], b->perturbations()[i]) << i;
  a->EndEpisode();
  a->BeginEpisode();  // episode 2, same (empty) data: fresh noise
  for (size_t i = 0; i < a_first.size(); ++i) EXPECT_NE(a_first[i], a->perturbations()[i]) << i;
}

// The structure Lemma 11 rests on: with the same noise stream, two histories that differ only in
// the rewards of one trajectory (Remark 2) give the same counts N, N(s') and the same w; at the
// last step Q~ differs only through R^, by at most 1/N (the sensitivity of Lemma 11's proof).
TEST(RlsviAgentTest, NeighbouringRewardHistoriesMoveLastStepQByAtMostOneOverN) {
  const TabularShape shape{3, 2, 3};
  auto agent = MakeAgent(shape, 14);
  auto neighbour = MakeAgent(shape, 14);
  RandomStream data = TestStream(15, TestPurpose::kTest);
  constexpr int kEpisodes = 40, kChangedEpisode = 17;
  for (int episode = 0; episode < kEpisodes; ++episode) {
    agent->BeginEpisode();
    neighbour->BeginEpisode();
    for (int h = 0; h < shape.horizon; ++h) {
      const int s = static_cast<int>(data.UniformInt(3)), a = static_cast<int>(data.UniformInt(2));
      const int next = static_cast<int>(data.UniformInt(3));
      const double reward = data.NextOpenUniform();
      ASSERT_THAT(agent->Observe(h, s, a, reward, next), IsOk());
      ASSERT_THAT(
          neighbour->Observe(h, s, a, episode == kChangedEpisode ? 1.0 - reward : reward, next),
          IsOk());
    }
    agent->EndEpisode();
    neighbour->EndEpisode();
  }
  agent->BeginEpisode();
  neighbour->BeginEpisode();
  EXPECT_EQ(agent->perturbations(), neighbour->perturbations());
  EXPECT_EQ(agent->counts().visit_counts(), neighbour->counts().visit_counts());
  EXPECT_EQ(agent->counts().transition_counts(), neighbour->counts().transition_counts());
  int changed = 0;
  const int h = shape.horizon - 1;
  for (int s = 0; s < shape.num_states; ++s) {
    for (int a = 0; a < shape.num_actions; ++a) {
      const int64_t i = shape.Index(h, s, a);
      const double n = agent->counts().visit_counts()[i];
      const double gap =
          std::fabs(agent->plan().optimistic_q()[i] - neighbour->plan().optimistic_q()[i]);
      if (n == 0) {
        EXPECT_EQ(gap, 0.0);
      } else {
        EXPECT_LE(gap, 1.0 / n + 1e-12) << "s " << s << " a " << a;
      }
      changed += gap > 0;
    }
  }
  EXPECT_EQ(changed, 1);  // the one (s, a) the changed trajectory visited at the last step
}

// Statistical test of w_h^k(s,a) ~ N(0, beta_k / (N + 1)), with beta_k computed here from the
// specification (not read from the agent). H = 1 and zero rewards make Q~ = w exactly. Triples
// get N in {0, 1, 4, 25} (by index mod 4) through real episodes; then 500 episodes without data
// each give one draw per triple. Per class, z = w / sqrt(beta_k / (N + 1)) should be iid N(0,1):
// sum z^2 ~ chi2(n) and sum z ~ N(0, n), n = 50 triples * 500 episodes = 25000.
// False-failure probability: 1e-6 for the whole test, Bonferroni over 4 classes x 4 tails (chi2
// upper and lower, mean upper and lower), 1e-6 / 16 per tail. The chi2 band is about +-4.7% of n,
// so a variance off by 5% or more (N instead of N + 1, log2 instead of ln, ...) fails.
TEST(RlsviStatisticalTest, NoiseVarianceIsBetaOverCountPlusOne) {
  const TabularShape shape{50, 4, 1};
  const std::vector<int> class_counts = {0, 1, 4, 25};
  constexpr int kMeasureEpisodes = 500;
  constexpr double kTestFailureProbability = 1e-6;
  const double tail = kTestFailureProbability / 16.0;

  auto agent = MakeAgent(shape, 13);
  for (int s = 0; s < shape.num_states; ++s) {
    for (int a = 0; a < shape.num_actions; ++a) {
      for (int n = 0; n < class_counts[shape.Index(0, s, a) % 4]; ++n) {
        agent->BeginEpisode();
        ASSERT_THAT(agent->Observe(0, s, a, 0.0, s), IsOk());
        agent->EndEpisode();
      }
    }
  }
  std::vector<double> sum_sq(4, 0.0), sum(4, 0.0);
  std::vector<int64_t> samples(4, 0);
  for (int m = 0; m < kMeasureEpisodes; ++m) {
    agent->BeginEpisode();
    const int64_t k = agent->episodes_done() + 1;
    const double beta = 0.5 * shape.num_states * std::log(2.0 * shape.num_states * 4 * k);
    for (int64_t i = 0; i < shape.StateActionSteps(); ++i) {
      const int c = static_cast<int>(i % 4);
      ASSERT_EQ(agent->counts().visit_counts()[i], class_counts[c]);
      const double z = agent->plan().optimistic_q()[i] / std::sqrt(beta / (class_counts[c] + 1));
      sum_sq[c] += z * z;
      sum[c] += z;
      ++samples[c];
    }
    agent->EndEpisode();
  }
  for (int c = 0; c < 4; ++c) {
    const double n = static_cast<double>(samples[c]);
    EXPECT_LT(sum_sq[c], ChiSquareUpperQuantile(n, tail)) << "N = " << class_counts[c];
    EXPECT_GT(sum_sq[c], ChiSquareUpperQuantile(n, 1.0 - tail)) << "N = " << class_counts[c];
    EXPECT_LT(std::fabs(sum[c]) / std::sqrt(n), NormalUpperQuantile(tail))
        << "N = " << class_counts[c];
  }
}

// RLSVI learns the two-step MDP: per-episode regret (exact policy evaluation) goes to 0. beta_k is
// large (8 ln(16k): 80 at k = 2e4), so the noise std at a count N is ~sqrt(80 / N) and it takes
// ~1e5 episodes before the 0.7 gap dominates; the mean regret over episodes (K/2, K] roughly halves
// with every doubling of K (observed with these seeds: 0.34 over the first 1000 episodes, then
// 0.26, 0.19, 0.14, 0.084, 0.048, 0.026, 0.015, 0.0087/0.0095 in the windows up to K = 2^18).
// Fixed seeds make this deterministic; the thresholds leave a factor >= 2 of margin.
// Run both with the paper's fixed initial state s_1 = 0 and with s_1 ~ uniform.
void ExpectLearns(const std::vector<double>& initial_distribution, uint64_t seed) {
  const TabularMdp mdp = TwoStepMdp(initial_distribution);
  ASSERT_NEAR(SolveOptimal(mdp).initial_value, 0.9, 1e-15);  // the hand solution above
  constexpr int64_t kEpisodes = int64_t{1} << 18;
  auto agent = MakeAgent(kTwoStepShape, seed);
  std::vector<double> regret;
  ASSERT_TRUE(RunEpisodes(mdp, *agent, kEpisodes, TestStream(seed, TestPurpose::kEnvironment),
                          TestStream(seed, TestPurpose::kPolicy), {}, {},
                          [&](double value) { regret.push_back(value); })
                  .ok());
  auto mean = [&](int64_t begin, int64_t end) {
    return std::accumulate(regret.begin() + begin, regret.begin() + end, 0.0) / (end - begin);
  };
  const double early = mean(0, 1024);
  EXPECT_GT(early, 0.2);  // beta_1 = 8 ln 16: early play is nearly random
  double previous = early;
  for (int64_t end = 2048; end <= kEpisodes; end *= 2) {
    const double window = mean(end / 2, end);
    EXPECT_LT(window, previous) << "episodes (" << end / 2 << ", " << end << "]";
    previous = window;
  }
  EXPECT_LT(previous, 0.02);  // last window: (K/2, K]
  EXPECT_LT(previous, early / 15);
}

TEST(RlsviLearningTest, RegretVanishesFromFixedInitialState) { ExpectLearns({1.0, 0.0}, 21); }
TEST(RlsviLearningTest, RegretVanishesFromRandomInitialState) { ExpectLearns({0.5, 0.5}, 22); }

}  // namespace
}  // namespace dprl
