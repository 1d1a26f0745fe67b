#include "common/hdf5_attribute.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

// A new HDF5 file in the test's temporary directory.
H5Handle NewFile(const std::string& name) {
  const char* directory = std::getenv("TEST_TMPDIR");
  const std::string path = std::string(directory != nullptr ? directory : "/tmp") + "/" + name;
  return H5Handle(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT));
}

TEST(Hdf5AttributeTest, EveryTypeRoundTrips) {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  const H5Handle file = NewFile("round_trip.h5");
  ASSERT_TRUE(file.valid());
  for (const AttributeValue& value :
       {AttributeValue(int64_t{-7}), AttributeValue(0.1),
        AttributeValue(std::string("PUCB (#ge=10)")), AttributeValue(std::string(""))}) {
    const std::string name =
        std::to_string(value.index()) +
        (std::holds_alternative<std::string>(value) ? std::get<std::string>(value) : "");
    ASSERT_THAT(WriteAttribute(file.get(), name, value), IsOk());
    const absl::StatusOr<AttributeValue> read = ReadAttribute(file.get(), name);
    ASSERT_THAT(read, IsOk());
    EXPECT_EQ(*read, value);
  }
}

TEST(Hdf5AttributeTest, FixedLengthStringsAndErrors) {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  const H5Handle file = NewFile("errors.h5");
  ASSERT_TRUE(file.valid());
  // A fixed-length string (as h5py may write one) reads as the same text.
  {
    const H5Handle type(H5Tcopy(H5T_C_S1));
    H5Tset_size(type.get(), 8);
    const H5Handle space(H5Screate(H5S_SCALAR));
    const H5Handle attribute(
        H5Acreate2(file.get(), "fixed", type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT));
    const char text[8] = "paper";
    ASSERT_GE(H5Awrite(attribute.get(), type.get(), text), 0);
  }
  EXPECT_EQ(ReadAttribute(file.get(), "fixed").value(), AttributeValue(std::string("paper")));
  // Two values are not a scalar.
  {
    const hsize_t dims[1] = {2};
    const H5Handle space(H5Screate_simple(1, dims, nullptr));
    const H5Handle attribute(
        H5Acreate2(file.get(), "pair", H5T_STD_I64LE, space.get(), H5P_DEFAULT, H5P_DEFAULT));
    const int64_t values[2] = {1, 2};
    ASSERT_GE(H5Awrite(attribute.get(), H5T_NATIVE_INT64, values), 0);
  }
  EXPECT_THAT(ReadAttribute(file.get(), "pair"),
              StatusIs(absl::StatusCode::kInvalidArgument, "attribute 'pair' is not a scalar"));
  EXPECT_THAT(ReadAttribute(file.get(), "absent"),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("no attribute 'absent'")));
}

}  // namespace
}  // namespace dprl
