#include "algorithms/accounting/rlsvi_privacy.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "algorithms/accounting/conversions.h"
#include "algorithms/accounting/rdp.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

RlsviPrivacyOptions Make(int64_t S, int64_t A, int64_t H, int64_t K) {
  RlsviPrivacyOptions options;
  options.num_states = S;
  options.num_actions = A;
  options.horizon = H;
  options.num_episodes = K;
  return options;
}

TEST(RlsviPrivacyOptionsTest, DefaultsAreValid) {
  EXPECT_TRUE(RlsviPrivacyOptions().Validate().ok());
}

TEST(RlsviPrivacyOptionsTest, RejectsBadValuesNamingTheField) {
  struct Field {
    const char* name;
    int64_t RlsviPrivacyOptions::*member;
  };
  const std::vector<Field> fields = {{"num_states", &RlsviPrivacyOptions::num_states},
                                     {"num_actions", &RlsviPrivacyOptions::num_actions},
                                     {"horizon", &RlsviPrivacyOptions::horizon},
                                     {"num_episodes", &RlsviPrivacyOptions::num_episodes}};
  // 0, negative, and out of range (above 2^53, not exactly representable as a double).
  for (const Field& field : fields) {
    for (int64_t value : {int64_t{0}, int64_t{-4}, (int64_t{1} << 53) + 1}) {
      RlsviPrivacyOptions options;
      options.*field.member = value;
      const absl::Status status = options.Validate();
      EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
      EXPECT_THAT(std::string(status.message()), HasSubstr(field.name)) << value;
      EXPECT_THAT(std::string(status.message()), HasSubstr(std::to_string(value)));
      EXPECT_FALSE(ComputeRlsviPrivacy(options, 1e-5).ok());
    }
  }
}

TEST(RlsviPrivacyTest, RejectsBadDeltaAndOrder) {
  for (double delta : {0.0, -1e-5, 1.0, 3.0, kNaN, kInf}) {
    EXPECT_THAT(ComputeRlsviPrivacy(Make(5, 2, 10, 1000), delta),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("target_delta")))
        << delta;
    EXPECT_FALSE(RlsviCorollary14Epsilon(Make(5, 2, 10, 1000), delta).ok());
  }
  for (double alpha : {1.0, 0.9, kNaN, kInf}) {
    EXPECT_THAT(RlsviTheorem13Epsilon(Make(5, 2, 10, 1000), alpha, 1e-5),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("renyi_order")))
        << alpha;
  }
  for (int64_t episode : {0, 1001}) {
    EXPECT_THAT(RlsviNoiseScaleBeta(Make(5, 2, 10, 1000), episode),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("episode")));
  }
}

// S = 5, A = 2, H = 10, K = 1000, delta = 1e-5, by hand:
//   log(2HSA) = log 200 = 5.298317366548036,  log(1/delta) = 11.512925464970229
//   beta_1 = (1/2) 5 10^3 log 200 = 2500 * 5.298317366548036 = 13245.79341637009      (Alg. 1)
//   step coefficient = 2A/(H^3 log 200) = 4 / 5298.317366548036 = 7.549566632710193e-4  (Lemma 11)
//   rho = 2AK/(H^2 log 200) = 4000 / 529.8317366548036 = 7.549566632710193              (Lemma 12)
//   alpha* = 1 + sqrt(11.512925464970229 / 7.549566632710193) = 2.2349001268404756     (Cor. 14)
//   eps = rho + 2 sqrt(rho log(1/delta)) = 26.19548821735907                            (Cor. 14)
TEST(RlsviPrivacyTest, HandDerivedValues) {
  const RlsviPrivacyOptions options = Make(5, 2, 10, 1000);
  EXPECT_NEAR(*RlsviNoiseScaleBeta(options, 1), 13245.79341637009, 1e-9);
  EXPECT_NEAR(*RlsviNoiseScaleBeta(options, 1000), 2500.0 * (5.298317366548036 + std::log(1000.0)),
              1e-9);
  EXPECT_NEAR(*RlsviStepRdpCoefficient(options), 7.549566632710193e-4, 1e-17);
  EXPECT_NEAR(*RlsviRdpCoefficient(options), 7.549566632710193, 1e-13);
  EXPECT_NEAR(1.0 + *RlsviCorollary14OrderMinusOne(options, 1e-5), 2.2349001268404756, 1e-13);
  EXPECT_NEAR(*RlsviCorollary14Epsilon(options, 1e-5), 26.19548821735907, 1e-12);
  // Theorem 13 at alpha = 3: 3 rho + log(1/delta)/2 = 22.64869989813058 + 5.756462732485115.
  EXPECT_NEAR(*RlsviTheorem13Epsilon(options, 3.0, 1e-5), 28.405162630615694, 1e-12);
}

