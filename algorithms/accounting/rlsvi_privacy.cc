#include "algorithms/accounting/rlsvi_privacy.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "algorithms/accounting/gaussian_dp.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

constexpr int64_t kMaxExactInteger = int64_t{1} << 53;

absl::Status ValidateCount(const char* name, int64_t value) {
  if (value < 1 || value > kMaxExactInteger) {
    return absl::InvalidArgumentError(absl::StrCat(name, " must be in [1, 2^53], got ", value));
  }
  return absl::OkStatus();
}

// log(2HSA) = log 2 + log H + log S + log A: never overflows, > 0 since every factor is >= 1.
double LogTwoHsa(const RlsviPrivacyOptions& options) {
  return std::log(2.0) + std::log(static_cast<double>(options.horizon)) +
         std::log(static_cast<double>(options.num_states)) +
         std::log(static_cast<double>(options.num_actions));
}

}  // namespace

absl::Status RlsviPrivacyOptions::Validate() const {
  RETURN_IF_ERROR(ValidateCount("num_states", num_states));
  if (absl::Status status = ValidateCount("num_actions", num_actions); !status.ok()) {
    return status;
  }
  RETURN_IF_ERROR(ValidateCount("horizon", horizon));
  return ValidateCount("num_episodes", num_episodes);
}

absl::StatusOr<double> RlsviNoiseScaleBeta(const RlsviPrivacyOptions& options, int64_t episode) {
  RETURN_IF_ERROR(options.Validate());
  if (episode < 1 || episode > options.num_episodes) {
    return absl::InvalidArgumentError(absl::StrCat(
        "episode must be in [1, num_episodes = ", options.num_episodes, "], got ", episode));
  }
  const double S = static_cast<double>(options.num_states);
  const double H = static_cast<double>(options.horizon);
  // Alg. 1 input: beta_k = (1/2) S H^3 log(2HSAk).
  return 0.5 * S * H * H * H * (LogTwoHsa(options) + std::log(static_cast<double>(episode)));
}

absl::StatusOr<double> RlsviStepRdpCoefficient(const RlsviPrivacyOptions& options) {
  RETURN_IF_ERROR(options.Validate());
  const double A = static_cast<double>(options.num_actions);
  const double H = static_cast<double>(options.horizon);
  // Lemma 11: M_h^k is (alpha, 2 alpha A / (H^3 log(2HSA)))-RDP.
  return 2.0 * A / (H * H * H * LogTwoHsa(options));
}

absl::StatusOr<double> RlsviRdpCoefficient(const RlsviPrivacyOptions& options) {
  RETURN_IF_ERROR(options.Validate());
  const double A = static_cast<double>(options.num_actions);
  const double H = static_cast<double>(options.horizon);
  const double K = static_cast<double>(options.num_episodes);
  // Lemma 12: {pi^k} is (alpha, 2 alpha A K / (H^2 log(2HSA)))-RDP.
  return 2.0 * A * K / (H * H * LogTwoHsa(options));
}

absl::StatusOr<RdpCurve> RlsviRdpCurve(const RlsviPrivacyOptions& options) {
  ASSIGN_OR_RETURN(double rho, RlsviRdpCoefficient(options));
  return RdpCurve::Linear(rho);
}

absl::StatusOr<double> RlsviTheorem13Epsilon(const RlsviPrivacyOptions& options, double renyi_order,
                                             double target_delta) {
  ASSIGN_OR_RETURN(double rho, RlsviRdpCoefficient(options));
  RETURN_IF_ERROR(ValidateRenyiOrder(renyi_order));
  RETURN_IF_ERROR(ValidateTargetDelta(target_delta));
  // Theorem 13: eps(alpha, delta) = 2 alpha A K / (H^2 log(2HSA)) + log(1/delta) / (alpha - 1).
  return rho * renyi_order - std::log(target_delta) / (renyi_order - 1.0);
}

absl::StatusOr<double> RlsviCorollary14OrderMinusOne(const RlsviPrivacyOptions& options,
                                                     double target_delta) {
  RETURN_IF_ERROR(options.Validate());
  RETURN_IF_ERROR(ValidateTargetDelta(target_delta));
  const double A = static_cast<double>(options.num_actions);
  const double H = static_cast<double>(options.horizon);
  const double K = static_cast<double>(options.num_episodes);
  // Proof of Corollary 14 (App. A): alpha = H sqrt(log(2HSA) log(1/delta) / (2AK)) + 1.
  return H * std::sqrt(LogTwoHsa(options) * -std::log(target_delta) / (2.0 * A * K));
}

absl::StatusOr<double> RlsviCorollary14Epsilon(const RlsviPrivacyOptions& options,
                                               double target_delta) {
  RETURN_IF_ERROR(options.Validate());
  RETURN_IF_ERROR(ValidateTargetDelta(target_delta));
  const double A = static_cast<double>(options.num_actions);
  const double H = static_cast<double>(options.horizon);
  const double K = static_cast<double>(options.num_episodes);
  const double first = 2.0 * A * K / (H * H * LogTwoHsa(options));
  // Corollary 14: eps(delta) = 2AK/(H^2 log(2HSA)) + 2 sqrt(2AK log(1/delta) / (H^2 log(2HSA))).
  return first + 2.0 * std::sqrt(first * -std::log(target_delta));
}

absl::StatusOr<RlsviPrivacyReport> ComputeRlsviPrivacy(const RlsviPrivacyOptions& options,
                                                       double target_delta) {
  ASSIGN_OR_RETURN(RdpCurve curve, RlsviRdpCurve(options));
  ASSIGN_OR_RETURN(double order_minus_one, RlsviCorollary14OrderMinusOne(options, target_delta));
  ASSIGN_OR_RETURN(double closed_form, RlsviCorollary14Epsilon(options, target_delta));
  // The stationary point 1 + sqrt(log(1/delta)/rho) can exceed the default search range only for
  // absurd parameters; search wide so that the optimum is never clamped.
  RenyiOrderSearchOptions search;
  search.min_renyi_order_minus_one = 1e-300;
  search.max_renyi_order_minus_one = 1e300;
  ASSIGN_OR_RETURN(OptimizedDpGuarantee paper,
                   OptimizeRenyiOrder(curve, DpConversion::kBasic, target_delta, search));
  ASSIGN_OR_RETURN(OptimizedDpGuarantee improved,
                   OptimizeRenyiOrder(curve, DpConversion::kImproved, target_delta, search));

  ASSIGN_OR_RETURN(double gdp_mu, GaussianCompositionGdpMu(curve.linear_coefficient()));
  ASSIGN_OR_RETURN(double gaussian_exact, GdpEpsilon(gdp_mu, target_delta));

  RlsviPrivacyReport report;
  report.rdp_coefficient = curve.linear_coefficient();
  report.corollary14_renyi_order = 1.0 + order_minus_one;
  report.corollary14_privacy_epsilon = closed_form;
  report.paper_conversion = paper;
  report.improved_conversion = improved;
  report.relative_improvement = 1.0 - improved.privacy_epsilon / paper.privacy_epsilon;
  report.gdp_mu = gdp_mu;
  report.gaussian_exact_privacy_epsilon = gaussian_exact;
  return report;
}

}  // namespace dprl
