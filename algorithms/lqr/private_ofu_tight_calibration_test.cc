// Unit tests of the tight calibration (private_ofu_params.h, "the tight calibration"): each knob
// (a)-(d) alone changes Lambda by the factor its formula predicts, the budget is still met, and
// the tight Lambda is the paper's times the product of the four factors.
#include <glog/logging.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "algorithms/accounting/conversions.h"
#include "algorithms/lqr/private_ofu_params.h"
#include "algorithms/mechanisms/matrix_factorization_counter.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

// chain_n2 at the default scale: n = 2, d = 1, H = 5, gamma = 0.44, K = 4096.
PrivateOfuOptions ChainN2(double privacy_epsilon) {
  PrivateOfuOptions o;
  o.privacy_epsilon = privacy_epsilon;
  o.target_delta = 1e-5;
  o.episodes = 4096;
  o.horizon = 5;
  o.control_bound = 0.44;
  o.state_dim = 2;
  o.control_dim = 1;
  o.confidence_alpha = 0.05;
  return o;
}

double LambdaOf(const PrivateOfuOptions& o) {
  absl::StatusOr<PrivateOfuParams> p = ComputePrivateOfuParams(o);
  CHECK(p.ok()) << p.status();
  return p->big_lambda;
}

// The factors of (a)-(d) from their formulas (D = 3, K = 4096, alpha = 0.05).
double ClipLevelFactor(double gamma) { return (1 + gamma * gamma) / std::pow(1 + gamma, 2); }
double SpectralFactor(double nd, double k, double alpha) {
  return std::sqrt(2 * nd * std::log(4 * nd * k / alpha)) /
         (4 * std::sqrt(nd) + std::sqrt(8 * std::log(4 * k / alpha)));
}
double ConversionFactor(double eps, double delta) {
  return std::sqrt(*DpToZcdpRho(DpConversion::kBasic, eps, delta) /
                   *DpToZcdpRho(DpConversion::kImproved, eps, delta));
}
double FactorisationFactor(int64_t k) {
  double norm_sq = 0.0;
  for (double c : SquareRootFactorCoefficients(k - 1)) norm_sq += c * c;
  return norm_sq / std::ceil(std::log2(static_cast<double>(k)));
}

TEST(PrivateOfuTightCalibrationTest, TightCalibrationSetsTheFourKnobs) {
  const PrivateOfuOptions o = TightCalibration(PrivateOfuOptions());
  EXPECT_EQ(o.input_norm_bound, InputNormBound::kClipLevel);
  EXPECT_EQ(o.spectral_bound, NoiseSpectralBound::kMatrixSubGaussianSeries);
  EXPECT_EQ(o.conversion, DpConversion::kImproved);
  EXPECT_EQ(o.counter_mechanism, PrefixSumMechanism::kSquareRootFactorization);
  EXPECT_EQ(o.privacy_epsilon, PrivateOfuOptions().privacy_epsilon);
}

TEST(PrivateOfuTightCalibrationTest, PaperConstantNeedsTheTree) {
  PrivateOfuOptions o;
  o.counter_mechanism = PrefixSumMechanism::kSquareRootFactorization;
  EXPECT_THAT(o.Validate(), StatusIs(absl::StatusCode::kInvalidArgument,
                                     HasSubstr("paper_constant is stated for")));
}

TEST(PrivateOfuTightCalibrationTest, ClipLevelSensitivities) {
  PrivateOfuOptions o = ChainN2(1.0);
  o.input_norm_bound = InputNormBound::kClipLevel;
  absl::StatusOr<PrivateOfuParams> p = ComputePrivateOfuParams(o);
  ASSERT_THAT(p, IsOk());
  const double z_sq = 1 + 0.44 * 0.44;
  EXPECT_DOUBLE_EQ(p->input_bound1, 5 * z_sq);
  EXPECT_DOUBLE_EQ(p->input_bound2, 5 * std::sqrt(z_sq));
  EXPECT_DOUBLE_EQ(p->sensitivity1, std::sqrt(2.0) * 5 * z_sq);
  EXPECT_DOUBLE_EQ(p->sensitivity2, 2 * 5 * std::sqrt(z_sq));
}

