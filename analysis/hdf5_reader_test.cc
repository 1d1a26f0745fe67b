// Hdf5Reader::ReadRecord / ReadOptionalRecord: a group read back through the binding that wrote
// it (schema/tabular_records.h's records), on a file written here with the shared attribute layer.
#include "analysis/hdf5_reader.h"

#include <hdf5.h>

#include <cstdlib>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "common/hdf5_attribute.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "schema/tabular_records.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

// A results file at `name` under the test's temporary directory whose group `group` holds
// `attributes`.
std::string WriteGroupFile(const std::string& name, const std::string& group,
                           const AttributeList& attributes) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string path = absl::StrCat(tmp != nullptr ? tmp : "/tmp", "/", name);
  const hid_t file = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  EXPECT_GE(file, 0);
  const hid_t g = H5Gcreate2(file, group.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  EXPECT_GE(g, 0);
  for (const auto& [attribute, value] : attributes) {
    EXPECT_THAT(WriteAttribute(g, attribute, value), IsOk());
  }
  H5Gclose(g);
  H5Fclose(file);
  return path;
}

TEST(Hdf5ReaderRecordTest, ReadsBackWhatTheBindingWrote) {
  AttributeList attributes = TabularShapeBinding().Attributes(TabularShape{5, 3, 7});
  PucbGuaranteeBinding().Write(PucbGuarantee{2.5, 40.0, 0.01}, attributes);
  const std::string path = WriteGroupFile("round_trip.h5", "run", attributes);
  absl::StatusOr<Hdf5Reader> reader = Hdf5Reader::Open(path);
  ASSERT_THAT(reader, IsOk());
  absl::StatusOr<TabularShape> shape = reader->ReadRecord("run", TabularShapeBinding());
  ASSERT_THAT(shape, IsOk());
  EXPECT_EQ(shape->num_states, 5);
  EXPECT_EQ(shape->num_actions, 3);
  EXPECT_EQ(shape->horizon, 7);
  absl::StatusOr<std::optional<PucbGuarantee>> guarantee =
      reader->ReadOptionalRecord("run", PucbGuaranteeBinding());
  ASSERT_THAT(guarantee, IsOk());
  ASSERT_TRUE(guarantee->has_value());
  EXPECT_EQ((*guarantee)->privacy_epsilon_replacement, 2.5);
  EXPECT_EQ((*guarantee)->error_bound, 40.0);
  EXPECT_EQ((*guarantee)->counter_epsilon, 0.01);
}

TEST(Hdf5ReaderRecordTest, MissingRequiredAttributeNamesFileGroupAndParameter) {
  AttributeList attributes = TabularShapeBinding().Attributes(TabularShape{5, 3, 7});
  attributes.pop_back();  // horizon
  const std::string path = WriteGroupFile("no_horizon.h5", "run", attributes);
  absl::StatusOr<Hdf5Reader> reader = Hdf5Reader::Open(path);
  ASSERT_THAT(reader, IsOk());
  EXPECT_THAT(reader->ReadRecord("run", TabularShapeBinding()),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(HasSubstr(path), HasSubstr("group 'run'"),
                             HasSubstr("needs int parameter 'horizon'"))));
}

TEST(Hdf5ReaderRecordTest, WrongTypeIsRefusedAsTheReaderRefusesIt) {
  AttributeList attributes = TabularShapeBinding().Attributes(TabularShape{5, 3, 7});
  attributes[0].second = std::string("five");
  const std::string path = WriteGroupFile("string_shape.h5", "run", attributes);
  absl::StatusOr<Hdf5Reader> reader = Hdf5Reader::Open(path);
  ASSERT_THAT(reader, IsOk());
  EXPECT_THAT(reader->ReadRecord("run", TabularShapeBinding()),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_states")));
}

TEST(Hdf5ReaderRecordTest, OptionalRecordIsAbsentOnlyWhenNoneOfItsAttributesIsThere) {
  const std::string none = WriteGroupFile(
      "no_guarantee.h5", "run", TabularShapeBinding().Attributes(TabularShape{5, 3, 7}));
  absl::StatusOr<Hdf5Reader> reader = Hdf5Reader::Open(none);
  ASSERT_THAT(reader, IsOk());
  absl::StatusOr<std::optional<PucbGuarantee>> guarantee =
      reader->ReadOptionalRecord("run", PucbGuaranteeBinding());
  ASSERT_THAT(guarantee, IsOk());
  EXPECT_FALSE(guarantee->has_value());

  // Part of the record (an optional parameter without the required error_bound) is an error.
  const std::string part =
      WriteGroupFile("part_guarantee.h5", "run", {{"counter_epsilon", AttributeValue(0.5)}});
  absl::StatusOr<Hdf5Reader> partial = Hdf5Reader::Open(part);
  ASSERT_THAT(partial, IsOk());
  EXPECT_THAT(partial->ReadOptionalRecord("run", PucbGuaranteeBinding()),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("needs float parameter 'error_bound'")));
}

}  // namespace
}  // namespace dprl
