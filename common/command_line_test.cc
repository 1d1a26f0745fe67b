#include "common/command_line.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <optional>
#include <utility>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

absl::StatusOr<CommandLine> Split(std::vector<std::string> args) {
  std::vector<const char*> argv = {"prog"};
  for (const std::string& arg : args) argv.push_back(arg.c_str());
  return SplitCommandLine(static_cast<int>(argv.size()), argv.data(), {"--in", "--count"});
}

absl::Status ErrorOf(std::vector<std::string> args) { return Split(std::move(args)).status(); }

TEST(CommandLineTest, SplitsFlagsAndHelp) {
  absl::StatusOr<CommandLine> line = Split({"--in=a=b", "-h", "--count="});
  ASSERT_THAT(line, IsOk());
  EXPECT_TRUE(line->help);
  EXPECT_EQ(line->Get("--in"), "a=b");  // only the first '=' separates
  EXPECT_EQ(line->Get("--count"), "");
  EXPECT_FALSE(Split({})->help);
  EXPECT_EQ(Split({})->Get("--in"), std::nullopt);
}

TEST(CommandLineTest, RejectsPositionalUnknownValuelessAndRepeated) {
  EXPECT_THAT(
      ErrorOf({"file.h5"}),
      StatusIs(absl::StatusCode::kInvalidArgument,
               "unexpected argument 'file.h5' (flags have the form --flag=value; see --help)"));
  EXPECT_THAT(ErrorOf({"--out=x"}),
              StatusIs(absl::StatusCode::kInvalidArgument, "unknown flag '--out=x' (see --help)"));
  EXPECT_THAT(ErrorOf({"--in"}),
              StatusIs(absl::StatusCode::kInvalidArgument, "flag --in needs a value: --in=VALUE"));
  EXPECT_THAT(ErrorOf({"--in=a", "--in=b"}),
              StatusIs(absl::StatusCode::kInvalidArgument, "flag --in is given more than once"));
}

TEST(CommandLineTest, RequiredFlagsNameEveryMissingOne) {
  const CommandLine line = Split({"--in=x"}).value();
  EXPECT_THAT(CheckRequiredFlags(line, {"--in"}), IsOk());
  EXPECT_THAT(CheckRequiredFlags(line, {"--in", "--count"}),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       "missing required flag --count=VALUE (see --help)"));
  EXPECT_THAT(CheckRequiredFlags(Split({}).value(), {"--in", "--count"}),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("missing required flags --in=VALUE --count=VALUE")));
}

TEST(CommandLineTest, ParsesUnsignedAndNumbersExactly) {
  uint64_t u = 0;
  EXPECT_TRUE(ParseUnsignedText("18446744073709551615", &u));
  EXPECT_EQ(u, 18446744073709551615ull);
  for (const char* bad : {"", "-1", "+1", " 1", "1 ", "1e3", "18446744073709551616", "0x10"}) {
    EXPECT_FALSE(ParseUnsignedText(bad, &u)) << bad;
  }
  double d = 0;
  EXPECT_TRUE(ParseNumberText("1e6", &d));
  EXPECT_EQ(d, 1e6);
  EXPECT_TRUE(ParseNumberText("-0.25", &d));
  EXPECT_EQ(d, -0.25);
  EXPECT_TRUE(ParseNumberText("nan", &d));
  EXPECT_TRUE(std::isnan(d));
  for (const char* bad : {"", " 1", "1 ", "1x", "x"}) EXPECT_FALSE(ParseNumberText(bad, &d)) << bad;
  // Hexadecimal, which strtod reads (0x10 as 16), is not a documented form.
  for (const char* hex : {"0x10", "-0X10", "+0x1p3", "0x.8"}) {
    EXPECT_FALSE(ParseNumberText(hex, &d)) << hex;
  }
}

TEST(CommandLineTest, RepeatableFlagsKeepOrderAndSwitchesMayBeBare) {
  std::vector<const char*> argv = {"prog", "--set=a=1", "--dry_run", "--set=b=2", "--in=x"};
  absl::StatusOr<CommandLine> line =
      SplitCommandLine(static_cast<int>(argv.size()), argv.data(), {"--set", "--dry_run", "--in"},
                       {"--set"}, {"--dry_run"});
  ASSERT_THAT(line, IsOk());
  EXPECT_EQ(line->GetAll("--set"), (std::vector<std::string>{"a=1", "b=2"}));
  EXPECT_EQ(line->Get("--dry_run"), "true");
  EXPECT_EQ(line->Get("--in"), "x");
  EXPECT_TRUE(line->GetAll("--in").empty());
  // A bare flag that is not a switch still needs a value.
  std::vector<const char*> bare_in = {"prog", "--in"};
  EXPECT_THAT(SplitCommandLine(2, bare_in.data(), {"--in"}, {}, {"--dry_run"}),
              StatusIs(absl::StatusCode::kInvalidArgument, "flag --in needs a value: --in=VALUE"));
}

// ResolveUserPath reads the environment: each case sets what it needs and restores it.
class ResolveUserPathTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* name : {"HOME", "BUILD_WORKING_DIRECTORY", "DPRL_CALLER_DIRECTORY"}) {
      const char* value = std::getenv(name);
      saved_.emplace_back(name, value == nullptr ? std::optional<std::string>()
                                                 : std::optional<std::string>(value));
    }
  }
  void TearDown() override {
    for (const auto& [name, value] : saved_) {
      if (value) {
        setenv(name.c_str(), value->c_str(), 1);
      } else {
        unsetenv(name.c_str());
      }
    }
  }
  std::vector<std::pair<std::string, std::optional<std::string>>> saved_;
};

TEST_F(ResolveUserPathTest, TildeIsHome) {
  setenv("HOME", "/home/user", 1);
  EXPECT_THAT(ResolveUserPath("~/results/x"), IsOkAndHolds(std::string("/home/user/results/x")));
  EXPECT_THAT(ResolveUserPath("~"), IsOkAndHolds(std::string("/home/user")));
  unsetenv("HOME");
  EXPECT_THAT(ResolveUserPath("~/x"), StatusIs(absl::StatusCode::kFailedPrecondition,
                                               "'~/x': cannot expand '~', $HOME is not set"));
}

TEST_F(ResolveUserPathTest, RelativePathsAreTakenFromWhereBazelRunWasInvoked) {
  setenv("BUILD_WORKING_DIRECTORY", "/work/here", 1);
  EXPECT_THAT(ResolveUserPath("out/x"), IsOkAndHolds(std::string("/work/here/out/x")));
  EXPECT_THAT(ResolveUserPath("/abs/x"), IsOkAndHolds(std::string("/abs/x")));
  // A name starting with ~ but not ~/ is an ordinary relative name.
  EXPECT_THAT(ResolveUserPath("~x"), IsOkAndHolds(std::string("/work/here/~x")));
  // ./bazelw started outside the workspace: the caller's directory it passes on.
  setenv("DPRL_CALLER_DIRECTORY", "/elsewhere", 1);
  EXPECT_THAT(ResolveUserPath("out/x"), IsOkAndHolds(std::string("/elsewhere/out/x")));
  unsetenv("BUILD_WORKING_DIRECTORY");  // not under bazel run: the current directory
  absl::StatusOr<std::string> resolved = ResolveUserPath("out");
  ASSERT_THAT(resolved, IsOk());
  EXPECT_EQ(resolved->front(), '/');
  EXPECT_EQ(resolved->substr(resolved->size() - 4), "/out");
  EXPECT_NE(*resolved, "/elsewhere/out");
}

}  // namespace
}  // namespace dprl
