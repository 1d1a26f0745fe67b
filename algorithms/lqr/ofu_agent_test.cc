#include "algorithms/lqr/ofu_agent.h"

#include <glog/logging.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "absl/status/status.h"
#include "algorithms/lqr/lq_episode_loop.h"
#include "algorithms/lqr/private_certainty_equivalence.h"
#include "envs/lq_system.h"
#include "testing/random_streams.h"
#include "testing/statistics_for_tests.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

constexpr uint64_t kSeed = 21;  // master seed of every stream of this file

// The option combinations these tests run, named as the LQ agents registry of the experiments
// names its presets (schema/lq_agent_presets.cc).
struct Structure {
  const char* name;
  LqCalibration calibration;
  LqPlanner planner;
  LqModel model = LqModel::kShrunk;
  double dither_scale = 0.0;
};
const Structure kOfu{"ofu_rl", LqCalibration::kNone, LqPlanner::kOfuStep};
const Structure kPrivateOfu{"private_ofu_rl", LqCalibration::kPaper, LqPlanner::kOfuStep};
const Structure kPrivateOfuTight{"private_ofu_rl_tight", LqCalibration::kTight,
                                 LqPlanner::kOfuStep};
const Structure kPrivateCe{"private_ce", LqCalibration::kPaper, LqPlanner::kCertaintyEquivalence};
const Structure kPrivateCeRidge{"private_ce_ridge", LqCalibration::kPaper,
                                LqPlanner::kCertaintyEquivalence, LqModel::kRidge};
const Structure kPrivateCeDither{"private_ce_dither", LqCalibration::kPaper,
                                 LqPlanner::kCertaintyEquivalence, LqModel::kRidge, 0.1};

void SetStructure(const Structure& kind, LqAgentOptions& o) {
  o.calibration = kind.calibration;
  o.planner = kind.planner;
  o.model = kind.model;
  o.dither_scale = kind.dither_scale;
}

LqAgentOptions OptionsFor(const LqSystem& s, const Structure& kind, int64_t episodes) {
  LqAgentOptions o;
  SetStructure(kind, o);
  SetLqSystemOptions(s, episodes, o);
  o.privacy.privacy_epsilon = 1.0;
  o.privacy.target_delta = 1e-5;
  return o;
}

LqRunResult RunAgent(const LqSystem& s, const LqAgentOptions& o, uint64_t seed) {
  absl::StatusOr<LqAgent> agent = LqAgent::Create(
      o, s.q(), s.r(), s.NoiseCovariance(), TestStream(kSeed, TestPurpose::kPrivacyNoise, seed),
      TestStream(kSeed, TestPurpose::kPolicy, seed));
  CHECK(agent.ok()) << agent.status();
  return RunLqEpisodes(s, *agent, TestStream(kSeed, TestPurpose::kEnvironment, seed));
}

