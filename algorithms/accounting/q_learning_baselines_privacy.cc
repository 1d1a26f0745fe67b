#include "algorithms/accounting/q_learning_baselines_privacy.h"

#include <cmath>

#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "algorithms/accounting/conversions.h"
#include "algorithms/accounting/gaussian_dp.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

absl::Status CheckTarget(double privacy_epsilon, double target_delta, int64_t num_samples) {
  if (!(std::isfinite(privacy_epsilon) && privacy_epsilon > 0.0)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("privacy_epsilon = %g, must be finite and > 0", privacy_epsilon));
  }
  RETURN_IF_ERROR(ValidateTargetDelta(target_delta));
  if (num_samples < 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("num_samples = %d, must be >= 1", num_samples));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<InputPerturbationCalibration> CalibrateInputPerturbation(double privacy_epsilon,
                                                                        double target_delta,
                                                                        int64_t num_samples) {
  RETURN_IF_ERROR(CheckTarget(privacy_epsilon, target_delta, num_samples));
  ASSIGN_OR_RETURN(double rho, DpToZcdpRho(DpConversion::kImproved, privacy_epsilon, target_delta));
  InputPerturbationCalibration out;
  out.rdp_rho = rho;
  out.reward_noise_stddev = std::sqrt(static_cast<double>(num_samples) / (2.0 * rho));
  ASSIGN_OR_RETURN(double mu, GaussianCompositionGdpMu(rho));
  ASSIGN_OR_RETURN(double gdp, GdpEpsilon(mu, target_delta));
  out.gdp_privacy_epsilon = gdp;
  return out;
}

absl::StatusOr<DpSgdCalibration> CalibrateDpSgd(double privacy_epsilon, double target_delta,
                                                int64_t num_samples, int64_t batch_size,
                                                double l2_clip_norm) {
  RETURN_IF_ERROR(CheckTarget(privacy_epsilon, target_delta, num_samples));
  if (batch_size < 1 || num_samples % batch_size != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "batch_size = %d, must be >= 1 and divide num_samples = %d", batch_size, num_samples));
  }
  if (!(std::isfinite(l2_clip_norm) && l2_clip_norm > 0.0)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("l2_clip_norm = %g, must be finite and > 0", l2_clip_norm));
  }
  const double updates = static_cast<double>(num_samples / batch_size);
  DpSgdCalibration out;
  out.noise_multiplier_paper =
      std::sqrt(2.0) * std::sqrt(updates * std::log(1.0 / target_delta)) / privacy_epsilon;
  ASSIGN_OR_RETURN(double eps, ZcdpToDpEpsilon(DpConversion::kImproved,
                                               updates / (2.0 * out.noise_multiplier_paper *
                                                          out.noise_multiplier_paper),
                                               target_delta));
  out.rdp_epsilon_of_paper = eps;
  ASSIGN_OR_RETURN(double rho, DpToZcdpRho(DpConversion::kImproved, privacy_epsilon, target_delta));
  out.noise_multiplier_rdp = std::sqrt(updates / (2.0 * rho));
  out.l2_sensitivity = 2.0 * static_cast<double>(batch_size) * l2_clip_norm;
  out.gradient_noise_stddev_paper = out.noise_multiplier_paper * out.l2_sensitivity;
  out.gradient_noise_stddev_rdp = out.noise_multiplier_rdp * out.l2_sensitivity;
  return out;
}

absl::StatusOr<double> CalibrateOutputPerturbation(double privacy_epsilon, double target_delta,
                                                   int64_t num_releases) {
  if (absl::Status s = CheckTarget(privacy_epsilon, target_delta, num_releases); !s.ok()) {
    return absl::InvalidArgumentError(
        absl::StrReplaceAll(s.message(), {{"num_samples", "num_releases"}}));
  }
  ASSIGN_OR_RETURN(double rho, DpToZcdpRho(DpConversion::kImproved, privacy_epsilon, target_delta));
  return std::sqrt(static_cast<double>(num_releases) / (2.0 * rho));
}

}  // namespace dprl
