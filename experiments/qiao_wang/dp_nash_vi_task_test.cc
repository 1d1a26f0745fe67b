#include "experiments/qiao_wang/dp_nash_vi_task.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "common/hdf5_names.h"
#include "experiments/core/grid_validation.h"
#include "experiments/core/task_result_checks.h"
#include "experiments/tabular/tabular_task.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

TEST(DpNashViConfigsTest, EveryScaleHasEveryVariantAtEveryEps) {
  for (Scale scale : {Scale::kSmoke, Scale::kDefault, Scale::kPaper}) {
    const DpNashViGrid grid = DpNashViGrid::ForScale(scale);
    absl::StatusOr<std::vector<ConfigSpec>> configs = grid.MakeConfigs();
    ASSERT_THAT(configs, IsOk());
    EXPECT_THAT(ValidateConfigs(*configs), IsOk());
    const std::map<std::string, ConfigSpec> by_name = ConfigsByGroupName(*configs);
    for (const std::string env : {"riverswim", "random_mdp"}) {
      for (const std::string reference : {"ucbvi", "nash_vi", "nash_vi_scaled"}) {
        EXPECT_TRUE(by_name.count(env + "-" + reference)) << env << " " << reference;
      }
      for (const std::string& variant : DpNashViFigPrivateVariants()) {
        for (double eps : grid.privacy_epsilons) {
          EXPECT_TRUE(by_name.count(env + "-" + variant + "-eps=" + GroupNameNumber(eps)))
              << env << " " << variant << " " << eps;
        }
      }
    }
    EXPECT_EQ(configs->size(), 2 * (3 + 8 * grid.privacy_epsilons.size()));
  }
}

TEST(DpNashViConfigsTest, GroupsRecordTheirGuarantee) {
  const std::map<std::string, ConfigSpec> by_name =
      ConfigsByGroupName(DpNashViGrid::ForScale(Scale::kSmoke).MakeConfigs().value());
  const ConfigSpec& jdp = by_name.at("riverswim-dp_nash_vi_jdp-eps=10");
  EXPECT_EQ(ConfigAttribute<std::string>(jdp, hdf5_names::kAgent), "dp_nash_vi_jdp");
  EXPECT_EQ(ConfigAttribute<double>(jdp, hdf5_names::kPrivacyEpsilon), 10.0);
  EXPECT_EQ(ConfigAttribute<double>(jdp, "delivered_epsilon"), 10.0);
  EXPECT_EQ(ConfigAttribute<std::string>(jdp, hdf5_names::kNeighbourRelation), "add_remove");
  EXPECT_EQ(ConfigAttribute<std::string>(jdp, hdf5_names::kPrivacyNotion), "eps-JDP");
  EXPECT_GT(ConfigAttribute<double>(jdp, hdf5_names::kErrorBound), 0.0);
  const ConfigSpec& ldp = by_name.at("riverswim-dp_nash_vi_ldp-eps=10");
  EXPECT_EQ(ConfigAttribute<std::string>(ldp, hdf5_names::kPrivacyNotion), "eps-LDP");
  EXPECT_EQ(ConfigAttribute<std::string>(ldp, hdf5_names::kNeighbourRelation),
            "any_two_trajectories");
  // The printed local noise Lap(2H / eps) delivers 2 eps; the printed central one eps L / log2 K
  // (K = 2000: L = 11, log2 K = 10.97).
  const ConfigSpec& ldp_printed = by_name.at("riverswim-dp_nash_vi_ldp_as_printed-eps=10");
  EXPECT_EQ(ConfigAttribute<std::string>(ldp_printed, "noise_calibration"), "as_printed");
  EXPECT_DOUBLE_EQ(ConfigAttribute<double>(ldp_printed, "delivered_epsilon"), 20.0);
  const ConfigSpec& jdp_printed = by_name.at("riverswim-dp_nash_vi_jdp_as_printed-eps=10");
  EXPECT_DOUBLE_EQ(ConfigAttribute<double>(jdp_printed, "delivered_epsilon"),
                   10.0 * 11 / std::log2(2000.0));
  const ConfigSpec& scaled = by_name.at("riverswim-dp_nash_vi_jdp_scaled-eps=10");
  EXPECT_DOUBLE_EQ(ConfigAttribute<double>(scaled, "gap_constant"), 0.03);
  EXPECT_DOUBLE_EQ(ConfigAttribute<double>(scaled, "bonus_constant"), 0.1);
  EXPECT_THAT(ConfigAttribute<std::string>(scaled, hdf5_names::kLabel),
              HasSubstr("outside Thm. 4.1"));
  const ConfigSpec& reference = by_name.at("riverswim-nash_vi_scaled");
  EXPECT_FALSE(HasConfigAttribute(reference, hdf5_names::kPrivacyEpsilon));
  EXPECT_EQ(ConfigAttribute<double>(reference, hdf5_names::kErrorBound), 0.0);
}

TEST(DpNashViConfigsTest, RefusesBadFieldsByName) {
  DpNashViGrid grid = DpNashViGrid::ForScale(Scale::kSmoke);
  grid.private_agents = {"dp_nash_vi"};
  EXPECT_THAT(grid.MakeConfigs(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("private_agents")));
  grid = DpNashViGrid::ForScale(Scale::kSmoke);
  grid.scaled_constants = 0.0;
  EXPECT_THAT(grid.MakeConfigs(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("scaled_constants")));
  grid = DpNashViGrid::ForScale(Scale::kSmoke);
  grid.privacy_epsilons = {-1.0};
  EXPECT_THAT(grid.MakeConfigs(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("privacy_epsilons")));
  grid = DpNashViGrid::ForScale(Scale::kSmoke);
  grid.num_episodes = 1;  // the printed central calibration divides by log K = 0
  EXPECT_THAT(grid.MakeConfigs(),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_episodes")));
}

}  // namespace
}  // namespace dprl
