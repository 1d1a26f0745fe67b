#include "calculators/functional_noise_sigma_flags.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/command_line.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

absl::Status ParseReal(const std::string& name, const std::string& value, double* out) {
  double parsed = 0.0;
  if (!ParseNumberText(value, &parsed)) {
    return absl::InvalidArgumentError(absl::StrCat(name, ": '", value, "' is not a number"));
  }
  *out = parsed;
  return absl::OkStatus();
}

absl::Status ParseInteger(const std::string& name, const std::string& value, int64_t* out) {
  uint64_t parsed = 0;
  if (!ParseUnsignedText(value, &parsed) || parsed > (uint64_t{1} << 53)) {
    return absl::InvalidArgumentError(
        absl::StrCat(name, ": '", value, "' is not an integer in [0, 2^53]"));
  }
  *out = static_cast<int64_t>(parsed);
  return absl::OkStatus();
}

// Maps "FunctionalNoiseCalibrationOptions.x = v, must be ..." to "--x = v, must be ...".
absl::Status AsFlagError(const absl::Status& status) {
  std::string message(status.message());
  const std::string prefix = "FunctionalNoiseCalibrationOptions.";
  if (message.rfind(prefix, 0) == 0) message = "--" + message.substr(prefix.size());
  return absl::InvalidArgumentError(message);
}

}  // namespace

absl::StatusOr<FunctionalNoiseSigmaFlags> ParseFunctionalNoiseSigmaFlags(int argc,
                                                                         const char* const* argv) {
  ASSIGN_OR_RETURN(
      CommandLine command_line,
      SplitCommandLine(argc, argv,
                       {"--privacy_epsilon", "--target_delta", "--num_samples", "--batch_size",
                        "--learning_rate", "--lipschitz_squared", "--noise_bound", "--num_resets",
                        "--num_actions", "--target_delta_g", "--noise_stddev", "--format"}));
  FunctionalNoiseSigmaFlags flags;
  flags.help = command_line.help;
  if (flags.help) return flags;
  FunctionalNoiseCalibrationOptions& o = flags.options;
  for (const auto& [name, value] : command_line.values) {
    absl::Status status;
    if (name == "--privacy_epsilon") {
      status = ParseReal(name, value, &o.privacy_epsilon);
    } else if (name == "--target_delta") {
      status = ParseReal(name, value, &o.target_delta);
    } else if (name == "--num_samples") {
      status = ParseInteger(name, value, &o.num_samples);
    } else if (name == "--batch_size") {
      status = ParseInteger(name, value, &o.batch_size);
    } else if (name == "--learning_rate") {
      status = ParseReal(name, value, &o.learning_rate);
    } else if (name == "--lipschitz_squared") {
      status = ParseReal(name, value, &o.lipschitz_squared);
    } else if (name == "--noise_bound") {
      status = ParseReal(name, value, &o.noise_bound);
    } else if (name == "--num_resets") {
      status = ParseInteger(name, value, &o.num_resets);
    } else if (name == "--num_actions") {
      int64_t actions = 0;
      status = ParseInteger(name, value, &actions);
      o.num_actions = static_cast<int>(std::min<int64_t>(actions, 1 << 30));
    } else if (name == "--target_delta_g") {
      double target = 0.0;
      status = ParseReal(name, value, &target);
      if (status.ok() && !(target > 0.0 && target < 1.0)) {
        status = absl::InvalidArgumentError(
            absl::StrCat("--target_delta_g = ", value, ", must be in (0, 1)"));
      }
      flags.target_delta_g = target;
    } else if (name == "--noise_stddev") {
      double sigma = 0.0;
      status = ParseReal(name, value, &sigma);
      if (status.ok() && !(std::isfinite(sigma) && sigma > 0.0)) {
        status = absl::InvalidArgumentError(
            absl::StrCat("--noise_stddev = ", value, ", must be finite and > 0"));
      }
      flags.noise_stddev = sigma;
    } else if (value == "table" || value == "csv") {  // --format
      flags.csv = value == "csv";
    } else {
      status = absl::InvalidArgumentError(
          absl::StrCat("--format: '", value, "' is not one of table, csv"));
    }
    if (!status.ok()) return status;
  }
  if (absl::Status status = o.Validate(); !status.ok()) return AsFlagError(status);
  return flags;
}

