// Interface of episodic tabular agents (Vietri et al. 2020, Sec. 2 protocol).
//
// Episode t:  BeginEpisode()          -- computes pi_t from episodes 1..t-1 only
//             for h = 0..H-1: a = Act(h, s); Observe(h, s, a, r, s')
//             EndEpisode()            -- folds the episode into the statistics
// Rewards are in [0, 1] (Vietri et al. 2020, Sec. 2.1; Dann et al. 2017, Sec. 2): the privacy
// calibration of PUCB (one user changes each reward stream by at most 1 per step) and UBEV's
// confidence bounds rest on it, so Observe refuses anything else.
// `action_probabilities()` is pi_t(a | s, h) exactly (index TabularShape::Index(h, s, a)),
// valid between BeginEpisode and EndEpisode, so regret is computed by exact policy evaluation.
#ifndef DPRL_ALGORITHMS_TABULAR_TABULAR_AGENT_H_
#define DPRL_ALGORITHMS_TABULAR_TABULAR_AGENT_H_

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "random/random_stream.h"

namespace dprl {

// Checks S, A, H >= 1 with messages naming the parameter.
absl::Status ValidateTabularShape(const TabularShape& shape);

// The memory of every tabular agent of this library per (h, s, a, s') entry, at least: one
// 8-byte count (EmpiricalCounts' N(s'), or PUCB's transition counters).
inline constexpr double kTabularAgentBytesPerTransitionEntry = 8.0;

// A lower bound on the memory of every tabular agent of this library: each keeps at least its
// count per (h, s, a, s') (above) and four 8-byte values per (h, s, a) (visit count and reward
// sum, or PUCB's counters of them, and the plan's Q and pi_t, OptimisticPlan), i.e.
// 8 (H S A S + 4 H S A) bytes.
double TabularAgentMemoryLowerBoundBytes(const TabularShape& shape);

// CheckMemoryEstimate (common/resource_limits.h) of that lower bound: InvalidArgument naming
// num_states, num_actions, horizon and the estimate when it exceeds this machine's memory.
absl::Status CheckTabularAgentMemory(const TabularShape& shape);

class TabularAgent {
 public:
  virtual ~TabularAgent() = default;

  virtual const TabularShape& shape() const = 0;
  virtual void BeginEpisode() = 0;
  // Records step h of the current episode: (s, a) gave `reward` and led to `next_state`.
  // InvalidArgument naming the bad value (and nothing recorded) when the reward is not in [0, 1]
  // or h, s, a, next_state are outside shape().
  absl::Status Observe(int h, int s, int a, double reward, int next_state);
  virtual void EndEpisode() = 0;
  // The plan of the last BeginEpisode (Q, V and pi_t); every tabular agent plans into one.
  virtual const OptimisticPlan& plan() const = 0;

  // pi_t, from plan(). Valid between BeginEpisode and EndEpisode.
  const std::vector<double>& action_probabilities() const { return plan().action_probabilities(); }
  int Act(int h, int s, RandomStream& policy_stream) const {
    return plan().SampleAction(h, s, policy_stream);
  }
  // Number of (s, a, h) whose optimistic value is below the cap H in the current plan.
  int64_t num_below_cap() const { return plan().num_below_cap(); }

 protected:
  // Observe after validation: the agent's own bookkeeping of one step.
  virtual void RecordStep(int h, int s, int a, double reward, int next_state) = 0;
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_TABULAR_AGENT_H_
