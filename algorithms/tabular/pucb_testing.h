// Test-only access to the counter banks inside a PucbAgent (testonly target
// //algorithms/tabular:pucb_testing).
//
// Not differentially private: with BinaryCounterBankPeer (binary_counter_testing.h) a test reads
// the exact sums behind PUCB's releases; privacy audits use it to read one counter's releases.
#ifndef DPRL_ALGORITHMS_TABULAR_PUCB_TESTING_H_
#define DPRL_ALGORITHMS_TABULAR_PUCB_TESTING_H_

#include "algorithms/mechanisms/binary_counter.h"
#include "algorithms/tabular/pucb.h"

namespace dprl {

// Not differentially private: PUCB's counter banks. Counter ids: n~, r~ at
// TabularShape::Index(h, s, a); m~ at Index(h, s, a) * S + s'.
class PucbAgentPeer {
 public:
  static const BinaryCounterBank& VisitCounters(const PucbAgent& agent) {
    return agent.counts_.visit_counters();
  }
  static const BinaryCounterBank& RewardCounters(const PucbAgent& agent) {
    return agent.counts_.reward_counters();
  }
  static const BinaryCounterBank& TransitionCounters(const PucbAgent& agent) {
    return agent.counts_.transition_counters();
  }
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_PUCB_TESTING_H_
