// Interface of episodic tabular agents (Vietri et al. 2020, Sec. 2 protocol).
//
// Episode t:  BeginEpisode()          -- computes pi_t from episodes 1..t-1 only
//             for h = 0..H-1: a = Act(h, s); Observe(h, s, a, r, s')
//             EndEpisode()            -- folds the episode into the statistics
// `action_probabilities()` is pi_t(a | s, h) exactly (index TabularShape::Index(h, s, a)),
// valid between BeginEpisode and EndEpisode, so regret is computed by exact policy evaluation.
#ifndef DPRL_ALGORITHMS_TABULAR_TABULAR_AGENT_H_
#define DPRL_ALGORITHMS_TABULAR_TABULAR_AGENT_H_

#include <cstdint>
#include <vector>

#include "algorithms/mechanisms/rng.h"
#include "algorithms/tabular/optimistic_planner.h"

namespace dprl {

class TabularAgent {
 public:
  virtual ~TabularAgent() = default;

  virtual const TabularShape& shape() const = 0;
  virtual void BeginEpisode() = 0;
  virtual void Observe(int h, int s, int a, double reward, int next_state) = 0;
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
};

}  // namespace dprl

#endif  // DPRL_ALGORITHMS_TABULAR_TABULAR_AGENT_H_
