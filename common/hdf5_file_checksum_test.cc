#include "common/hdf5_file_checksum.h"

#include <hdf5.h>

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/status_matchers.h"
#include "testing/test_files.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

// An HDF5 file with one group at `path`, with the checksum block reserved when `reserve`.
void WriteHdf5File(const std::string& path, bool reserve) {
  const hid_t fcpl = H5Pcreate(H5P_FILE_CREATE);
  if (reserve) {
    ASSERT_THAT(ReserveChecksumBlock(fcpl), IsOk());
  }
  const hid_t file = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, fcpl, H5P_DEFAULT);
  ASSERT_GE(file, 0);
  H5Gclose(H5Gcreate2(file, "group", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT));
  H5Fclose(file);
  H5Pclose(fcpl);
}

TEST(Crc32Test, MatchesTheStandardCheckValue) {
  // The check value of CRC-32/ISO-HDLC (zlib's crc32) for the nine digits.
  EXPECT_EQ(Crc32("123456789", 9), 0xCBF43926u);
  EXPECT_EQ(Crc32("6789", 4, Crc32("12345", 5)), 0xCBF43926u);
}

TEST(Crc32Test, EightBytesAtATimeEqualsOneByteAtATime) {
  std::string data;
  for (int i = 0; i < 1001; ++i) data.push_back(static_cast<char>((i * 131 + 7) % 256));
  uint32_t byte_by_byte = 0;
  for (const char c : data) byte_by_byte = Crc32(&c, 1, byte_by_byte);
  EXPECT_EQ(Crc32(data.data(), data.size()), byte_by_byte);
}

TEST(FileChecksumTest, WrittenChecksumVerifiesAndHdf5StillOpensTheFile) {
  const std::string path = TestTempPath("checksummed.h5");
  WriteHdf5File(path, /*reserve=*/true);
  ASSERT_THAT(WriteFileChecksum(path), IsOk());
  EXPECT_THAT(VerifyFileChecksum(path), IsOk());
  EXPECT_EQ(std::string(ReadFileBytes(path).data(), 11), "dprl-crc32 ");
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  ASSERT_GE(file, 0);
  EXPECT_GT(H5Lexists(file, "group", H5P_DEFAULT), 0);
  H5Fclose(file);
}

TEST(FileChecksumTest, EveryFlippedByteIsRefused) {
  const std::string path = TestTempPath("flipped.h5");
  WriteHdf5File(path, /*reserve=*/true);
  ASSERT_THAT(WriteFileChecksum(path), IsOk());
  const std::vector<char> original = ReadFileBytes(path);
  for (size_t offset = 0; offset < original.size(); ++offset) {
    std::vector<char> damaged = original;
    damaged[offset] = static_cast<char>(damaged[offset] ^ 0x01);
    WriteFileBytes(path, damaged);
    ASSERT_THAT(VerifyFileChecksum(path),
                StatusIs(absl::StatusCode::kDataLoss, HasSubstr("is damaged")))
        << "offset " << offset;
  }
  WriteFileBytes(path, std::vector<char>(original.begin(), original.end() - 1));
  EXPECT_THAT(VerifyFileChecksum(path),
              StatusIs(absl::StatusCode::kDataLoss, HasSubstr("checksum does not match")));
}

TEST(FileChecksumTest, FileWithoutUserBlockIsAcceptedUnverified) {
  const std::string path = TestTempPath("legacy.h5");
  WriteHdf5File(path, /*reserve=*/false);
  EXPECT_THAT(VerifyFileChecksum(path), IsOk());
}

TEST(FileChecksumTest, MissingFileIsNotFound) {
  EXPECT_THAT(VerifyFileChecksum(TestTempPath("absent.h5")),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("absent.h5")));
}

}  // namespace
}  // namespace dprl