TEST(LqAgentTest, AllKindsRunWithNonNegativeFiniteRegretAndFeasibleModels) {
  absl::StatusOr<LqSystem> s = MakeNamedLqSystem("chain_n2", 5);
  ASSERT_THAT(s, IsOk());
  for (const Structure& kind : {kOfu, kPrivateOfu, kPrivateCe}) {
    SCOPED_TRACE(kind.name);
    const LqAgentOptions o = OptionsFor(*s, kind, 20);
    absl::StatusOr<LqAgent> agent = LqAgent::Create(
        o, s->q(), s->r(), s->NoiseCovariance(), TestStream(kSeed, TestPurpose::kPrivacyNoise, 1),
        TestStream(kSeed, TestPurpose::kPolicy, 1));
    ASSERT_THAT(agent, IsOk());
    RandomStream env = TestStream(kSeed, TestPurpose::kEnvironment, 1);
    for (int k = 0; k < 20; ++k) {
      const std::vector<Eigen::MatrixXd> gains = agent->BeginEpisode(s->initial_state());
      ASSERT_EQ(static_cast<int>(gains.size()), 5);
      const LqEpisodeDiagnostics& diag = agent->last_episode();
      EXPECT_LE(diag.theta_tilde.norm(), 1.0 + 1e-9);
      if (kind.planner == LqPlanner::kOfuStep && diag.intersection_found) {
        EXPECT_LE(VNorm(diag.theta_tilde - diag.theta_hat, diag.v), diag.beta * (1.0 + 1e-9));
      }
      EXPECT_GT(diag.beta, 0.0);
      std::vector<Eigen::VectorXd> states{s->initial_state()}, controls;
      for (int h = 0; h < 5; ++h) {
        ASSERT_TRUE(gains[h].allFinite());
        controls.push_back(agent->Control(h, states.back()));
        states.push_back(s->Step(states.back(), controls.back(), env));
      }
      agent->EndEpisode(states, controls);
    }
    const LqRunResult run = RunAgent(*s, o, 2);
    ASSERT_EQ(run.per_episode_regret.size(), 20u);
    for (double r : run.per_episode_regret) {
      EXPECT_TRUE(std::isfinite(r));
      EXPECT_GE(r, -1e-9);
    }
  }
}

TEST(LqAgentTest, DeterministicGivenStreams) {
  absl::StatusOr<LqSystem> s = MakeNamedLqSystem("rotation_n2", 4);
  ASSERT_THAT(s, IsOk());
  for (const Structure& kind : {kOfu, kPrivateOfu, kPrivateCe}) {
    const LqAgentOptions o = OptionsFor(*s, kind, 12);
    EXPECT_EQ(RunAgent(*s, o, 5).per_episode_regret, RunAgent(*s, o, 5).per_episode_regret)
        << kind.name;
  }
}

// Non-private OFU-RL learns: the mean regret of the last 50 of 200 episodes is below that of the
// first 50 (deterministic given the fixed streams).
TEST(LqAgentTest, OfuRlRegretDecreases) {
  absl::StatusOr<LqSystem> s = MakeNamedLqSystem("rotation_n2", 5);
  ASSERT_THAT(s, IsOk());
  const LqRunResult run = RunAgent(*s, OptionsFor(*s, kOfu, 200), 3);
  const auto& r = run.per_episode_regret;
  const double first = std::accumulate(r.begin(), r.begin() + 50, 0.0) / 50;
  const double last = std::accumulate(r.end() - 50, r.end(), 0.0) / 50;
  EXPECT_LT(last, first);
  EXPECT_EQ(run.empty_intersections, 0);
}

// What the system is driven with and what the counters count must be the same transition
// (Lemma 1's confidence set is about the generated data). With gamma well below the gains that a
// learning agent reaches (agent gamma 0.02 < chain_n2's 0.44, so Assumption 1(e) still holds),
// the private agents' controls are clipped, and the counted input must still equal the applied
// one: applying K_h x unclipped while counting clip(K_h x) makes counter_input_clipped_steps > 0.
constexpr double kGamma = 0.02;  // the agents' clip level in the two tests below

// A 30-episode run at eps = 1e6 with the agent's gamma = kGamma: some control must be clipped (else
// the case does not exercise clipping) and every counted input must be the applied one. Returns
// an agent with the same options and streams, for a run by hand.
absl::StatusOr<LqAgent> ExpectClippedRunCountsAppliedControls(const LqSystem& s,
                                                              LqAgentOptions& o) {
  o.privacy.control_bound = kGamma;
  o.privacy.privacy_epsilon = 1e6;
  const LqRunResult run = RunAgent(s, o, 4);
  EXPECT_GT(std::accumulate(run.clipped_steps.begin(), run.clipped_steps.end(), 0.0), 0.0)
      << "no control was clipped: the case does not exercise clipping";
  EXPECT_EQ(run.counter_input_clipped_steps, 0);
  return LqAgent::Create(o, s.q(), s.r(), s.NoiseCovariance(),
                         TestStream(kSeed, TestPurpose::kPrivacyNoise, 4),
                         TestStream(kSeed, TestPurpose::kPolicy, 4));
}

