// Memory limits checked before a binary allocates what a user's sizes ask for: a size whose
// (lower) memory estimate, times the number of tasks that compute at once on this node, exceeds
// the memory this node gives the process is refused with one message naming what the user set,
// the estimate and the limit, instead of a std::bad_alloc abort or the kernel's OOM killer.
//
// What is checked, against what:
//   * the estimate is per task (one task's tables; the grids compute it from the fields);
//   * the limit is this node's: the smaller of physical memory and the memory cgroup's limit
//     (cgroup v1 memory.limit_in_bytes or v2 memory.max of this process's cgroup and its
//     ancestors: what Slurm's --mem / --mem-per-cpu sets under ConstrainRAMSpace, or a
//     container's memory limit);
//   * the tasks running at once on this node (the threads of a run without mpirun, or the MPI
//     ranks on this node) share that limit: SetConcurrentTasksOnNode, which the experiment
//     runner calls before it builds the grid, multiplies the estimate by their number. Without
//     it (calculators, tests) one task at a time is assumed.
// Every MPI rank checks against its own node, so a run on nodes with less memory than the
// launching one is refused by the ranks there.
#ifndef DPRL_COMMON_RESOURCE_LIMITS_H_
#define DPRL_COMMON_RESOURCE_LIMITS_H_

#include <string>

#include "absl/status/status.h"

namespace dprl {

// Physical memory of this machine in bytes (sysconf(_SC_PHYS_PAGES) * page size), or 2^40 if
// the system does not say.
double PhysicalMemoryBytes();

// The smallest memory limit of the cgroup named in `proc_self_cgroup` (the text of
// /proc/self/cgroup) and its ancestors, read under `cgroup_root` (normally /sys/fs/cgroup):
// v2 ("0::/path": <root>/<path>/memory.max, or <root>/unified/... where v2 is mounted there)
// and v1 (a "memory" line: <root>/memory/<path>/memory.limit_in_bytes). Infinity where no limit
// is set ("max", absent files, or a v1 "unlimited" value above 2^60).
double CgroupMemoryLimitBytes(const std::string& proc_self_cgroup, const std::string& cgroup_root);

// The memory this node gives this process: min(PhysicalMemoryBytes(), the cgroup limit of
// /proc/self/cgroup), and which of the two it is ("physical memory" or "cgroup memory limit").
struct NodeMemoryLimit {
  double bytes = 0;
  std::string source;
};
NodeMemoryLimit GetNodeMemoryLimit();

// How many tasks compute at the same time on this node and what sets that number, e.g.
// (2, "--threads=2") or (4, "4 MPI ranks on this node"). Process-wide; 1 until set.
void SetConcurrentTasksOnNode(int tasks, const std::string& reason);

// "3.2 GB", "480 GB": bytes in decimal units with up to 3 significant digits.
std::string HumanBytes(double bytes);

// OK if estimated_bytes_per_task times the concurrent tasks on this node is at most
// GetNodeMemoryLimit().bytes; else InvalidArgument, with one task at a time
//   "<subject>: needs at least 3.2e+18 bytes (3.2 EB) of memory, above this machine's
//    2.5e+10 bytes (25 GB, physical memory)"
// and with several
//   "<subject>: needs at least 9.6e+09 bytes (9.6 GB) of memory per task, 29 GB for the 3
//    tasks at once on this node (--threads=3), above this machine's 2.5e+10 bytes (25 GB,
//    physical memory); run fewer tasks at once (--threads, or fewer MPI ranks per node)"
// `subject` names the values the user set, e.g. "fields 'riverswim.num_states' = 100000000".
absl::Status CheckMemoryEstimate(const std::string& subject, double estimated_bytes_per_task);

// True for a refusal of CheckMemoryEstimate that one task alone would pass (the concurrent tasks
// on this node together exceed the limit).
bool IsConcurrentMemoryRefusal(const absl::Status& status);

}  // namespace dprl

#endif  // DPRL_COMMON_RESOURCE_LIMITS_H_
