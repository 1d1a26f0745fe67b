// Command-line flags and output of //calculators:functional_noise_sigma, the calculator
// of the functional-noise calibration of Q-learning with functional noise (Wang & Hegde 2019, Theorem 5 and
// App. E.3; see algorithms/accounting/functional_noise_calibration.h). Every flag is optional; the
// defaults are App. E.3's parameters.
//
//   --privacy_epsilon=E    epsilon, finite > 0                      default 0.9
//   --target_delta=D       delta, in (0, 1)                         default 1e-4
//   --num_samples=T        T, integer >= 1                          default 5000
//   --batch_size=B         B, integer in [1, T]                     default 64
//   --learning_rate=A      alpha, finite > 0                        default 3e-4
//   --lipschitz_squared=L2 L^2, finite > 0                          default 16
//   --noise_bound=K        k, finite > 0                            default 2.3
//   --num_resets=J         J, integer, 0 = floor(T/B)               default 0
//   --num_actions=M        m, paths per reset, integer >= 1          default 2
//   --target_delta_g=G     solve for the smallest k whose corrected delta_g <= G (in (0, 1));
//                          --noise_bound is then ignored and the report is at the solved k
//   --noise_stddev=S       also report the epsilon achieved by sigma = S (finite > 0)
//   --format=F             table | csv                              default table
//   --help, -h             print usage on stdout and exit 0
//
// Only --flag=value is accepted (common/command_line.h). Errors are one line on stderr naming the
// flag and the value, nothing on stdout, exit code 2.
#ifndef DPRL_CALCULATORS_FUNCTIONAL_NOISE_SIGMA_FLAGS_H_
#define DPRL_CALCULATORS_FUNCTIONAL_NOISE_SIGMA_FLAGS_H_

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "algorithms/accounting/functional_noise_calibration.h"

namespace dprl {

struct FunctionalNoiseSigmaFlags {
  bool help = false;
  FunctionalNoiseCalibrationOptions options;
  std::optional<double> noise_stddev;
  std::optional<double> target_delta_g;
  bool csv = false;
};

absl::StatusOr<FunctionalNoiseSigmaFlags> ParseFunctionalNoiseSigmaFlags(int argc,
                                                                         const char* const* argv);

std::string FunctionalNoiseSigmaUsage(const char* program);

// The report (table or CSV header + one row). `achieved_epsilon` is set iff flags.noise_stddev is.
std::string FormatFunctionalNoiseReport(const FunctionalNoiseSigmaFlags& flags,
                                        const FunctionalNoiseCalibration& calibration,
                                        std::optional<double> achieved_epsilon,
                                        std::optional<UniformBoundFailure> achieved_failure);

}  // namespace dprl

#endif  // DPRL_CALCULATORS_FUNCTIONAL_NOISE_SIGMA_FLAGS_H_
