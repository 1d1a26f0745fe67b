#include "analysis/chowdhury/private_ofu_summary.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

RegretGroupSummary Group(const std::string& agent, std::optional<double> eps, double final_regret) {
  RegretGroupSummary s;
  s.group = agent + (eps ? "-" + std::to_string(*eps) : "");
  s.env = "sys";
  s.agent = agent;
  s.privacy_epsilon = eps;
  s.seeds = 2;
  s.episodes = 100;
  s.final_regret_mean = final_regret;
  s.plot_episodes = {1, 100};
  s.plot_mean = {1, final_regret};
  return s;
}

// The registered agent's label and options for each group (what ReadLqGroupAgent reads from a
// file the experiment wrote).
std::vector<LqGroupAgent> AgentsOf(const std::vector<RegretGroupSummary>& groups) {
  std::vector<LqGroupAgent> agents;
  for (const RegretGroupSummary& s : groups) {
    const LqAgentType* type = FindLqAgent(s.agent).value();
    agents.push_back({type->label, type->preset});
  }
  return agents;
}

// Every seed of every group left u = 0 at episode 1 of 100 (past the onset).
std::vector<LqOnsetSummary> PastOnset(size_t num_groups) {
  LqOnsetSummary onset;
  onset.onset_episodes = {1.0, 1.0};
  return std::vector<LqOnsetSummary>(num_groups, onset);
}

absl::StatusOr<std::vector<PrivateOfuRow>> Rows(const std::vector<RegretGroupSummary>& groups) {
  return BuildPrivateOfuRows(groups, AgentsOf(groups), PastOnset(groups.size()));
}

TEST(PrivateOfuSummaryTest, PrivacyCostAndItsExponent) {
  // cost = 40 eps^{-1/2}: exponent -1/2 exactly.
  std::vector<RegretGroupSummary> in = {Group("ofu_rl", std::nullopt, 10.0)};
  for (double eps : {1.0, 4.0, 16.0}) {
    in.push_back(Group("private_ofu_rl", eps, 10.0 + 40.0 / std::sqrt(eps)));
    in.push_back(Group("private_ce", eps, 10.0 + 80.0 / eps));
  }
  absl::StatusOr<std::vector<PrivateOfuRow>> rows = Rows(in);
  ASSERT_THAT(rows, IsOk());
  ASSERT_EQ(rows->size(), 7u);
  EXPECT_FALSE((*rows)[0].privacy_cost.has_value());
  EXPECT_NEAR(*(*rows)[1].privacy_cost, 40.0, 1e-12);
  EXPECT_NEAR(*(*rows)[1].privacy_cost_exponent_vs_eps, -0.5, 1e-12);
  EXPECT_NEAR(*(*rows)[2].privacy_cost_exponent_vs_eps, -1.0, 1e-12);
  const std::string csv = PrivateOfuSummaryCsv(*rows);
  EXPECT_THAT(csv, HasSubstr("regret_exponent,privacy_cost,in_privacy_cost_fit,"
                             "privacy_cost_exponent_vs_eps,predicted_onset_episode,"
                             "onset_episode_median,coverage_failures,clipped_steps,"
                             "realized_regret_mean\n"));
  const std::vector<PlotPanel> panels = PrivateOfuPanels(*rows);
  ASSERT_EQ(panels.size(), 2u);  // regret + privacy cost for one env
  // The regret panel of an env with Private-OFU-RL draws the OFU agents only (private CE is in
  // the privacy-cost panel), solid for the paper's calibration, one colour per eps.
  ASSERT_EQ(panels[0].curves.size(), 4u);
  EXPECT_EQ(panels[0].curves[0].label, "OFU-RL (non-private)");
  for (size_t c = 1; c < 4; ++c) {
    EXPECT_FALSE(panels[0].curves[c].dashed) << c;
    EXPECT_THAT(panels[0].curves[c].label, HasSubstr("Private-OFU-RL #ge=")) << c;
    EXPECT_NE(panels[0].curves[c].color, panels[0].curves[c - 1].color) << c;
  }
  EXPECT_THAT(panels[0].note, HasSubstr("privacy-cost panel"));
  EXPECT_EQ(panels[1].curves.size(), 3u);  // two agents + reference
}

// Any subset of the agents: without ofu_rl there is no privacy cost, and no cost panel.
TEST(PrivateOfuSummaryTest, WithoutOfuRlNoPrivacyCost) {
  absl::StatusOr<std::vector<PrivateOfuRow>> rows =
      Rows({Group("private_ofu_rl", 1.0, 3.0), Group("private_ce", 1.0, 4.0)});
  ASSERT_THAT(rows, IsOk());
  ASSERT_EQ(rows->size(), 2u);
  for (const PrivateOfuRow& row : *rows) {
    EXPECT_FALSE(row.privacy_cost.has_value());
    EXPECT_FALSE(row.privacy_cost_exponent_vs_eps.has_value());
  }
  EXPECT_EQ(PrivateOfuPanels(*rows).size(), 1u);
}

