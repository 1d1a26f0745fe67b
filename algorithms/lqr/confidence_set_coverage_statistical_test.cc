// Statistical test of Lemma 1 as the agents use it: Theta* lies in C_k(alpha) for ALL k = 1..K
// with probability >= 1 - alpha (the "good event" of Thm. 1). Non-private OFU-RL (H_k = lambda I,
// L_k = 0, Assumption 2 holds surely) and Private-OFU-RL at privacy_epsilon = 1e4 (its counters'
// inputs are clipped; clipped steps are counted and recorded), chain_n2, H = 5, K = 64,
// alpha = 0.05, kRuns independent seeds each. A run fails if some episode has
// ||Theta* - Theta^_k||_{V_k} > beta_k. The count of failed runs must not exceed
// BinomialUpperQuantile(kRuns, alpha, 1e-6): failure probability 1e-6 if the set is valid.
// Also recorded (not asserted): the largest ||Theta* - Theta^_k||_{V_k} / beta_k seen.
#include <glog/logging.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "algorithms/lqr/lq_episode_loop.h"
#include "algorithms/lqr/ofu_agent.h"
#include "envs/lq_system.h"
#include "testing/random_streams.h"
#include "testing/statistics_for_tests.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

constexpr uint64_t kSeed = 57;  // master seed of every stream of this file

void CheckCoverage(LqCalibration calibration) {
  constexpr int kRuns = 40;
  constexpr int64_t kEpisodes = 64;
  absl::StatusOr<LqSystem> s = MakeNamedLqSystem("chain_n2", 5);
  ASSERT_THAT(s, IsOk());
  LqAgentOptions o;
  o.calibration = calibration;
  SetLqSystemOptions(*s, kEpisodes, o);
  o.privacy.privacy_epsilon = 1e4;
  o.privacy.confidence_alpha = 0.05;
  int failed_runs = 0;
  double worst = 0.0;
  int64_t clipped = 0;
  for (int run = 0; run < kRuns; ++run) {
    absl::StatusOr<LqAgent> agent = LqAgent::Create(
        o, s->q(), s->r(), s->NoiseCovariance(), TestStream(kSeed, TestPurpose::kPrivacyNoise, run),
        TestStream(kSeed, TestPurpose::kPolicy, run));
    ASSERT_THAT(agent, IsOk());
    const LqRunResult r =
        RunLqEpisodes(*s, *agent, TestStream(kSeed, TestPurpose::kEnvironment, run));
    worst = std::max(worst, *std::max_element(r.coverage_ratio.begin(), r.coverage_ratio.end()));
    failed_runs += r.coverage_failures > 0 ? 1 : 0;
    for (double c : r.clipped_steps) clipped += static_cast<int64_t>(c);
  }
  ::testing::Test::RecordProperty("worst_distance_over_beta", std::to_string(worst));
  ::testing::Test::RecordProperty("clipped_steps", std::to_string(clipped));
  EXPECT_LE(failed_runs, BinomialUpperQuantile(kRuns, o.privacy.confidence_alpha, 1e-6))
      << "largest ||Theta* - Theta^||_V / beta = " << worst;
}

TEST(ConfidenceSetCoverageStatisticalTest, OfuRl) { CheckCoverage(LqCalibration::kNone); }

TEST(ConfidenceSetCoverageStatisticalTest, PrivateOfuRl) { CheckCoverage(LqCalibration::kPaper); }

}  // namespace
}  // namespace dprl
