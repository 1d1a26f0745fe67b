#include "algorithms/accounting/conversions.h"

#include <cmath>
#include <limits>
#include <string>

#include "absl/status/status.h"
#include "algorithms/accounting/rdp.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr DpConversion kBasic = DpConversion::kBasic;
constexpr DpConversion kImproved = DpConversion::kImproved;

TEST(RdpToDpTest, HandDerivedValues) {
  // rdp = 1 at alpha = 2, delta = e^-10.
  //   basic:    1 + 10 / 1 = 11.
  //   improved: 1 + log(1/2) - (-10 + log 2) / 1 = 11 - 2 log 2 = 9.613705638880109.
  const double delta = std::exp(-10.0);
  EXPECT_NEAR(*RdpToDpEpsilon(kBasic, 1.0, 2.0, delta), 11.0, 1e-13);
  EXPECT_NEAR(*RdpToDpEpsilon(kImproved, 1.0, 2.0, delta), 11.0 - 2.0 * std::log(2.0), 1e-13);
  // rdp = 0.5 at alpha = 5, delta = 1e-5 (log(1/delta) = 11.512925464970229):
  //   basic = 0.5 + 11.512925464970229 / 4 = 3.378231366242557.
  EXPECT_NEAR(*RdpToDpEpsilon(kBasic, 0.5, 5.0, 1e-5), 3.378231366242557, 1e-13);
}

TEST(RdpToDpTest, ImprovedIsNeverWorse) {
  // improved - basic = log(1 - 1/alpha) - log(alpha) / (alpha - 1) < 0 for every alpha > 1.
  for (double alpha : {1.0 + 1e-9, 1.001, 1.5, 2.0, 10.0, 1e3, 1e8}) {
    for (double delta : {1e-12, 1e-5, 0.1}) {
      const double basic = *RdpToDpEpsilon(kBasic, 3.0, alpha, delta);
      const double improved = *RdpToDpEpsilon(kImproved, 3.0, alpha, delta);
      EXPECT_LT(improved, basic) << alpha << " " << delta;
    }
  }
}

TEST(RdpToDpTest, OrdersNearOneKeepFullPrecision) {
  // u = alpha - 1 = 1e-12 passed as such. With log1p(u)/u = 1 - u/2 + u^2/3 - ...:
  //   basic    = rdp + log(1/delta) / u
  //   improved = rdp + log(u) - u + u^2/2 - log(delta)/u - 1 + u/2 - u^2/3 + O(u^3).
  // Forming alpha = 1 + u first would turn u into 1.000088900582341e-12 (error 9e-5 relative).
  const double u = 1e-12, delta = 1e-5, rdp = 0.5;
  const double log_delta = std::log(delta);
  const double basic = rdp - log_delta / u;
  const double improved =
      rdp + std::log(u) - u + u * u / 2 - log_delta / u - 1.0 + u / 2 - u * u / 3;
  EXPECT_NEAR(*RdpToDpEpsilonAtOrderMinusOne(kBasic, rdp, u, delta), basic, 1e-15 * basic);
  EXPECT_NEAR(*RdpToDpEpsilonAtOrderMinusOne(kImproved, rdp, u, delta), improved, 1e-15 * improved);
  // Large orders: log(u/(1+u)) = -log1p(1/u) = -1/u + 1/(2u^2) - ...; rdp = 0 and delta = 1e-30
  // keep the result (~4e-11) positive and make any cancellation in log(u) - log(1+u) (absolute
  // error ~4e-15, i.e. 1e-4 relative) visible.
  const double big = 1e12, tiny_delta = 1e-30;
  const double expected_big =
      -1.0 / big + 0.5 / (big * big) - (std::log(tiny_delta) + std::log(big) + 1.0 / big) / big;
  EXPECT_NEAR(*RdpToDpEpsilonAtOrderMinusOne(kImproved, 0.0, big, tiny_delta), expected_big,
              1e-13 * expected_big);
}

