#include "algorithms/lqr/private_ofu_params.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "absl/status/status.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

absl::Status ErrorOf(const PrivateOfuOptions& o) { return ComputePrivateOfuParams(o).status(); }

TEST(PrivateOfuParamsTest, DefaultsAreValid) {
  EXPECT_THAT(PrivateOfuOptions().Validate(), IsOk());
  EXPECT_THAT(ComputePrivateOfuParams(PrivateOfuOptions()), IsOk());
}

TEST(PrivateOfuParamsTest, RejectsBadInput) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  for (double bad : {0.0, -1.0, nan, inf}) {
    PrivateOfuOptions o;
    o.privacy_epsilon = bad;
    EXPECT_THAT(ErrorOf(o), StatusIs(absl::StatusCode::kInvalidArgument,
                                     HasSubstr("privacy_epsilon must be finite and > 0")))
        << bad;
  }
  for (double bad : {0.0, -0.1, 1.5, nan, inf}) {
    PrivateOfuOptions o;
    o.target_delta = bad;
    EXPECT_THAT(ErrorOf(o), StatusIs(absl::StatusCode::kInvalidArgument,
                                     HasSubstr("target_delta must be in (0, 1]")))
        << bad;
  }
  PrivateOfuOptions o;
  o.episodes = 1;
  EXPECT_THAT(ErrorOf(o), StatusIs(absl::StatusCode::kInvalidArgument,
                                   HasSubstr("episodes must be in [2, 2^40], got 1")));
  o = PrivateOfuOptions();
  o.horizon = 0;
  EXPECT_THAT(ErrorOf(o), StatusIs(absl::StatusCode::kInvalidArgument,
                                   HasSubstr("horizon must be >= 1, got 0")));
  o = PrivateOfuOptions();
  o.control_bound = -1;
  EXPECT_THAT(ErrorOf(o),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("control_bound (gamma) must be finite and >= 0, got -1")));
  o = PrivateOfuOptions();
  o.state_dim = 0;
  EXPECT_THAT(ErrorOf(o), StatusIs(absl::StatusCode::kInvalidArgument,
                                   HasSubstr("state_dim must be >= 1, got 0")));
  o = PrivateOfuOptions();
  o.control_dim = 0;
  EXPECT_THAT(ErrorOf(o), StatusIs(absl::StatusCode::kInvalidArgument,
                                   HasSubstr("control_dim must be >= 1, got 0")));
  o = PrivateOfuOptions();
  o.noise_bound = 1.0;
  EXPECT_THAT(ErrorOf(o), StatusIs(absl::StatusCode::kInvalidArgument,
                                   HasSubstr("noise_bound (C_w) must be in [0, 1), got 1")));
  o = PrivateOfuOptions();
  o.confidence_alpha = 0.0;
  EXPECT_THAT(ErrorOf(o), StatusIs(absl::StatusCode::kInvalidArgument,
                                   HasSubstr("confidence_alpha must be in (0, 1], got 0")));
}

// A subnormal target_delta is valid and its paper noise levels finite: ln(2 / delta) is taken as
// ln 2 - ln delta where 2 / delta overflows (they were inf).
TEST(PrivateOfuParamsTest, SubnormalDeltaGivesFiniteLevels) {
  PrivateOfuOptions o;
  o.target_delta = 5e-324;
  const absl::StatusOr<PrivateOfuParams> p = ComputePrivateOfuParams(o);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_TRUE(std::isfinite(p->paper_sigma1) && std::isfinite(p->paper_sigma2));
  o.target_delta = 1e-300;
  EXPECT_GT(p->paper_sigma1, ComputePrivateOfuParams(o)->paper_sigma1);
}

TEST(PrivateOfuParamsTest, NodeCountIsCeilLog2K) {
  for (int64_t k : {2, 3, 4, 5, 1000, 1024, 1025}) {
    PrivateOfuOptions o;
    o.episodes = k;
    absl::StatusOr<PrivateOfuParams> p = ComputePrivateOfuParams(o);
    ASSERT_THAT(p, IsOk());
    EXPECT_EQ(p->levels, static_cast<int>(std::ceil(std::log2(static_cast<double>(k))))) << k;
  }
}

