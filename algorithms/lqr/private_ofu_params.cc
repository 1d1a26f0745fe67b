#include "algorithms/lqr/private_ofu_params.h"

#include <glog/logging.h>

#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/mechanisms/dyadic_tree.h"
#include "common/status_macros.h"
#include "random/random_stream.h"

namespace dprl {
namespace {

constexpr int64_t kMaxEpisodes = int64_t{1} << 40;
// Each counter gets rho/2 reduced by a relative 1e-9, so that floating-point rounding in the
// calibration and in the conversion back to epsilon can never overspend the budget.
constexpr double kRhoSafety = 1.0 - 1e-9;

absl::Status Bad(const char* field, const std::string& constraint, double value) {
  return absl::InvalidArgumentError(
      absl::StrFormat("%s must be %s, got %g", field, constraint, value));
}

}  // namespace

const char* EpisodeNeighbourName(EpisodeNeighbour neighbour) {
  return neighbour == EpisodeNeighbour::kReplaceEpisode ? "replace" : "zero_out";
}

const char* InputNormBoundName(InputNormBound bound) {
  return bound == InputNormBound::kTriangle ? "triangle" : "clip_level";
}

const char* NoiseSpectralBoundName(NoiseSpectralBound bound) {
  return bound == NoiseSpectralBound::kPaperConstant ? "paper_constant"
                                                     : "matrix_subgaussian_series";
}

PrivateOfuOptions TightCalibration(PrivateOfuOptions options) {
  options.input_norm_bound = InputNormBound::kClipLevel;
  options.spectral_bound = NoiseSpectralBound::kMatrixSubGaussianSeries;
  options.conversion = DpConversion::kImproved;
  options.counter_mechanism = PrefixSumMechanism::kSquareRootFactorization;
  return options;
}

absl::Status PrivateOfuOptions::Validate() const {
  if (!(std::isfinite(privacy_epsilon) && privacy_epsilon > 0.0)) {
    return Bad("privacy_epsilon", "finite and > 0", privacy_epsilon);
  }
  if (!(target_delta > 0.0 && target_delta <= 1.0)) {
    return Bad("target_delta", "in (0, 1]", target_delta);
  }
  if (episodes < 2 || episodes > kMaxEpisodes) {
    return Bad("episodes", "in [2, 2^40]", static_cast<double>(episodes));
  }
  if (horizon < 1) return Bad("horizon", ">= 1", horizon);
  if (!(std::isfinite(control_bound) && control_bound >= 0.0)) {
    return Bad("control_bound (gamma)", "finite and >= 0", control_bound);
  }
  if (state_dim < 1) return Bad("state_dim", ">= 1", state_dim);
  if (control_dim < 1) return Bad("control_dim", ">= 1", control_dim);
  if (!(noise_bound >= 0.0 && noise_bound < 1.0)) {
    return Bad("noise_bound (C_w)", "in [0, 1)", noise_bound);
  }
  if (!(confidence_alpha > 0.0 && confidence_alpha <= 1.0)) {
    return Bad("confidence_alpha", "in (0, 1]", confidence_alpha);
  }
  // Lambda and nu take ln(4 (n + d) K / alpha) and ln(2 K / alpha): an alpha so small that the
  // ratio overflows would make them inf and nan.
  const double nd = static_cast<double>(state_dim) + control_dim;
  if (!std::isfinite(4.0 * nd * static_cast<double>(episodes) / confidence_alpha)) {
    return Bad("confidence_alpha",
               "large enough that 4 (state_dim + control_dim) episodes / confidence_alpha is "
               "finite",
               confidence_alpha);
  }
  // The counters' input bounds and l2 sensitivities are at most sqrt(2) H (1 + gamma)^2 (Sec.
  // IV-A, replace-one-episode neighbours): they must be finite.
  const double one_plus_gamma = 1.0 + control_bound;
  if (!std::isfinite(std::sqrt(2.0) * horizon * one_plus_gamma * one_plus_gamma)) {
    return Bad("control_bound (gamma)",
               "small enough that the counters' sensitivity sqrt(2) H (1 + gamma)^2 is finite",
               control_bound);
  }
  if (spectral_bound == NoiseSpectralBound::kPaperConstant &&
      counter_mechanism != PrefixSumMechanism::kBinaryTree) {
    return absl::InvalidArgumentError(
        "spectral_bound = paper_constant is stated for counter_mechanism = binary_tree only");
  }
  return absl::OkStatus();
}

absl::StatusOr<PrivateOfuParams> ComputePrivateOfuParams(const PrivateOfuOptions& o) {
  RETURN_IF_ERROR(o.Validate());
  PrivateOfuParams p;
  const int n = o.state_dim, d = o.control_dim, nd = n + d;
  const double H = o.horizon, g1 = 1.0 + o.control_bound;
  const int64_t steps = o.episodes - 1;
  p.levels = MaxNodesPerStep(steps);
  if (o.input_norm_bound == InputNormBound::kTriangle) {  // Sec. IV-A: ||z|| <= 1 + gamma
    p.input_bound1 = H * g1 * g1;
    p.input_bound2 = H * g1;
  } else {  // (a): ||z||^2 <= 1 + gamma^2
    const double z_sq = 1.0 + o.control_bound * o.control_bound;
    p.input_bound1 = H * z_sq;
    p.input_bound2 = H * std::sqrt(z_sq);
  }
  const bool replace = o.neighbour == EpisodeNeighbour::kReplaceEpisode;
  p.sensitivity1 = (replace ? std::sqrt(2.0) : 1.0) * p.input_bound1;
  p.sensitivity2 = (replace ? 2.0 : 1.0) * p.input_bound2;
  if (o.target_delta == 1.0) {
    p.zcdp_rho = o.privacy_epsilon;
  } else {
    ASSIGN_OR_RETURN(double rho, DpToZcdpRho(o.conversion, o.privacy_epsilon, o.target_delta));
    p.zcdp_rho = rho;
  }
  p.counter1.rows = p.counter1.cols = nd;
  p.counter1.symmetric = true;
  p.counter1.horizon_steps = steps;
  p.counter1.l2_sensitivity = p.sensitivity1;
  p.counter1.input_frobenius_bound = p.input_bound1;
  p.counter1.zcdp_rho = p.zcdp_rho / 2.0 * kRhoSafety;
  p.counter2.rows = nd;
  p.counter2.cols = n;
  p.counter2.symmetric = false;
  p.counter2.horizon_steps = steps;
  p.counter2.l2_sensitivity = p.sensitivity2;
  p.counter2.input_frobenius_bound = p.input_bound2;
  p.counter2.zcdp_rho = p.zcdp_rho / 2.0 * kRhoSafety;
  // The counters' own calibration (grid, rounded-up variance) is the source of sigma_1, sigma_2.
  const RandomStream unused(StreamKey{});
  ASSIGN_OR_RETURN(PrivateMatrixCounter c1,
                   PrivateMatrixCounter::Create(o.counter_mechanism, p.counter1, unused));
  ASSIGN_OR_RETURN(PrivateMatrixCounter c2,
                   PrivateMatrixCounter::Create(o.counter_mechanism, p.counter2, unused));
  p.sigma1 = c1.unit_noise_stddev();
  p.sigma2 = c2.unit_noise_stddev();
  p.noise_scale1 = c1.release_noise_scale();
  p.noise_scale2 = c2.release_noise_scale();
  p.rounding_error1 = c1.release_error_bound();
  p.rounding_error2 = c2.release_error_bound();
  const double spent = c1.rho_spent() + c2.rho_spent();
  if (o.target_delta == 1.0) {
    p.achieved_epsilon = spent;
  } else {
    ASSIGN_OR_RETURN(double eps, ZcdpToDpEpsilon(o.conversion, spent, o.target_delta));
    p.achieved_epsilon = eps;
  }
  const double m = p.levels, K = static_cast<double>(o.episodes), a = o.confidence_alpha;
  // ln(2 / delta); for a subnormal delta 2 / delta overflows, ln 2 - ln delta does not.
  const double log_term = std::isfinite(2.0 / o.target_delta)
                              ? std::log(2.0 / o.target_delta)
                              : std::log(2.0) - std::log(o.target_delta);
  p.paper_sigma1 = std::sqrt(8.0 * m * log_term) * p.input_bound1 / o.privacy_epsilon;
  p.paper_sigma2 = std::sqrt(8.0 * m * log_term) * p.input_bound2 / o.privacy_epsilon;
  if (o.spectral_bound == NoiseSpectralBound::kPaperConstant) {  // Thm. 3 proof
    p.big_lambda =
        p.sigma1 * std::sqrt(m) * (4.0 * std::sqrt(nd) + std::sqrt(8.0 * std::log(4.0 * K / a)));
  } else {  // (b): matrix sub-Gaussian series, plus the rounding error
    p.big_lambda =
        p.noise_scale1 * std::sqrt(2.0 * nd * std::log(4.0 * nd * K / a)) + nd * p.rounding_error1;
  }
  p.eta = 2.0 * p.big_lambda;
  p.lambda_min = p.big_lambda;
  p.lambda_max = 3.0 * p.big_lambda;
  const double nu_tail = std::sqrt(2.0 * n * nd) + std::sqrt(4.0 * std::log(2.0 * K / a));
  if (o.spectral_bound == NoiseSpectralBound::kPaperConstant) {
    p.nu = p.sigma2 * std::sqrt(m / p.big_lambda) * nu_tail;
  } else {
    p.nu = (p.noise_scale2 * nu_tail + std::sqrt(static_cast<double>(n * nd)) * p.rounding_error2) /
           std::sqrt(p.big_lambda);
  }
  if (!(std::isfinite(p.big_lambda) && p.big_lambda > 0.0 && std::isfinite(p.nu) &&
        std::isfinite(p.paper_sigma1) && std::isfinite(p.paper_sigma2))) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "privacy_epsilon = %g, target_delta = %g, episodes = %d, horizon = %d, gamma = %g, "
        "confidence_alpha = %g give Lambda = %g, nu = %g and the paper's sigma_1 = %g, sigma_2 = "
        "%g, which must be finite (Lambda > 0): the noise levels sigma_1 = %g, sigma_2 = %g are "
        "beyond double range",
        o.privacy_epsilon, o.target_delta, o.episodes, o.horizon, o.control_bound,
        o.confidence_alpha, p.big_lambda, p.nu, p.paper_sigma1, p.paper_sigma2, p.sigma1,
        p.sigma2));
  }
  return p;
}

