// Memory limits checked before a binary allocates what a user's sizes ask for: a size whose
// (lower) memory estimate exceeds this machine's physical memory is refused with one message
// naming what the user set, the estimate and the limit, instead of a std::bad_alloc abort or
// the kernel's OOM killer.
#ifndef DPRL_COMMON_RESOURCE_LIMITS_H_
#define DPRL_COMMON_RESOURCE_LIMITS_H_

#include <string>

#include "absl/status/status.h"

namespace dprl {

// Physical memory of this machine in bytes (sysconf(_SC_PHYS_PAGES) * page size), or 2^40 if
// the system does not say.
double PhysicalMemoryBytes();

// "3.2 GB", "480 GB": bytes in decimal units with up to 3 significant digits.
std::string HumanBytes(double bytes);

// OK if estimated_bytes <= PhysicalMemoryBytes(); else InvalidArgument
//   "<subject>: needs at least 3.2e+18 bytes (3.2 EB) of memory, above this machine's
//    2.5e+10 bytes (25 GB)"
// `subject` names the values the user set, e.g. "fields 'riverswim.num_states' = 100000000".
absl::Status CheckMemoryEstimate(const std::string& subject, double estimated_bytes);

}  // namespace dprl

#endif  // DPRL_COMMON_RESOURCE_LIMITS_H_
