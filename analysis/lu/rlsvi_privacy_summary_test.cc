// BuildRlsviPrivacyPanels' captions say only what is drawn.
#include "analysis/lu/rlsvi_privacy_summary.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace dprl {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

PrivacyCurve Curve(int64_t num_states) {
  PrivacyCurve curve;
  curve.group = "privacy-S=" + std::to_string(num_states);
  curve.num_states = num_states;
  curve.num_actions = 2;
  curve.horizon = 5;
  curve.target_delta = 1e-5;
  curve.episodes = {1, 10, 100};
  curve.privacy_epsilon_paper = {1, 2, 3};
  curve.privacy_epsilon_improved = {0.5, 1, 1.5};
  return curve;
}

// The first panel marks the K of the regret runs with a dot on the curve of their shape, and
// says so only when a regret run has a curve's shape (a smoke run's regret shape has none).
TEST(RlsviPrivacyPanelsTest, DotsAreExplainedOnlyWhenDrawn) {
  RlsviPrivacyResults results;
  results.curves = {Curve(20)};
  PrivacyRegretCurve run;
  run.regret.env = "riverswim";
  run.regret.agent = "rlsvi";
  run.regret.seeds = 1;
  run.regret.episodes = 50;
  run.regret.plot_episodes = {1, 50};
  run.regret.plot_mean = {1, 5};
  run.num_states = 4;
  run.num_actions = 2;
  run.horizon = 5;
  results.regrets = {run};
  std::vector<PlotPanel> panels = BuildRlsviPrivacyPanels(results);
  EXPECT_THAT(panels.at(0).note, Not(HasSubstr("dots")));
  for (const PlotCurve& curve : panels[0].curves) EXPECT_LE(curve.marker_x, 0);
  results.regrets[0].num_states = 20;
  panels = BuildRlsviPrivacyPanels(results);
  EXPECT_THAT(panels.at(0).note, HasSubstr("dots: K of the regret runs"));
  EXPECT_EQ(panels[0].curves[0].marker_x, 50);
}

}  // namespace
}  // namespace dprl
