#include "algorithms/tabular/optimistic_planner.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "testing/random_streams.h"

namespace dprl {
namespace {

// Statistics given as plain tables (index TabularShape::Index; transitions Index * S + s').
struct TableStatistics {
  TabularShape shape;
  std::vector<double> counts, rewards, confidence, transitions;
  bool IsEstimated(int h, int s, int a) const { return counts[shape.Index(h, s, a)] > 0; }
  double Count(int h, int s, int a) const { return counts[shape.Index(h, s, a)]; }
  double RewardSum(int h, int s, int a) const { return rewards[shape.Index(h, s, a)]; }
  double Confidence(int h, int s, int a) const { return confidence[shape.Index(h, s, a)]; }
  double NextValueSum(int h, int s, int a, const double* next) const {
    double sum = 0;
    for (int k = 0; k < shape.num_states; ++k) {
      sum += transitions[shape.Index(h, s, a) * shape.num_states + k] * next[k];
    }
    return sum;
  }
};

TableStatistics Empty(TabularShape shape) {
  const int64_t n = shape.StateActionSteps();
  return {shape, std::vector<double>(n, 0), std::vector<double>(n, 0), std::vector<double>(n, 0),
          std::vector<double>(n * shape.num_states, 0)};
}

TEST(OptimisticPlanTest, NoEstimatesGivesCapAndUniformPolicy) {
  TabularShape shape{3, 2, 4};
  OptimisticPlan plan(shape);
  plan.Plan(Empty(shape), 4.0);
  for (double q : plan.optimistic_q()) EXPECT_EQ(q, 4.0);
  for (double p : plan.action_probabilities()) EXPECT_EQ(p, 0.5);
  EXPECT_EQ(plan.num_below_cap(), 0);
}

// Two states, two actions, two steps. Step 1 (h=1): from either state, action 0 has mean 0.2
// (count 10, reward sum 2), action 1 mean 0.6; bonus 0.1 => Q+_1 = 0.3 / 0.7, V+_1 = 0.7.
// Step 0 (h=0), state 0: action 0 reward sum 0 over 5 visits, all go to state 1:
// Q+ = (0 + 5 * 0.7) / 5 + 0.1 = 0.8; action 1 unestimated => cap 2.
TEST(OptimisticPlanTest, BackwardInductionByHand) {
  TabularShape shape{2, 2, 2};
  TableStatistics stats = Empty(shape);
  for (int s = 0; s < 2; ++s) {
    stats.counts[shape.Index(1, s, 0)] = 10;
    stats.rewards[shape.Index(1, s, 0)] = 2;
    stats.counts[shape.Index(1, s, 1)] = 10;
    stats.rewards[shape.Index(1, s, 1)] = 6;
    stats.confidence[shape.Index(1, s, 0)] = 0.1;
    stats.confidence[shape.Index(1, s, 1)] = 0.1;
  }
  stats.counts[shape.Index(0, 0, 0)] = 5;
  stats.confidence[shape.Index(0, 0, 0)] = 0.1;
  stats.transitions[shape.Index(0, 0, 0) * 2 + 1] = 5;
  OptimisticPlan plan(shape);
  plan.Plan(stats, 2.0);
  EXPECT_NEAR(plan.optimistic_q()[shape.Index(1, 0, 0)], 0.3, 1e-12);
  EXPECT_NEAR(plan.optimistic_q()[shape.Index(1, 0, 1)], 0.7, 1e-12);
  EXPECT_NEAR(plan.optimistic_values()[1 * 2 + 1], 0.7, 1e-12);
  EXPECT_NEAR(plan.optimistic_q()[shape.Index(0, 0, 0)], 0.8, 1e-12);
  EXPECT_EQ(plan.optimistic_q()[shape.Index(0, 0, 1)], 2.0);
  EXPECT_EQ(plan.optimistic_values()[2 * 2 + 0], 0.0);  // V+_H = 0
  // Greedy: at h=1 action 1 for sure; at h=0, s=0 the unexplored action 1 (cap).
  EXPECT_EQ(plan.action_probabilities()[shape.Index(1, 0, 1)], 1.0);
  EXPECT_EQ(plan.action_probabilities()[shape.Index(1, 0, 0)], 0.0);
  EXPECT_EQ(plan.action_probabilities()[shape.Index(0, 0, 1)], 1.0);
  // 4 triples at h=1 and one at h=0 are below the cap.
  EXPECT_EQ(plan.num_below_cap(), 5);
}

TEST(OptimisticPlanTest, OptimismIsClippedAtTheCap) {
  TabularShape shape{1, 1, 1};
  TableStatistics stats = Empty(shape);
  stats.counts[0] = 1;
  stats.rewards[0] = 1;
  stats.confidence[0] = 100;
  OptimisticPlan plan(shape);
  plan.Plan(stats, 1.0);
  EXPECT_EQ(plan.optimistic_q()[0], 1.0);
}

// With two tied actions, each is drawn; probability that 2000 draws miss one is 2^-1999.
TEST(OptimisticPlanTest, TiesAreBrokenUniformly) {
  TabularShape shape{1, 3, 1};
  TableStatistics stats = Empty(shape);
  stats.counts = {1, 1, 1};
  stats.rewards = {0.5, 0.5, 0.1};
  OptimisticPlan plan(shape);
  plan.Plan(stats, 1.0);
  EXPECT_EQ(plan.action_probabilities(), (std::vector<double>{0.5, 0.5, 0.0}));
  RandomStream stream = TestStream(3);
  int counts[3] = {0, 0, 0};
  for (int i = 0; i < 2000; ++i) ++counts[plan.SampleAction(0, 0, stream)];
  EXPECT_GT(counts[0], 0);
  EXPECT_GT(counts[1], 0);
  EXPECT_EQ(counts[2], 0);
  // Binomial(2000, 1/2): |count - 1000| > 150 has probability < 1e-11.
  EXPECT_NEAR(counts[0], 1000, 150);
}

// Bitwise equality of two plans (q, values, policy, diagnostic).
void ExpectSamePlan(const OptimisticPlan& actual, const OptimisticPlan& expected) {
  ASSERT_EQ(actual.optimistic_q().size(), expected.optimistic_q().size());
  for (size_t i = 0; i < expected.optimistic_q().size(); ++i) {
    EXPECT_EQ(std::memcmp(&actual.optimistic_q()[i], &expected.optimistic_q()[i], sizeof(double)),
              0)
        << "q at " << i << ": " << actual.optimistic_q()[i] << " vs "
        << expected.optimistic_q()[i];
  }
  EXPECT_EQ(actual.optimistic_values(), expected.optimistic_values());
  EXPECT_EQ(actual.action_probabilities(), expected.action_probabilities());
  EXPECT_EQ(actual.num_below_cap(), expected.num_below_cap());
}

// Incremental planning after random changes of a few triples (some rounds change nothing, some
// change a triple to its old value) gives the full plan bit for bit. Small counts make exact ties
// and capped values frequent.
TEST(OptimisticPlanTest, IncrementalPlanEqualsFullPlan) {
  const TabularShape shape{4, 3, 6};
  const double cap = 6.0;
  TableStatistics stats = Empty(shape);
  RandomStream stream = TestStream(17);
  OptimisticPlan incremental(shape);
  for (int round = 0; round < 300; ++round) {
    const int changes = static_cast<int>(stream.UniformInt(4));  // 0..3 triples
    for (int c = 0; c < changes; ++c) {
      const int h = static_cast<int>(stream.UniformInt(shape.horizon));
      const int s = static_cast<int>(stream.UniformInt(shape.num_states));
      const int a = static_cast<int>(stream.UniformInt(shape.num_actions));
      const int64_t i = shape.Index(h, s, a);
      stats.counts[i] = static_cast<double>(stream.UniformInt(4));
      stats.rewards[i] = static_cast<double>(stream.UniformInt(3));
      stats.confidence[i] = 0.25 * static_cast<double>(stream.UniformInt(3));
      for (int next = 0; next < shape.num_states; ++next) {
        stats.transitions[i * shape.num_states + next] = static_cast<double>(stream.UniformInt(2));
      }
      incremental.MarkChanged(h, s, a);
    }
    incremental.PlanIncremental(stats, cap);
    OptimisticPlan full(shape);
    full.Plan(stats, cap);
    ExpectSamePlan(incremental, full);
    if (HasFailure()) FAIL() << "round " << round;
  }
}

// Only marked triples (and those whose next values changed) are recomputed: a change of the
// statistics that is not marked is not seen, a marked one is.
TEST(OptimisticPlanTest, IncrementalPlanRecomputesOnlyMarkedTriples) {
  const TabularShape shape{1, 2, 1};
  TableStatistics stats = Empty(shape);
  stats.counts = {1, 1};
  stats.rewards = {0.25, 0.5};
  OptimisticPlan plan(shape);
  plan.PlanIncremental(stats, 1.0);
  EXPECT_EQ(plan.optimistic_q(), (std::vector<double>{0.25, 0.5}));
  stats.rewards[0] = 0.75;
  plan.PlanIncremental(stats, 1.0);
  EXPECT_EQ(plan.optimistic_q(), (std::vector<double>{0.25, 0.5}));
  plan.MarkChanged(0, 0, 0);
  plan.PlanIncremental(stats, 1.0);
  EXPECT_EQ(plan.optimistic_q(), (std::vector<double>{0.75, 0.5}));
  EXPECT_EQ(plan.action_probabilities(), (std::vector<double>{1.0, 0.0}));
  // A full plan in between makes the next incremental plan recompute everything.
  stats.rewards[1] = 1.0;
  plan.Plan(stats, 1.0);
  stats.rewards[1] = 0.125;
  plan.PlanIncremental(stats, 1.0);
  EXPECT_EQ(plan.optimistic_q(), (std::vector<double>{0.75, 0.125}));
}

}  // namespace
}  // namespace dprl
