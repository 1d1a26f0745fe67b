// functional_noise_sigma: prints sigma of Algorithm 1 (Wang & Hegde 2019, Theorem 5) and the
// achieved (privacy_epsilon, target_delta + delta_g). Flags: functional_noise_sigma_flags.h.
// Exit codes: 0 ok, 2 bad command line.
#include <cstdio>
#include <optional>
#include <string>

#include "common/build_info.h"
#include "algorithms/accounting/functional_noise_calibration.h"
#include "calculators/functional_noise_sigma_flags.h"

int main(int argc, char** argv) {
  if (dprl::HandleVersionFlag(argc, argv, "functional_noise_sigma")) return 0;
  const char* program = "functional_noise_sigma";
  absl::StatusOr<dprl::FunctionalNoiseSigmaFlags> flags =
      dprl::ParseFunctionalNoiseSigmaFlags(argc, argv);
  if (!flags.ok()) {
    std::fprintf(stderr, "%s: %s\n", program, std::string(flags.status().message()).c_str());
    return 2;
  }
  if (flags->help) {
    std::fputs(dprl::FunctionalNoiseSigmaUsage(program).c_str(), stdout);
    return 0;
  }
  if (flags->target_delta_g) {  // report at the solved k
    absl::StatusOr<dprl::FunctionalNoiseCalibration> solved =
        dprl::SolveFunctionalNoiseBound(flags->options, *flags->target_delta_g);
    if (!solved.ok()) {
      std::fprintf(stderr, "%s: %s\n", program, std::string(solved.status().message()).c_str());
      return 2;
    }
    flags->options.noise_bound = solved->noise_bound;
  }
  absl::StatusOr<dprl::FunctionalNoiseCalibration> calibration =
      dprl::CalibrateFunctionalNoise(flags->options);
  if (!calibration.ok()) {
    std::fprintf(stderr, "%s: %s\n", program, std::string(calibration.status().message()).c_str());
    return 2;
  }
  std::optional<double> achieved;
  std::optional<dprl::UniformBoundFailure> failure;
  if (flags->noise_stddev) {
    absl::StatusOr<double> eps =
        dprl::FunctionalNoiseAchievedEpsilon(flags->options, *flags->noise_stddev);
    if (!eps.ok()) {
      std::fprintf(stderr, "%s: %s\n", program, std::string(eps.status().message()).c_str());
      return 2;
    }
    achieved = *eps;
    failure = dprl::FunctionalNoiseUniformBoundFailure(flags->options, *flags->noise_stddev);
  }
  std::fputs(dprl::FormatFunctionalNoiseReport(*flags, *calibration, achieved, failure).c_str(),
             stdout);
  return 0;
}