TEST(LqAgentTest, PrivateAgentsApplyTheControlTheyCount) {
  absl::StatusOr<LqSystem> s = MakeNamedLqSystem("chain_n2", 5);
  ASSERT_THAT(s, IsOk());
  for (const Structure& kind : {kPrivateOfu, kPrivateCe}) {
    SCOPED_TRACE(kind.name);
    LqAgentOptions o = OptionsFor(*s, kind, 30);
    // One episode by hand: Control() is clip_gamma(K_h x), and EndEpisode detects a caller that
    // passes a control different from what it counts.
    absl::StatusOr<LqAgent> agent = ExpectClippedRunCountsAppliedControls(*s, o);
    ASSERT_THAT(agent, IsOk());
    RandomStream env = TestStream(kSeed, TestPurpose::kEnvironment, 4);
    const Eigen::VectorXd big = Eigen::VectorXd::Constant(1, 10 * kGamma);
    for (int k = 0; k < 2; ++k) {
      const std::vector<Eigen::MatrixXd> gains = agent->BeginEpisode(s->initial_state());
      std::vector<Eigen::VectorXd> states{s->initial_state()}, applied, unclipped;
      for (int h = 0; h < 5; ++h) {
        const Eigen::VectorXd linear = gains[h] * states.back();
        const Eigen::VectorXd u = agent->Control(h, states.back());
        EXPECT_LE(u.norm(), kGamma * (1.0 + 1e-12));
        EXPECT_LT((u - linear * std::min(1.0, kGamma / linear.norm())).norm(), 1e-15);
        applied.push_back(u);
        unclipped.push_back(big);  // a control of norm > gamma, as an unclipped policy applies
        states.push_back(s->Step(states.back(), u, env));
      }
      agent->EndEpisode(states, k == 0 ? applied : unclipped);
      EXPECT_EQ(agent->last_episode().counter_input_clipped_steps, k == 0 ? 0 : 5);
    }
  }
}

// The realized regret (sampled cost of the applied states and controls minus J_1*) is an unbiased
// sample of the applied policy's regret. Private-OFU-RL at eps = 1 plays u = 0 in every one of
// these episodes (no A = 0 model leaves C_k within K = 4096 on chain_n2), so the episodes are iid
// and each episode's cost lies in [0, c], c = H (||Q|| + gamma^2 ||R||) (||x_h|| <= 1 and
// ||u_h|| <= gamma, Assumption 1). Hoeffding: the mean realized cost is within
// c HoeffdingHalfWidth(K, 1e-6) of the exact expected cost with probability >= 1 - 1e-6.
TEST(LqAgentTest, RealizedRegretIsAnUnbiasedSampleOfTheExactRegret) {
  absl::StatusOr<LqSystem> s = MakeNamedLqSystem("chain_n2", 5);
  ASSERT_THAT(s, IsOk());
  constexpr int64_t kEpisodes = 4096;
  const LqRunResult run = RunAgent(*s, OptionsFor(*s, kPrivateOfu, kEpisodes), 6);
  ASSERT_EQ(run.per_episode_realized_regret.size(), static_cast<size_t>(kEpisodes));
  ASSERT_EQ(run.zero_dynamics_episodes, kEpisodes);  // u = 0 throughout: one fixed policy
  const double exact = run.per_episode_regret[0];
  for (double r : run.per_episode_regret) ASSERT_EQ(r, exact);
  const double gamma = s->control_bound();
  const double cost_range =
      5.0 * (s->q().operatorNorm() + gamma * gamma * s->r().operatorNorm());
  const double mean_realized =
      std::accumulate(run.per_episode_realized_regret.begin(),
                      run.per_episode_realized_regret.end(), 0.0) / kEpisodes;
  EXPECT_NEAR(mean_realized, exact, cost_range * HoeffdingHalfWidth(kEpisodes, 1e-6))
      << "cost range " << cost_range;
  double clipped = 0.0;
  for (double c : run.clipped_steps) clipped += c;
  EXPECT_EQ(clipped, 0.0);
}