// Lemmas 11-12 rebuilt from the generic API: one coordinate Q~_h^k(s,a) is a Gaussian mechanism
// with sensitivity 1/N and variance beta_k/(N+1) (Lemma 11 proof). The worst case is N = 1, k = 1
// (rdp coefficient (N+1)/(2 beta_k N^2) decreases in N and k); composing S A H K of them gives
// Lemma 12's rho exactly.
TEST(RlsviPrivacyTest, LemmasFollowFromGaussianComposition) {
  for (const RlsviPrivacyOptions& options :
       {Make(5, 2, 10, 1000), Make(20, 4, 20, 10000), Make(1, 1, 1, 1), Make(3, 7, 2, 50)}) {
    auto coordinate_rho = [&](int64_t count, int64_t episode) {
      GaussianMechanismOptions gaussian;
      gaussian.l2_sensitivity = 1.0 / count;
      gaussian.noise_stddev = std::sqrt(*RlsviNoiseScaleBeta(options, episode) / (count + 1));
      return *GaussianRdpCoefficient(gaussian);
    };
    const double worst = coordinate_rho(1, 1);
    EXPECT_GE(worst, coordinate_rho(2, 1));
    EXPECT_GE(worst, coordinate_rho(1, options.num_episodes));
    GaussianMechanismOptions gaussian;
    gaussian.noise_stddev = std::sqrt(*RlsviNoiseScaleBeta(options, 1) / 2.0);
    const RdpCurve step =
        *RdpCurve::Gaussian(gaussian)->Repeated(options.num_states * options.num_actions);
    EXPECT_NEAR(step.linear_coefficient(), *RlsviStepRdpCoefficient(options),
                1e-13 * step.linear_coefficient());
    const RdpCurve total = *step.Repeated(options.horizon * options.num_episodes);
    EXPECT_NEAR(total.linear_coefficient(), *RlsviRdpCoefficient(options),
                1e-13 * total.linear_coefficient());
  }
}

struct Config {
  int64_t S, A, H, K;
  double delta;
};

const std::vector<Config>& Configs() {
  static const auto* configs = new std::vector<Config>{
      {5, 2, 10, 1000, 1e-5},        {20, 4, 20, 10000, 1e-6}, {1, 1, 1, 1, 0.5},
      {100, 10, 50, 1000000, 1e-10}, {2, 3, 1000, 5, 1e-3},    {50, 5, 5, 100000000, 1e-12}};
  return *configs;
}

TEST(RlsviPrivacyTest, NumericOptimumMatchesCorollary14) {
  for (const Config& c : Configs()) {
    const RlsviPrivacyOptions options = Make(c.S, c.A, c.H, c.K);
    const double closed_epsilon = *RlsviCorollary14Epsilon(options, c.delta);
    const double closed_order = 1.0 + *RlsviCorollary14OrderMinusOne(options, c.delta);
    const RlsviPrivacyReport report = *ComputeRlsviPrivacy(options, c.delta);
    EXPECT_NEAR(report.paper_conversion.privacy_epsilon, closed_epsilon, 1e-9 * closed_epsilon)
        << c.S << " " << c.A << " " << c.H << " " << c.K << " " << c.delta;
    EXPECT_NEAR(report.paper_conversion.renyi_order, closed_order, 1e-9 * closed_order);
    EXPECT_DOUBLE_EQ(report.corollary14_privacy_epsilon, closed_epsilon);
    // Theorem 13 at the closed-form order is Corollary 14's value, and larger elsewhere.
    EXPECT_NEAR(*RlsviTheorem13Epsilon(options, closed_order, c.delta), closed_epsilon,
                1e-12 * closed_epsilon);
    for (double factor : {0.9, 1.1, 3.0}) {
      const double other = 1.0 + factor * (closed_order - 1.0);
      EXPECT_GT(*RlsviTheorem13Epsilon(options, other, c.delta), closed_epsilon) << factor;
    }
    // The derivative-free search on the same curve (as a general term) agrees too.
    const double rho = report.rdp_coefficient;
    RenyiOrderSearchOptions search;
    search.min_renyi_order_minus_one = 1e-9;
    search.max_renyi_order_minus_one = 1e9;
    const OptimizedDpGuarantee general =
        *OptimizeRenyiOrder(RdpCurve::FromTerm([rho](double u) { return rho + rho * u; }),
                            DpConversion::kBasic, c.delta, search);
    EXPECT_NEAR(general.privacy_epsilon, closed_epsilon, 1e-9 * closed_epsilon);
    EXPECT_NEAR(general.renyi_order, closed_order, 1e-6 * closed_order);
  }
}

