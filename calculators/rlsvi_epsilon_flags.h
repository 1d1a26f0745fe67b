// Command-line flags and output of //calculators:rlsvi_epsilon, the calculator of the
// JDP guarantee of RLSVI (Lu et al. 2026, Thm. 13 / Cor. 14; see
// algorithms/accounting/rlsvi_privacy.h).
//
//   --states=S          S, integer in [1, 2^53]             required
//   --actions=A         A, integer in [1, 2^53]             required
//   --horizon=H         H, integer in [1, 2^53]             required
//   --episodes=K        K, integer in [1, 2^53]             required
//   --target_delta=D    delta, a number in (0, 1)           required
//   --format=F          table | csv                         default: table
//   --help, -h          print usage on stdout and exit 0
//
// Only the form --flag=value is accepted (as experiments/runner/runner_flags.h). Unknown flags,
// positional arguments, repeated flags, missing required flags and malformed values (not an
// integer, <= 0, NaN/inf, delta outside (0, 1)) are errors whose single-line message names the flag
// and the value; the binary prints it on stderr, nothing on stdout, and exits with code 2.
#ifndef DPRL_CALCULATORS_RLSVI_EPSILON_FLAGS_H_
#define DPRL_CALCULATORS_RLSVI_EPSILON_FLAGS_H_

#include <string>

#include "absl/status/statusor.h"
#include "algorithms/accounting/rlsvi_privacy.h"

namespace dprl {

enum class OutputFormat { kTable, kCsv };

struct RlsviEpsilonFlags {
  bool help = false;
  RlsviPrivacyOptions options;
  double target_delta = 0.0;
  OutputFormat format = OutputFormat::kTable;
};

// Parses argv[1..argc-1]. With --help the required flags may be absent.
absl::StatusOr<RlsviEpsilonFlags> ParseRlsviEpsilonFlags(int argc, const char* const* argv);

// The --help text.
std::string RlsviEpsilonUsage(const char* program);

// The human-readable table or the CSV (header line + one data line) for a computed report.
std::string FormatRlsviReport(const RlsviEpsilonFlags& flags, const RlsviPrivacyReport& report);

}  // namespace dprl

#endif  // DPRL_CALCULATORS_RLSVI_EPSILON_FLAGS_H_
