#include "common/resource_limits.h"

#include <unistd.h>

#include <cmath>

#include "absl/strings/str_format.h"

namespace dprl {

double PhysicalMemoryBytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page_size <= 0) return std::ldexp(1.0, 40);
  return static_cast<double>(pages) * static_cast<double>(page_size);
}

std::string HumanBytes(double bytes) {
  const char* units[] = {"B", "kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"};
  int unit = 0;
  while (bytes >= 1000.0 && unit < 8) {
    bytes /= 1000.0;
    ++unit;
  }
  return absl::StrFormat("%.3g %s", bytes, units[unit]);
}

absl::Status CheckMemoryEstimate(const std::string& subject, double estimated_bytes) {
  const double limit = PhysicalMemoryBytes();
  if (estimated_bytes <= limit) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrFormat(
      "%s: needs at least %.2g bytes (%s) of memory, above this machine's %.2g bytes (%s)",
      subject, estimated_bytes, HumanBytes(estimated_bytes), limit, HumanBytes(limit)));
}

}  // namespace dprl
