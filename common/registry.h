// Registry: the one mechanism by which dprl's entries register themselves (tabular and Q-learning
// agents, environments, LQ systems and agents, cost-model rows, paper results, claims). An entry
// is registered at static initialisation by the file that defines it (linked with
// alwayslink = 1), under a key: its name (a std::string, the default) or, for the registries
// whose entries choose their position (the paper results in reproduce_all, the claims in the
// report), an int order. Since registration runs while other files are still being initialised,
// a registry is reached through a function-local static:
//
//   Registry<LqAgentType>& Agents() {
//     static auto* registry = new Registry<LqAgentType>("LQ agent");
//     return *registry;
//   }
//   const bool kRegistered = (Agents().Register("ofu_rl", MakeOfuRlType()), true);
#ifndef DPRL_COMMON_REGISTRY_H_
#define DPRL_COMMON_REGISTRY_H_

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "glog/logging.h"

namespace dprl {

template <typename Entry, typename Key = std::string>
class Registry {
 public:
  // `what` names an entry in messages ("LQ agent").
  explicit Registry(std::string what) : what_(std::move(what)) {}

  // Adds `entry` under `key` and returns it; its address lasts as long as the registry. A second
  // entry under the same key is a bug (CHECK: "<what> '<key>' registered twice").
  const Entry& Register(const Key& key, Entry entry) {
    auto [it, inserted] = entries_.emplace(key, std::move(entry));
    CHECK(inserted) << what_ << " '" << key << "' registered twice";
    return it->second;
  }

  // The entry under `key`, or nullptr.
  const Entry* FindOrNull(const Key& key) const {
    auto it = entries_.find(key);
    return it == entries_.end() ? nullptr : &it->second;
  }

  // The entry under `key`; InvalidArgument "unknown <what> 'x' (one of a, b, ...)" otherwise.
  absl::StatusOr<const Entry*> Find(const Key& key) const {
    if (const Entry* entry = FindOrNull(key)) return entry;
    return absl::InvalidArgumentError(
        absl::StrCat("unknown ", what_, " '", key, "' (one of ", absl::StrJoin(Keys(), ", "), ")"));
  }

  // The keys, ascending (names sorted; orders ascending).
  std::vector<Key> Keys() const {
    std::vector<Key> keys;
    keys.reserve(entries_.size());
    for (const auto& [key, entry] : entries_) keys.push_back(key);
    return keys;
  }

  // Every entry, by ascending key.
  const std::map<Key, Entry>& entries() const { return entries_; }

 private:
  std::string what_;
  std::map<Key, Entry> entries_;
};

}  // namespace dprl

#endif  // DPRL_COMMON_REGISTRY_H_