// The tight variant is its own curve, with its own label and colour, in the cost panel.
TEST(PrivateOfuSummaryTest, TightVariantHasItsOwnCostCurve) {
  absl::StatusOr<std::vector<PrivateOfuRow>> rows =
      Rows({Group("ofu_rl", std::nullopt, 10.0), Group("private_ofu_rl", 1.0, 30.0),
            Group("private_ofu_rl_tight", 1.0, 20.0), Group("private_ofu_rl_tight", 4.0, 15.0)});
  ASSERT_THAT(rows, IsOk());
  EXPECT_NEAR(*(*rows)[2].privacy_cost, 10.0, 1e-12);
  const std::vector<PlotPanel> panels = PrivateOfuPanels(*rows);
  ASSERT_EQ(panels.size(), 2u);
  ASSERT_EQ(panels[1].curves.size(), 3u);  // two agents + reference
  EXPECT_EQ(panels[1].curves[1].label, "Private-OFU-RL tight");
  EXPECT_NE(panels[1].curves[1].color, panels[1].curves[0].color);
  EXPECT_EQ(panels[1].curves[1].x.size(), 2u);
  // Regret panel: the tight calibration dashed, in the colour of the paper's at the same eps.
  ASSERT_EQ(panels[0].curves.size(), 4u);
  EXPECT_FALSE(panels[0].curves[1].dashed);  // private_ofu_rl eps = 1
  EXPECT_TRUE(panels[0].curves[2].dashed);   // private_ofu_rl_tight eps = 1
  EXPECT_EQ(panels[0].curves[1].color, panels[0].curves[2].color);
  EXPECT_NE(panels[0].curves[2].color, panels[0].curves[3].color);  // eps = 1 vs 4
}

TEST(PrivateOfuSummaryTest, OnsetPanelShowsBothCalibrations) {
  std::vector<RegretGroupSummary> groups = {Group("private_ofu_rl", 10.0, 30.0),
                                            Group("private_ofu_rl_tight", 10.0, 20.0)};
  absl::StatusOr<std::vector<PrivateOfuRow>> rows = Rows(groups);
  ASSERT_THAT(rows, IsOk());
  (*rows)[0].onset.predicted_onset_episode = -1;  // the paper's never leaves u = 0
  (*rows)[0].onset.onset_episode_median = -1;
  (*rows)[1].onset.predicted_onset_episode = 3850;
  (*rows)[1].onset.onset_episode_median = 3807;
  const std::vector<PlotPanel> panels = PrivateOfuPanels(*rows);
  ASSERT_EQ(panels.size(), 2u);  // regret + onset
  ASSERT_EQ(panels[1].curves.size(), 2u);
  EXPECT_EQ(panels[1].curves[0].label, "Private-OFU-RL tight measured (median over seeds)");
  EXPECT_EQ(panels[1].curves[0].y, std::vector<double>{3807});
  EXPECT_EQ(panels[1].curves[1].y, std::vector<double>{3850});
}

// The ridge and dithered certainty-equivalence baselines: accepted, labelled, dashed, and each
// gets its own curve in the privacy-cost panel.
TEST(PrivateOfuSummaryTest, CertaintyEquivalenceBaselinesHaveTheirOwnCurves) {
  std::vector<RegretGroupSummary> in = {Group("ofu_rl", std::nullopt, 10.0)};
  for (double eps : {1.0, 100.0}) {
    in.push_back(Group("private_ce_ridge", eps, 20.0));
    in.push_back(Group("private_ce_dither", eps, 30.0));
  }
  absl::StatusOr<std::vector<PrivateOfuRow>> rows = Rows(in);
  ASSERT_THAT(rows, IsOk());
  EXPECT_NEAR(*(*rows)[2].privacy_cost, 20.0, 1e-12);
  const std::vector<PlotPanel> panels = PrivateOfuPanels(*rows);
  ASSERT_EQ(panels.size(), 2u);
  EXPECT_FALSE(panels[0].curves[0].dashed);  // ofu_rl
  for (size_t c = 1; c < 5; ++c) EXPECT_TRUE(panels[0].curves[c].dashed) << c;
  EXPECT_EQ(panels[0].curves[1].label, "private CE, ridge #ge=1");
  EXPECT_EQ(panels[0].curves[2].label, "private CE, ridge + dither #ge=1");
  ASSERT_EQ(panels[1].curves.size(), 3u);  // two agents + reference
  EXPECT_EQ(panels[1].curves[0].label, "private CE, ridge");
  EXPECT_EQ(panels[1].curves[1].label, "private CE, ridge + dither");
  EXPECT_NE(panels[1].curves[0].color, panels[1].curves[1].color);
}

