#include "experiments/core/claims_profile.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "experiments/runner/testing/small_experiment.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// What ToToml writes of SmallGrid's label field at its default, after the top-level fields.
constexpr char kLabelTable[] = "\n[label]\ntext = \"plain\"\n";

TEST(ResolveProfileRunTest, FlagsInTheRunsOrderAndTheValuesAFileRecords) {
  const ClaimsProfileRun run{Scale::kDefault,
                             /*seeds=*/20,
                             {{"privacy_epsilons", std::vector<double>{0.375, 1000000}},
                              {"num_episodes", int64_t{10000000}}}};
  absl::StatusOr<ResolvedProfileRun> resolved = ResolveProfileRun(SmallExperiment(), run);
  ASSERT_THAT(resolved, IsOk());
  EXPECT_THAT(resolved->flags,
              ElementsAre("--scale=default", "--seeds=20", "--set=privacy_epsilons=0.375,1e+06",
                          "--set=num_episodes=10000000"));
  EXPECT_EQ(resolved->scale, "default");
  EXPECT_EQ(resolved->seeds, 20);
  EXPECT_EQ(resolved->resolved_config,
            absl::StrCat("num_episodes = 10000000\nprivacy_epsilons = [0.375, 1e+06]\n",
                         kLabelTable));
}

TEST(ResolveProfileRunTest, IntegralFloatsInPlainDigitsAndTheScalesDefaultSeeds) {
  absl::StatusOr<ResolvedProfileRun> resolved = ResolveProfileRun(
      SmallExperiment(),
      ClaimsProfileRun{Scale::kSmoke, 0, {{"privacy_epsilons", std::vector<double>{10, 1e6}}}});
  ASSERT_THAT(resolved, IsOk());
  EXPECT_THAT(resolved->flags, ElementsAre("--scale=smoke", "--set=privacy_epsilons=10,1000000"));
  EXPECT_EQ(resolved->seeds, 2);  // no --seeds: the smoke scale's default
}

TEST(ResolveProfileRunTest, ErrorsNameTheExperimentAndTheField) {
  EXPECT_THAT(
      ResolveProfileRun(SmallExperiment(),
                        ClaimsProfileRun{Scale::kDefault, 20, {{"num_states", int64_t{3}}}}),
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("small_fig: claims profile: unknown field 'num_states'")));
  EXPECT_THAT(
      ResolveProfileRun(SmallExperiment(),
                        ClaimsProfileRun{Scale::kDefault, 20, {{"num_episodes", 0.5}}}),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("field 'num_episodes' takes an int")));
  EXPECT_THAT(
      ResolveProfileRun(SmallExperiment(),
                        ClaimsProfileRun{Scale::kDefault, 20, {{"num_episodes", int64_t{0}}}}),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("field 'num_episodes' must be >= 1, got 0")));
  EXPECT_THAT(ResolveProfileRun(SmallExperiment(), ClaimsProfileRun{Scale::kDefault, -1, {}}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("seeds -1 < 0")));
}

TEST(MatchClaimsProfileTest, ComparesTheRecordedScaleSeedsAndGrid) {
  const ClaimsProfiles profiles{
      /*claims=*/{Scale::kDefault, 20, {{"num_episodes", int64_t{100000}}}},
      /*claims_reduced=*/{Scale::kDefault, 20, {}}};
  const ExperimentDefinition experiment = SmallExperiment();
  const std::string full =
      absl::StrCat("num_episodes = 100000\nprivacy_epsilons = [1.0, 10.0]\n", kLabelTable);
  const std::string reduced =
      absl::StrCat("num_episodes = 1000\nprivacy_epsilons = [1.0, 10.0]\n", kLabelTable);
  EXPECT_EQ(MatchClaimsProfile(experiment, profiles, {"default", 20, full}), "claims");
  EXPECT_EQ(MatchClaimsProfile(experiment, profiles, {"default", 20, reduced}), "claims_reduced");
  // Another seed count, scale or grid value: no profile.
  EXPECT_EQ(MatchClaimsProfile(experiment, profiles, {"default", 4, full}), "");
  EXPECT_EQ(MatchClaimsProfile(experiment, profiles, {"paper", 20, reduced}), "");
  EXPECT_EQ(MatchClaimsProfile(
                experiment, profiles,
                {"default", 20,
                 absl::StrCat("num_episodes = 1000\nprivacy_epsilons = [1.0]\n", kLabelTable)}),
            "");
  // Both profiles give the same run.
  EXPECT_EQ(MatchClaimsProfile(experiment,
                               ClaimsProfiles{{Scale::kDefault, 20, {}}, {Scale::kDefault, 20, {}}},
                               {"default", 20, reduced}),
            "claims or claims_reduced");
  // A run at the scale's default seeds (no --seeds) matches the file's recorded seed count.
  EXPECT_EQ(MatchClaimsProfile(
                experiment, ClaimsProfiles{{Scale::kDefault}, {Scale::kSmoke}},
                {"smoke", 2,
                 absl::StrCat("num_episodes = 10\nprivacy_epsilons = [1.0, 10.0]\n", kLabelTable)}),
            "claims_reduced");
}

}  // namespace
}  // namespace dprl
