// Test-only access to the exact state behind private counters (testonly).
//
// Not differentially private: these peers read the true (noise-free) sums of a
// BinaryCounterBank and the counter banks inside a PucbAgent. Production code cannot use them
// (the target is testonly); tests use them to check releases against the truth, and privacy
// audits to read one counter's releases.
#ifndef DPRL_TESTING_COUNTER_PEERS_H_
#define DPRL_TESTING_COUNTER_PEERS_H_

#include <glog/logging.h>

#include <cstdint>

#include "algorithms/mechanisms/binary_counter.h"
#include "algorithms/tabular/pucb.h"

namespace dprl {

// Not differentially private: the exact sum of a counter's closed steps.
class BinaryCounterBankPeer {
 public:
  static double TrueSum(const BinaryCounterBank& bank, int64_t counter) {
    CHECK_GE(counter, 0);
    CHECK_LT(counter, bank.num_counters_);
    return bank.true_sum_[counter];
  }
};

// Not differentially private: PUCB's counter banks, whose exact sums BinaryCounterBankPeer
// reads. Counter ids: n~, r~ at TabularShape::Index(h, s, a); m~ at Index(h, s, a) * S + s'.
class PucbAgentPeer {
 public:
  static const BinaryCounterBank& VisitCounters(const PucbAgent& agent) {
    return agent.visit_counters_;
  }
  static const BinaryCounterBank& RewardCounters(const PucbAgent& agent) {
    return agent.reward_counters_;
  }
  static const BinaryCounterBank& TransitionCounters(const PucbAgent& agent) {
    return agent.transition_counters_;
  }
};

}  // namespace dprl

#endif  // DPRL_TESTING_COUNTER_PEERS_H_
