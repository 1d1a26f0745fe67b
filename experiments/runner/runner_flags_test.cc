#include "experiments/runner/runner_flags.h"

#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

struct OneFieldGrid {
  int64_t n = 1;
  static OneFieldGrid ForScale(Scale) { return {}; }
  void BindFields(ConfigFields& fields) { fields.Add("n", &n, "a number"); }
  absl::StatusOr<std::vector<ConfigSpec>> MakeConfigs() const { return std::vector<ConfigSpec>{}; }
};

ExperimentDefinition Toy() {
  ExperimentDefinition experiment;
  experiment.name = "toy";
  experiment.description = "test";
  experiment.default_seeds_smoke = 2;
  experiment.default_seeds_default = 5;
  experiment.default_seeds_paper = 20;
  experiment.make_grid = MakeTypedGrid<OneFieldGrid>;
  experiment.run_task = [](const ConfigSpec&, const TaskContext&) { return TaskResult{}; };
  return experiment;
}

absl::StatusOr<RunnerFlags> Parse(std::vector<std::string> args) {
  args.insert(args.begin(), "prog");
  std::vector<const char*> argv;
  for (const std::string& arg : args) argv.push_back(arg.c_str());
  return ParseRunnerFlags(static_cast<int>(argv.size()), argv.data(), Toy());
}

std::string ErrorOf(std::vector<std::string> args) {
  absl::StatusOr<RunnerFlags> flags = Parse(std::move(args));
  EXPECT_FALSE(flags.ok());
  return flags.ok() ? "" : std::string(flags.status().message());
}

TEST(RunnerFlagsTest, DefaultsDependOnScale) {
  absl::StatusOr<RunnerFlags> flags = Parse({});
  ASSERT_THAT(flags, IsOk());
  EXPECT_EQ(flags->scale, Scale::kDefault);
  EXPECT_EQ(flags->seeds, 5);
  EXPECT_EQ(flags->master_seed, 20201u);
  EXPECT_EQ(flags->out_dir, "");
  EXPECT_FALSE(flags->help);
  EXPECT_EQ(Parse({"--scale=smoke"})->seeds, 2);
  EXPECT_EQ(Parse({"--scale=paper"})->seeds, 20);
}

TEST(RunnerFlagsTest, ParsesAllFlags) {
  absl::StatusOr<RunnerFlags> flags =
      Parse({"--out=/tmp/x", "--seeds=7", "--scale=paper", "--master_seed=18446744073709551615"});
  ASSERT_THAT(flags, IsOk());
  EXPECT_EQ(flags->out_dir, "/tmp/x");
  EXPECT_EQ(flags->seeds, 7);
  EXPECT_EQ(flags->scale, Scale::kPaper);
  EXPECT_EQ(flags->master_seed, 18446744073709551615ull);
  EXPECT_FALSE(flags->allow_code_change);
  EXPECT_TRUE(Parse({"--allow_code_change=true"})->allow_code_change);
  EXPECT_FALSE(Parse({"--allow_code_change=false"})->allow_code_change);
  EXPECT_FALSE(flags->keep_task_files);
  EXPECT_TRUE(Parse({"--keep_task_files=true"})->keep_task_files);
  EXPECT_FALSE(Parse({"--keep_task_files=false"})->keep_task_files);
  EXPECT_TRUE(Parse({"--help"})->help);
  EXPECT_TRUE(Parse({"-h"})->help);
}

