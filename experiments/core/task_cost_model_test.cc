#include "experiments/core/task_cost_model.h"

#include <cmath>
#include <set>
#include <string>

#include "gtest/gtest.h"

namespace dprl {
namespace {

// One row per kind, in enum order (CoreSecondsPerUnit indexes the table by kind), each with a
// finite positive constant, a unit and a complete probe.
TEST(TaskCostModelTest, OneCompleteRowPerKindInEnumOrder) {
  const auto& rows = CostCalibrations();
  ASSERT_EQ(rows.size(), static_cast<size_t>(CostKind::kPrivacyCurve) + 1);
  std::set<std::string> names;
  for (size_t i = 0; i < rows.size(); ++i) {
    const CostCalibration& row = rows[i];
    SCOPED_TRACE(row.name);
    EXPECT_EQ(static_cast<size_t>(row.kind), i);
    EXPECT_TRUE(names.insert(row.name).second) << "duplicate name";
    EXPECT_TRUE(std::isfinite(row.core_seconds_per_unit));
    EXPECT_GT(row.core_seconds_per_unit, 0.0);
    EXPECT_EQ(CoreSecondsPerUnit(row.kind), row.core_seconds_per_unit);
    EXPECT_FALSE(row.unit.empty());
    ASSERT_FALSE(row.probes.empty());
    for (const CostProbe& probe : row.probes) {
      EXPECT_FALSE(probe.experiment.empty());
      EXPECT_FALSE(probe.scale.empty());
      EXPECT_FALSE(probe.group_name.empty());
    }
  }
}

}  // namespace
}  // namespace dprl
