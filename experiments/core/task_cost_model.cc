#include "experiments/core/task_cost_model.h"

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "common/registry.h"
#include "glog/logging.h"

namespace dprl {
namespace {

// A function-local static: rows register during static initialisation of other files.
Registry<CostModel>& Rows() {
  static auto* rows = new Registry<CostModel>("cost-model row");
  return *rows;
}

}  // namespace

const CostModel& RegisterCostModel(CostModel row) {
  CHECK(!row.unit.empty()) << "cost-model row '" << row.name << "': no unit";
  CHECK(!row.probes.empty()) << "cost-model row '" << row.name << "': no probe";
  CHECK(std::isfinite(row.core_seconds_per_unit) && row.core_seconds_per_unit > 0.0)
      << "cost-model row '" << row.name << "': core_seconds_per_unit " << row.core_seconds_per_unit;
  const std::string name = row.name;
  return Rows().Register(name, std::move(row));
}

std::vector<const CostModel*> RegisteredCostModels() {
  std::vector<const CostModel*> rows;
  for (const auto& [name, row] : Rows().entries()) rows.push_back(&row);
  return rows;
}

absl::StatusOr<const CostModel*> FindCostModel(const std::string& name) {
  return Rows().Find(name);
}

}  // namespace dprl