TEST(RlsviPrivacyTest, ImprovedConversionIsSmaller) {
  for (const Config& c : Configs()) {
    const RlsviPrivacyReport report = *ComputeRlsviPrivacy(Make(c.S, c.A, c.H, c.K), c.delta);
    EXPECT_LT(report.improved_conversion.privacy_epsilon, report.paper_conversion.privacy_epsilon);
    EXPECT_GT(report.relative_improvement, 0.0);
    EXPECT_LT(report.relative_improvement, 1.0);
    EXPECT_NEAR(
        report.relative_improvement,
        1.0 - report.improved_conversion.privacy_epsilon / report.paper_conversion.privacy_epsilon,
        1e-15);
  }
  // Independent values (ternary search on the CKS formula in Python, 300 iterations):
  //   (5, 2, 10, 1000, 1e-5):    alpha* = 2.1920652, eps = 24.939561432078847
  //   (20, 4, 20, 10000, 1e-6):  alpha* = 1.7316830, eps = 60.18160756215259
  const RlsviPrivacyReport small = *ComputeRlsviPrivacy(Make(5, 2, 10, 1000), 1e-5);
  EXPECT_NEAR(small.improved_conversion.privacy_epsilon, 24.939561432078847, 1e-10);
  EXPECT_NEAR(small.improved_conversion.renyi_order, 2.1920652, 1e-6);
  const RlsviPrivacyReport large = *ComputeRlsviPrivacy(Make(20, 4, 20, 10000), 1e-6);
  EXPECT_NEAR(large.improved_conversion.privacy_epsilon, 60.18160756215259, 1e-10);
  EXPECT_NEAR(large.improved_conversion.renyi_order, 1.7316830, 1e-6);
}

// Exact GDP conversion, reference from mpmath (40 digits, bisection on DRS Cor. 2.13):
//   (5, 2, 10, 1000, 1e-5):    mu = 3.8857603201201675, eps = 23.449712899410048
//   (20, 4, 20, 10000, 1e-6):  mu = 7.0399382317643481, eps = 57.481685440882265
TEST(RlsviPrivacyTest, GaussianExactConversion) {
  const RlsviPrivacyReport small = *ComputeRlsviPrivacy(Make(5, 2, 10, 1000), 1e-5);
  EXPECT_NEAR(small.gdp_mu, 3.8857603201201675, 1e-14);
  EXPECT_NEAR(small.gaussian_exact_privacy_epsilon, 23.449712899410048, 1e-11);
  const RlsviPrivacyReport large = *ComputeRlsviPrivacy(Make(20, 4, 20, 10000), 1e-6);
  EXPECT_NEAR(large.gdp_mu, 7.0399382317643481, 1e-14);
  EXPECT_NEAR(large.gaussian_exact_privacy_epsilon, 57.481685440882265, 1e-11);
  for (const Config& c : Configs()) {
    const RlsviPrivacyReport report = *ComputeRlsviPrivacy(Make(c.S, c.A, c.H, c.K), c.delta);
    EXPECT_LT(report.gaussian_exact_privacy_epsilon, report.improved_conversion.privacy_epsilon);
  }
}

TEST(RlsviPrivacyTest, MonotoneInParameters) {
  auto epsilon = [](int64_t S, int64_t A, int64_t H, int64_t K, double delta) {
    return ComputeRlsviPrivacy(Make(S, A, H, K), delta)->improved_conversion.privacy_epsilon;
  };
  // More episodes and more actions cost more privacy (rho grows with AK / log A); longer episodes,
  // more states (only through log(2HSA), via the noise scale beta_k) and larger delta cost less.
  EXPECT_LT(epsilon(5, 2, 10, 1000, 1e-5), epsilon(5, 2, 10, 2000, 1e-5));
  EXPECT_LT(epsilon(5, 2, 10, 1000, 1e-5), epsilon(5, 3, 10, 1000, 1e-5));
  EXPECT_GT(epsilon(5, 2, 10, 1000, 1e-5), epsilon(5, 2, 11, 1000, 1e-5));
  EXPECT_GT(epsilon(5, 2, 10, 1000, 1e-5), epsilon(6, 2, 10, 1000, 1e-5));
  EXPECT_GT(epsilon(5, 2, 10, 1000, 1e-5), epsilon(5, 2, 10, 1000, 1e-4));
}

}  // namespace
}  // namespace dprl
