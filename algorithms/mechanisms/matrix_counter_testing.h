// Test-only access to the exact sums behind the matrix counters (testonly target
// //algorithms/mechanisms:matrix_counter_testing), as binary_counter_testing.h is for the scalar
// counters.
//
// Not differentially private: the peer reads the true (noise-free) sums of a counter. Production
// code cannot use it (the target is testonly); tests use it to check releases against the truth.
#ifndef DPRL_ALGORITHMS_MECHANISMS_MATRIX_COUNTER_TESTING_H_
#define DPRL_ALGORITHMS_MECHANISMS_MATRIX_COUNTER_TESTING_H_

#include <Eigen/Dense>
#include <cstdint>
#include <variant>
#include <vector>

#include "algorithms/mechanisms/matrix_factorization_counter.h"
#include "algorithms/mechanisms/matrix_tree_counter.h"
#include "algorithms/mechanisms/dyadic_tree.h"
#include "algorithms/mechanisms/private_matrix_counter.h"
#include "algorithms/mechanisms/samplers.h"
#include "random/random_stream.h"

namespace dprl {

// Not differentially private: the exact sums of the steps closed so far.
class MatrixCounterPeer {
 public:
  // The sum of the grid-rounded inputs of steps 1..t (what the tree's node noise is added to):
  // the noisy sums of the covering nodes minus their noise, re-derived from its stream (the
  // counter keeps no true total).
  static Eigen::MatrixXd TrueRoundedSum(const MatrixTreeCounter& counter) {
    std::vector<int64_t> total(counter.entries_, 0);
    for (const DyadicNode& node : CoveringNodes(counter.steps_)) {
      RandomStream node_stream = counter.NodeNoiseStream(node);
      const std::vector<int64_t>& noisy = counter.noisy_[node.level];
      for (int i = 0; i < counter.entries_; ++i) {
        total[i] += noisy[i] - SampleDiscreteGaussian(counter.node_noise_variance(), node_stream);
      }
    }
    return counter.Unpack(total);
  }
  // The sum of the inputs of the steps so far (from the inputs the counter stores, in grid units,
  // added in step order).
  static Eigen::MatrixXd TrueSum(const MatrixFactorizationCounter& counter) {
    const int entries = counter.entries_;
    std::vector<double> total(entries, 0.0);
    for (int64_t s = 0; s < counter.steps_; ++s) {
      for (int e = 0; e < entries; ++e) {
        total[e] += counter.inputs_[s * entries + e] * counter.grid_unit_;
      }
    }
    return UnpackReleasedEntries(counter.options_, total, 1.0);
  }
  // The sum of the counter's mechanism: TrueRoundedSum for the tree, TrueSum for the
  // factorization.
  static Eigen::MatrixXd TrueSum(const PrivateMatrixCounter& counter) {
    if (const auto* tree = std::get_if<MatrixTreeCounter>(&counter.counter_)) {
      return TrueRoundedSum(*tree);
    }
    return TrueSum(std::get<MatrixFactorizationCounter>(counter.counter_));
  }
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_MECHANISMS_MATRIX_COUNTER_TESTING_H_