TEST(PrivateOfuTightCalibrationTest, SeriesBoundFormula) {
  const PrivateOfuOptions o = TightCalibration(ChainN2(1.0));
  absl::StatusOr<PrivateOfuParams> p = ComputePrivateOfuParams(o);
  ASSERT_THAT(p, IsOk());
  const double nd = 3, K = 4096, a = 0.05;
  EXPECT_NEAR(
      p->big_lambda,
      p->noise_scale1 * std::sqrt(2 * nd * std::log(4 * nd * K / a)) + nd * p->rounding_error1,
      1e-12 * p->big_lambda);
  EXPECT_DOUBLE_EQ(p->eta, 2 * p->big_lambda);
  EXPECT_NEAR(p->nu,
              (p->noise_scale2 * (std::sqrt(2 * 2 * nd) + std::sqrt(4 * std::log(2 * K / a))) +
               std::sqrt(2 * nd) * p->rounding_error2) /
                  std::sqrt(p->big_lambda),
              1e-12 * p->nu);
  EXPECT_LT(p->rounding_error1, 1e-6 * p->noise_scale1);
}

TEST(PrivateOfuTightCalibrationTest, BudgetIsMetAndNearlyTight) {
  for (double eps : {0.1, 1.0, 10.0, 1e4}) {
    absl::StatusOr<PrivateOfuParams> p = ComputePrivateOfuParams(TightCalibration(ChainN2(eps)));
    ASSERT_THAT(p, IsOk());
    EXPECT_LE(p->achieved_epsilon, eps);
    EXPECT_GE(p->achieved_epsilon, eps * 0.999);
  }
}

// Each knob alone, and all four: Lambda moves by the predicted factor (to 1e-3: the grid and the
// rounding-error terms move sigma by < 1e-4). Prints the table of docs/private_ofu_rl.md.
TEST(PrivateOfuTightCalibrationTest, EachStepScalesLambdaByItsFactor) {
  for (double eps : {1.0, 10.0}) {
    const PrivateOfuOptions paper = ChainN2(eps);
    const double base = LambdaOf(paper);
    PrivateOfuOptions spectral = paper, clip = paper, conversion = paper, all = paper;
    spectral.spectral_bound = NoiseSpectralBound::kMatrixSubGaussianSeries;
    clip.input_norm_bound = InputNormBound::kClipLevel;
    conversion.conversion = DpConversion::kImproved;
    PrivateOfuOptions factorisation = spectral;
    factorisation.counter_mechanism = PrefixSumMechanism::kSquareRootFactorization;
    all = TightCalibration(paper);
    const double f_spectral = SpectralFactor(3, 4096, 0.05), f_clip = ClipLevelFactor(0.44),
                 f_conversion = ConversionFactor(eps, 1e-5), f_counter = FactorisationFactor(4096);
    EXPECT_NEAR(LambdaOf(spectral) / base, f_spectral, 1e-3 * f_spectral);
    EXPECT_NEAR(LambdaOf(clip) / base, f_clip, 1e-3 * f_clip);
    EXPECT_NEAR(LambdaOf(conversion) / base, f_conversion, 1e-3 * f_conversion);
    EXPECT_NEAR(LambdaOf(factorisation) / LambdaOf(spectral), f_counter, 1e-3 * f_counter);
    const double product = f_spectral * f_clip * f_conversion * f_counter;
    EXPECT_NEAR(LambdaOf(all) / base, product, 1e-3 * product);
    std::printf(
        "eps = %g: Lambda paper %.1f; factors spectral %.3f, clip level %.3f, CKS %.3f, "
        "factorisation %.3f; product %.4f; Lambda tight %.1f\n",
        eps, base, f_spectral, f_clip, f_conversion, f_counter, product, LambdaOf(all));
  }
}

}  // namespace
}  // namespace dprl