std::string FunctionalNoiseSigmaUsage(const char* program) {
  return absl::StrFormat(
      "%s: the noise level sigma that Theorem 5 (Wang & Hegde 2019) asks of Q-learning with\n"
      "Gaussian-process functional noise, and the achieved (epsilon, delta + delta_g), with delta_g\n"
      "as printed (App. E.3, not a valid bound) and corrected (sup |g| <= k on each of the J m\n"
      "paths, Borell-TIS tail 2 exp(-u^2 / (2 sigma^2))). Defaults are App. E.3's parameters.\n"
      "The proof's guarantee would cover noisy releases Q_j + g_j if each update started from\n"
      "the previous release; it does NOT cover Algorithm 1 (docs/privacy_audit.md).\n\n"
      "Usage: %s [--privacy_epsilon=E] [--target_delta=D] [--num_samples=T] [--batch_size=B]\n"
      "          [--learning_rate=A] [--lipschitz_squared=L2] [--noise_bound=K] [--num_resets=J]\n"
      "          [--num_actions=M] [--target_delta_g=G] [--noise_stddev=S] [--format=table|csv]\n\n"
      "  --privacy_epsilon=E    target epsilon, > 0 (default 0.9)\n"
      "  --target_delta=D       target delta, in (0, 1) (default 1e-4)\n"
      "  --num_samples=T        training samples T, integer >= 1 (default 5000)\n"
      "  --batch_size=B         batch size B, integer in [1, T] (default 64)\n"
      "  --learning_rate=A      SGD step size alpha, > 0 (default 3e-4)\n"
      "  --lipschitz_squared=L2 squared Lipschitz constant of Q in s, > 0 (default 16)\n"
      "  --noise_bound=K        k of the uniform noise bound 2k, > 0 (default 2.3)\n"
      "  --num_resets=J         sample paths J, 0 = floor(T/B) (default 0)\n"
      "  --num_actions=M        paths per reset m (actions), integer >= 1 (default 2)\n"
      "  --target_delta_g=G     solve for the smallest k with corrected delta_g <= G\n"
      "  --noise_stddev=S       also report the epsilon that sigma = S achieves\n"
      "  --format=F             table (default) or csv\n"
      "  --help                 this text\n"
      "Errors are reported on stderr with exit code 2.\n",
      program, program);
}