double ConfidenceRadius(const ConfidenceRadiusInputs& in, int64_t episode) {
  CHECK_GE(episode, 1);
  CHECK_GT(in.lambda_min, 0.0);
  const double nd = in.state_dim + in.control_dim;
  const double g1 = 1.0 + in.control_bound;
  const double log_det = nd * std::log1p(static_cast<double>(episode - 1) * in.horizon * g1 * g1 /
                                         (nd * in.lambda_min));
  return in.noise_bound *
             std::sqrt(2.0 * std::log(2.0 / in.confidence_alpha) + in.state_dim * log_det) +
         std::sqrt(in.lambda_max) + in.nu;
}

ConfidenceRadiusInputs PrivateRadiusInputs(const PrivateOfuOptions& o, const PrivateOfuParams& p) {
  ConfidenceRadiusInputs in;
  in.state_dim = o.state_dim;
  in.control_dim = o.control_dim;
  in.horizon = o.horizon;
  in.control_bound = o.control_bound;
  in.noise_bound = o.noise_bound;
  in.confidence_alpha = o.confidence_alpha;
  in.lambda_min = p.lambda_min;
  in.lambda_max = p.lambda_max;
  in.nu = p.nu;
  return in;
}

std::string FormatPrivateOfuParams(const PrivateOfuOptions& o, const PrivateOfuParams& p) {
  std::string out;
  absl::StrAppendFormat(&out, "privacy_epsilon  = %.6g\n", o.privacy_epsilon);
  absl::StrAppendFormat(&out, "target_delta     = %.6g\n", o.target_delta);
  absl::StrAppendFormat(&out, "episodes (K)     = %d\n", o.episodes);
  absl::StrAppendFormat(&out, "horizon (H)      = %d\n", o.horizon);
  absl::StrAppendFormat(&out, "gamma            = %.6g\n", o.control_bound);
  absl::StrAppendFormat(&out, "state_dim (n)    = %d\n", o.state_dim);
  absl::StrAppendFormat(&out, "control_dim (d)  = %d\n", o.control_dim);
  absl::StrAppendFormat(&out, "noise_bound (C_w)= %.6g\n", o.noise_bound);
  absl::StrAppendFormat(&out, "confidence_alpha = %.6g\n", o.confidence_alpha);
  absl::StrAppendFormat(&out, "neighbour        = %s\n", EpisodeNeighbourName(o.neighbour));
  absl::StrAppendFormat(&out, "conversion       = %s\n", DpConversionName(o.conversion));
  absl::StrAppendFormat(&out, "input_norm_bound = %s\n", InputNormBoundName(o.input_norm_bound));
  absl::StrAppendFormat(&out, "spectral_bound   = %s\n", NoiseSpectralBoundName(o.spectral_bound));
  absl::StrAppendFormat(&out, "counter          = %s\n",
                        PrefixSumMechanismName(o.counter_mechanism));
  absl::StrAppendFormat(&out, "m                = %d   (ceil(log2 K): nodes per episode)\n",
                        p.levels);
  absl::StrAppendFormat(&out, "Delta_1          = %.6g\n", p.sensitivity1);
  absl::StrAppendFormat(&out, "Delta_2          = %.6g\n", p.sensitivity2);
  absl::StrAppendFormat(&out, "zcdp_rho         = %.6g   (both counters)\n", p.zcdp_rho);
  absl::StrAppendFormat(&out, "achieved_epsilon = %.6g\n", p.achieved_epsilon);
  absl::StrAppendFormat(&out, "sigma_1          = %.6g   (paper formula: %.6g)\n", p.sigma1,
                        p.paper_sigma1);
  absl::StrAppendFormat(&out, "sigma_2          = %.6g   (paper formula: %.6g)\n", p.sigma2,
                        p.paper_sigma2);
  absl::StrAppendFormat(&out, "s_1, s_2         = %.6g, %.6g   (per-entry release noise scale)\n",
                        p.noise_scale1, p.noise_scale2);
  absl::StrAppendFormat(&out, "e_1, e_2         = %.3g, %.3g   (per-entry rounding-error bound)\n",
                        p.rounding_error1, p.rounding_error2);
  absl::StrAppendFormat(&out, "Lambda           = %.6g\n", p.big_lambda);
  absl::StrAppendFormat(&out, "eta              = %.6g\n", p.eta);
  absl::StrAppendFormat(&out, "lambda_min       = %.6g\n", p.lambda_min);
  absl::StrAppendFormat(&out, "lambda_max       = %.6g\n", p.lambda_max);
  absl::StrAppendFormat(&out, "nu               = %.6g\n", p.nu);
  const ConfidenceRadiusInputs in = PrivateRadiusInputs(o, p);
  absl::StrAppendFormat(&out, "beta_1           = %.6g\n", ConfidenceRadius(in, 1));
  absl::StrAppendFormat(&out, "beta_K           = %.6g\n", ConfidenceRadius(in, o.episodes));
  return out;
}

}  // namespace dprl
