// Shards: one run split into N independent processes (e.g. the tasks of a Slurm job array), each
// computing a fixed part of the task list and writing the usual task files into the same --out,
// followed by one merge (--merge_only) once every shard has finished.
//
// The partition depends only on the task list (the configs' estimated_core_seconds, the task
// numbers and N), never on ranks, threads, hosts or timing, so every shard process of a run
// agrees on it without talking to the others: the tasks are sorted by estimated cost,
// largest first (ties by task number, task = config_index * seeds + seed_index), and dealt out
// in that order to the shard that has the smallest estimated cost so far (ties to the lower
// shard number). Every task belongs to exactly one shard; a shard may get no task when N exceeds
// the number of tasks.
#ifndef DPRL_EXPERIMENTS_RUNNER_SHARD_H_
#define DPRL_EXPERIMENTS_RUNNER_SHARD_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace dprl {

// Shard `index` of `count`, 1 <= index <= count <= kMaxShardCount (numbered from 1, as written
// on the command line: --shard=2/3 is the second of three).
struct ShardSpec {
  int index = 1;
  int count = 1;
};

// The most shards of one run (the largest Slurm job arrays allow a few million elements; the
// output directory's lock needs count * (count + 1) / 2 bytes of lock-file offsets).
inline constexpr int kMaxShardCount = 1000000;

// Parses the value of --shard ("I/N", decimal, no sign or spaces). Errors name the flag:
//   "--shard=0/3: the shard number must be in [1, 3] (shards are numbered from 1)"
//   "--shard=1/0: the shard count must be in [1, 1000000]"
//   "--shard=x: expected I/N with integers 1 <= I <= N, e.g. --shard=2/3"
absl::StatusOr<ShardSpec> ParseShardSpec(const std::string& text);

// "2/3".
std::string ShardName(const ShardSpec& shard);

// The shard (1 .. count) of each task, by the rule above; `task_weights[t]` is the estimated
// cost of task t.
std::vector<int> AssignShards(const std::vector<double>& task_weights, int count);

// For --merge_only: "4 of 18 tasks have no task file: config 'a' seeds 0, 2; config 'b' seed 1",
// listing the configs (and their seeds) in task order, at most `max_listed` tasks, then
// "... and K more". `missing_tasks` are task numbers (config_index * seeds + seed_index),
// ascending.
std::string DescribeMissingTasks(const std::vector<int>& missing_tasks, int num_tasks, int seeds,
                                 const std::vector<std::string>& group_names,
                                 int max_listed = 20);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_RUNNER_SHARD_H_
