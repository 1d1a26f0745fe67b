#include "experiments/runner/config_report.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "experiments/runner/testing/small_experiment.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

RunnerFlags Flags(Scale scale, std::vector<std::string> sets, std::string config_file = "") {
  RunnerFlags flags;
  flags.scale = scale;
  flags.seeds = 3;
  flags.master_seed = 7;
  flags.set_overrides = std::move(sets);
  flags.config_file = std::move(config_file);
  return flags;
}

const SmallGrid& GridOf(const std::unique_ptr<ExperimentGrid>& grid) {
  return static_cast<const TypedGrid<SmallGrid>&>(*grid).grid();
}

TEST(ResolveGridTest, AppliesScaleThenFileThenSetsInOrder) {
  const std::string path = absl::StrCat(::testing::TempDir(), "/run.toml");
  std::ofstream(path) << "num_episodes = 50\nprivacy_epsilons = [0.5]\n[label]\ntext = \"file\"\n";
  absl::StatusOr<std::unique_ptr<ExperimentGrid>> grid = ResolveGrid(
      SmallExperiment(),
      Flags(Scale::kSmoke, {"num_episodes=1e6", "num_episodes=20", "label.text=x y"}, path));
  ASSERT_THAT(grid, IsOk());
  EXPECT_EQ(GridOf(*grid).num_episodes, 20);
  EXPECT_EQ(GridOf(*grid).privacy_epsilons, std::vector<double>{0.5});
  EXPECT_EQ(GridOf(*grid).label, "x y");
  EXPECT_EQ(GridOf(*ResolveGrid(SmallExperiment(), Flags(Scale::kSmoke, {}))).num_episodes, 10);
  EXPECT_EQ(GridOf(*ResolveGrid(SmallExperiment(), Flags(Scale::kPaper, {}))).num_episodes, 1000);
}

TEST(ResolveGridTest, ErrorsNameTheOverrideAndTheField) {
  EXPECT_THAT(ResolveGrid(SmallExperiment(), Flags(Scale::kSmoke, {"num_states=10"})),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       "--set=num_states=10: unknown field 'num_states' (see --help for the "
                       "fields of this experiment)"));
  EXPECT_THAT(ResolveGrid(SmallExperiment(), Flags(Scale::kSmoke, {"privacy_epsilons=0.5,x"})),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       "--set=privacy_epsilons=0.5,x: field 'privacy_epsilons' takes a list of "
                       "float, got '0.5,x'"));
  EXPECT_THAT(ResolveGrid(SmallExperiment(), Flags(Scale::kSmoke, {}, "/nonexistent.toml")),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("--config=/nonexistent.toml")));
}

TEST(ReproduceCommandTest, ListsOnlyTheFieldsThatDifferFromTheScaleDefaults) {
  const RunnerFlags flags = Flags(Scale::kSmoke, {"privacy_epsilons=0.5,5", "label.text=a b"});
  absl::StatusOr<std::unique_ptr<ExperimentGrid>> grid = ResolveGrid(SmallExperiment(), flags);
  ASSERT_THAT(grid, IsOk());
  EXPECT_EQ(ReproduceCommand(SmallExperiment(), flags, **grid),
            "bazel run //experiments:small_fig -- --scale=smoke --seeds=3 --master_seed=7 "
            "--set=privacy_epsilons=0.5,5 '--set=label.text=a b'");
  // Re-running the command's --set values reproduces the grid.
  const RunnerFlags again = Flags(Scale::kSmoke, {"privacy_epsilons=0.5,5", "label.text=a b"});
  EXPECT_EQ((*ResolveGrid(SmallExperiment(), again))->fields().ToToml(), (*grid)->fields().ToToml());
  const RunnerFlags plain = Flags(Scale::kPaper, {});
  EXPECT_EQ(ReproduceCommand(SmallExperiment(), plain, **ResolveGrid(SmallExperiment(), plain)),
            "bazel run //experiments:small_fig -- --scale=paper --seeds=3 --master_seed=7");
}

TEST(FieldsUsageTest, ListsEveryFieldWithTypeDocAndPerScaleDefaults) {
  const std::string usage = FieldsUsage(SmallExperiment());
  EXPECT_THAT(usage, HasSubstr("  num_episodes (int)\n      episodes T of every run, >= 1\n"
                               "      default 1000; smoke 10\n"));
  EXPECT_THAT(usage, HasSubstr("  privacy_epsilons (list of float)\n"));
  EXPECT_THAT(usage, HasSubstr("      default 1,10\n"));
  EXPECT_THAT(usage, HasSubstr("  label.text (string)\n      a label\n      default plain\n"));
}

TEST(DryRunReportTest, ListsTasksCostAndSize) {
  const RunnerFlags flags = Flags(Scale::kSmoke, {});
  const std::vector<ConfigSpec> configs = (*ResolveGrid(SmallExperiment(), flags))->MakeConfigs().value();
  const std::string report = DryRunReport(SmallExperiment(), flags, configs, 2);
  EXPECT_THAT(report, HasSubstr("2 configs x 3 seeds = 6 tasks"));
  EXPECT_THAT(report, HasSubstr("eps=1"));
  EXPECT_THAT(report, HasSubstr("eps=10"));
  // Cost: 3 seeds x (20 + 2) core-s = 66 core-s, 33 s on 2 cores.
  EXPECT_THAT(report, HasSubstr("Estimated cost: 66 core-seconds, about 33s on 2 core(s)"));
  // Size: 3 seeds x 2 configs x 11 values x 8 bytes = 528 bytes.
  EXPECT_THAT(report, HasSubstr("Estimated output: 528 B of float64 data"));
  EXPECT_THAT(report, Not(HasSubstr("nan")));
}

TEST(FormatBytesTest, UsesDecimalUnits) {
  EXPECT_EQ(FormatBytes(812), "812 B");
  EXPECT_EQ(FormatBytes(21.9e6), "21.9 MB");
  EXPECT_EQ(FormatBytes(1.2e9), "1.20 GB");
}

}  // namespace
}  // namespace dprl