TEST(RunnerFlagsTest, ParsesConfigSetAndDryRun) {
  absl::StatusOr<RunnerFlags> flags =
      Parse({"--set=n=3", "--config=/tmp/run.toml", "--set=a.b=1,2", "--dry_run"});
  ASSERT_THAT(flags, IsOk());
  EXPECT_EQ(flags->set_overrides, (std::vector<std::string>{"n=3", "a.b=1,2"}));
  EXPECT_EQ(flags->config_file, "/tmp/run.toml");
  EXPECT_TRUE(flags->dry_run);
  EXPECT_FALSE(Parse({})->dry_run);
  EXPECT_FALSE(Parse({"--dry_run=false"})->dry_run);
  EXPECT_EQ(ErrorOf({"--set=n"}),
            "--set=n: expected --set=FIELD=VALUE (see --help for the fields)");
  EXPECT_EQ(ErrorOf({"--set==3"}),
            "--set==3: expected --set=FIELD=VALUE (see --help for the fields)");
  EXPECT_EQ(ErrorOf({"--config="}), "--config: the file name is empty");
  EXPECT_EQ(ErrorOf({"--config=a.toml", "--config=b.toml"}),
            "flag --config is given more than once");
}

TEST(RunnerFlagsTest, SeedsRejectsZeroNegativeMalformedAndHuge) {
  EXPECT_THAT(ErrorOf({"--seeds=0"}), HasSubstr("--seeds must be >= 1, got '0'"));
  EXPECT_THAT(ErrorOf({"--seeds=-3"}), HasSubstr("--seeds must be >= 1, got '-3'"));
  EXPECT_THAT(ErrorOf({"--seeds=abc"}), HasSubstr("--seeds: 'abc' is not a positive integer"));
  EXPECT_THAT(ErrorOf({"--seeds=2.5"}), HasSubstr("--seeds: '2.5'"));
  EXPECT_THAT(ErrorOf({"--seeds="}), HasSubstr("--seeds: ''"));
  EXPECT_THAT(ErrorOf({"--seeds=99999999999"}), HasSubstr("--seeds: '99999999999' is too large"));
}

TEST(RunnerFlagsTest, ScaleRejectsUnknownValue) {
  EXPECT_THAT(ErrorOf({"--scale=huge"}),
              HasSubstr("--scale: 'huge' is not one of smoke, default, paper"));
  EXPECT_THAT(ErrorOf({"--scale="}), HasSubstr("--scale: ''"));
}

TEST(RunnerFlagsTest, MasterSeedRejectsNegativeMalformedAndOverflow) {
  EXPECT_THAT(ErrorOf({"--master_seed=-1"}), HasSubstr("--master_seed: '-1'"));
  EXPECT_THAT(ErrorOf({"--master_seed=x1"}), HasSubstr("--master_seed: 'x1'"));
  EXPECT_THAT(ErrorOf({"--master_seed=18446744073709551616"}),
              HasSubstr("--master_seed: '18446744073709551616'"));
}

TEST(RunnerFlagsTest, ThreadsAcceptsPositiveAndRejectsZeroNegativeMalformedAndHuge) {
  EXPECT_EQ(Parse({})->threads, 0);  // not given: DefaultThreads() without mpirun
  EXPECT_EQ(Parse({"--threads=3"})->threads, 3);
  EXPECT_GE(DefaultThreads(), 1);
  for (const char* bad : {"0", "-2", "two", "", "1.5", "1025"}) {
    EXPECT_THAT(ErrorOf({std::string("--threads=") + bad}),
                HasSubstr(std::string("--threads: '") + bad + "' is not an integer in [1, 1024]"));
  }
}

TEST(RunnerFlagsTest, RejectsUnknownPositionalRepeatedAndValuelessFlags) {
  EXPECT_THAT(ErrorOf({"--sedes=3"}), HasSubstr("unknown flag '--sedes=3'"));
  EXPECT_THAT(ErrorOf({"results"}), HasSubstr("unexpected argument 'results'"));
  EXPECT_THAT(ErrorOf({"--seeds=2", "--seeds=3"}), HasSubstr("--seeds is given more than once"));
  EXPECT_THAT(ErrorOf({"--out"}), HasSubstr("flag --out needs a value"));
  EXPECT_THAT(ErrorOf({"--out="}), HasSubstr("--out: the directory name is empty"));
  // A name of blanks made a directory " " (reproduce_all --results=' ' did).
  EXPECT_THAT(ErrorOf({"--out=  "}), HasSubstr("--out: the directory name is only white space"));
}

