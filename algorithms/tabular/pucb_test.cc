#include "algorithms/tabular/pucb.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "algorithms/mechanisms/binary_counter_testing.h"
#include "algorithms/mechanisms/counter_error_tail.h"
#include "algorithms/tabular/episode_loop.h"
#include "algorithms/tabular/pucb_testing.h"
#include "algorithms/tabular/vietri_bounds.h"
#include "envs/tabular_mdp.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

TEST(PucbOptionsTest, DefaultsAreValid) { EXPECT_TRUE(PucbOptions().Validate().ok()); }

TEST(PucbOptionsTest, RejectsBadPrivacyEpsilon) {
  for (double value : {0.0, -1.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
    PucbOptions options;
    options.privacy_epsilon = value;
    EXPECT_THAT(std::string(options.Validate().message()), HasSubstr("privacy_epsilon")) << value;
  }
}

TEST(PucbOptionsTest, RejectsBadFailureProbabilityAndEpisodes) {
  for (double value : {0.0, 1.0, std::nan("")}) {
    PucbOptions options;
    options.failure_probability = value;
    EXPECT_THAT(std::string(options.Validate().message()), HasSubstr("failure_probability"));
  }
  PucbOptions options;
  options.num_episodes = 0;
  EXPECT_THAT(std::string(options.Validate().message()), HasSubstr("num_episodes"));
}

// Small T: the paper's E_eps is refused where it is below the certified exact-tail E (at T = 1
// it is 0 and Q~ would be 0/0); the exact-tail E handles every T >= 1.
TEST(PucbAgentTest, PaperErrorBoundIsRefusedWhereItIsNoValidBound) {
  for (int64_t episodes : {1, 2}) {
    PucbOptions options;
    options.num_episodes = episodes;
    ASSERT_TRUE(options.Validate().ok());
    const absl::Status status =
        PucbAgent::Create({2, 2, 3}, options, TestStream(1, TestPurpose::kPrivacyNoise)).status();
    EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(
        std::string(status.message()),
        HasSubstr("(error_bound_method = paper): at num_episodes = " + std::to_string(episodes)));
    EXPECT_THAT(std::string(status.message()), HasSubstr("use the exact-tail bound"));
    options.error_bound_method = PucbErrorBoundMethod::kExactTail;
    auto agent =
        PucbAgent::Create({2, 2, 3}, options, TestStream(1, TestPurpose::kPrivacyNoise)).value();
    EXPECT_GT(agent->error_bound(), 0.0);
    for (int64_t t = 0; t < episodes; ++t) {
      agent->BeginEpisode();
      for (double q : agent->plan().optimistic_q()) ASSERT_EQ(q, 3.0);  // no 0/0, no NaN
      for (int h = 0; h < 3; ++h) ASSERT_TRUE(agent->Observe(h, 0, 1, 1.0, 1).ok());
      agent->EndEpisode();
    }
  }
  // T = 3: valid at (3, 2, 4) with beta = 0.05, not for a one-triple MDP with beta = 0.9.
  PucbOptions three;
  three.num_episodes = 3;
  EXPECT_TRUE(PucbAgent::Create({3, 2, 4}, three, TestStream(1, TestPurpose::kPrivacyNoise)).ok());
  three.failure_probability = 0.9;
  EXPECT_FALSE(PucbAgent::Create({1, 1, 1}, three, TestStream(1, TestPurpose::kPrivacyNoise)).ok());
  // From T = 4 on at (3, 2, 4), E_eps exceeds the exact-tail E (checked up to 2^20).
  for (int64_t episodes : {4, 5, 7, 8, 16, 100, 1000, 1 << 20}) {
    PucbOptions options;
    options.num_episodes = episodes;
    EXPECT_TRUE(
        PucbAgent::Create({3, 2, 4}, options, TestStream(1, TestPurpose::kPrivacyNoise)).ok())
        << "T = " << episodes;
  }
}

// At privacy_epsilon = 1e6 the node noise is 0 except with probability ~e^-40000, so the
// exact-tail E is 0; unvisited triples (n~ = 0) must still plan at H, not 0/0.
TEST(PucbAgentTest, ZeroErrorBoundStillNeedsOneVisit) {
  PucbOptions options;
  options.privacy_epsilon = 1e6;
  options.num_episodes = 100;
  options.error_bound_method = PucbErrorBoundMethod::kExactTail;
  auto agent =
      PucbAgent::Create({2, 2, 2}, options, TestStream(1, TestPurpose::kPrivacyNoise)).value();
  ASSERT_EQ(agent->error_bound(), 0.0);
  for (int t = 0; t < 3; ++t) {
    agent->BeginEpisode();
    for (double q : agent->plan().optimistic_q()) ASSERT_FALSE(std::isnan(q));
    ASSERT_TRUE(agent->Observe(0, 0, 0, 1.0, 1).ok());
    ASSERT_TRUE(agent->Observe(1, 1, 1, 0.0, 0).ok());
    agent->EndEpisode();
  }
  agent->BeginEpisode();
  const std::vector<double>& q = agent->plan().optimistic_q();
  EXPECT_EQ(q[agent->shape().Index(0, 1, 0)], 2.0);  // never visited: the cap H
  for (double value : q) EXPECT_FALSE(std::isnan(value));
  EXPECT_EQ(agent->released_visit_counts()[agent->shape().Index(1, 1, 1)], 3.0);  // zero noise
}

TEST(PucbOptionsTest, DefaultErrorBoundIsThePapers) {
  EXPECT_EQ(PucbOptions().error_bound_method, PucbErrorBoundMethod::kPaper);
}

TEST(PucbOptionsTest, RejectsBadEnums) {
  PucbOptions options;
  options.error_bound_method = static_cast<PucbErrorBoundMethod>(7);
  EXPECT_THAT(std::string(options.Validate().message()),
              HasSubstr("error_bound_method must be kPaper or kExactTail, got 7"));
  EXPECT_THAT(
      std::string(PucbAgent::Create({2, 2, 2}, options, TestStream(1, TestPurpose::kPrivacyNoise))
                      .status()
                      .message()),
      HasSubstr("error_bound_method"));
  options = PucbOptions();
  options.neighbour_relation = static_cast<PucbNeighbourRelation>(5);
  EXPECT_THAT(std::string(options.Validate().message()),
              HasSubstr("neighbour_relation must be kAddRemove or kReplacement, got 5"));
}

// E = (3/eps) H ln((2SAH + HAS^2)/beta) log2(T)^{5/2}, S=6, A=2, H=5, T=2^20, eps=10, beta=0.05:
// (3/10)*5*ln((120 + 360)/0.05)*20^2.5 = 1.5 * ln(9600) * 1788.854...
TEST(PucbTest, ErrorBoundAndCounterEpsilonFollowAlgorithm3) {
  PucbOptions options;
  options.privacy_epsilon = 10;
  options.num_episodes = 1 << 20;
  TabularShape shape{6, 2, 5};
  EXPECT_NEAR(PucbCounterEpsilon(shape, options), 10.0 / 15.0, 1e-15);
  EXPECT_NEAR(PucbErrorBound(shape, options), 1.5 * std::log(9600.0) * std::pow(20.0, 2.5), 1e-9);
  EXPECT_EQ(PucbEpsilonUnder(options, PucbNeighbourRelation::kAddRemove), 10.0);
  EXPECT_EQ(PucbEpsilonUnder(options, PucbNeighbourRelation::kReplacement), 20.0);
  options.neighbour_relation = PucbNeighbourRelation::kReplacement;
  EXPECT_NEAR(PucbCounterEpsilon(shape, options), 10.0 / 30.0, 1e-15);
  EXPECT_EQ(PucbEpsilonUnder(options, PucbNeighbourRelation::kReplacement), 10.0);
  EXPECT_EQ(PucbEpsilonUnder(options, PucbNeighbourRelation::kAddRemove), 5.0);
  // eps' halved: E doubles.
  EXPECT_NEAR(PucbErrorBound(shape, options), 3.0 * std::log(9600.0) * std::pow(20.0, 2.5), 1e-9);
}

// kExactTail: E = the exact-tail bound at beta_counter = beta / (2SAH + S^2AH) of the agent's
// counters (all three families share one node-noise distribution).
TEST(PucbTest, ExactTailErrorBoundIsTheAgentsCounters) {
  PucbOptions options;
  options.privacy_epsilon = 3;
  options.num_episodes = 5000;
  options.error_bound_method = PucbErrorBoundMethod::kExactTail;
  const TabularShape shape{3, 2, 4};
  auto agent = PucbAgent::Create(shape, options, TestStream(1, TestPurpose::kPrivacyNoise)).value();
  const double beta_counter = 0.05 / (2 * 24 + 3 * 24);
  const double discrete =
      CounterErrorTailBound(5000, NodeNoiseOf(PucbAgentPeer::VisitCounters(*agent)), beta_counter)
          .value();
  for (const BinaryCounterBank* bank :
       {&PucbAgentPeer::RewardCounters(*agent), &PucbAgentPeer::TransitionCounters(*agent)}) {
    EXPECT_EQ(CounterErrorTailBound(5000, NodeNoiseOf(*bank), beta_counter).value(), discrete);
  }
  EXPECT_EQ(agent->error_bound(), discrete);
  EXPECT_EQ(PucbErrorBound(shape, options), agent->error_bound());
  // eps' halved (kReplacement): node scale doubles, so does E (to within the integer rounding).
  options.neighbour_relation = PucbNeighbourRelation::kReplacement;
  EXPECT_NEAR(PucbErrorBound(shape, options) / agent->error_bound(), 2.0, 0.02);
}

// The exact-tail E against Alg. 3's E_eps at the report's sizes (printed), and much smaller.
TEST(PucbTest, ExactTailErrorBoundIsMuchSmallerThanThePapers) {
  struct Case {
    TabularShape shape;
    int64_t episodes;
    double privacy_epsilon;
  };
  for (const Case& c :
       {Case{{4, 2, 5}, 300000, 1}, Case{{4, 2, 5}, 300000, 10}, Case{{4, 2, 5}, 300000, 100},
        Case{{4, 2, 5}, 300000, 1000}, Case{{6, 2, 20}, 1000000, 1}}) {
    PucbOptions options;
    options.num_episodes = c.episodes;
    options.privacy_epsilon = c.privacy_epsilon;
    options.failure_probability = 0.05;
    const double paper = PucbErrorBound(c.shape, options);
    options.error_bound_method = PucbErrorBoundMethod::kExactTail;
    const double exact = PucbErrorBound(c.shape, options);
    auto agent =
        PucbAgent::Create(c.shape, options, TestStream(1, TestPurpose::kPrivacyNoise)).value();
    const double beta_counter =
        0.05 / ((2.0 + c.shape.num_states) * static_cast<double>(c.shape.StateActionSteps()));
    const double discrete =
        CounterErrorTailBound(c.episodes, NodeNoiseOf(PucbAgentPeer::VisitCounters(*agent)),
                              beta_counter)
            .value();
    EXPECT_EQ(exact, discrete);
    std::printf(
        "(S,A,H) = (%d,%d,%d), T = %lld, eps = %g: paper E = %.6g, exact-tail E = %.6g, "
        "ratio %.1f\n",
        c.shape.num_states, c.shape.num_actions, c.shape.horizon,
        static_cast<long long>(c.episodes), c.privacy_epsilon, paper, exact, paper / exact);
    EXPECT_LT(exact, paper / 10) << c.privacy_epsilon;
  }
}

TEST(PucbTest, QIsHBelowTwiceTheErrorBound) {
  PucbOptions options;
  options.num_episodes = 100;
  auto agent =
      PucbAgent::Create({3, 2, 4}, options, TestStream(1, TestPurpose::kPrivacyNoise)).value();
  for (int t = 0; t < 50; ++t) {
    agent->BeginEpisode();
    for (double q : agent->plan().optimistic_q()) ASSERT_EQ(q, 4.0);
    for (double p : agent->action_probabilities()) ASSERT_EQ(p, 0.5);
    for (int h = 0; h < 4; ++h) ASSERT_TRUE(agent->Observe(h, 0, 0, 1.0, 0).ok());
    agent->EndEpisode();
  }
}

TEST(PucbTest, MemoryDoesNotGrowWithTheNumberOfEpisodes) {
  PucbOptions short_run, long_run;
  short_run.num_episodes = 1000;
  long_run.num_episodes = int64_t{1} << 40;
  RandomStream noise = TestStream(2, TestPurpose::kPrivacyNoise);
  const int64_t small = PucbAgent::Create({20, 4, 20}, short_run, noise).value()->memory_bytes();
  const int64_t large = PucbAgent::Create({20, 4, 20}, long_run, noise).value()->memory_bytes();
  EXPECT_EQ(small, large);
  EXPECT_LT(small, 64 * (2 * 20 * 4 * 20 + 20 * 20 * 4 * 20));  // O(S^2AH) bytes
}

// Two states, two actions, H = 2: action 0 stays, action 1 swaps; reward 1 for action 1 in state 1.
TabularMdp SwapMdp() {
  const int S = 2, A = 2, H = 2;
  std::vector<double> transitions(H * S * A * S, 0.0), rewards(H * S * A, 0.0);
  for (int h = 0; h < H; ++h) {
    for (int s = 0; s < S; ++s) {
      transitions[((h * S + s) * A + 0) * S + s] = 1.0;
      transitions[((h * S + s) * A + 1) * S + (1 - s)] = 1.0;
      rewards[(h * S + s) * A + 1] = s == 1 ? 0.9 : 0.1;
    }
  }
  return TabularMdp::Create("swap", S, A, H, transitions, rewards, {0.5, 0.5}).value();
}

// Alg. 3 written out directly from the paper, reading private releases or (to show they differ)
// the true sums.
std::vector<double> ReferencePrivQ(const PucbAgent& agent, bool use_true_sums) {
  const TabularShape shape = agent.shape();
  const int S = shape.num_states, A = shape.num_actions, H = shape.horizon;
  const double E = agent.error_bound();
  auto read = [&](const BinaryCounterBank& bank, int64_t id) {
    return use_true_sums ? BinaryCounterBankPeer::TrueSum(bank, id) : bank.Release(id);
  };
  std::vector<double> q(shape.StateActionSteps()), v((H + 1) * S, 0.0);
  const double log_term = 2 * std::log(S * A * H / 0.05);
  for (int h = H - 1; h >= 0; --h) {
    for (int s = 0; s < S; ++s) {
      double best = -1e300;
      for (int a = 0; a < A; ++a) {
        const int64_t i = shape.Index(h, s, a);
        const double n = read(PucbAgentPeer::VisitCounters(agent), i);
        double q_plus = H;
        if (n >= 2 * E) {
          const double phi = std::sqrt((2 * std::log(n + E) + log_term) / std::max(n - E, 1.0));
          const double psi = (1 + S * H) * (3 * E / n + 2 * E * E / (n * n));
          double next = 0;
          for (int k = 0; k < S; ++k)
            next += v[(h + 1) * S + k] * read(PucbAgentPeer::TransitionCounters(agent), i * S + k);
          const double q_tilde = (read(PucbAgentPeer::RewardCounters(agent), i) + next) / n;
          q_plus = std::min<double>(H, q_tilde + (H + 1) * phi + psi);
        }
        q[i] = q_plus;
        best = std::max(best, q_plus);
      }
      v[h * S + s] = best;
    }
  }
  return q;
}

// PUCB for SwapMdp at privacy_epsilon = 90, T = kScaleOneEpisodes (node noise scale 1, below).
constexpr int64_t kScaleOneEpisodes = 16384;
std::unique_ptr<PucbAgent> ScaleOneSwapAgent() {
  PucbOptions options;
  options.privacy_epsilon = 90;
  options.num_episodes = kScaleOneEpisodes;
  return PucbAgent::Create({2, 2, 2}, options, TestStream(3, TestPurpose::kPrivacyNoise)).value();
}

// With privacy_epsilon = 90 and H = 2 the per-node noise scale is L/eps' = 15/15 = 1 (T = 16384,
// L = 15 levels), E ~ 316: triples at h = 0 pass 2E and get Q+ < H (n > 3E(1+SH)/H ~ 2370)
// within the run while the releases still differ from the true counts. The plan must equal Alg. 3
// on the releases, and differ from Alg. 3 on the true counts.
TEST(PucbTest, PlannerReadsOnlyPrivateReleases) {
  TabularMdp mdp = SwapMdp();
  auto agent = ScaleOneSwapAgent();
  EXPECT_NEAR(PucbAgentPeer::VisitCounters(*agent).node_noise_scale(), 1.0, 1e-9);
  ASSERT_TRUE(RunEpisodes(mdp, *agent, kScaleOneEpisodes - 1,
                          TestStream(4, TestPurpose::kEnvironment),
                          TestStream(5, TestPurpose::kPolicy))
                  .ok());
  agent->BeginEpisode();
  const std::vector<double>& q = agent->plan().optimistic_q();
  const std::vector<double> from_releases = ReferencePrivQ(*agent, /*use_true_sums=*/false);
  const std::vector<double> from_true_sums = ReferencePrivQ(*agent, /*use_true_sums=*/true);
  double largest_gap_to_true = 0.0;
  for (size_t i = 0; i < q.size(); ++i) {
    EXPECT_NEAR(q[i], from_releases[i], 1e-12) << i;  // same formula, summation order may differ
    largest_gap_to_true = std::max(largest_gap_to_true, std::abs(q[i] - from_true_sums[i]));
  }
  EXPECT_GT(largest_gap_to_true, 1e-6);  // the noise matters: the plan is not the true-count plan
  EXPECT_GT(agent->num_below_cap(), 0);  // some triples are past 2E and below H
}

// The plan is made incrementally (only triples estimated now or at the last plan are
// recomputed). Every episode's plan must be Alg. 3 on that episode's releases, also in the
// episodes where released counts cross 2E upwards and back down (checked to occur), with the
// setting of PlannerReadsOnlyPrivateReleases (triples get Q+ < H within the run).
TEST(PucbTest, EveryEpisodesPlanIsAlgorithm3OnItsReleases) {
  TabularMdp mdp = SwapMdp();
  auto agent = ScaleOneSwapAgent();
  RandomStream environment = TestStream(4, TestPurpose::kEnvironment);
  RandomStream policy = TestStream(5, TestPurpose::kPolicy);
  const double threshold = 2 * agent->error_bound();
  std::vector<char> estimated(agent->shape().StateActionSteps(), 0);
  int drops_below = 0, episodes_below_cap = 0;
  for (int64_t episode = 0; episode < kScaleOneEpisodes; ++episode) {
    agent->BeginEpisode();
    const std::vector<double>& released = agent->released_visit_counts();
    for (size_t i = 0; i < released.size(); ++i) {
      const bool now = released[i] >= threshold;
      drops_below += estimated[i] && !now;
      estimated[i] = now;
    }
    episodes_below_cap += agent->num_below_cap() > 0;
    const std::vector<double> reference = ReferencePrivQ(*agent, /*use_true_sums=*/false);
    const std::vector<double>& q = agent->plan().optimistic_q();
    for (size_t i = 0; i < q.size(); ++i) {
      ASSERT_NEAR(q[i], reference[i], 1e-12) << "episode " << episode << ", triple " << i;
    }
    int state = mdp.SampleInitialState(environment);
    for (int h = 0; h < mdp.horizon(); ++h) {
      const int action = agent->Act(h, state, policy);
      const TabularMdp::Transition step = mdp.SampleStep(h, state, action, environment);
      ASSERT_TRUE(agent->Observe(h, state, action, step.reward, step.next_state).ok());
      state = step.next_state;
    }
    agent->EndEpisode();
  }
  EXPECT_GT(drops_below, 0);         // some triple left the estimated set again
  EXPECT_GT(episodes_below_cap, 0);  // and estimated triples shaped the plan
}

TEST(PucbTest, SameSeedsGiveSameRegret) {
  TabularMdp mdp = SwapMdp();
  PucbOptions options;
  options.privacy_epsilon = 78;
  options.num_episodes = 512;
  auto run = [&](uint64_t noise_seed) {
    auto agent =
        PucbAgent::Create({2, 2, 2}, options, TestStream(noise_seed, TestPurpose::kPrivacyNoise))
            .value();
    std::vector<double> regret;
    EXPECT_TRUE(RunEpisodes(mdp, *agent, 512, TestStream(4, TestPurpose::kEnvironment),
                            TestStream(5, TestPurpose::kPolicy), {}, {},
                            [&](double value) { regret.push_back(value); })
                    .ok());
    return regret;
  };
  EXPECT_EQ(run(7), run(7));
}

// Same noise seed and the same observations: kPaper and kExactTail release exactly the same
// counts (the counters do not depend on E); the plans differ only through E: each equals Alg. 3
// on the releases with its own E, and kExactTail leaves the Q = H regime earlier.
TEST(PucbTest, ExactTailChangesOnlyE) {
  PucbOptions paper_options;
  paper_options.privacy_epsilon = 60;
  paper_options.num_episodes = 4096;
  PucbOptions exact_options = paper_options;
  exact_options.error_bound_method = PucbErrorBoundMethod::kExactTail;
  const TabularShape shape{2, 2, 2};
  const RandomStream noise = TestStream(11, TestPurpose::kPrivacyNoise);
  auto paper = PucbAgent::Create(shape, paper_options, noise).value();
  auto exact = PucbAgent::Create(shape, exact_options, noise).value();
  EXPECT_LT(exact->error_bound(), paper->error_bound() / 10);
  int64_t first_below_cap_paper = -1, first_below_cap_exact = -1;
  for (int64_t t = 0; t < 4096; ++t) {
    paper->BeginEpisode();
    exact->BeginEpisode();
    ASSERT_EQ(paper->released_visit_counts(), exact->released_visit_counts()) << t;
    for (int64_t i = 0; i < shape.StateActionSteps(); ++i) {
      ASSERT_EQ(PucbAgentPeer::RewardCounters(*paper).Release(i),
                PucbAgentPeer::RewardCounters(*exact).Release(i));
      for (int next = 0; next < 2; ++next) {
        ASSERT_EQ(PucbAgentPeer::TransitionCounters(*paper).Release(2 * i + next),
                  PucbAgentPeer::TransitionCounters(*exact).Release(2 * i + next));
      }
    }
    if (t % 512 == 0 || t == 4095) {
      const std::vector<double> reference = ReferencePrivQ(*exact, /*use_true_sums=*/false);
      for (size_t i = 0; i < reference.size(); ++i) {
        ASSERT_NEAR(exact->plan().optimistic_q()[i], reference[i], 1e-12) << t;
      }
    }
    if (first_below_cap_paper < 0 && paper->num_below_cap() > 0) first_below_cap_paper = t;
    if (first_below_cap_exact < 0 && exact->num_below_cap() > 0) first_below_cap_exact = t;
    // Deterministic observations (the same for both agents): state s = t % 2, action by step.
    for (int h = 0; h < 2; ++h) {
      const int s = static_cast<int>((t + h) % 2);
      const int a = static_cast<int>((t / 2 + h) % 2);
      const double reward = s == 1 && a == 1 ? 0.9 : 0.1;
      ASSERT_TRUE(paper->Observe(h, s, a, reward, a == 1 ? 1 - s : s).ok());
      ASSERT_TRUE(exact->Observe(h, s, a, reward, a == 1 ? 1 - s : s).ok());
    }
    paper->EndEpisode();
    exact->EndEpisode();
  }
  ASSERT_GE(first_below_cap_exact, 0);
  EXPECT_TRUE(first_below_cap_paper < 0 || first_below_cap_paper > first_below_cap_exact);
}

TEST(PucbOptionsTest, ErrorBoundMethodNamesRoundTrip) {
  for (PucbErrorBoundMethod method :
       {PucbErrorBoundMethod::kPaper, PucbErrorBoundMethod::kExactTail}) {
    EXPECT_EQ(ParsePucbErrorBoundMethod(PucbErrorBoundMethodName(method)).value(), method);
  }
  EXPECT_EQ(PucbErrorBoundMethodName(PucbErrorBoundMethod::kExactTail), "exact_tail");
  const absl::StatusOr<PucbErrorBoundMethod> bad = ParsePucbErrorBoundMethod("tight");
  EXPECT_THAT(bad, StatusIs(absl::StatusCode::kInvalidArgument,
                            "error_bound_method must be one of paper, exact_tail, got 'tight'"));
}

}  // namespace
}  // namespace dprl
