// OrderedRegistry: entries that register themselves at static initialisation from the files that
// define them (linked with alwayslink = 1), listed in ascending `order` (an int each one chooses;
// two at the same order are a bug). The registries of paper results
// (experiments/core/experiment_registry.h) and of paper claims (analysis/claims/registry.h) are
// reached through a function-local static, since registration runs while other files are still
// being initialised:
//
//   OrderedRegistry<RegisteredClaims>& Registered() {
//     static auto* registry = new OrderedRegistry<RegisteredClaims>("claims registrations");
//     return *registry;
//   }
#ifndef DPRL_COMMON_ORDERED_REGISTRY_H_
#define DPRL_COMMON_ORDERED_REGISTRY_H_

#include <map>
#include <string>
#include <utility>

#include "glog/logging.h"

namespace dprl {

template <typename Entry>
class OrderedRegistry {
 public:
  // `what` names the entries in messages ("experiments").
  explicit OrderedRegistry(std::string what) : what_(std::move(what)) {}

  // Adds `entry` at `order`; a second entry at the same order is a bug (CHECK).
  void Register(int order, Entry entry) {
    CHECK(entries_.emplace(order, std::move(entry)).second)
        << "two " << what_ << " registered with the same order " << order;
  }

  // The entries by ascending order.
  const std::map<int, Entry>& entries() const { return entries_; }

 private:
  std::string what_;
  std::map<int, Entry> entries_;
};

}  // namespace dprl

#endif  // DPRL_COMMON_ORDERED_REGISTRY_H_
