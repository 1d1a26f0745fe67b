#include "experiments/core/claims_profile.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A grid of two fields whose defaults differ by scale.
struct ProfileGrid {
  int64_t num_episodes = 0;
  std::vector<double> privacy_epsilons;
  static ProfileGrid ForScale(Scale scale) {
    ProfileGrid grid;
    grid.num_episodes = scale == Scale::kSmoke ? 10 : 1000;
    grid.privacy_epsilons = {1, 10};
    return grid;
  }
  void BindFields(ConfigFields& fields) {
    fields.Add("num_episodes", &num_episodes, "episodes");
    fields.Add("privacy_epsilons", &privacy_epsilons, "privacy levels");
  }
  absl::StatusOr<std::vector<ConfigSpec>> MakeConfigs() const {
    if (num_episodes < 1) return absl::InvalidArgumentError("num_episodes must be >= 1");
    return std::vector<ConfigSpec>{ConfigSpec{"only"}};
  }
};

ExperimentDefinition ProfileExperiment() {
  ExperimentDefinition experiment;
  experiment.name = "profile_fig";
  experiment.default_seeds_smoke = 2;
  experiment.default_seeds_default = 5;
  experiment.make_grid = MakeTypedGrid<ProfileGrid>;
  return experiment;
}

TEST(ResolveProfileRunTest, FlagsInTheRunsOrderAndTheValuesAFileRecords) {
  const ClaimsProfileRun run{Scale::kDefault,
                             /*seeds=*/20,
                             {{"privacy_epsilons", std::vector<double>{0.375, 1000000}},
                              {"num_episodes", int64_t{10000000}}}};
  absl::StatusOr<ResolvedProfileRun> resolved = ResolveProfileRun(ProfileExperiment(), run);
  ASSERT_THAT(resolved, IsOk());
  EXPECT_THAT(resolved->flags,
              ElementsAre("--scale=default", "--seeds=20", "--set=privacy_epsilons=0.375,1e+06",
                          "--set=num_episodes=10000000"));
  EXPECT_EQ(resolved->scale, "default");
  EXPECT_EQ(resolved->seeds, 20);
  EXPECT_EQ(resolved->resolved_config,
            "num_episodes = 10000000\nprivacy_epsilons = [0.375, 1e+06]\n");
}

TEST(ResolveProfileRunTest, IntegralFloatsInPlainDigitsAndTheScalesDefaultSeeds) {
  absl::StatusOr<ResolvedProfileRun> resolved = ResolveProfileRun(
      ProfileExperiment(),
      ClaimsProfileRun{Scale::kSmoke, 0, {{"privacy_epsilons", std::vector<double>{10, 1e6}}}});
  ASSERT_THAT(resolved, IsOk());
  EXPECT_THAT(resolved->flags, ElementsAre("--scale=smoke", "--set=privacy_epsilons=10,1000000"));
  EXPECT_EQ(resolved->seeds, 2);  // no --seeds: the smoke scale's default
}

TEST(ResolveProfileRunTest, ErrorsNameTheExperimentAndTheField) {
  EXPECT_THAT(
      ResolveProfileRun(ProfileExperiment(),
                        ClaimsProfileRun{Scale::kDefault, 20, {{"num_states", int64_t{3}}}}),
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("profile_fig: claims profile: unknown field 'num_states'")));
  EXPECT_THAT(
      ResolveProfileRun(ProfileExperiment(),
                        ClaimsProfileRun{Scale::kDefault, 20, {{"num_episodes", 0.5}}}),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("field 'num_episodes' takes an int")));
  EXPECT_THAT(
      ResolveProfileRun(ProfileExperiment(),
                        ClaimsProfileRun{Scale::kDefault, 20, {{"num_episodes", int64_t{0}}}}),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_episodes must be >= 1")));
  EXPECT_THAT(ResolveProfileRun(ProfileExperiment(), ClaimsProfileRun{Scale::kDefault, -1, {}}),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("seeds -1 < 0")));
}

TEST(MatchClaimsProfileTest, ComparesTheRecordedScaleSeedsAndGrid) {
  const ClaimsProfiles profiles{
      /*claims=*/{Scale::kDefault, 20, {{"num_episodes", int64_t{100000}}}},
      /*claims_reduced=*/{Scale::kDefault, 20, {}}};
  const ExperimentDefinition experiment = ProfileExperiment();
  const std::string full = "num_episodes = 100000\nprivacy_epsilons = [1.0, 10.0]\n";
  const std::string reduced = "num_episodes = 1000\nprivacy_epsilons = [1.0, 10.0]\n";
  EXPECT_EQ(MatchClaimsProfile(experiment, profiles, {"default", 20, full}), "claims");
  EXPECT_EQ(MatchClaimsProfile(experiment, profiles, {"default", 20, reduced}), "claims_reduced");
  // Another seed count, scale or grid value: no profile.
  EXPECT_EQ(MatchClaimsProfile(experiment, profiles, {"default", 4, full}), "");
  EXPECT_EQ(MatchClaimsProfile(experiment, profiles, {"paper", 20, reduced}), "");
  EXPECT_EQ(MatchClaimsProfile(experiment, profiles,
                               {"default", 20, "num_episodes = 1000\nprivacy_epsilons = [1.0]\n"}),
            "");
  // Both profiles give the same run.
  EXPECT_EQ(MatchClaimsProfile(experiment,
                               ClaimsProfiles{{Scale::kDefault, 20, {}}, {Scale::kDefault, 20, {}}},
                               {"default", 20, reduced}),
            "claims or claims_reduced");
  // A run at the scale's default seeds (no --seeds) matches the file's recorded seed count.
  EXPECT_EQ(MatchClaimsProfile(experiment, ClaimsProfiles{{Scale::kDefault}, {Scale::kSmoke}},
                               {"smoke", 2, "num_episodes = 10\nprivacy_epsilons = [1.0, 10.0]\n"}),
            "claims_reduced");
}

}  // namespace
}  // namespace dprl
