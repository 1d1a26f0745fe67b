#include "experiments/core/grid_validation.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

namespace dprl {
namespace {

TEST(ValidateFieldAtMostTest, NamesTheFieldTheBoundAndTheValue) {
  EXPECT_TRUE(ValidateFieldAtMost("horizon", 5, 5).ok());
  const absl::Status status = ValidateFieldAtMost("horizon", 3000000000, 2147483647);
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(status.message(), "field 'horizon' must be <= 2147483647, got 3000000000");
}

TEST(ValidateEachFinitePositiveTest, NamesTheFieldOfARepeatedValue) {
  EXPECT_TRUE(ValidateEachFinitePositive("privacy_epsilons", {0.5, 5}).ok());
  const absl::Status status = ValidateEachFinitePositive("privacy_epsilons", {10, 0.5, 10});
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(status.message(), "field 'privacy_epsilons' lists 10 twice (values #1 and #3)");
  EXPECT_EQ(ValidateEachFinitePositive("privacy_epsilons", {0.5, -1}).message(),
            "field 'privacy_epsilons' value #2 must be finite and > 0, got -1");
}

TEST(GroupNameNumberTest, ShortFormsStayAsPrintfWritesThem) {
  EXPECT_EQ(GroupNameNumber(0.5), "0.5");
  EXPECT_EQ(GroupNameNumber(10), "10");
  EXPECT_EQ(GroupNameNumber(1e-05), "1e-05");
  EXPECT_EQ(GroupNameNumber(1e-300), "1e-300");
}

TEST(GroupNameNumberTest, LargeValuesHaveNoPlusSign) {
  EXPECT_EQ(GroupNameNumber(1e6), "1e06");
  EXPECT_EQ(GroupNameNumber(2.5e300), "2.5e300");
}

TEST(GroupNameNumberTest, CloseValuesGetDistinctNamesThatReadBack) {
  std::set<std::string> names;
  for (double value : {0.1, 0.1000000001, 0.1000000002, std::nextafter(0.1, 1.0)}) {
    const std::string name = GroupNameNumber(value);
    EXPECT_TRUE(names.insert(name).second) << name;
    EXPECT_EQ(std::strtod(name.c_str(), nullptr), value) << name;
    EXPECT_EQ(name.find_first_not_of("0123456789.e-"), std::string::npos) << name;
  }
}

}  // namespace
}  // namespace dprl
