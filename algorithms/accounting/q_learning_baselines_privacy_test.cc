#include "algorithms/accounting/q_learning_baselines_privacy.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "absl/status/status.h"
#include "algorithms/accounting/conversions.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

// T = 5000 rewards at (0.9, 1e-4): sigma_r = sqrt(T / (2 rho)) with rho meeting the target
// exactly under the improved conversion; rho exceeds the basic closed form
// (sqrt(ln 1e4 + 0.9) - sqrt(ln 1e4))^2 = 0.020974 and the exact GDP epsilon is below 0.9.
TEST(InputPerturbationTest, CalibratesTheComposition) {
  absl::StatusOr<InputPerturbationCalibration> c = CalibrateInputPerturbation(0.9, 1e-4, 5000);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_NEAR(c->reward_noise_stddev, std::sqrt(5000 / (2 * c->rdp_rho)), 1e-9);
  absl::StatusOr<double> eps = ZcdpToDpEpsilon(DpConversion::kImproved, c->rdp_rho, 1e-4);
  ASSERT_TRUE(eps.ok());
  EXPECT_NEAR(*eps, 0.9, 1e-9);
  const double basic = std::pow(std::sqrt(std::log(1e4) + 0.9) - std::sqrt(std::log(1e4)), 2);
  EXPECT_NEAR(basic, 0.020974, 1e-5);
  EXPECT_GT(c->rdp_rho, basic);
  EXPECT_LT(c->gdp_privacy_epsilon, 0.9);
  EXPECT_GT(c->gdp_privacy_epsilon, 0.5);
  // Half the epsilon needs more noise.
  absl::StatusOr<InputPerturbationCalibration> half = CalibrateInputPerturbation(0.45, 1e-4, 5000);
  ASSERT_TRUE(half.ok());
  EXPECT_GT(half->reward_noise_stddev, 1.8 * c->reward_noise_stddev);
}

// z_paper = sqrt(2) sqrt(100 ln 1e4) / 0.9 = 47.68813392 (T/B = 100 updates); the RDP accountant
// certifies a smaller epsilon for it and calibrates a smaller z for the target.
TEST(DpSgdCalibrationTest, PaperBoundAndRdpAccountant) {
  absl::StatusOr<DpSgdCalibration> c = CalibrateDpSgd(0.9, 1e-4, 5000, 50, 1.0);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_NEAR(c->noise_multiplier_paper, std::sqrt(2.0 * 100 * std::log(1e4)) / 0.9, 1e-12);
  EXPECT_NEAR(c->noise_multiplier_paper, 47.68813392, 1e-7);
  EXPECT_LT(c->rdp_epsilon_of_paper, 0.9);
  EXPECT_LT(c->noise_multiplier_rdp, c->noise_multiplier_paper);
  absl::StatusOr<double> eps = ZcdpToDpEpsilon(
      DpConversion::kImproved, 100 / (2 * std::pow(c->noise_multiplier_rdp, 2)), 1e-4);
  ASSERT_TRUE(eps.ok());
  EXPECT_NEAR(*eps, 0.9, 1e-9);
  EXPECT_EQ(c->l2_sensitivity, 100.0);  // 2 B C
  EXPECT_NEAR(c->gradient_noise_stddev_paper, 100.0 * c->noise_multiplier_paper, 1e-9);
  EXPECT_NEAR(c->gradient_noise_stddev_rdp, 100.0 * c->noise_multiplier_rdp, 1e-9);
}

// Output perturbation: K = 100 releases with multiplier c compose to rho = K / (2 c^2), which
// meets the target exactly; the same c as the DP-SGD RDP multiplier for 100 updates.
TEST(OutputPerturbationTest, CalibratesTheReleases) {
  absl::StatusOr<double> c = CalibrateOutputPerturbation(0.9, 1e-4, 100);
  ASSERT_TRUE(c.ok()) << c.status();
  absl::StatusOr<double> eps = ZcdpToDpEpsilon(DpConversion::kImproved, 100 / (2 * *c * *c), 1e-4);
  ASSERT_TRUE(eps.ok());
  EXPECT_NEAR(*eps, 0.9, 1e-9);
  absl::StatusOr<DpSgdCalibration> sgd = CalibrateDpSgd(0.9, 1e-4, 5000, 50, 1.0);
  ASSERT_TRUE(sgd.ok());
  EXPECT_NEAR(*c, sgd->noise_multiplier_rdp, 1e-12);
  EXPECT_THAT(CalibrateOutputPerturbation(0.9, 1e-4, 0),
              StatusIs(absl::StatusCode::kInvalidArgument, "num_releases = 0, must be >= 1"));
}

TEST(BaselinesPrivacyTest, BadInputNamed) {
  EXPECT_THAT(CalibrateInputPerturbation(0.0, 1e-4, 5000),
              InvalidArgumentWith("privacy_epsilon = 0"));
  EXPECT_THAT(CalibrateInputPerturbation(-1.0, 1e-4, 5000),
              InvalidArgumentWith("privacy_epsilon = -1"));
  EXPECT_THAT(CalibrateInputPerturbation(std::nan(""), 1e-4, 5000),
              InvalidArgumentWith("privacy_epsilon"));
  EXPECT_THAT(CalibrateInputPerturbation(0.9, 1.0, 5000), InvalidArgumentWith("target_delta"));
  EXPECT_THAT(CalibrateInputPerturbation(0.9, 1e-4, 0), InvalidArgumentWith("num_samples = 0"));
  EXPECT_THAT(CalibrateDpSgd(0.9, 1e-4, 5000, 64, 1.0),
              InvalidArgumentWith("batch_size = 64, must be >= 1 and divide num_samples = 5000"));
  EXPECT_THAT(CalibrateDpSgd(0.9, 1e-4, 5000, 50, 0.0), InvalidArgumentWith("l2_clip_norm = 0"));
  EXPECT_THAT(CalibrateDpSgd(HUGE_VAL, 1e-4, 5000, 50, 1.0),
              InvalidArgumentWith("privacy_epsilon = inf"));
}

}  // namespace
}  // namespace dprl