TEST(RdpToDpTest, NegativeResultIsClampedToZero) {
  // rdp = 0, alpha - 1 = 1e7, delta = 1/2: log(u/(1+u)) ~ -1e-7 and
  // -(log(1/2) + log(1e7 + 1)) / 1e7 ~ -1.5e-6, so the unclamped value is negative.
  EXPECT_EQ(*RdpToDpEpsilonAtOrderMinusOne(kImproved, 0.0, 1e7, 0.5), 0.0);
}

TEST(RdpToDpTest, RejectsBadArguments) {
  for (double rdp : {-1.0, kNaN, kInf}) {
    EXPECT_THAT(RdpToDpEpsilon(kBasic, rdp, 2.0, 1e-5),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("rdp_value")))
        << rdp;
  }
  for (double alpha : {1.0, 0.0, -3.0, kNaN, kInf}) {
    EXPECT_THAT(RdpToDpEpsilon(kImproved, 1.0, alpha, 1e-5),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("renyi_order")))
        << alpha;
  }
  for (double delta : {0.0, 1.0, -0.1, 1.5, kNaN, kInf}) {
    EXPECT_THAT(RdpToDpEpsilon(kImproved, 1.0, 2.0, delta),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("target_delta")))
        << delta;
  }
}

TEST(RenyiOrderSearchOptionsTest, DefaultsAreValid) {
  EXPECT_TRUE(RenyiOrderSearchOptions().Validate().ok());
}

TEST(RenyiOrderSearchOptionsTest, RejectsBadValues) {
  for (double value : {0.0, -1.0, kNaN, kInf}) {
    RenyiOrderSearchOptions search;
    search.min_renyi_order_minus_one = value;
    EXPECT_THAT(std::string(search.Validate().message()), HasSubstr("min_renyi_order_minus_one"))
        << value;
  }
  for (double value : {1e-12, 1e-13, -1.0, kNaN, kInf}) {  // must exceed the minimum 1e-12
    RenyiOrderSearchOptions search;
    search.max_renyi_order_minus_one = value;
    EXPECT_THAT(std::string(search.Validate().message()), HasSubstr("max_renyi_order_minus_one"))
        << value;
  }
  for (int value : {2, 0, -5, 100001}) {
    RenyiOrderSearchOptions search;
    search.grid_points = value;
    EXPECT_THAT(std::string(search.Validate().message()), HasSubstr("grid_points")) << value;
  }
  RenyiOrderSearchOptions search;
  search.grid_points = 1;
  EXPECT_FALSE(OptimizeRenyiOrder(*RdpCurve::Linear(1.0), kBasic, 1e-5, search).ok());
  EXPECT_THAT(OptimizeRenyiOrder(*RdpCurve::Linear(1.0), kBasic, 2.0),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("target_delta")));
}

// A linear curve wrapped as a general term: forces the grid + golden-section path.
RdpCurve AsGeneralCurve(double rho) {
  return RdpCurve::FromTerm([rho](double u) { return rho + rho * u; });
}

TEST(OptimizeRenyiOrderTest, LinearBasicMatchesClosedForm) {
  // inf_alpha rho alpha + L/(alpha-1) = rho + 2 sqrt(rho L) at alpha - 1 = sqrt(L/rho) (BS16 1.3).
  for (double rho : {1e-6, 0.01, 0.5, 7.5, 300.0}) {
    for (double delta : {1e-3, 1e-5, 1e-10}) {
      const double log_inv_delta = -std::log(delta);
      const OptimizedDpGuarantee optimum =
          *OptimizeRenyiOrder(*RdpCurve::Linear(rho), kBasic, delta);
      const double expected = rho + 2.0 * std::sqrt(rho * log_inv_delta);
      EXPECT_NEAR(optimum.privacy_epsilon, expected, 1e-13 * expected) << rho << " " << delta;
      const double expected_u = std::sqrt(log_inv_delta / rho);
      EXPECT_NEAR(optimum.renyi_order_minus_one, expected_u, 1e-13 * expected_u);
      EXPECT_NEAR(optimum.rdp_value, rho * (1.0 + expected_u), 1e-12 * optimum.rdp_value);
      EXPECT_FALSE(optimum.at_search_boundary);
      // The general (derivative-free) path finds the same optimum.
      const OptimizedDpGuarantee general = *OptimizeRenyiOrder(AsGeneralCurve(rho), kBasic, delta);
      EXPECT_NEAR(general.privacy_epsilon, expected, 1e-12 * expected);
      EXPECT_NEAR(general.renyi_order_minus_one, expected_u, 1e-6 * expected_u);
    }
  }
}

