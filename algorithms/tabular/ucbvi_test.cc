#include "algorithms/tabular/ucbvi.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "absl/status/status.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::DoubleNear;
using ::testing::HasSubstr;

TEST(UcbviOptionsTest, DefaultsAreValid) { EXPECT_THAT(UcbviOptions().Validate(), IsOk()); }

TEST(UcbviOptionsTest, RejectsBadValues) {
  for (double delta : {0.0, 1.0, -0.5, std::nan(""), std::numeric_limits<double>::infinity()}) {
    UcbviOptions options;
    options.failure_probability = delta;
    EXPECT_THAT(options.Validate(),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("failure_probability")))
        << delta;
  }
  for (int64_t episodes : {int64_t{0}, int64_t{-3}}) {
    UcbviOptions options;
    options.num_episodes = episodes;
    EXPECT_THAT(options.Validate(),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_episodes")));
  }
  EXPECT_THAT(UcbviAgent::Create({0, 2, 3}, {}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_states")));
}

// Hand-computed: S = 2, A = 3, H = 4, K = 100, delta = 0.05: T = 400,
// L = ln(5 * 2 * 3 * 400 / 0.05) = ln(240000) = 12.388394202324129; b(16) = 7 * 4 * L / 4 = 7 L.
TEST(UcbviTest, HoeffdingBonusMatchesHandComputedValues) {
  UcbviOptions options;
  options.num_episodes = 100;
  const double log_term = UcbviLogTerm({2, 3, 4}, options);
  EXPECT_THAT(log_term, DoubleNear(12.388394202324129, 1e-12));
  EXPECT_THAT(UcbviHoeffdingBonus(16.0, log_term, 4), DoubleNear(7.0 * 12.388394202324129, 1e-10));
  EXPECT_DOUBLE_EQ(UcbviHoeffdingBonus(1.0, 2.0, 3), 42.0);
}

TEST(UcbviTest, UnvisitedTriplesAreAtH) {
  auto agent = UcbviAgent::Create({3, 2, 4}, {}).value();
  agent->BeginEpisode();
  for (double q : agent->plan().optimistic_q()) EXPECT_EQ(q, 4.0);
}

// S = A = H = 1, reward 0: after n = 10000 visits Q = 0 + 7 H L / sqrt(n) with
// L = ln(5 * 20000 / 0.5) = 12.206072645530174, i.e. Q = 0.8544250851871122 (< H = 1).
TEST(UcbviTest, PlanUsesTheBonusOnTheEmpiricalMean) {
  UcbviOptions options;
  options.num_episodes = 20000;
  options.failure_probability = 0.5;
  auto agent = UcbviAgent::Create({1, 1, 1}, options).value();
  for (int t = 0; t < 10000; ++t) {
    agent->BeginEpisode();
    ASSERT_THAT(agent->Observe(0, 0, 0, 0.0, 0), IsOk());
    agent->EndEpisode();
  }
  agent->BeginEpisode();
  EXPECT_THAT(agent->plan().optimistic_q()[0], DoubleNear(0.8544250851871122, 1e-12));
}

}  // namespace
}  // namespace dprl
