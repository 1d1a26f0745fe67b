// The shape of a finite-horizon tabular MDP (S states, A actions, H steps) and the flat index of
// its (h, s, a) triples. A header of its own so that the results schema (//schema, which records
// a configuration's shape) and the analysis binaries use it without linking any agent.
#ifndef DPRL_ALGORITHMS_TABULAR_TABULAR_SHAPE_H_
#define DPRL_ALGORITHMS_TABULAR_TABULAR_SHAPE_H_

#include <cstdint>

namespace dprl {

struct TabularShape {
  int num_states = 1;   // S
  int num_actions = 1;  // A
  int horizon = 1;      // H

  int64_t StateActionSteps() const {
    return static_cast<int64_t>(num_states) * num_actions * horizon;
  }
  // Flat index of (h, s, a): (h * S + s) * A + a.
  int64_t Index(int h, int s, int a) const {
    return (static_cast<int64_t>(h) * num_states + s) * num_actions + a;
  }
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_TABULAR_SHAPE_H_
