#include "algorithms/tabular/ucbvi_jdp_as_run.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "absl/status/status.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::DoubleNear;
using ::testing::HasSubstr;

RandomStream Noise() { return TestStream(5, TestPurpose::kPrivacyNoise); }

TEST(UcbviJdpAsRunTest, RejectsBadEpsilonAndShape) {
  for (double eps : {0.0, -1.0, std::nan("")}) {
    UcbviJdpAsRunOptions options;
    options.privacy_epsilon = eps;
    EXPECT_THAT(UcbviJdpAsRunAgent::Create({1, 1, 1}, options, Noise()),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("privacy_epsilon")));
  }
  EXPECT_THAT(UcbviJdpAsRunAgent::Create({1, 1, 0}, {}, Noise()),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("horizon")));
}

// With negligible noise (privacy_epsilon = 1e12) and the code's initial statistics (one
// pseudo-visit of mean reward 1, transition counts 1): d_r = max{1, 1 + n1 + e} = 1 at episode 1,
// so Q = r^ + b_r = 1 + sqrt(2 ln 3) (H = 1: no transition term); after one observed step the
// noisy count is Nr = 2.
TEST(UcbviJdpAsRunTest, MatchesTheCodesFormulasWithoutNoise) {
  UcbviJdpAsRunOptions options;
  options.privacy_epsilon = 1e12;
  auto agent = UcbviJdpAsRunAgent::Create({1, 1, 1}, options, Noise()).value();
  agent->BeginEpisode();
  EXPECT_THAT(agent->plan().optimistic_q()[0],
              DoubleNear(1.0 + std::sqrt(2.0 * std::log(3.0)), 1e-9));
  EXPECT_THAT(agent->released_reward_counts()[0], DoubleNear(1.0, 1e-9));
  ASSERT_THAT(agent->Observe(0, 0, 0, 0.0, 0), IsOk());
  agent->EndEpisode();
  agent->BeginEpisode();
  EXPECT_THAT(agent->released_reward_counts()[0], DoubleNear(2.0, 1e-9));
  // r^ = (1 + 0) / 2, b_r = sqrt(2 ln 3 / 2).
  EXPECT_THAT(agent->plan().optimistic_q()[0], DoubleNear(0.5 + std::sqrt(std::log(3.0)), 1e-9));
}

// The flaw audited in tests/privacy_audit: an unchanged count is released with fresh noise at
// every episode.
TEST(UcbviJdpAsRunTest, UnchangedCountsGetFreshNoiseEveryEpisode) {
  auto agent = UcbviJdpAsRunAgent::Create({1, 1, 1}, {}, Noise()).value();
  agent->BeginEpisode();
  agent->EndEpisode();
  const double first = agent->released_reward_counts()[0];
  agent->BeginEpisode();
  EXPECT_NE(agent->released_reward_counts()[0], first);
}

}  // namespace
}  // namespace dprl
