// A damaged results file is refused, never read as a smaller valid one: a real smoke results file
// (vietri_fig at --scale=smoke, run here) with bytes flipped across the whole file is, for every
// flip, either refused (Hdf5Reader::Open or CheckResultsFile, the check every reader applies:
// analysis/results_check.h) or read as exactly the undamaged file (every group, dataset and
// attribute the reader lists, with every value).
#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "analysis/hdf5_reader.h"
#include "analysis/results_check.h"
#include "common/attribute_value.h"
#include "common/status_macros.h"
#include "gtest/gtest.h"
#include "testing/status_matchers.h"
#include "testing/test_files.h"

namespace dprl {
namespace {

std::string ValueText(const AttributeValue& value) {
  if (const int64_t* i = std::get_if<int64_t>(&value)) return absl::StrCat("i", *i);
  if (const double* d = std::get_if<double>(&value)) return absl::StrFormat("d%a", *d);
  return absl::StrCat("s", std::get<std::string>(value));
}

// Everything a reader of the file sees, as text: each object's attributes with their values,
// each group's members, each dataset's shape and values (exact, hexadecimal floats).
absl::Status AppendObject(const Hdf5Reader& reader, const std::string& path, bool group,
                          std::string* out) {
  ASSIGN_OR_RETURN(const std::vector<std::string> attributes, reader.ListAttributes(path));
  for (const std::string& name : attributes) {
    ASSIGN_OR_RETURN(const AttributeValue value, reader.ReadAnyAttribute(path, name));
    absl::StrAppend(out, path, "@", name, "=", ValueText(value), "\n");
  }
  if (!group) {
    ASSIGN_OR_RETURN(const Hdf5Matrix matrix, reader.ReadMatrix(path));
    absl::StrAppend(out, path, " ", matrix.ndims, "-D ", matrix.rows, "x", matrix.cols, ":");
    for (const double v : matrix.values) absl::StrAppend(out, absl::StrFormat(" %a", v));
    absl::StrAppend(out, "\n");
    return absl::OkStatus();
  }
  const std::string prefix = path == "/" ? "/" : path + "/";
  ASSIGN_OR_RETURN(const std::vector<std::string> datasets, reader.ListDatasets(path));
  for (const std::string& name : datasets) {
    RETURN_IF_ERROR(AppendObject(reader, prefix + name, /*group=*/false, out));
  }
  ASSIGN_OR_RETURN(const std::vector<std::string> groups, reader.ListGroups(path));
  for (const std::string& name : groups) {
    RETURN_IF_ERROR(AppendObject(reader, prefix + name, /*group=*/true, out));
  }
  return absl::OkStatus();
}

// The file's content as the reader sees it once CheckResultsFile accepted it; an error where
// the reader or the check refuses the file.
absl::StatusOr<std::string> ReadWhole(const std::string& path) {
  ASSIGN_OR_RETURN(const Hdf5Reader reader, Hdf5Reader::Open(path));
  RETURN_IF_ERROR(CheckResultsFile(reader));
  std::string out;
  RETURN_IF_ERROR(AppendObject(reader, "/", /*group=*/true, &out));
  return out;
}

// Writes the byte `value` at `offset` of the file `path` in place.
void WriteByteAt(const std::string& path, size_t offset, char value) {
  const int fd = open(path.c_str(), O_WRONLY);
  ASSERT_GE(fd, 0) << path;
  ASSERT_EQ(pwrite(fd, &value, 1, static_cast<off_t>(offset)), 1);
  close(fd);
}

TEST(DamagedResultsFileTest, EveryByteFlipIsRefusedOrReadsAsTheUndamagedFile) {
  const std::string work = std::getenv("TEST_TMPDIR");
  const std::string binary = absl::StrCat(std::getenv("TEST_SRCDIR"), "/dprl/experiments/vietri_fig");
  const std::string run = absl::StrCat(binary, " --scale=smoke --threads=1 --out=", work,
                                       "/run > ", work, "/run.log 2>&1");
  ASSERT_EQ(std::system(run.c_str()), 0) << run;
  const std::string original_path = absl::StrCat(work, "/run/vietri_fig.h5");
  const std::vector<char> original = ReadFileBytes(original_path);
  ASSERT_GT(original.size(), 10000u);
  absl::StatusOr<std::string> undamaged = ReadWhole(original_path);
  ASSERT_THAT(undamaged, IsOk());

  const std::string damaged_path = absl::StrCat(work, "/damaged.h5");
  WriteFileBytes(damaged_path, original);
  int64_t refused = 0, identical = 0;
  std::vector<size_t> read_differently;
  for (size_t offset = 0; offset < original.size(); ++offset) {
    WriteByteAt(damaged_path, offset, static_cast<char>(original[offset] ^ 0x10));
    absl::StatusOr<std::string> read = ReadWhole(damaged_path);
    WriteByteAt(damaged_path, offset, original[offset]);
    if (!read.ok()) {
      ++refused;
    } else if (*read == *undamaged) {
      ++identical;
    } else {
      read_differently.push_back(offset);
    }
  }
  std::string offsets;
  for (size_t i = 0; i < read_differently.size() && i < 40; ++i) {
    absl::StrAppend(&offsets, " ", read_differently[i]);
  }
  EXPECT_TRUE(read_differently.empty())
      << read_differently.size() << " of " << original.size()
      << " single-byte flips read as another valid file, e.g. at offsets" << offsets;
  std::cerr << original.size() << " flips: " << refused << " refused, " << identical
            << " read as the undamaged file, " << read_differently.size() << " read differently\n";
}

}  // namespace
}  // namespace dprl
