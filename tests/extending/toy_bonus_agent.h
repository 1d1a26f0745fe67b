// The worked example of docs/extending.md, "Add a tabular agent": a small agent added by its own
// files only (this header and .cc in the place of algorithms/tabular/<agent>.h and .cc, its test,
// its registration toy_bonus_agent_registration.cc in the place of
// experiments/tabular/agents/<agent>.cc, and one target each in tests/extending/BUILD). It is
// testonly and registered only in the test binaries of tests/extending, never in production.
//
// The algorithm: optimistic value iteration on the empirical model with the plain Hoeffding bonus
//   b(N) = H sqrt(L / (2 N)),  L = ln(2 S A T / delta),  T = K H,
// for every (s, a, h) with N >= 1 visits; unvisited triples keep the planner's cap H
// (OptimisticPlan, optimistic_planner.h). This is UCB-VI's shape (Azar et al. 2017, Alg. 1-2) with
// the one-sample Hoeffding constant in place of UCB-VI's 7 H L; no regret or privacy guarantee is
// claimed for it: it is an example of the recipe, not a baseline. Non-private.
#ifndef DPRL_TESTS_EXTENDING_TOY_BONUS_AGENT_H_
#define DPRL_TESTS_EXTENDING_TOY_BONUS_AGENT_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "algorithms/tabular/empirical_counts.h"
#include "algorithms/tabular/optimistic_planner.h"
#include "algorithms/tabular/tabular_agent.h"

namespace dprl {

struct ToyBonusOptions {
  // delta in L = ln(2 S A T / delta). In (0, 1).
  double failure_probability = 0.05;
  // K, the number of episodes (T = K H in L). >= 1.
  int64_t num_episodes = 10000;

  absl::Status Validate() const;
};

// b(N) = H sqrt(L / (2 N)) for N >= 1, with L = ln(2 S A K H / delta).
double ToyBonus(const TabularShape& shape, const ToyBonusOptions& options, double visits);

class ToyBonusAgent : public TabularAgent {
 public:
  // Errors: a bad shape or bad options, naming the parameter.
  static absl::StatusOr<std::unique_ptr<ToyBonusAgent>> Create(const TabularShape& shape,
                                                               const ToyBonusOptions& options);

  const TabularShape& shape() const override { return shape_; }
  void BeginEpisode() override;
  void EndEpisode() override {}
  const OptimisticPlan& plan() const override { return plan_; }

 protected:
  void RecordStep(int h, int s, int a, double reward, int next_state) override;

 private:
  ToyBonusAgent(const TabularShape& shape, const ToyBonusOptions& options);

  TabularShape shape_;
  ToyBonusOptions options_;
  EmpiricalCounts counts_;
  std::vector<double> bonus_;  // per triple with N >= 1: b(N)
  OptimisticPlan plan_;
};

}  // namespace dprl

#endif  // DPRL_TESTS_EXTENDING_TOY_BONUS_AGENT_H_
