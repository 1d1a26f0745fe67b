#include "algorithms/accounting/gaussian_dp.h"

#include <cmath>
#include <limits>
#include <string>

#include "absl/status/status.h"
#include "algorithms/accounting/conversions.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

double Phi(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

// DRS Cor. 2.13 evaluated literally (fine for moderate mu and eps).
double DirectDelta(double mu, double eps) {
  return Phi(-eps / mu + mu / 2) - std::exp(eps) * Phi(-eps / mu - mu / 2);
}

TEST(GdpTest, HandDerivedValues) {
  // eps = 0: delta = Phi(mu/2) - Phi(-mu/2) = erf(mu / (2 sqrt 2)); mu = 1: 0.38292492254802624.
  EXPECT_NEAR(*GdpDelta(1.0, 0.0), 0.38292492254802624, 1e-15);
  // mu = 1, eps = 1: Phi(-1/2) - e Phi(-3/2) = 0.3085375387259869 - e * 0.0668072012688581
  //                 = 0.1269367375066439.
  EXPECT_NEAR(*GdpDelta(1.0, 1.0), 0.1269367375066439, 1e-15);
  // rho = 2 -> mu = 2.
  EXPECT_DOUBLE_EQ(*GaussianCompositionGdpMu(2.0), 2.0);
}

// Reference values from mpmath at 50 digits (ncdf), where the literal formula cancels badly.
TEST(GdpTest, MatchesHighPrecisionReference) {
  // mu = 0.05, eps = 1: Phi(-19.975) - e Phi(-20.025) = 1.1290332270976970e-91.
  EXPECT_NEAR(*GdpDelta(0.05, 1.0), 1.1290332270976970e-91, 1e-13 * 1.129e-91);
}

TEST(GdpTest, MatchesLiteralFormulaInModerateRange) {
  for (double mu : {0.05, 0.5, 1.0, 3.0, 8.0}) {
    for (double eps : {0.0, 0.01, 0.3, 1.0, 5.0, 20.0}) {
      const double direct = DirectDelta(mu, eps);
      if (direct < 1e-250) continue;  // the literal form has underflowed
      // (it also cancels: ~1e-11 relative error at mu = 0.05, eps = 1, hence the tolerance)
      EXPECT_NEAR(*GdpDelta(mu, eps), direct, 1e-9 * direct) << mu << " " << eps;
    }
  }
}

TEST(GdpTest, FarTailUsesAccurateMillsRatio) {
  // s = eps/mu - mu/2 = 30 (continued-fraction branch). Asymptotic Mills ratio
  // R(x) = 1/x - 1/x^3 + 3/x^5 - 15/x^7 + 105/x^9 - 945/x^11 (error ~1e-15 relative at x >= 30).
  auto asymptotic = [](double x) {
    const double y = 1.0 / (x * x);
    return (1.0 - y * (1.0 - y * (3.0 - y * (15.0 - y * (105.0 - y * 945.0))))) / x;
  };
  const double mu = 2.0, s = 30.0;
  const double eps = mu * (s + mu / 2);
  const double expected =
      -0.5 * s * s - 0.5 * std::log(2.0 * M_PI) + std::log(asymptotic(s) - asymptotic(s + mu));
  EXPECT_NEAR(*GdpLogDelta(mu, eps), expected, 1e-12 * std::fabs(expected));
  // Continuity across the switch at x = 2 between erfc and the continued fraction.
  const double below = *GdpLogDelta(mu, mu * (2.0 - 1e-9 + mu / 2));
  const double above = *GdpLogDelta(mu, mu * (2.0 + 1e-9 + mu / 2));
  EXPECT_NEAR(below, above, 1e-6);
  EXPECT_GT(below, above);
}

TEST(GdpTest, EpsilonInvertsDelta) {
  for (double mu : {0.01, 0.5, 3.8857603201201676, 50.0, 1000.0}) {
    for (double delta : {0.2, 1e-3, 1e-10, 1e-100}) {
      const double eps = *GdpEpsilon(mu, delta);
      if (eps == 0.0) {
        EXPECT_LE(*GdpDelta(mu, 0.0), delta);
        continue;
      }
      EXPECT_NEAR(*GdpLogDelta(mu, eps), std::log(delta), 1e-9 * std::fabs(std::log(delta)))
          << mu << " " << delta;
    }
  }
  // delta(0) = 0.38 for mu = 1: any larger target_delta needs no epsilon at all.
  EXPECT_EQ(*GdpEpsilon(1.0, 0.5), 0.0);
}

TEST(GdpTest, ExactIsBelowRdpConversionsAndMonotone) {
  for (double rho : {1e-3, 0.5, 7.549566632710193, 100.0}) {
    for (double delta : {1e-5, 1e-10}) {
      const double exact = *GdpEpsilon(*GaussianCompositionGdpMu(rho), delta);
      EXPECT_LT(exact, *ZcdpToDpEpsilon(DpConversion::kImproved, rho, delta)) << rho;
    }
  }
  double previous = kInf;
  for (double delta : {1e-12, 1e-6, 1e-2}) {
    const double eps = *GdpEpsilon(2.0, delta);
    EXPECT_LT(eps, previous);
    previous = eps;
  }
  previous = 0.0;
  for (double mu : {0.1, 1.0, 10.0}) {
    const double eps = *GdpEpsilon(mu, 1e-6);
    EXPECT_GT(eps, previous);
    previous = eps;
  }
}

TEST(GdpTest, RejectsBadArguments) {
  for (double mu : {0.0, -1.0, kNaN, kInf}) {
    EXPECT_THAT(GdpDelta(mu, 1.0),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("gdp_mu")))
        << mu;
    EXPECT_THAT(GdpEpsilon(mu, 1e-5),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("gdp_mu")));
    EXPECT_THAT(GaussianCompositionGdpMu(mu),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("rho")));
  }
  for (double eps : {-1.0, kNaN, kInf}) {
    EXPECT_THAT(GdpDelta(1.0, eps),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("privacy_epsilon")));
  }
  for (double delta : {0.0, 1.0, -0.5, kNaN}) {
    EXPECT_THAT(GdpEpsilon(1.0, delta),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("target_delta")));
  }
}

}  // namespace
}  // namespace dprl