TEST(LqAgentTest, RejectsBadInput) {
  absl::StatusOr<LqSystem> s = MakeNamedLqSystem("chain_n2", 5);
  ASSERT_THAT(s, IsOk());
  LqAgentOptions o = OptionsFor(*s, kPrivateOfu, 10);
  auto error = [&](const LqAgentOptions& options, const Eigen::MatrixXd& q,
                   const Eigen::MatrixXd& r) {
    return LqAgent::Create(options, q, r, s->NoiseCovariance(),
                           TestStream(kSeed, TestPurpose::kPrivacyNoise, 0),
                           TestStream(kSeed, TestPurpose::kPolicy, 0))
        .status();
  };
  o.privacy.privacy_epsilon = 0.0;
  EXPECT_THAT(error(o, s->q(), s->r()),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("privacy_epsilon must be finite and > 0, got 0")));
  o = OptionsFor(*s, kPrivateOfu, 10);
  o.privacy.target_delta = 2.0;
  EXPECT_THAT(error(o, s->q(), s->r()),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("target_delta must be in (0, 1], got 2")));
  o = OptionsFor(*s, kOfu, 10);
  o.regularizer = -1.0;
  EXPECT_THAT(error(o, s->q(), s->r()),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("regularizer must be finite and in [1e-100, 1e+100], got -1")));
  o = OptionsFor(*s, kOfu, 10);
  EXPECT_THAT(error(o, -s->q(), s->r()), StatusIs(absl::StatusCode::kInvalidArgument,
                                                  HasSubstr("Q is not positive definite")));
  EXPECT_THAT(
      error(o, s->q(), Eigen::MatrixXd::Zero(1, 1)),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("R is not positive definite")));
}

// kPrivateOfuTight runs Alg. 1 with TightCalibration(privacy): its calibration is exactly that of
// the tight options, its counters the factorisation ones, and at a large eps (small Lambda) it
// leaves u = 0 where the paper's calibration does not.
TEST(LqAgentTest, TightVariantUsesTheTightCalibration) {
  absl::StatusOr<LqSystem> s = MakeNamedLqSystem("chain_n2", 5);
  ASSERT_THAT(s, IsOk());
  LqAgentOptions o = OptionsFor(*s, kPrivateOfuTight, 300);
  o.privacy.privacy_epsilon = 1000.0;  // predicted onset: tight 124, paper none within 300
  absl::StatusOr<LqAgent> agent = LqAgent::Create(o, s->q(), s->r(), s->NoiseCovariance(),
                                                  TestStream(kSeed, TestPurpose::kPrivacyNoise, 7),
                                                  TestStream(kSeed, TestPurpose::kPolicy, 7));
  ASSERT_THAT(agent, IsOk());
  EXPECT_EQ(agent->options().privacy.counter_mechanism,
            PrefixSumMechanism::kSquareRootFactorization);
  absl::StatusOr<PrivateOfuParams> tight = ComputePrivateOfuParams(TightCalibration(o.privacy));
  ASSERT_THAT(tight, IsOk());
  EXPECT_EQ(agent->private_params()->big_lambda, tight->big_lambda);
  EXPECT_EQ(agent->private_params()->nu, tight->nu);
  const LqRunResult tight_run = RunAgent(*s, o, 7);
  SetStructure(kPrivateOfu, o);
  const LqRunResult paper_run = RunAgent(*s, o, 7);
  EXPECT_EQ(tight_run.counter_input_clipped_steps, 0);
  EXPECT_GT(tight_run.onset_episode, 0) << "tight: never left u = 0 within K = 300";
  EXPECT_EQ(paper_run.onset_episode, 0) << "paper's calibration left u = 0 within K = 300";
}

