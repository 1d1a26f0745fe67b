// Test-only access to the exact state behind BinaryCounterBank (testonly target
// //algorithms/mechanisms:binary_counter_testing).
//
// Not differentially private: the peer reads the true (noise-free) sums of a bank. Production
// code cannot use it (the target is testonly); tests use it to check releases against the truth.
#ifndef DPRL_ALGORITHMS_MECHANISMS_BINARY_COUNTER_TESTING_H_
#define DPRL_ALGORITHMS_MECHANISMS_BINARY_COUNTER_TESTING_H_

#include <glog/logging.h>

#include <cstdint>

#include "algorithms/mechanisms/binary_counter.h"

namespace dprl {

// Not differentially private: the exact sum of a counter's closed steps.
class BinaryCounterBankPeer {
 public:
  static double TrueSum(const BinaryCounterBank& bank, int64_t counter) {
    CHECK_GE(counter, 0);
    CHECK_LT(counter, bank.num_counters_);
    return static_cast<double>(bank.true_sum_[counter]);
  }
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_MECHANISMS_BINARY_COUNTER_TESTING_H_