TEST(OptimizeRenyiOrderTest, LinearImprovedIsStationaryAndMatchesGeneralPath) {
  for (double rho : {1e-4, 0.5, 20.0}) {
    for (double delta : {1e-4, 1e-8}) {
      const OptimizedDpGuarantee linear =
          *OptimizeRenyiOrder(*RdpCurve::Linear(rho), kImproved, delta);
      const double u = linear.renyi_order_minus_one;
      // Stationarity: rho u^2 + log1p(u) = log(1/delta).
      EXPECT_NEAR(rho * u * u + std::log1p(u), -std::log(delta), 1e-12 * -std::log(delta));
      for (double factor : {0.999, 1.001}) {
        EXPECT_GT(
            *RdpToDpEpsilonAtOrderMinusOne(kImproved, rho * (1.0 + u * factor), u * factor, delta),
            linear.privacy_epsilon);
      }
      const OptimizedDpGuarantee general =
          *OptimizeRenyiOrder(AsGeneralCurve(rho), kImproved, delta);
      EXPECT_NEAR(general.privacy_epsilon, linear.privacy_epsilon, 1e-12 * linear.privacy_epsilon);
      EXPECT_NEAR(general.renyi_order_minus_one, u, 1e-6 * u);
      EXPECT_LT(linear.privacy_epsilon, *ZcdpToDpEpsilon(kBasic, rho, delta));
    }
  }
}

// Laplace mechanism with scale b (sensitivity 1), Mironov 2017 Prop. 6: a non-linear RDP curve.
double LaplaceRdp(double b, double u) {
  // (1/u) log( alpha/(2 alpha - 1) e^{u/b} + u/(2 alpha - 1) e^{-alpha/b} ), as a log-sum-exp.
  const double alpha = 1.0 + u;
  const double first = std::log(alpha / (2 * alpha - 1)) + u / b;
  const double second = std::log(u / (2 * alpha - 1)) - alpha / b;
  return (first + std::log1p(std::exp(second - first))) / u;
}

TEST(OptimizeRenyiOrderTest, GeneralCurveBeatsDenseGrid) {
  const double b = 2.0, delta = 1e-6;
  RenyiOrderSearchOptions search;
  search.min_renyi_order_minus_one = 1e-4;
  search.max_renyi_order_minus_one = 1e4;
  RdpCurve curve = *RdpCurve::FromTerm([b](double u) { return LaplaceRdp(b, u); }).Repeated(50);
  for (DpConversion conversion : {kBasic, kImproved}) {
    const OptimizedDpGuarantee optimum = *OptimizeRenyiOrder(curve, conversion, delta, search);
    double dense_min = kInf;
    for (int i = 0; i <= 200000; ++i) {
      const double u = std::exp(std::log(1e-4) + i * std::log(1e8) / 200000);
      dense_min = std::min(dense_min, *RdpToDpEpsilonAtOrderMinusOne(
                                          conversion, curve.EvaluateAtOrderMinusOne(u), u, delta));
    }
    EXPECT_LE(optimum.privacy_epsilon, dense_min + 1e-12);
    EXPECT_GE(optimum.privacy_epsilon, dense_min - 1e-6);
    EXPECT_FALSE(optimum.at_search_boundary);
  }
}