// The ridge and dithered certainty-equivalence baselines (private_certainty_equivalence.h) apply
// the control they count, also when the clip acts (gamma 0.02, as above). The dithered control is
// clip_gamma(K_h x + sigma_k xi), so it differs from clip_gamma(K_h x) but never exceeds gamma.
TEST(LqAgentTest, CertaintyEquivalenceBaselinesApplyTheControlTheyCount) {
  absl::StatusOr<LqSystem> s = MakeNamedLqSystem("relay_n2", 5);
  ASSERT_THAT(s, IsOk());
  for (const Structure& kind : {kPrivateCeRidge, kPrivateCeDither}) {
    SCOPED_TRACE(kind.name);
    const bool dithered = kind.dither_scale > 0.0;
    LqAgentOptions o = OptionsFor(*s, kind, 30);
    absl::StatusOr<LqAgent> agent = ExpectClippedRunCountsAppliedControls(*s, o);
    ASSERT_THAT(agent, IsOk());
    RandomStream env = TestStream(kSeed, TestPurpose::kEnvironment, 4);
    int dithered_steps = 0;  // steps where the dither changed the applied control
    for (int k = 1; k <= 3; ++k) {
      const std::vector<Eigen::MatrixXd> gains = agent->BeginEpisode(s->initial_state());
      EXPECT_DOUBLE_EQ(agent->last_episode().dither_std,
                       dithered ? DitherStandardDeviation(0.1, kGamma, k) : 0.0);
      std::vector<Eigen::VectorXd> states{s->initial_state()}, applied;
      for (int h = 0; h < 5; ++h) {
        const Eigen::VectorXd linear = gains[h] * states.back();
        const Eigen::VectorXd u = agent->Control(h, states.back());
        EXPECT_LE(u.norm(), kGamma * (1.0 + 1e-12));
        const double off_clipped_gain = (u - linear * std::min(1.0, kGamma / linear.norm())).norm();
        if (dithered) {
          if (off_clipped_gain > 0.0) ++dithered_steps;
        } else {
          EXPECT_LT(off_clipped_gain, 1e-15);
        }
        applied.push_back(u);
        states.push_back(s->Step(states.back(), u, env));
      }
      agent->EndEpisode(states, applied);
      EXPECT_EQ(agent->last_episode().counter_input_clipped_steps, 0);
    }
    // (d = 1: a dithered control clipped to the same sign as K_h x equals the clipped K_h x.)
    if (dithered) {
      EXPECT_GT(dithered_steps, 0);
    }
  }
}

