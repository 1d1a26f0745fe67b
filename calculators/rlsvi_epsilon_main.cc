// rlsvi_epsilon: prints the (privacy_epsilon, target_delta)-JDP guarantee of tabular RLSVI
// (Lu et al. 2026, Thm. 13 / Cor. 14) under the paper's and the improved RDP conversion.
// Flags and error behaviour: rlsvi_epsilon_flags.h. Exit codes: 0 ok, 2 bad command line.
#include <cstdio>
#include <string>

#include "common/build_info.h"
#include "absl/status/statusor.h"
#include "algorithms/accounting/rlsvi_privacy.h"
#include "calculators/rlsvi_epsilon_flags.h"

int main(int argc, char** argv) {
  if (dprl::HandleVersionFlag(argc, argv, "rlsvi_epsilon")) return 0;
  const char* program = "rlsvi_epsilon";
  absl::StatusOr<dprl::RlsviEpsilonFlags> flags = dprl::ParseRlsviEpsilonFlags(argc, argv);
  if (!flags.ok()) {
    std::fprintf(stderr, "%s: %s\n", program, std::string(flags.status().message()).c_str());
    return 2;
  }
  if (flags->help) {
    std::fputs(dprl::RlsviEpsilonUsage(program).c_str(), stdout);
    return 0;
  }
  absl::StatusOr<dprl::RlsviPrivacyReport> report =
      dprl::ComputeRlsviPrivacy(flags->options, flags->target_delta);
  if (!report.ok()) {  // the parser already enforces every constraint; kept for safety
    std::fprintf(stderr, "%s: %s\n", program, std::string(report.status().message()).c_str());
    return 2;
  }
  std::fputs(dprl::FormatRlsviReport(*flags, *report).c_str(), stdout);
  return 0;
}
