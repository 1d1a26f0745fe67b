#include "algorithms/accounting/rdp.h"

#include <cmath>
#include <limits>
#include <string>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(GaussianMechanismOptionsTest, DefaultsAreValid) {
  EXPECT_TRUE(GaussianMechanismOptions().Validate().ok());
}

TEST(GaussianMechanismOptionsTest, RejectsBadL2Sensitivity) {
  for (double value : {0.0, -1.0, kNaN, kInf, -kInf}) {
    GaussianMechanismOptions options;
    options.l2_sensitivity = value;
    const absl::Status status = options.Validate();
    EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument) << value;
    EXPECT_THAT(std::string(status.message()), HasSubstr("l2_sensitivity")) << value;
  }
}

TEST(GaussianMechanismOptionsTest, RejectsBadNoiseStddev) {
  for (double value : {0.0, -2.5, kNaN, kInf}) {
    GaussianMechanismOptions options;
    options.noise_stddev = value;
    const absl::Status status = options.Validate();
    EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument) << value;
    EXPECT_THAT(std::string(status.message()), HasSubstr("noise_stddev")) << value;
    // The error propagates through every entry point.
    EXPECT_FALSE(GaussianRdpCoefficient(options).ok());
    EXPECT_FALSE(RdpCurve::Gaussian(options).ok());
  }
}

TEST(GaussianRdpTest, HandDerivedValues) {
  // Delta = 1, sigma = 2: rho = 1 / (2 * 4) = 0.125; at alpha = 3: 3 * 0.125 = 0.375.
  GaussianMechanismOptions options;
  options.noise_stddev = 2.0;
  EXPECT_DOUBLE_EQ(*GaussianRdpCoefficient(options), 0.125);
  EXPECT_DOUBLE_EQ(*GaussianRdp(options, 3.0), 0.375);
  EXPECT_DOUBLE_EQ(options.noise_multiplier(), 2.0);
  // Delta = 3, sigma = 0.5: rho = 9 / (2 * 0.25) = 18; at alpha = 1.5: 27.
  options.l2_sensitivity = 3.0;
  options.noise_stddev = 0.5;
  EXPECT_DOUBLE_EQ(*GaussianRdpCoefficient(options), 18.0);
  EXPECT_DOUBLE_EQ(*GaussianRdp(options, 1.5), 27.0);
  // Only the ratio matters, and huge scales do not overflow: Delta = sigma = 1e200 -> 1/2.
  options.l2_sensitivity = options.noise_stddev = 1e200;
  EXPECT_DOUBLE_EQ(*GaussianRdpCoefficient(options), 0.5);
}

// D_alpha(N(mu, s^2) || N(0, s^2)) by quadrature of (1/(alpha-1)) log int p^alpha q^(1-alpha):
// an independent check of Mironov 2017 Prop. 7 (Lu et al. Lemma 6) for a few orders.
// (Delta / sigma)^2 / 2 beyond double range is an error, not inf (it was returned as inf).
TEST(GaussianRdpTest, OverflowIsAnError) {
  for (const GaussianMechanismOptions& options :
       {GaussianMechanismOptions{1e300, 1.0}, GaussianMechanismOptions{1.0, 1e-300},
        GaussianMechanismOptions{1.0, 5e-324}}) {
    EXPECT_THAT(GaussianRdp(options, 2.0),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("overflows a double")));
  }
  EXPECT_THAT(GaussianRdp({1e150, 1.0}, 1e10),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("overflows a double")));
}

TEST(GaussianRdpTest, MatchesRenyiDivergenceByQuadrature) {
  const double mu = 0.7, s = 1.3;
  for (double alpha : {1.5, 2.0, 5.0}) {
    const double lo = -40.0, hi = 40.0;
    const int n = 400000;
    const double dx = (hi - lo) / n;
    double integral = 0.0;
    for (int i = 0; i <= n; ++i) {
      const double x = lo + i * dx;
      const double log_p = -0.5 * std::pow((x - mu) / s, 2);
      const double log_q = -0.5 * std::pow(x / s, 2);
      const double weight = (i == 0 || i == n) ? 0.5 : 1.0;
      integral += weight * std::exp(alpha * log_p + (1.0 - alpha) * log_q);
    }
    integral *= dx / (s * std::sqrt(2.0 * M_PI));
    const double divergence = std::log(integral) / (alpha - 1.0);
    GaussianMechanismOptions options;
    options.l2_sensitivity = mu;
    options.noise_stddev = s;
    EXPECT_NEAR(*GaussianRdp(options, alpha), divergence, 1e-10) << alpha;
  }
}

