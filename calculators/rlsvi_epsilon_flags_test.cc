#include "calculators/rlsvi_epsilon_flags.h"

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_split.h"
#include "algorithms/accounting/rlsvi_privacy.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

absl::StatusOr<RlsviEpsilonFlags> Parse(std::vector<std::string> args) {
  args.insert(args.begin(), "rlsvi_epsilon");
  std::vector<const char*> argv;
  for (const std::string& arg : args) argv.push_back(arg.c_str());
  return ParseRlsviEpsilonFlags(static_cast<int>(argv.size()), argv.data());
}

const std::vector<std::string> kValid = {"--states=5", "--actions=2", "--horizon=10",
                                         "--episodes=1000", "--target_delta=1e-5"};

std::vector<std::string> With(const std::string& flag, const std::string& value) {
  std::vector<std::string> args;
  for (const std::string& arg : kValid) {
    if (arg.rfind(flag + "=", 0) != 0) args.push_back(arg);
  }
  args.push_back(flag + "=" + value);
  return args;
}

absl::Status Error(const std::vector<std::string>& args) { return Parse(args).status(); }

TEST(RlsviEpsilonFlagsTest, ParsesValidFlags) {
  std::vector<std::string> args = kValid;
  args.push_back("--format=csv");
  const RlsviEpsilonFlags flags = *Parse(args);
  EXPECT_FALSE(flags.help);
  EXPECT_EQ(flags.options.num_states, 5);
  EXPECT_EQ(flags.options.num_actions, 2);
  EXPECT_EQ(flags.options.horizon, 10);
  EXPECT_EQ(flags.options.num_episodes, 1000);
  EXPECT_EQ(flags.target_delta, 1e-5);
  EXPECT_EQ(flags.format, OutputFormat::kCsv);
  EXPECT_EQ(Parse(kValid)->format, OutputFormat::kTable);
  EXPECT_TRUE(Parse({"--help"})->help);
}

TEST(RlsviEpsilonFlagsTest, IntegerFlagsRejectEachBadClass) {
  for (const std::string flag : {"--states", "--actions", "--horizon", "--episodes"}) {
    EXPECT_THAT(Error(With(flag, "0")), StatusIs(absl::StatusCode::kInvalidArgument,
                                                 HasSubstr(flag + " must be >= 1, got '0'")));
    EXPECT_THAT(Error(With(flag, "-3")), StatusIs(absl::StatusCode::kInvalidArgument,
                                                  HasSubstr(flag + " must be >= 1, got '-3'")));
    EXPECT_THAT(Error(With(flag, "-99999999999999999999")),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr(flag + " must be >= 1")));
    EXPECT_THAT(Error(With(flag, "2.5")), StatusIs(absl::StatusCode::kInvalidArgument,
                                                   HasSubstr(flag + ": '2.5' is not an integer")));
    EXPECT_THAT(Error(With(flag, "nan")), StatusIs(absl::StatusCode::kInvalidArgument,
                                                   HasSubstr(flag + ": 'nan' is not an integer")));
    EXPECT_THAT(Error(With(flag, "inf")), StatusIs(absl::StatusCode::kInvalidArgument,
                                                   HasSubstr(flag + ": 'inf' is not an integer")));
    EXPECT_THAT(Error(With(flag, "")), StatusIs(absl::StatusCode::kInvalidArgument,
                                                HasSubstr(flag + ": '' is not an integer")));
    EXPECT_THAT(Error(With(flag, "9007199254740993")),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr(flag + " must be <= 2^53")));
    EXPECT_THAT(Error(With(flag, "99999999999999999999")),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr(flag + " must be <= 2^53")));
  }
}

TEST(RlsviEpsilonFlagsTest, TargetDeltaRejectsEachBadClass) {
  for (const std::string value : {"0", "1", "-0.1", "1.5", "nan", "inf", "-inf", "1e-400"}) {
    EXPECT_THAT(Error(With("--target_delta", value)),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         HasSubstr("--target_delta must be a finite number in (0, 1), got '" +
                                   value + "'")));
  }
  for (const std::string value : {"abc", "", "0.1x", " 0.1"}) {
    EXPECT_THAT(Error(With("--target_delta", value)),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         HasSubstr("--target_delta: '" + value + "' is not a number")));
  }
}

TEST(RlsviEpsilonFlagsTest, RejectsMalformedCommandLines) {
  std::vector<std::string> args = kValid;
  args.push_back("--sates=3");
  EXPECT_THAT(Error(args),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("unknown flag '--sates=3'")));
  args = kValid;
  args.push_back("extra");
  EXPECT_THAT(Error(args), StatusIs(absl::StatusCode::kInvalidArgument,
                                    HasSubstr("unexpected argument 'extra'")));
  args = kValid;
  args.push_back("--states=6");
  EXPECT_THAT(Error(args), StatusIs(absl::StatusCode::kInvalidArgument,
                                    HasSubstr("--states is given more than once")));
  EXPECT_THAT(Error(With("--format", "xml")), StatusIs(absl::StatusCode::kInvalidArgument,
                                                       HasSubstr("--format: 'xml' is not one of")));
  EXPECT_THAT(Error({"--states"}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("--states needs a value")));
  for (const std::string& missing : kValid) {
    std::vector<std::string> partial;
    for (const std::string& arg : kValid) {
      if (arg != missing) partial.push_back(arg);
    }
    const std::string name = missing.substr(0, missing.find('='));
    EXPECT_THAT(Error(partial), StatusIs(absl::StatusCode::kInvalidArgument,
                                         HasSubstr("missing required flag " + name)));
  }
}

TEST(RlsviEpsilonFlagsTest, CsvHasOneHeaderAndOneRowOfEqualWidth) {
  std::vector<std::string> args = kValid;
  args.push_back("--format=csv");
  const RlsviEpsilonFlags flags = *Parse(args);
  const std::string csv =
      FormatRlsviReport(flags, *ComputeRlsviPrivacy(flags.options, flags.target_delta));
  const std::vector<std::string> lines = absl::StrSplit(csv, '\n', absl::SkipEmpty());
  ASSERT_EQ(lines.size(), 2u);
  const std::vector<std::string> header = absl::StrSplit(lines[0], ',');
  const std::vector<std::string> row = absl::StrSplit(lines[1], ',');
  EXPECT_EQ(header.size(), row.size());
  EXPECT_EQ(header[9], "paper_privacy_epsilon");
  EXPECT_NEAR(std::stod(row[9]), 26.19548821735907, 1e-12);  // Cor. 14, hand value (see tests)
}

}  // namespace
}  // namespace dprl
