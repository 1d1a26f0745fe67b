#include "common/resource_limits.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <vector>

#include "absl/strings/cord.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace dprl {
namespace {

// The payload that marks a refusal by the tasks at once (IsConcurrentMemoryRefusal).
constexpr char kConcurrentMemoryRefusal[] = "dprl/concurrent_memory_refusal";

struct Concurrency {
  int tasks = 1;
  std::string reason;
};
Concurrency& ConcurrentTasks() {
  static Concurrency concurrency;
  return concurrency;
}

// The number in the file `path` (its first line), or infinity ("max", absent, unreadable, or
// above 2^60: cgroup v1 writes "unlimited" as a page-rounded 2^63 - 1).
double LimitInFile(const std::string& path) {
  std::ifstream file(path);
  std::string text;
  if (!file || !std::getline(file, text)) return std::numeric_limits<double>::infinity();
  double value = 0;
  if (!absl::SimpleAtod(absl::StripAsciiWhitespace(text), &value) || !(value > 0) ||
      value > std::ldexp(1.0, 60)) {
    return std::numeric_limits<double>::infinity();
  }
  return value;
}

// The smallest limit in <dir>/<file> for dir = <base>/<path> and every ancestor up to <base>.
double SmallestLimitUpTo(const std::string& base, std::string path, const std::string& file) {
  double limit = std::numeric_limits<double>::infinity();
  while (true) {
    limit = std::min(limit, LimitInFile(base + path + "/" + file));
    if (path.empty() || path == "/") break;
    const size_t slash = path.find_last_of('/');
    path = slash == std::string::npos ? "" : path.substr(0, slash);
  }
  return limit;
}

}  // namespace

double PhysicalMemoryBytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page_size <= 0) return std::ldexp(1.0, 40);
  return static_cast<double>(pages) * static_cast<double>(page_size);
}

double CgroupMemoryLimitBytes(const std::string& proc_self_cgroup, const std::string& cgroup_root) {
  double limit = std::numeric_limits<double>::infinity();
  for (absl::string_view line : absl::StrSplit(proc_self_cgroup, '\n', absl::SkipEmpty())) {
    // "hierarchy-id:controllers:path"; the path may itself contain ':'.
    std::vector<std::string> parts = absl::StrSplit(line, absl::MaxSplits(':', 2));
    if (parts.size() != 3) continue;
    const std::string& path = parts[2];
    if (parts[0] == "0" && parts[1].empty()) {  // cgroup v2 (unified)
      limit = std::min(limit, SmallestLimitUpTo(cgroup_root, path, "memory.max"));
      limit = std::min(limit, SmallestLimitUpTo(cgroup_root + "/unified", path, "memory.max"));
    }
    for (absl::string_view controller : absl::StrSplit(parts[1], ',')) {
      if (controller == "memory") {  // cgroup v1
        limit = std::min(limit,
                         SmallestLimitUpTo(cgroup_root + "/memory", path, "memory.limit_in_bytes"));
      }
    }
  }
  return limit;
}

NodeMemoryLimit GetNodeMemoryLimit() {
  NodeMemoryLimit limit{PhysicalMemoryBytes(), "physical memory"};
  std::ifstream file("/proc/self/cgroup");
  std::stringstream text;
  text << file.rdbuf();
  const double cgroup = CgroupMemoryLimitBytes(text.str(), "/sys/fs/cgroup");
  if (cgroup < limit.bytes) limit = {cgroup, "cgroup memory limit"};
  return limit;
}

void SetConcurrentTasksOnNode(int tasks, const std::string& reason) {
  ConcurrentTasks() = {std::max(1, tasks), reason};
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

absl::Status CheckMemoryEstimate(const std::string& subject, double estimated_bytes_per_task) {
  const NodeMemoryLimit limit = GetNodeMemoryLimit();
  const Concurrency& concurrency = ConcurrentTasks();
  const double node_bytes = estimated_bytes_per_task * concurrency.tasks;
  if (node_bytes <= limit.bytes) return absl::OkStatus();
  const std::string limit_text =
      absl::StrFormat("above this machine's %.2g bytes (%s, %s)", limit.bytes,
                      HumanBytes(limit.bytes), limit.source);
  if (concurrency.tasks == 1 || estimated_bytes_per_task > limit.bytes) {  // one alone too big
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: needs at least %.2g bytes (%s) of memory, %s", subject, estimated_bytes_per_task,
        HumanBytes(estimated_bytes_per_task), limit_text));
  }
  absl::Status status = absl::InvalidArgumentError(absl::StrFormat(
      "%s: needs at least %.2g bytes (%s) of memory per task, %s for the %d tasks at once on "
      "this node (%s), %s; run fewer tasks at once (--threads, or fewer MPI ranks per node)",
      subject, estimated_bytes_per_task, HumanBytes(estimated_bytes_per_task),
      HumanBytes(node_bytes), concurrency.tasks, concurrency.reason, limit_text));
  status.SetPayload(kConcurrentMemoryRefusal, absl::Cord("1"));
  return status;
}

bool IsConcurrentMemoryRefusal(const absl::Status& status) {
  return status.GetPayload(kConcurrentMemoryRefusal).has_value();
}

}  // namespace dprl
