#include "experiments/core/task_cost_model.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

CostModel Row(const std::string& name, double core_seconds_per_unit) {
  return {name,
          "episode x S A H",
          core_seconds_per_unit,
          {{"vietri_fig", "default", {"num_episodes=10"}, "riverswim-ubev"}}};
}

// This test links no registration but its own rows (the experiments' rows are checked by
// //experiments:cost_model_calibration_test, which builds every row's probes).
TEST(TaskCostModelTest, ARegisteredRowIsFoundByNameAndListedByName) {
  const CostModel& zeta = RegisterCostModel(Row("test_zeta", 2.0));
  const CostModel& alpha = RegisterCostModel(Row("test_alpha", 1.0));
  EXPECT_EQ(alpha.core_seconds_per_unit, 1.0);
  absl::StatusOr<const CostModel*> found = FindCostModel("test_zeta");
  ASSERT_THAT(found, IsOk());
  EXPECT_EQ(*found, &zeta);
  const std::vector<const CostModel*> rows = RegisteredCostModels();
  const auto at = [&](const CostModel& row) { return std::find(rows.begin(), rows.end(), &row); };
  ASSERT_NE(at(alpha), rows.end());
  ASSERT_NE(at(zeta), rows.end());
  EXPECT_LT(at(alpha), at(zeta));
  EXPECT_THAT(FindCostModel("nope"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("unknown cost-model row 'nope' (one of test_alpha, ")));
}

TEST(TaskCostModelDeathTest, AnIncompleteOrRepeatedRowIsABug) {
  EXPECT_DEATH(RegisterCostModel(Row("test_zero", 0.0)), "core_seconds_per_unit 0");
  EXPECT_DEATH(RegisterCostModel(Row("test_nan", std::numeric_limits<double>::quiet_NaN())),
               "core_seconds_per_unit");
  CostModel no_probe = Row("test_no_probe", 1.0);
  no_probe.probes.clear();
  EXPECT_DEATH(RegisterCostModel(no_probe), "'test_no_probe': no probe");
  CostModel no_unit = Row("test_no_unit", 1.0);
  no_unit.unit.clear();
  EXPECT_DEATH(RegisterCostModel(no_unit), "'test_no_unit': no unit");
  RegisterCostModel(Row("test_twice", 1.0));
  EXPECT_DEATH(RegisterCostModel(Row("test_twice", 1.0)),
               "cost-model row 'test_twice' registered twice");
}

}  // namespace
}  // namespace dprl
