// NamedRegistry: the entries of one registry (LQ systems, LQ agents, ...) by name. Entries
// register at static initialisation from the files that define them (linked with alwayslink), so a
// registry is reached through a function-local static:
//
//   NamedRegistry<LqAgentType>& Agents() {
//     static auto* registry = new NamedRegistry<LqAgentType>("LQ agent");
//     return *registry;
//   }
#ifndef DPRL_SCHEMA_NAMED_REGISTRY_H_
#define DPRL_SCHEMA_NAMED_REGISTRY_H_

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "glog/logging.h"

namespace dprl {

template <typename Type>
class NamedRegistry {
 public:
  // `what` names an entry in messages ("LQ agent").
  explicit NamedRegistry(std::string what) : what_(std::move(what)) {}

  // Adds `entry` as `name`; a second entry of the same name is a bug (CHECK).
  void Register(const std::string& name, Type entry) {
    CHECK(entries_.emplace(name, std::move(entry)).second)
        << what_ << " '" << name << "' registered twice";
  }

  // The entry of that name; InvalidArgument "unknown <what> 'x' (one of a, b, ...)" otherwise.
  absl::StatusOr<const Type*> Find(const std::string& name) const {
    auto it = entries_.find(name);
    if (it != entries_.end()) return &it->second;
    return absl::InvalidArgumentError(absl::StrCat("unknown ", what_, " '", name, "' (one of ",
                                                   absl::StrJoin(Names(), ", "), ")"));
  }

  // The names, sorted.
  std::vector<std::string> Names() const {
    std::vector<std::string> names;
    for (const auto& [name, entry] : entries_) names.push_back(name);
    return names;
  }

  // Every entry, by name.
  const std::map<std::string, Type>& entries() const { return entries_; }

 private:
  std::string what_;
  std::map<std::string, Type> entries_;
};

}  // namespace dprl

#endif  // DPRL_SCHEMA_NAMED_REGISTRY_H_