std::string FormatFunctionalNoiseReport(const FunctionalNoiseSigmaFlags& flags,
                                        const FunctionalNoiseCalibration& c,
                                        std::optional<double> achieved_epsilon,
                                        std::optional<UniformBoundFailure> achieved_failure) {
  const FunctionalNoiseCalibrationOptions& o = flags.options;
  if (flags.csv) {
    std::string out = absl::StrFormat(
        "privacy_epsilon,target_delta,num_samples,batch_size,learning_rate,lipschitz_squared,"
        "noise_bound,num_resets,num_updates,sensitivity_scale,kernel_rate,"
        "rkhs_sensitivity_squared,noise_stddev,noise_stddev_from_proof,path_maximum_bound,"
        "bound_margin,bound_condition_holds,delta_g_theorem,delta_g_tight,num_actions,"
        "corrected_margin,delta_g_corrected,total_delta,"
        "given_noise_stddev,given_noise_stddev_privacy_epsilon,given_noise_stddev_delta_g_corrected\n"
        "%.17g,%.17g,%d,%d,%.17g,%.17g,%.17g,%d,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,"
        "%d,%.17g,%.17g,%d,%.17g,%.17g,%.17g,",
        o.privacy_epsilon, o.target_delta, o.num_samples, o.batch_size, o.learning_rate,
        o.lipschitz_squared, o.noise_bound, c.num_resets, c.num_updates, c.sensitivity_scale,
        c.kernel_rate, c.rkhs_sensitivity_squared, c.noise_stddev, c.noise_stddev_from_proof,
        c.path_maximum_bound, c.bound_margin, c.bound_condition_holds ? 1 : 0, c.delta_g_theorem,
        c.delta_g_tight, o.num_actions, c.corrected_margin, c.delta_g_corrected, c.total_delta);
    if (achieved_epsilon) {
      absl::StrAppend(&out, absl::StrFormat("%.17g,%.17g,%.17g\n", *flags.noise_stddev,
                                            *achieved_epsilon, achieved_failure->delta_g_corrected));
    } else {
      absl::StrAppend(&out, ",,\n");
    }
    return out;
  }
  std::string out = absl::StrFormat(
      "Functional-noise calibration (Wang & Hegde 2019, Theorem 5; natural logarithms)\n"
      "  target (privacy_epsilon, target_delta) = (%g, %g)\n"
      "  T = %d samples, B = %d, T/B = %g updates, alpha = %g, L^2 = %g, k = %.10g, J = %d, "
      "m = %d\n%s\n",
      o.privacy_epsilon, o.target_delta, o.num_samples, o.batch_size, c.num_updates,
      o.learning_rate, o.lipschitz_squared, o.noise_bound, c.num_resets, o.num_actions,
      flags.target_delta_g
          ? absl::StrFormat("  k solved: smallest k with corrected delta_g <= %g\n",
                            *flags.target_delta_g)
          : std::string());
  auto row = [&out](const char* label, double value) {
    absl::StrAppend(&out, absl::StrFormat("  %-58s %.10g\n", label, value));
  };
  row("v = 4 alpha (k + 1) / B", c.sensitivity_scale);
  row("kernel rate beta = 1 / v", c.kernel_rate);
  row("C = (v^2 + v) L^2", c.rkhs_sensitivity_squared);
  row("noise_stddev sigma (Theorem 5, Algorithm 1 line 5)", c.noise_stddev);
  row("sigma solving the proof's un-relaxed equation", c.noise_stddev_from_proof);
  row("Lemma 8 bound 8.68 sqrt(beta) sigma", c.path_maximum_bound);
  row("margin 2k - 8.68 sqrt(beta) sigma", c.bound_margin);
  row("as printed: delta_g, Theorem 5: J exp(-margin^2 / 2)", c.delta_g_theorem);
  row("as printed: delta_g, App. E.3: 1-(1-exp(-margin^2/2))^J", c.delta_g_tight);
  row("corrected margin k - 8.68 sqrt(beta) sigma", c.corrected_margin);
  row("corrected delta_g: J m 2 exp(-margin^2 / (2 sigma^2))", c.delta_g_corrected);
  absl::StrAppend(&out, absl::StrFormat("\n  Theorem 5 as proven (corrected delta_g): (%g, %.6g); "
                                        "not a guarantee of Algorithm 1 (audit refutes it)\n",
                                        o.privacy_epsilon, c.total_delta));
  if (!(c.corrected_margin > 0.0)) {
    absl::StrAppend(&out,
                    "  k <= 8.68 sqrt(beta) sigma: Lemma 8 does not bound the sample paths, so "
                    "delta_g = 1 and the\n  guarantee is vacuous. Raise --noise_bound (k) or "
                    "use --target_delta_g.\n");
  }
  if (achieved_epsilon) {
    absl::StrAppend(
        &out,
        absl::StrFormat("\n  given sigma = %g: Theorem 5 holds for privacy_epsilon = %.10g, "
                        "corrected delta_g = %.6g\n",
                        *flags.noise_stddev, *achieved_epsilon, achieved_failure->delta_g_corrected));
  }
  return out;
}

}  // namespace dprl
