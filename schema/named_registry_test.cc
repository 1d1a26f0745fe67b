#include "schema/named_registry.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(NamedRegistryTest, FindsByNameListsSortedNamesAndRefusesUnknownNames) {
  NamedRegistry<int> registry("widget");
  registry.Register("zeta", 1);
  registry.Register("alpha", 2);
  EXPECT_THAT(registry.Names(), ElementsAre("alpha", "zeta"));
  absl::StatusOr<const int*> found = registry.Find("zeta");
  ASSERT_THAT(found, IsOk());
  EXPECT_EQ(**found, 1);
  EXPECT_EQ(registry.entries().size(), 2u);
  EXPECT_THAT(registry.Find("beta"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("unknown widget 'beta' (one of alpha, zeta)")));
}

TEST(NamedRegistryDeathTest, ASecondEntryOfTheSameNameIsABug) {
  NamedRegistry<int> registry("widget");
  registry.Register("alpha", 1);
  EXPECT_DEATH(registry.Register("alpha", 2), "widget 'alpha' registered twice");
}

}  // namespace
}  // namespace dprl
