#include "common/registry.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(RegistryTest, FindsByNameListsSortedNamesAndRefusesUnknownNames) {
  Registry<int> registry("widget");
  registry.Register("zeta", 1);
  const int& alpha = registry.Register("alpha", 2);
  EXPECT_EQ(alpha, 2);
  EXPECT_THAT(registry.Keys(), ElementsAre("alpha", "zeta"));
  absl::StatusOr<const int*> found = registry.Find("zeta");
  ASSERT_THAT(found, IsOk());
  EXPECT_EQ(**found, 1);
  EXPECT_EQ(registry.FindOrNull("alpha"), &alpha);
  EXPECT_EQ(registry.FindOrNull("beta"), nullptr);
  EXPECT_EQ(registry.entries().size(), 2u);
  EXPECT_THAT(registry.Find("beta"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("unknown widget 'beta' (one of alpha, zeta)")));
}

TEST(RegistryTest, AnIntKeyListsEntriesInAscendingOrder) {
  Registry<std::string, int> registry("paper result");
  registry.Register(30, "c");
  registry.Register(10, "a");
  registry.Register(20, "b");
  std::string in_order;
  for (const auto& [order, entry] : registry.entries()) in_order += entry;
  EXPECT_EQ(in_order, "abc");
  EXPECT_THAT(registry.Find(15),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("unknown paper result '15' (one of 10, 20, 30)")));
}

TEST(RegistryDeathTest, ASecondEntryUnderTheSameKeyIsABug) {
  Registry<int> registry("widget");
  registry.Register("alpha", 1);
  EXPECT_DEATH(registry.Register("alpha", 2), "widget 'alpha' registered twice");
  Registry<int, int> ordered("paper result");
  ordered.Register(10, 1);
  EXPECT_DEATH(ordered.Register(10, 2), "paper result '10' registered twice");
}

}  // namespace
}  // namespace dprl
