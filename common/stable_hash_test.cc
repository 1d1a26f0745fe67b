#include "common/stable_hash.h"

#include <gtest/gtest.h>

namespace dprl {
namespace {

// The key of "" is the offset basis 1469598103934665603; of "a", (basis ^ 0x61) * 1099511628211
// mod 2^64 = 0x44bd8ad473cd9906 (computed by hand from the header's definition). A change here
// changes every stream of every experiment and every claims bootstrap.
TEST(StableHashTest, ValuesArePinned) {
  EXPECT_EQ(StableHash(""), 1469598103934665603ULL);
  EXPECT_EQ(StableHash("a"), 0x44bd8ad473cd9906ULL);
  EXPECT_NE(StableHash("ab"), StableHash("ba"));
}

}  // namespace
}  // namespace dprl
