#include "experiments/runner/code_versions.h"

#include <algorithm>
#include <limits>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace dprl {

std::string DescribeCodeVersion(const CodeVersion& version) {
  return absl::StrCat("commit ", version.commit,
                      version.dirty ? " with uncommitted changes" : "");
}

std::string DescribeCodeVersions(const std::vector<CodeVersion>& versions) {
  if (versions.size() == 1) return DescribeCodeVersion(versions[0]);
  std::vector<std::string> parts;
  for (const CodeVersion& version : versions) {
    parts.push_back(absl::StrCat(version.commit, version.dirty ? " with uncommitted changes" : ""));
  }
  const std::string last = parts.back();
  parts.pop_back();
  return absl::StrCat("commits ", absl::StrJoin(parts, ", "), " and ", last);
}

void TaskCodeVersions::Add(const std::string& group, int seed, const CodeVersion& version) {
  auto found = std::find(versions_.begin(), versions_.end(), version);
  const size_t index = static_cast<size_t>(found - versions_.begin());
  if (found == versions_.end()) versions_.push_back(version);
  if (std::find(groups_.begin(), groups_.end(), group) == groups_.end()) groups_.push_back(group);
  tasks_[{group, seed}] = index;
}

std::optional<CodeVersion> TaskCodeVersions::Find(const std::string& group, int seed) const {
  auto it = tasks_.find({group, seed});
  if (it == tasks_.end()) return std::nullopt;
  return versions_[it->second];
}

std::string TaskCodeVersions::ToAttribute() const {
  std::string text;
  for (size_t v = 0; v < versions_.size(); ++v) {
    for (const std::string& group : groups_) {
      // The group's seeds of version v, ascending (the map orders seeds within a group).
      std::vector<std::string> ranges;
      int first = -1, last = -1;
      auto flush = [&] {
        if (first < 0) return;
        ranges.push_back(first == last ? absl::StrCat(first) : absl::StrCat(first, "-", last));
      };
      for (auto it = tasks_.lower_bound({group, std::numeric_limits<int>::min()});
           it != tasks_.end() && it->first.first == group; ++it) {
        if (it->second != v) continue;
        const int seed = it->first.second;
        if (first >= 0 && seed == last + 1) {
          last = seed;
          continue;
        }
        flush();
        first = last = seed;
      }
      flush();
      if (ranges.empty()) continue;
      absl::StrAppend(&text, versions_[v].commit, "\t", versions_[v].dirty ? 1 : 0, "\t", group,
                      "\t", absl::StrJoin(ranges, ","), "\n");
    }
  }
  return text;
}

absl::StatusOr<TaskCodeVersions> TaskCodeVersions::FromAttribute(const std::string& text,
                                                                int num_seeds) {
  TaskCodeVersions parsed;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n', absl::SkipEmpty())) {
    ++line_number;
    auto bad = [&](const std::string& why) {
      return absl::InvalidArgumentError(absl::StrCat("task_code_versions line ", line_number,
                                                     " ('", line, "'): ", why));
    };
    const std::vector<std::string> fields = absl::StrSplit(line, '\t');
    if (fields.size() != 4 || fields[0].empty() || fields[2].empty()) {
      return bad("not <commit> TAB <0|1> TAB <group> TAB <seeds>");
    }
    if (fields[1] != "0" && fields[1] != "1") return bad("git_dirty is not 0 or 1");
    const CodeVersion version{fields[0], fields[1] == "1"};
    for (absl::string_view range : absl::StrSplit(fields[3], ',')) {
      const std::vector<std::string> ends = absl::StrSplit(range, '-');
      int first = 0, last = 0;
      if (ends.size() > 2 || !absl::SimpleAtoi(ends[0], &first) ||
          !absl::SimpleAtoi(ends.back(), &last) || first < 0 || last < first ||
          last >= num_seeds) {
        return bad(absl::StrCat("'", range, "' is not a seed or a range a-b of seeds below ",
                                num_seeds));
      }
      for (int seed = first; seed <= last; ++seed) parsed.Add(fields[2], seed, version);
    }
  }
  return parsed;
}

}  // namespace dprl
