#include "experiments/runner/shard.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <queue>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/command_line.h"

namespace dprl {

absl::StatusOr<ShardSpec> ParseShardSpec(const std::string& text) {
  const size_t slash = text.find('/');
  uint64_t index = 0, count = 0;
  if (slash == std::string::npos ||
      !ParseUnsignedText(absl::string_view(text).substr(0, slash), &index) ||
      !ParseUnsignedText(absl::string_view(text).substr(slash + 1), &count)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--shard=", text, ": expected I/N with integers 1 <= I <= N, e.g. --shard=2/3"));
  }
  if (count < 1 || count > static_cast<uint64_t>(kMaxShardCount)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--shard=", text, ": the shard count must be in [1, ", kMaxShardCount, "]"));
  }
  if (index < 1 || index > count) {
    return absl::InvalidArgumentError(absl::StrCat("--shard=", text,
                                                   ": the shard number must be in [1, ", count,
                                                   "] (shards are numbered from 1)"));
  }
  return ShardSpec{static_cast<int>(index), static_cast<int>(count)};
}

std::string ShardName(const ShardSpec& shard) { return absl::StrCat(shard.index, "/", shard.count); }

std::vector<int> AssignShards(const std::vector<double>& task_weights, int count) {
  std::vector<int> order(task_weights.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return task_weights[a] > task_weights[b]; });
  // (estimated cost so far, shard number): the top is the least loaded shard, the lowest number
  // among equals.
  using Load = std::pair<double, int>;
  // A shard numbered above the number of tasks is never chosen (before each task some lower
  // shard is still empty, at cost 0, and wins the tie), so it is left out.
  const int used = static_cast<int>(std::min<size_t>(count, task_weights.size()));
  std::priority_queue<Load, std::vector<Load>, std::greater<Load>> shards;
  for (int shard = 1; shard <= used; ++shard) shards.push({0.0, shard});
  std::vector<int> shard_of(task_weights.size(), 1);
  for (int task : order) {
    Load least = shards.top();
    shards.pop();
    shard_of[task] = least.second;
    least.first += task_weights[task];
    shards.push(least);
  }
  return shard_of;
}

std::string DescribeMissingTasks(const std::vector<int>& missing_tasks, int num_tasks, int seeds,
                                 const std::vector<std::string>& group_names, int max_listed) {
  std::vector<std::string> parts;
  const int listed = std::min<int>(missing_tasks.size(), max_listed);
  for (int i = 0; i < listed;) {
    const int config = missing_tasks[i] / seeds;
    std::vector<int> seed_indices;
    for (; i < listed && missing_tasks[i] / seeds == config; ++i) {
      seed_indices.push_back(missing_tasks[i] % seeds);
    }
    parts.push_back(absl::StrCat("config '", group_names[config], "' seed",
                                 seed_indices.size() > 1 ? "s " : " ",
                                 absl::StrJoin(seed_indices, ", ")));
  }
  std::string text = absl::StrCat(missing_tasks.size(), " of ", num_tasks, " tasks ",
                                  missing_tasks.size() == 1 ? "has" : "have",
                                  " no task file: ", absl::StrJoin(parts, "; "));
  if (static_cast<int>(missing_tasks.size()) > listed) {
    absl::StrAppend(&text, "; ... and ", missing_tasks.size() - listed, " more");
  }
  return text;
}

}  // namespace dprl