TEST(PrivateOfuParamsTest, BudgetIsMetAndNearlyTight) {
  for (double eps : {0.1, 1.0, 10.0}) {
    for (double delta : {1e-8, 1e-3, 0.5}) {
      for (DpConversion conv : {DpConversion::kBasic, DpConversion::kImproved}) {
        PrivateOfuOptions o;
        o.privacy_epsilon = eps;
        o.target_delta = delta;
        o.conversion = conv;
        absl::StatusOr<PrivateOfuParams> p = ComputePrivateOfuParams(o);
        ASSERT_THAT(p, IsOk());
        EXPECT_LE(p->achieved_epsilon, eps);
        EXPECT_GE(p->achieved_epsilon, eps * 0.999);
      }
    }
  }
}

TEST(PrivateOfuParamsTest, SensitivitiesAndConstants) {
  PrivateOfuOptions o;
  o.horizon = 5;
  o.control_bound = 0.5;
  o.neighbour = EpisodeNeighbour::kZeroOutEpisode;
  absl::StatusOr<PrivateOfuParams> zero = ComputePrivateOfuParams(o);
  o.neighbour = EpisodeNeighbour::kReplaceEpisode;
  absl::StatusOr<PrivateOfuParams> replace = ComputePrivateOfuParams(o);
  ASSERT_THAT(zero, IsOk());
  ASSERT_THAT(replace, IsOk());
  EXPECT_DOUBLE_EQ(zero->sensitivity1, 5 * 1.5 * 1.5);  // paper's Delta_1 = H (1+gamma)^2
  EXPECT_DOUBLE_EQ(zero->sensitivity2, 5 * 1.5);        // paper's Delta_2 = H (1+gamma)
  EXPECT_DOUBLE_EQ(replace->sensitivity1, std::sqrt(2.0) * 5 * 1.5 * 1.5);
  EXPECT_DOUBLE_EQ(replace->sensitivity2, 2 * 5 * 1.5);
  const PrivateOfuParams& p = *replace;
  const double m = p.levels, nd = 3.0, K = 1000.0, a = 0.05;
  EXPECT_NEAR(p.big_lambda,
              p.sigma1 * std::sqrt(m) * (4 * std::sqrt(nd) + std::sqrt(8 * std::log(4 * K / a))),
              1e-9 * p.big_lambda);
  EXPECT_DOUBLE_EQ(p.eta, 2 * p.big_lambda);
  EXPECT_DOUBLE_EQ(p.lambda_min, p.big_lambda);
  EXPECT_DOUBLE_EQ(p.lambda_max, 3 * p.big_lambda);
  EXPECT_NEAR(p.nu,
              p.sigma2 * std::sqrt(m / p.big_lambda) *
                  (std::sqrt(2 * 2 * nd) + std::sqrt(4 * std::log(2 * K / a))),
              1e-9 * p.nu);
  // sigma_i^2 = m Delta_grid^2 / (2 rho_i) up to the grid: within 1e-4 of the continuous value.
  EXPECT_NEAR(p.sigma1, std::sqrt(m * std::pow(p.sensitivity1, 2) / p.zcdp_rho), 1e-4 * p.sigma1);
  EXPECT_NEAR(p.sigma2, std::sqrt(m * std::pow(p.sensitivity2, 2) / p.zcdp_rho), 1e-4 * p.sigma2);
}

TEST(PrivateOfuParamsTest, DeltaOneAccepted) {
  PrivateOfuOptions o;
  o.target_delta = 1.0;
  absl::StatusOr<PrivateOfuParams> p = ComputePrivateOfuParams(o);
  ASSERT_THAT(p, IsOk());
  EXPECT_DOUBLE_EQ(p->zcdp_rho, 1.0);
}

TEST(PrivateOfuParamsTest, ConfidenceRadiusMatchesLemma1) {
  ConfidenceRadiusInputs in;
  in.state_dim = 2;
  in.control_dim = 1;
  in.horizon = 4;
  in.control_bound = 0.5;
  in.noise_bound = 0.1;
  in.confidence_alpha = 0.1;
  in.lambda_min = 2.0;
  in.lambda_max = 6.0;
  in.nu = 0.7;
  EXPECT_NEAR(ConfidenceRadius(in, 1), 0.1 * std::sqrt(2 * std::log(20.0)) + std::sqrt(6.0) + 0.7,
              1e-12);
  const double log_det = 3 * std::log(1 + 9 * 4 * 2.25 / (3 * 2.0));
  EXPECT_NEAR(ConfidenceRadius(in, 10),
              0.1 * std::sqrt(2 * std::log(20.0) + 2 * log_det) + std::sqrt(6.0) + 0.7, 1e-12);
  EXPECT_GT(ConfidenceRadius(in, 100), ConfidenceRadius(in, 10));
}

}  // namespace
}  // namespace dprl
