// BuildRegretPanels' legend: the label each experiment writes into its results groups, and the
// generic text for a group without one (no table of agent names).
#include "analysis/regret_summary.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"

namespace dprl {
namespace {

RegretGroupSummary Group(const std::string& agent, std::optional<double> privacy_epsilon,
                         const std::string& relation, const std::string& label) {
  RegretGroupSummary s;
  s.group = agent + (privacy_epsilon ? "-" + std::to_string(*privacy_epsilon) : "");
  s.env = "riverswim";
  s.agent = agent;
  s.privacy_epsilon = privacy_epsilon;
  s.neighbour_relation = relation;
  s.label = label;
  s.seeds = 1;
  s.episodes = 10;
  s.plot_episodes = {1, 10};
  s.plot_mean = {1, 5};
  return s;
}

std::vector<std::string> Labels(const std::vector<RegretGroupSummary>& summaries) {
  const std::vector<PlotPanel> panels = BuildRegretPanels(summaries);
  std::vector<std::string> labels;
  for (const PlotCurve& curve : panels.at(0).curves) {
    labels.push_back(curve.label);
  }
  return labels;
}

TEST(RegretPanelsTest, CurvesCarryTheGroupsLabels) {
  EXPECT_EQ(Labels({Group("ubev", std::nullopt, "", "UBEV (paper's Alg. 1)"),
                    Group("pucb", 10.0, "add_remove", "PUCB (#ge=10)")}),
            (std::vector<std::string>{"UBEV (paper's Alg. 1)", "PUCB (#ge=10)"}));
}

TEST(RegretPanelsTest, GroupsWithoutALabelGetTheGenericText) {
  EXPECT_EQ(Labels({Group("ubev", std::nullopt, "", ""), Group("pucb", 10.0, "add_remove", "")}),
            (std::vector<std::string>{"ubev (non-private)", "pucb (#ge=10)"}));
  // Private curves under two relations in one panel: each unlabelled one names its relation.
  EXPECT_EQ(Labels({Group("pucb", 10.0, "add_remove", ""), Group("pucb", 5.0, "replacement", "")}),
            (std::vector<std::string>{"pucb (#ge=10, add/remove)", "pucb (#ge=5, replacement)"}));
}

// An exact-tail PUCB curve is dashed, in the colour of the paper's-E curve of the same epsilon,
// and has its own legend entry; the note under the panel explains the dots in words, and only
// when a dot is drawn.
TEST(RegretPanelsTest, ExactTailCurvesHaveLegendEntriesAndTheNoteSaysWhatDotsMark) {
  RegretGroupSummary paper = Group("pucb", 10.0, "add_remove", "PUCB (#ge=10)");
  RegretGroupSummary exact = Group("pucb", 10.0, "add_remove", "PUCB (#ge=10, exact-tail E)");
  exact.error_bound_method = "exact_tail";
  std::vector<PlotPanel> panels = BuildRegretPanels({paper, exact});
  ASSERT_EQ(panels.at(0).curves.size(), 2u);
  const PlotCurve& dashed = panels[0].curves[1];
  EXPECT_TRUE(dashed.dashed);
  EXPECT_EQ(dashed.label, "PUCB (#ge=10, exact-tail E)");
  EXPECT_EQ(dashed.color, panels[0].curves[0].color);
  EXPECT_EQ(panels[0].note, "");  // no dot drawn, none explained
  exact.first_episode_bonus_below_horizon = 5;
  panels = BuildRegretPanels({paper, exact});
  EXPECT_EQ(panels[0].note,
            "dot: median episode at which the agent's value first falls below H");
}

// A figure's extra columns follow SummaryCsv's own, in the header and in every row (an empty cell
// for nullopt); without any, the CSV is SummaryCsv's alone.
TEST(SummaryCsvTest, ExtraColumnsFollowTheStandardOnes) {
  const std::vector<RegretGroupSummary> summaries = {Group("ucbvi", std::nullopt, "", ""),
                                                     Group("pucb", 10.0, "add_remove", "")};
  const std::string plain = SummaryCsv(summaries);
  const std::string extended = SummaryCsv(
      summaries, {{"twice_eps", [](const RegretGroupSummary& s) -> std::optional<double> {
                     if (!s.privacy_epsilon) return std::nullopt;
                     return 2 * *s.privacy_epsilon;
                   }}});
  const std::vector<std::string> plain_lines = absl::StrSplit(plain, '\n');
  const std::vector<std::string> lines = absl::StrSplit(extended, '\n');
  ASSERT_EQ(lines.size(), 4u);  // header, two rows, "" after the last newline
  EXPECT_EQ(lines[0], plain_lines[0] + ",twice_eps");
  EXPECT_EQ(lines[1], plain_lines[1] + ",");
  EXPECT_EQ(lines[2], plain_lines[2] + ",20");
  EXPECT_EQ(lines[3], "");
}

}  // namespace
}  // namespace dprl