TEST(GaussianRdpTest, MonotoneInOrderAndNoise) {
  GaussianMechanismOptions options;
  double previous = 0.0;
  for (double alpha : {1.0001, 1.5, 2.0, 10.0, 1e6}) {
    const double value = *GaussianRdp(options, alpha);
    EXPECT_GT(value, previous) << alpha;
    previous = value;
  }
  previous = kInf;
  for (double sigma : {0.1, 1.0, 3.0, 100.0}) {
    options.noise_stddev = sigma;
    const double value = *GaussianRdp(options, 4.0);
    EXPECT_LT(value, previous) << sigma;
    previous = value;
  }
}

TEST(RenyiOrderTest, RejectsBadOrders) {
  GaussianMechanismOptions options;
  for (double alpha : {1.0, 0.5, 0.0, -2.0, kNaN, kInf}) {
    const absl::StatusOr<double> value = GaussianRdp(options, alpha);
    EXPECT_THAT(value, StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("renyi_order")))
        << alpha;
    EXPECT_FALSE(RdpCurve::Linear(1.0)->Evaluate(alpha).ok()) << alpha;
  }
  for (double u : {0.0, -1e-300, kNaN, kInf}) {
    EXPECT_THAT(std::string(ValidateRenyiOrderMinusOne(u).message()),
                HasSubstr("renyi_order_minus_one"))
        << u;
  }
  EXPECT_TRUE(ValidateRenyiOrderMinusOne(1e-300).ok());
}

TEST(RdpCurveTest, LinearRejectsBadCoefficient) {
  for (double value : {-1.0, kNaN, kInf}) {
    const absl::StatusOr<RdpCurve> curve = RdpCurve::Linear(value);
    EXPECT_THAT(curve, StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("rdp_coefficient")))
        << value;
  }
  EXPECT_TRUE(RdpCurve::Linear(0.0).ok());
}

TEST(RdpCurveTest, CompositionAddsCurves) {
  // Two Gaussians with rho = 0.5 and 0.125 compose to rho = 0.625 (Mironov 2017 Prop. 1).
  GaussianMechanismOptions a;
  GaussianMechanismOptions b;
  b.noise_stddev = 2.0;
  RdpCurve curve = *RdpCurve::Gaussian(a);
  curve.Compose(*RdpCurve::Gaussian(b));
  EXPECT_TRUE(curve.is_linear());
  EXPECT_DOUBLE_EQ(curve.linear_coefficient(), 0.625);
  EXPECT_DOUBLE_EQ(*curve.Evaluate(4.0), 2.5);
  // 8-fold repetition: rho = 5.
  EXPECT_DOUBLE_EQ(curve.Repeated(8)->linear_coefficient(), 5.0);
  // The empty composition is the zero curve.
  EXPECT_EQ(*RdpCurve().Evaluate(7.0), 0.0);
}

TEST(RdpCurveTest, GeneralTermsAreWeightedAndAdded) {
  // term(u) = u^2; composed 3 times, plus a linear part 0.5 alpha. At alpha = 3 (u = 2):
  // 0.5 * 3 + 3 * 4 = 13.5.
  RdpCurve curve = *RdpCurve::FromTerm([](double u) { return u * u; }).Repeated(3);
  EXPECT_FALSE(curve.is_linear());
  curve.Compose(*RdpCurve::Linear(0.5));
  EXPECT_DOUBLE_EQ(*curve.Evaluate(3.0), 13.5);
  EXPECT_DOUBLE_EQ(curve.EvaluateAtOrderMinusOne(2.0), 13.5);
}

TEST(RdpCurveTest, RepeatedRejectsBadCount) {
  for (int64_t count : {0, -3}) {
    const absl::StatusOr<RdpCurve> curve = RdpCurve::Linear(1.0)->Repeated(count);
    EXPECT_THAT(curve, StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("count"))) << count;
  }
}

TEST(RdpCurveTest, OrderMinusOneKeepsPrecisionNearOne) {
  // rho (1 + u) with u = 1e-20 is rho to double precision, but the u-dependence of a general term
  // must see u itself, not (1 + u) - 1 = 0.
  RdpCurve curve = RdpCurve::FromTerm([](double u) { return 1.0 / u; });
  EXPECT_DOUBLE_EQ(curve.EvaluateAtOrderMinusOne(1e-20), 1e20);
}

}  // namespace
}  // namespace dprl