TEST(RunnerFlagsTest, BooleanFlagsRejectValuesOtherThanTrueAndFalse) {
  for (const char* flag : {"--allow_code_change", "--keep_task_files"}) {
    for (const char* value : {"1", "yes", "True", ""}) {
      EXPECT_THAT(ErrorOf({absl::StrCat(flag, "=", value)}),
                  HasSubstr(absl::StrCat(flag, ": '", value, "' is not true or false")));
    }
    EXPECT_THAT(ErrorOf({flag}), HasSubstr(absl::StrCat("flag ", flag, " needs a value")));
  }
}

TEST(ParseBoolFlagTest, TrueOrFalseElseAnErrorNamingTheFlag) {
  EXPECT_THAT(ParseBoolFlag("--dry_run", "true"), IsOkAndHolds(true));
  EXPECT_THAT(ParseBoolFlag("--dry_run", "false"), IsOkAndHolds(false));
  for (const char* value : {"1", "yes", "True", ""}) {
    EXPECT_THAT(ParseBoolFlag("--dry_run", value),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         absl::StrCat("--dry_run: '", value, "' is not true or false")));
  }
}

TEST(RunnerFlagsTest, ShardAndMergeOnly) {
  absl::StatusOr<RunnerFlags> flags = Parse({});
  ASSERT_THAT(flags, IsOk());
  EXPECT_FALSE(flags->shard.has_value());
  EXPECT_FALSE(flags->merge_only);
  flags = Parse({"--shard=2/3"});
  ASSERT_THAT(flags, IsOk());
  ASSERT_TRUE(flags->shard.has_value());
  EXPECT_EQ(flags->shard->index, 2);
  EXPECT_EQ(flags->shard->count, 3);
  EXPECT_TRUE(Parse({"--merge_only"})->merge_only);
  EXPECT_TRUE(Parse({"--merge_only=true"})->merge_only);
  EXPECT_FALSE(Parse({"--merge_only=false"})->merge_only);
  EXPECT_EQ(ErrorOf({"--merge_only=yes"}), "--merge_only: 'yes' is not true or false");
  EXPECT_EQ(ErrorOf({"--shard=0/3"}),
            "--shard=0/3: the shard number must be in [1, 3] (shards are numbered from 1)");
  EXPECT_EQ(ErrorOf({"--shard=junk"}),
            "--shard=junk: expected I/N with integers 1 <= I <= N, e.g. --shard=2/3");
  EXPECT_THAT(ErrorOf({"--shard=1/2", "--merge_only"}),
              HasSubstr("--shard=1/2 and --merge_only exclude each other"));
  EXPECT_THAT(ErrorOf({"--shard=1/2", "--shard=2/2"}), HasSubstr("--shard"));
}

TEST(RunnerFlagsTest, UsageMentionsFlagsAndDefaults) {
  const std::string usage = RunnerUsage("prog", Toy());
  for (const char* text :
       {"--out=DIR", "--seeds=N", "--scale=S", "--master_seed=N", "20201", "--threads=N",
        "--allow_code_change=true|false", "results/toy", "--keep_task_files=true|false",
        "removed once DIR/toy.h5", "2 for smoke, 5 for default, 20 for paper"}) {
    EXPECT_THAT(usage, HasSubstr(text));
  }
}

