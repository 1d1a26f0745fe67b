#include "envs/best_arm_mab.h"

#include <glog/logging.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "envs/testing/tabular_mdp_conformance.h"
#include "envs/value_iteration.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

TabularMdp MakeOrDie(std::vector<double> means) {
  BestArmMabOptions options;
  options.arm_means = std::move(means);
  absl::StatusOr<TabularMdp> mdp = MakeBestArmMab(options);
  CHECK(mdp.ok()) << mdp.status();
  return *std::move(mdp);
}

TEST(BestArmMabTest, DefaultConforms) {
  EXPECT_THAT(BestArmMabOptions().Validate(), IsOk());
  testing::ExpectTabularMdpConforms(MakeOrDie(BestArmMabOptions().arm_means));
}

TEST(BestArmMabTest, DeterministicArmsConform) {
  testing::ExpectTabularMdpConforms(MakeOrDie({0.0, 1.0, 0.25, 0.75, 0.5}));
}

TEST(BestArmMabTest, ShapeAndTables) {
  const TabularMdp mdp = MakeOrDie({0.2, 0.9, 0.4});
  EXPECT_EQ(mdp.name(), "best_arm_mab_k3");
  EXPECT_EQ(mdp.num_states(), 1);
  EXPECT_EQ(mdp.num_actions(), 3);
  EXPECT_EQ(mdp.horizon(), 1);
  EXPECT_EQ(mdp.initial_distribution(), std::vector<double>({1.0}));
  EXPECT_EQ(mdp.transitions(), std::vector<double>({1.0, 1.0, 1.0}));
  EXPECT_EQ(mdp.mean_rewards(), std::vector<double>({0.2, 0.9, 0.4}));
}

// H = 1 and one state: Q*_0(0, a) = r(0, a) + 0 = P_a, so the value of the policy "pull a" is
// rho^a = P_a and rho* = max_a P_a = 0.9, attained by arm 1 (paper arm 2). Arm 0 is
// 0.7-suboptimal and arm 2 0.5-suboptimal (Lemma 8's alpha). A policy pulling arm a with
// probability q_a is worth sum_a q_a P_a: (0.5, 0, 0.5) -> 0.3.
TEST(BestArmMabTest, ArmValuesAndOptimalValueByHand) {
  const std::vector<double> means = {0.2, 0.9, 0.4};
  const TabularMdp mdp = MakeOrDie(means);
  const OptimalSolution solution = SolveOptimal(mdp);
  EXPECT_DOUBLE_EQ(solution.initial_value, 0.9);
  EXPECT_EQ(solution.greedy_actions, std::vector<int>({1}));
  for (int a = 0; a < 3; ++a) {
    EXPECT_DOUBLE_EQ(EvaluateDeterministicPolicy(mdp, {a}), means[a]);
    EXPECT_DOUBLE_EQ(solution.q_values[a], means[a]);
  }
  EXPECT_DOUBLE_EQ(EvaluatePolicy(mdp, {0.5, 0.0, 0.5}), 0.3);
}

TEST(BestArmMabOptionsTest, RejectsBadValues) {
  BestArmMabOptions empty;
  empty.arm_means.clear();
  EXPECT_THAT(empty.Validate(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("arm_means is empty")));
  EXPECT_THAT(MakeBestArmMab(empty), StatusIs(absl::StatusCode::kInvalidArgument));
  const std::vector<std::pair<double, std::string>> bad = {
      {-0.1, "arm_means[1] = -0.1"},
      {1.5, "arm_means[1] = 1.5"},
      {std::numeric_limits<double>::quiet_NaN(), "arm_means[1] = nan"},
      {std::numeric_limits<double>::infinity(), "arm_means[1] = inf"}};
  for (const auto& [value, expected] : bad) {
    BestArmMabOptions options;
    options.arm_means = {0.5, value};
    EXPECT_THAT(options.Validate(),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr(expected)));
    EXPECT_THAT(MakeBestArmMab(options), StatusIs(absl::StatusCode::kInvalidArgument));
  }
}

}  // namespace
}  // namespace dprl
