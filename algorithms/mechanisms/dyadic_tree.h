// Index arithmetic of the dyadic (binary-interval) tree of tree-based continual counters.
//
// Specification
// -------------
// The binary mechanism (T.-H. H. Chan, E. Shi, D. Song, "Private and continual release of
// statistics", ACM TISSEC 2011, Sec. 3.4; C. Dwork, M. Naor, T. Pitassi, G. Rothblum, STOC 2010)
// keeps one partial sum per node of a dyadic tree over the steps 1..T:
//
//   node (level j, index i), j >= 0, i >= 0, covers steps [i 2^j + 1, (i + 1) 2^j].
//   The prefix [1, t] is the disjoint union of the nodes (j, (t >> j) - 1) over the set bits j of
//   t (CoveringNodes), so a release at step t sums popcount(t) <= floor(log2 t) + 1 nodes.
//   Step s lies in the node (j, (s - 1) >> j) of each level j (NodeContaining).
//   A node is complete -- and its noisy sum may be released -- once its last step has been
//   closed; closing step t completes exactly one node, (ctz(t), (t >> ctz(t)) - 1)
//   (NodeCompletedAt).
//
// Privacy accounting needs the number of released nodes a single step's input enters:
//   NodesContainingStep(s, T) = #{ j : node (j, (s - 1) >> j) is complete by step T }
//   MaxNodesPerStep(T)        = max_s NodesContainingStep(s, T) = floor(log2 T) + 1 = Levels(T)
//                               (attained at s = 1), for T >= 1; 0 for T = 0.
// A counter that releases prefix sums at the start of episodes 1..K (the release at episode k
// covers [1, k - 1], as in Chowdhury, Zhou, Shroff 2021, Alg. 1) only ever completes nodes within
// T = K - 1 steps, so an episode enters at most Levels(K - 1) = ceil(log2 K) released nodes (K >= 2).
// A tree built over all K episodes would count Levels(K) = floor(log2 K) + 1, one more when K is
// a power of two (episode K's own node never enters any release).
//
// All functions are constexpr-friendly integer arithmetic; preconditions are CHECKed.
#ifndef DPRL_ALGORITHMS_MECHANISMS_DYADIC_TREE_H_
#define DPRL_ALGORITHMS_MECHANISMS_DYADIC_TREE_H_

#include <glog/logging.h>

#include <cstdint>
#include <vector>

namespace dprl {

struct DyadicNode {
  int level = 0;      // j
  int64_t index = 0;  // i; covers [i 2^j + 1, (i + 1) 2^j]

  int64_t first_step() const { return (index << level) + 1; }
  int64_t last_step() const { return (index + 1) << level; }
  bool operator==(const DyadicNode& o) const { return level == o.level && index == o.index; }
};

// floor(log2 T) + 1 for T >= 1 (the tree depth over T steps), 0 for T = 0.
inline int DyadicLevels(int64_t steps) {
  CHECK_GE(steps, 0);
  int levels = 0;
  while (steps > 0) {
    ++levels;
    steps >>= 1;
  }
  return levels;
}

// Calls visit(node) for each of the popcount(t) nodes whose disjoint union is [1, t], lowest
// level first, without allocating (hot paths of the counters). t >= 0.
template <typename Visitor>
inline void ForEachCoveringNode(int64_t t, Visitor&& visit) {
  for (uint64_t bits = static_cast<uint64_t>(t); bits != 0; bits &= bits - 1) {
    const int level = __builtin_ctzll(bits);
    visit(DyadicNode{level, (t >> level) - 1});
  }
}

// The popcount(t) nodes whose disjoint union is [1, t], lowest level first. t >= 0.
inline std::vector<DyadicNode> CoveringNodes(int64_t t) {
  CHECK_GE(t, 0);
  std::vector<DyadicNode> nodes;
  ForEachCoveringNode(t, [&nodes](const DyadicNode& node) { nodes.push_back(node); });
  return nodes;
}

// The level-j node containing step s >= 1.
inline DyadicNode NodeContaining(int64_t step, int level) {
  CHECK_GE(step, 1);
  CHECK_GE(level, 0);
  return {level, (step - 1) >> level};
}

// The one node completed when step t >= 1 is closed: level ctz(t).
inline DyadicNode NodeCompletedAt(int64_t t) {
  CHECK_GE(t, 1);
  const int j = __builtin_ctzll(static_cast<uint64_t>(t));
  return {j, (t >> j) - 1};
}

// Number of nodes containing step s that are complete by step T (1 <= s <= T).
inline int NodesContainingStep(int64_t step, int64_t steps) {
  CHECK_GE(step, 1);
  CHECK_LE(step, steps);
  int count = 0;
  for (int j = 0; j < 63 && (int64_t{1} << j) <= steps; ++j) {
    if (NodeContaining(step, j).last_step() <= steps) ++count;
  }
  return count;
}

// max over s in [1, T] of NodesContainingStep(s, T) = DyadicLevels(T).
inline int MaxNodesPerStep(int64_t steps) { return DyadicLevels(steps); }

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_MECHANISMS_DYADIC_TREE_H_
