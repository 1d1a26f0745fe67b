// The code version (git commit and uncommitted-changes flag) of each task of a results file.
//
// A run normally computes every task at one code version, the results file's root attributes
// git_commit and git_dirty. With --allow_code_change=true a run reuses task files (or the seeds
// of a results file) computed by other code; the merge then records, in the root attribute
// task_code_versions (docs/hdf5_schema.md, "Root attributes"), the code version of every task,
// and a later run that takes tasks back out of that file (more seeds) gives each its own.
//
// The attribute's text: one line per (code version, config group), versions in the order the
// merge met them, groups in definition order:
//
//   <commit> TAB <git_dirty 0|1> TAB <group name> TAB <seeds: "0-2,5" ranges, ascending>
//
// A file whose tasks all share the root's code version has no such attribute.
#ifndef DPRL_EXPERIMENTS_RUNNER_CODE_VERSIONS_H_
#define DPRL_EXPERIMENTS_RUNNER_CODE_VERSIONS_H_

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"

namespace dprl {

struct CodeVersion {
  std::string commit;
  bool dirty = false;  // tracked files had uncommitted changes
  bool operator==(const CodeVersion& other) const {
    return commit == other.commit && dirty == other.dirty;
  }
  bool operator!=(const CodeVersion& other) const { return !(*this == other); }
};

// "commit <c>", plus " with uncommitted changes" when dirty.
std::string DescribeCodeVersion(const CodeVersion& version);

// "commit a" / "commits a and b with uncommitted changes" / "commits a, b and c".
std::string DescribeCodeVersions(const std::vector<CodeVersion>& versions);

class TaskCodeVersions {
 public:
  // Records the version of task (group, seed); a task added twice keeps its last version.
  void Add(const std::string& group, int seed, const CodeVersion& version);
  // The version recorded for the task, if any.
  std::optional<CodeVersion> Find(const std::string& group, int seed) const;
  // The distinct versions, in the order they were first added.
  const std::vector<CodeVersion>& Versions() const { return versions_; }
  bool empty() const { return tasks_.empty(); }

  // The attribute's text (above).
  std::string ToAttribute() const;
  // Parses ToAttribute's text of a file with `num_seeds` seeds; InvalidArgument naming the line
  // when it is not of that form or names a seed >= num_seeds.
  static absl::StatusOr<TaskCodeVersions> FromAttribute(const std::string& text, int num_seeds);

 private:
  std::vector<CodeVersion> versions_;
  std::vector<std::string> groups_;  // in the order first added
  std::map<std::pair<std::string, int>, size_t> tasks_;  // (group, seed) -> index in versions_
};

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_RUNNER_CODE_VERSIONS_H_
