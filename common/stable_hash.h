// A stable 64-bit key for names (group names, environment names, claim ids), the same on every
// platform and run.
//
// StableHash is FNV-1a's xor-multiply with the 64-bit FNV prime 1099511628211, but with the offset
// basis 1469598103934665603: the published basis 14695981039346656037 with its last digit missing.
// That is how it was first written, and it stays, because every experiment's stream keys
// (experiments/core/task_streams.h) and the claims' bootstrap seeds derive from it, and so does
// every committed result. It is therefore not the standard FNV-1a, and the standard test vectors do not
// apply; //common:stable_hash_test pins its values.
#ifndef DPRL_COMMON_STABLE_HASH_H_
#define DPRL_COMMON_STABLE_HASH_H_

#include <cstdint>
#include <string_view>

namespace dprl {

inline uint64_t StableHash(std::string_view text) {
  uint64_t hash = 1469598103934665603ULL;
  for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ULL;
  return hash;
}

}  // namespace dprl

#endif  // DPRL_COMMON_STABLE_HASH_H_
