#include "experiments/core/task_result_checks.h"

#include <gtest/gtest.h>

#include <limits>
#include <variant>

#include "common/hdf5_names.h"
#include "experiments/core/episode_grid.h"
#include "schema/option_binding.h"

namespace dprl {

const std::vector<double>& SeriesOf(const TaskResult& result, const std::string& name) {
  for (const auto& [key, values] : result.series) {
    if (key == name) return values;
  }
  ADD_FAILURE() << "no series " << name;
  static const std::vector<double>* const kEmpty = new std::vector<double>();
  return *kEmpty;
}

double ScalarOf(const TaskResult& result, const std::string& name) {
  for (const auto& [key, value] : result.scalars) {
    if (key == name) return value;
  }
  ADD_FAILURE() << "no scalar " << name;
  return std::numeric_limits<double>::quiet_NaN();
}

bool HasConfigAttribute(const ConfigSpec& config, const std::string& name) {
  return FindAttribute(config.attributes, name) != nullptr;
}

template <typename T>
T ConfigAttribute(const ConfigSpec& config, const std::string& name) {
  const AttributeValue* value = FindAttribute(config.attributes, name);
  if (value != nullptr && std::holds_alternative<T>(*value)) return std::get<T>(*value);
  ADD_FAILURE() << config.group_name << " has no attribute " << name << " of the expected type";
  return T();
}
template int64_t ConfigAttribute<int64_t>(const ConfigSpec&, const std::string&);
template double ConfigAttribute<double>(const ConfigSpec&, const std::string&);
template std::string ConfigAttribute<std::string>(const ConfigSpec&, const std::string&);

void ExpectRegretOnGrid(const TaskResult& result, int64_t num_episodes) {
  const std::vector<int64_t> expected_grid = RegretEpisodeGrid(num_episodes);
  const std::vector<double>& grid = SeriesOf(result, hdf5_names::kEpisodeGrid);
  EXPECT_EQ(grid, std::vector<double>(expected_grid.begin(), expected_grid.end()));
  const std::vector<double>& cumulative = SeriesOf(result, hdf5_names::kCumulativeRegret);
  ASSERT_EQ(cumulative.size(), expected_grid.size());
  ASSERT_FALSE(cumulative.empty());
  EXPECT_GE(cumulative.front(), 0.0);
  for (size_t j = 1; j < cumulative.size(); ++j) EXPECT_GE(cumulative[j], cumulative[j - 1]) << j;
  EXPECT_EQ(ScalarOf(result, hdf5_names::kTotalRegret), cumulative.back());
  for (const auto& [name, values] : result.series) {
    if (num_episodes > static_cast<int64_t>(expected_grid.size())) {
      EXPECT_NE(static_cast<int64_t>(values.size()), num_episodes) << name << " is per episode";
    }
  }
}

std::map<std::string, ConfigSpec> ConfigsByGroupName(const std::vector<ConfigSpec>& configs) {
  std::map<std::string, ConfigSpec> by_name;
  for (const ConfigSpec& config : configs) by_name[config.group_name] = config;
  return by_name;
}

}  // namespace dprl