TEST(OptimizeRenyiOrderTest, ZeroCurveAndSearchBoundary) {
  const OptimizedDpGuarantee zero = *OptimizeRenyiOrder(RdpCurve(), kImproved, 1e-5);
  EXPECT_EQ(zero.privacy_epsilon, 0.0);
  EXPECT_EQ(zero.renyi_order, kInf);
  // rho = 1e-40: alpha* - 1 = sqrt(11.5 / 1e-40) ~ 3.4e20 exceeds the default maximum 1e12.
  const OptimizedDpGuarantee clamped = *OptimizeRenyiOrder(*RdpCurve::Linear(1e-40), kBasic, 1e-5);
  EXPECT_TRUE(clamped.at_search_boundary);
  EXPECT_EQ(clamped.renyi_order_minus_one, 1e12);
  EXPECT_NEAR(clamped.privacy_epsilon, -std::log(1e-5) / 1e12, 1e-25);
}

TEST(OptimizeRenyiOrderTest, MonotoneInRhoAndDelta) {
  for (DpConversion conversion : {kBasic, kImproved}) {
    double previous = 0.0;
    for (double rho : {1e-3, 0.1, 1.0, 10.0}) {
      const double value = *ZcdpToDpEpsilon(conversion, rho, 1e-5);
      EXPECT_GT(value, previous) << rho;
      previous = value;
    }
    previous = kInf;
    for (double delta : {1e-12, 1e-6, 1e-2, 0.5}) {
      const double value = *ZcdpToDpEpsilon(conversion, 1.0, delta);
      EXPECT_LT(value, previous) << delta;
      previous = value;
    }
  }
}

TEST(ZcdpTest, HandDerivedBasicValue) {
  // rho = 0.5, delta = e^-8: 0.5 + 2 sqrt(0.5 * 8) = 4.5.
  EXPECT_NEAR(*ZcdpToDpEpsilon(kBasic, 0.5, std::exp(-8.0)), 4.5, 1e-14);
  EXPECT_EQ(*ZcdpToDpEpsilon(kBasic, 0.0, 1e-5), 0.0);
  EXPECT_EQ(*ZcdpToDpEpsilon(kImproved, 0.0, 1e-5), 0.0);
}

TEST(ZcdpTest, RoundTrips) {
  for (DpConversion conversion : {kBasic, kImproved}) {
    for (double delta : {1e-3, 1e-6, 1e-10}) {
      for (double rho : {1e-4, 0.01, 0.5, 3.0, 100.0}) {  // rho -> eps -> rho
        const double privacy_epsilon = *ZcdpToDpEpsilon(conversion, rho, delta);
        EXPECT_NEAR(*DpToZcdpRho(conversion, privacy_epsilon, delta), rho, 1e-9 * rho)
            << DpConversionName(conversion) << " " << rho << " " << delta;
      }
      for (double privacy_epsilon : {0.1, 1.0, 8.0, 50.0}) {  // eps -> rho -> eps
        const double rho = *DpToZcdpRho(conversion, privacy_epsilon, delta);
        EXPECT_NEAR(*ZcdpToDpEpsilon(conversion, rho, delta), privacy_epsilon,
                    1e-12 * privacy_epsilon)
            << DpConversionName(conversion) << " " << privacy_epsilon << " " << delta;
      }
    }
  }
  // The improved conversion allows a larger rho for the same (eps, delta).
  EXPECT_GT(*DpToZcdpRho(kImproved, 1.0, 1e-5), *DpToZcdpRho(kBasic, 1.0, 1e-5));
}

TEST(ZcdpTest, RejectsBadArguments) {
  for (double rho : {-1.0, kNaN, kInf}) {
    EXPECT_THAT(ZcdpToDpEpsilon(kImproved, rho, 1e-5),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("rho")))
        << rho;
  }
  for (double privacy_epsilon : {0.0, -1.0, kNaN, kInf}) {
    EXPECT_THAT(DpToZcdpRho(kBasic, privacy_epsilon, 1e-5),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("privacy_epsilon")))
        << privacy_epsilon;
  }
  for (double delta : {0.0, 1.0, 2.0, kNaN}) {
    EXPECT_THAT(ZcdpToDpEpsilon(kBasic, 1.0, delta),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("target_delta")));
    EXPECT_THAT(DpToZcdpRho(kImproved, 1.0, delta),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("target_delta")));
  }
}

}  // namespace
}  // namespace dprl