// The dither is N(0, sigma_k^2): at x = 0 the control is clip_gamma(sigma_k xi); with dither_scale
// 0.05 the clip would need |xi| > 20 (probability < 1e-88 over all draws). Per episode k in
// {1, 16}: N = 20000 draws, the mean within z sigma_k / sqrt(N) of 0 and (N - 1) s^2 / sigma_k^2
// within the chi-square(N - 1) quantiles; each of the 4 checks fails with probability 1e-6 when the
// dither is as specified (failure probability of the test 4e-6).
TEST(LqAgentTest, DitherIsGaussianWithTheScheduledVariance) {
  absl::StatusOr<LqSystem> s = MakeNamedLqSystem("relay_n2", 5);
  ASSERT_THAT(s, IsOk());
  LqAgentOptions o = OptionsFor(*s, kPrivateCeDither, 20);
  o.dither_scale = 0.05;
  absl::StatusOr<LqAgent> agent = LqAgent::Create(o, s->q(), s->r(), s->NoiseCovariance(),
                                                  TestStream(kSeed, TestPurpose::kPrivacyNoise, 7),
                                                  TestStream(kSeed, TestPurpose::kPolicy, 7));
  ASSERT_THAT(agent, IsOk());
  RandomStream env = TestStream(kSeed, TestPurpose::kEnvironment, 7);
  constexpr int kDraws = 20000;
  constexpr double kFailure = 1e-6;
  const Eigen::VectorXd origin = Eigen::VectorXd::Zero(2);
  for (int k = 1; k <= 16; ++k) {
    agent->BeginEpisode(s->initial_state());
    const double sigma = 0.05 * s->control_bound() * std::pow(k, -0.25);
    ASSERT_DOUBLE_EQ(agent->last_episode().dither_std, sigma);
    if (k == 1 || k == 16) {
      double sum = 0.0, sum_sq = 0.0;
      for (int i = 0; i < kDraws; ++i) {
        const double u = agent->Control(0, origin)(0);
        sum += u;
        sum_sq += u * u;
      }
      const double mean = sum / kDraws;
      // (N - 1) s^2 / sigma_k^2
      const double scaled_var = (sum_sq - kDraws * mean * mean) / (sigma * sigma);
      EXPECT_LE(std::abs(mean), NormalUpperQuantile(kFailure / 2) * sigma / std::sqrt(kDraws));
      EXPECT_LE(scaled_var, ChiSquareUpperQuantile(kDraws - 1, kFailure / 2));
      EXPECT_GE(scaled_var, ChiSquareUpperQuantile(kDraws - 1, 1.0 - kFailure / 2));
    }
    std::vector<Eigen::VectorXd> states{s->initial_state()}, controls;
    for (int h = 0; h < 5; ++h) {
      controls.push_back(agent->Control(h, states.back()));
      states.push_back(s->Step(states.back(), controls.back(), env));
    }
    agent->EndEpisode(states, controls);
  }
}

TEST(LqAgentTest, RejectsBadBaselineOptions) {
  absl::StatusOr<LqSystem> s = MakeNamedLqSystem("relay_n2", 5);
  ASSERT_THAT(s, IsOk());
  LqAgentOptions o = OptionsFor(*s, kPrivateCeRidge, 10);
  o.ce_ridge = 0.0;
  EXPECT_THAT(o.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("ce_ridge must be finite and in [1e-100, 1e+100], got 0")));
  o = OptionsFor(*s, kPrivateCeDither, 10);
  o.dither_scale = -0.5;
  EXPECT_THAT(o.Validate(), StatusIs(absl::StatusCode::kInvalidArgument,
                                     HasSubstr("dither_scale must be finite and in [0, 1000] (input noise at most 1000 times the control bound), got -0.5")));
}

// The options that do not combine, and the dither of a non-private agent (added, unclipped).
TEST(LqAgentTest, RejectsRidgeModelWithTheOfuStepAndDithersWithoutClippingWhenNonPrivate) {
  absl::StatusOr<LqSystem> s = MakeNamedLqSystem("relay_n2", 5);
  ASSERT_THAT(s, IsOk());
  LqAgentOptions o = OptionsFor(*s, kPrivateOfu, 10);
  o.model = LqModel::kRidge;
  EXPECT_THAT(o.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("model ridge needs planner certainty_equivalence, got planner "
                                 "ofu_step")));
  o = OptionsFor(*s, kOfu, 10);
  o.planner = LqPlanner::kCertaintyEquivalence;
  o.dither_scale = 0.5;
  o.privacy.control_bound = 0.02;
  absl::StatusOr<LqAgent> agent = LqAgent::Create(o, s->q(), s->r(), s->NoiseCovariance(),
                                                  TestStream(kSeed, TestPurpose::kPrivacyNoise, 9),
                                                  TestStream(kSeed, TestPurpose::kPolicy, 9));
  ASSERT_THAT(agent, IsOk());
  const std::vector<Eigen::MatrixXd> gains = agent->BeginEpisode(s->initial_state());
  EXPECT_GT(agent->last_episode().dither_std, 0.0);
  const Eigen::VectorXd u = agent->Control(0, s->initial_state());
  EXPECT_NE(u, gains[0] * s->initial_state());
  EXPECT_EQ(agent->last_episode().clipped_steps, 0);
}

}  // namespace
}  // namespace dprl