TEST(ResolveOutDirTest, FollowsBazelRunEnvironment) {
  unsetenv("BUILD_WORKSPACE_DIRECTORY");
  unsetenv("BUILD_WORKING_DIRECTORY");
  EXPECT_EQ(*ResolveOutDir("/abs/dir/", "toy"), "/abs/dir");
  absl::StatusOr<std::string> relative = ResolveOutDir("rel", "toy");
  ASSERT_THAT(relative, IsOk());
  EXPECT_EQ(relative->front(), '/');
  EXPECT_THAT(*relative, ::testing::EndsWith("/rel"));
  EXPECT_THAT(*ResolveOutDir("", "toy"), ::testing::EndsWith("/results/toy"));
  setenv("BUILD_WORKSPACE_DIRECTORY", "/ws", 1);
  setenv("BUILD_WORKING_DIRECTORY", "/ws/sub", 1);
  EXPECT_EQ(*ResolveOutDir("", "toy"), "/ws/results/toy");
  EXPECT_EQ(*ResolveOutDir("mine", "toy"), "/ws/sub/mine");
  unsetenv("BUILD_WORKSPACE_DIRECTORY");
  unsetenv("BUILD_WORKING_DIRECTORY");
}

TEST(ValidationTest, ConfigsAndNames) {
  EXPECT_TRUE(IsValidObjectName("chain_pucb_eps=0.5"));
  EXPECT_FALSE(IsValidObjectName(""));
  EXPECT_FALSE(IsValidObjectName(".."));
  EXPECT_FALSE(IsValidObjectName("a/b"));
  EXPECT_FALSE(IsValidObjectName("a b"));
  ConfigSpec a{"a", {{"x", int64_t{1}}}, 1.0};
  EXPECT_THAT(ValidateConfigs({a}), IsOk());
  EXPECT_THAT(std::string(ValidateConfigs({}).message()), HasSubstr("has no configurations"));
  EXPECT_THAT(std::string(ValidateConfigs({a, a}).message()), HasSubstr("'a' is used twice"));
  ConfigSpec bad_name{"a/b", {}, 1.0};
  EXPECT_THAT(std::string(ValidateConfigs({bad_name}).message()), HasSubstr("'a/b'"));
  for (double cost : {0.0, -1.0, std::nan(""), HUGE_VAL}) {
    ConfigSpec bad_cost{"c", {}, cost};
    EXPECT_THAT(std::string(ValidateConfigs({bad_cost}).message()),
                HasSubstr("estimated_core_seconds must be finite and > 0"));
  }
  ConfigSpec bad_size{"s", {}, 1.0, 0};
  EXPECT_THAT(std::string(ValidateConfigs({bad_size}).message()),
              HasSubstr("'s': stored_values_per_seed must be >= 1, got 0"));
  ConfigSpec duplicate{"d", {{"x", 1.0}, {"x", 2.0}}, 1.0};
  EXPECT_THAT(std::string(ValidateConfigs({duplicate}).message()),
              HasSubstr("attribute 'x' given twice"));
}

TEST(ValidationTest, TaskResults) {
  TaskResult good;
  good.series = {{"per_episode_regret", {1.0, 2.0}}};
  good.scalars = {{"s", 1.0}};
  EXPECT_THAT(ValidateTaskResult(good), IsOk());
  TaskResult other;  // series other than per_episode_regret are fine (e.g. privacy curves)
  other.series = {{"other", {1.0}}};
  EXPECT_THAT(ValidateTaskResult(other), IsOk());
  TaskResult missing;
  missing.scalars = {{"s", 1.0}};
  EXPECT_THAT(std::string(ValidateTaskResult(missing).message()), HasSubstr("has no series"));
  TaskResult empty = good;
  empty.series.push_back({"e", {}});
  EXPECT_THAT(std::string(ValidateTaskResult(empty).message()), HasSubstr("'e' is empty"));
  TaskResult clash = good;
  clash.scalars.push_back({"per_episode_regret", 1.0});
  EXPECT_THAT(std::string(ValidateTaskResult(clash).message()), HasSubstr("duplicates"));
  EXPECT_FALSE(ParseScale("Smoke").ok());
  EXPECT_EQ(ScaleName(*ParseScale("paper")), "paper");
}

}  // namespace
}  // namespace dprl