// Styles come from the options and legends from the label, whatever the agent's name.
TEST(PrivateOfuSummaryTest, StylesFollowTheOptionsAndLegendsTheLabel) {
  std::vector<RegretGroupSummary> in = {Group("reference", std::nullopt, 10.0),
                                        Group("mine", 1.0, 20.0)};
  std::vector<LqGroupAgent> agents = {
      {"Reference", LqPreset(LqCalibration::kNone, LqPlanner::kOfuStep)},
      {"My CE",
       LqPreset(LqCalibration::kTight, LqPlanner::kCertaintyEquivalence, LqModel::kRidge, 0.5)}};
  absl::StatusOr<std::vector<PrivateOfuRow>> rows =
      BuildPrivateOfuRows(in, agents, PastOnset(in.size()));
  ASSERT_THAT(rows, IsOk());
  EXPECT_NEAR(*(*rows)[1].privacy_cost, 10.0, 1e-12);
  const std::vector<PlotPanel> panels = PrivateOfuPanels(*rows);
  ASSERT_EQ(panels.size(), 2u);
  EXPECT_EQ(panels[0].curves[0].label, "Reference (non-private)");
  EXPECT_EQ(panels[0].curves[1].label, "My CE #ge=1");
  EXPECT_TRUE(panels[0].curves[1].dashed);
  EXPECT_EQ(panels[1].curves[0].label, "My CE");
  EXPECT_EQ(panels[1].curves[0].color, 3);  // certainty equivalence, ridge with dither
  EXPECT_TRUE(panels[1].curves[0].dashed);
}

// The fit of an OFU-step agent admits only the eps past the onset on every seed (onset in
// [1, K/10]); certainty equivalence, which has no onset, keeps every eps.
TEST(PrivateOfuSummaryTest, PrivacyCostFitOnlyPastTheOnset) {
  std::vector<RegretGroupSummary> in = {Group("ofu_rl", std::nullopt, 10.0)};
  for (double eps : {1.0, 4.0, 16.0, 64.0}) {
    in.push_back(Group("private_ofu_rl", eps, 10.0 + 40.0 / std::sqrt(eps)));
  }
  in[1].final_regret_mean = 15.0;  // eps = 1: off the law, before the onset
  in.push_back(Group("private_ce", 1.0, 90.0));
  in.push_back(Group("private_ce", 4.0, 30.0));
  std::vector<LqOnsetSummary> onsets = PastOnset(in.size());
  onsets[1].onset_episodes = {0.0, 1.0};   // eps = 1: one seed never left u = 0
  onsets[2].onset_episodes = {11.0, 1.0};  // eps = 4: one seed after K/10 = 10
  onsets[5].onset_episodes = {};           // certainty equivalence: no onset data needed
  onsets[6].onset_episodes = {};
  absl::StatusOr<std::vector<PrivateOfuRow>> rows =
      BuildPrivateOfuRows(in, AgentsOf(in), onsets);
  ASSERT_THAT(rows, IsOk());
  EXPECT_FALSE((*rows)[1].in_privacy_cost_fit);
  EXPECT_FALSE((*rows)[2].in_privacy_cost_fit);
  EXPECT_TRUE((*rows)[3].in_privacy_cost_fit);
  EXPECT_TRUE((*rows)[4].in_privacy_cost_fit);
  // eps in {16, 64}: cost 40 eps^{-1/2} exactly; the excluded eps would have bent the slope.
  EXPECT_NEAR(*(*rows)[1].privacy_cost_exponent_vs_eps, -0.5, 1e-12);
  EXPECT_TRUE((*rows)[5].in_privacy_cost_fit);
  EXPECT_NEAR(*(*rows)[5].privacy_cost_exponent_vs_eps, -1.0, 1e-12);  // 80 / eps
  // One eps in the fit: undefined.
  onsets[3].onset_episodes = {0.0, 0.0};
  rows = BuildPrivateOfuRows(in, AgentsOf(in), onsets);
  ASSERT_THAT(rows, IsOk());
  EXPECT_FALSE((*rows)[4].privacy_cost_exponent_vs_eps.has_value());
}

TEST(PrivateOfuSummaryTest, Errors) {
  EXPECT_THAT(Rows({Group("private_ce", std::nullopt, 3.0)}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("without privacy_epsilon")));
}

}  // namespace
}  // namespace dprl
