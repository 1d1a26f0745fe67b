#include "algorithms/mechanisms/dyadic_tree.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace dprl {
namespace {

TEST(DyadicTreeTest, LevelsAreFloorLog2PlusOne) {
  EXPECT_EQ(DyadicLevels(0), 0);
  EXPECT_EQ(DyadicLevels(1), 1);
  EXPECT_EQ(DyadicLevels(2), 2);
  EXPECT_EQ(DyadicLevels(3), 2);
  EXPECT_EQ(DyadicLevels(4), 3);
  EXPECT_EQ(DyadicLevels(1023), 10);
  EXPECT_EQ(DyadicLevels(1024), 11);
}

TEST(DyadicTreeTest, CoveringNodesPartitionThePrefix) {
  for (int64_t t = 0; t <= 600; ++t) {
    std::vector<int> covered(t + 1, 0);
    const std::vector<DyadicNode> nodes = CoveringNodes(t);
    EXPECT_EQ(static_cast<int>(nodes.size()), __builtin_popcountll(t));
    for (const DyadicNode& node : nodes) {
      ASSERT_GE(node.first_step(), 1);
      ASSERT_LE(node.last_step(), t);
      for (int64_t s = node.first_step(); s <= node.last_step(); ++s) ++covered[s];
    }
    for (int64_t s = 1; s <= t; ++s) EXPECT_EQ(covered[s], 1) << "t = " << t << ", s = " << s;
  }
}

TEST(DyadicTreeTest, NodeContainingAndCompleted) {
  for (int64_t s = 1; s <= 300; ++s) {
    for (int j = 0; j < 10; ++j) {
      const DyadicNode node = NodeContaining(s, j);
      EXPECT_LE(node.first_step(), s);
      EXPECT_GE(node.last_step(), s);
      EXPECT_EQ(node.last_step() - node.first_step() + 1, int64_t{1} << j);
    }
    const DyadicNode done = NodeCompletedAt(s);
    EXPECT_EQ(done.last_step(), s);
    // The completed node is the highest-level covering node of [1, s].
    EXPECT_EQ(done, CoveringNodes(s).front());
  }
}

// The paper's m = ceil(log2 K) against the actual number of released nodes an episode enters:
// equal for the K - 1 steps whose releases are used, one less than a tree over K leaves when K is
// a power of two.
TEST(DyadicTreeTest, PaperNodeCountMatchesReleasedTree) {
  for (int64_t k = 2; k <= 1100; ++k) {
    int actual = 0;
    for (int64_t s = 1; s <= k - 1; ++s) actual = std::max(actual, NodesContainingStep(s, k - 1));
    const int paper_m = static_cast<int>(std::ceil(std::log2(static_cast<double>(k))));
    EXPECT_EQ(actual, paper_m) << "K = " << k;
    EXPECT_EQ(actual, MaxNodesPerStep(k - 1)) << "K = " << k;
    const bool power_of_two = (k & (k - 1)) == 0;
    EXPECT_EQ(DyadicLevels(k), paper_m + (power_of_two ? 1 : 0)) << "K = " << k;
  }
}

}  // namespace
}  // namespace dprl
