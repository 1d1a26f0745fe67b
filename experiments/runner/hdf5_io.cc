#include "experiments/runner/hdf5_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/hdf5_file_checksum.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

absl::Status Hdf5Error(const std::string& what) {
  return absl::InternalError(absl::StrCat("HDF5 error: ", what));
}

// A property list of `cls` with object time stamps off.
H5Handle TimelessPlist(hid_t cls) {
  H5Handle plist(H5Pcreate(cls));
  H5Pset_obj_track_times(plist.get(), false);
  return plist;
}

herr_t CollectLinkName(hid_t, const char* name, const H5L_info_t*, void* data) {
  static_cast<std::vector<std::string>*>(data)->emplace_back(name);
  return 0;
}

herr_t CollectAttributeName(hid_t, const char* name, const H5A_info_t*, void* data) {
  static_cast<std::vector<std::string>*>(data)->emplace_back(name);
  return 0;
}

}  // namespace

void SilenceHdf5Errors() {
  // No library clean-up at exit: after a failed flush (a full disk) HDF5's atexit handler would
  // close the failed file again and crash. Every file is closed explicitly (H5Handle) before.
  H5dont_atexit();
  SilenceHdf5ErrorsOnThisThread();
}

void SilenceHdf5ErrorsOnThisThread() {
  // A thread-safe HDF5 build (Debian's prints "thread 1" in its diagnostics) keeps the default
  // error stack, and whether it prints, per thread: a task thread that writes a task file onto a
  // full disk printed hundreds of HDF5-DIAG lines although the main thread had silenced its own.
  thread_local bool silenced = false;
  if (silenced) return;
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  silenced = true;
}

absl::StatusOr<H5Handle> CreateReproducibleFile(const std::string& path) {
  SilenceHdf5ErrorsOnThisThread();
  H5Handle fcpl = TimelessPlist(H5P_FILE_CREATE);
  H5Pset_link_creation_order(fcpl.get(), H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED);
  H5Pset_attr_creation_order(fcpl.get(), H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED);
  RETURN_IF_ERROR(ReserveChecksumBlock(fcpl.get()));
  H5Handle file(H5Fcreate(path.c_str(), H5F_ACC_EXCL, fcpl.get(), H5P_DEFAULT));
  if (!file.valid()) {
    // HDF5 does not say why. Where the system refuses a plain file at the path too (a missing
    // or read-only directory, a full disk), its reason is the reason; else (e.g. HDF5's file
    // lock on a filesystem without flock) the errno HDF5's failure left. errno stays that
    // reason for the caller (WriteFailure).
    int error = errno;
    const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
      error = errno;
    } else {
      close(fd);
      unlink(path.c_str());
    }
    errno = error;
    return Hdf5Error(absl::StrCat("cannot create file '", path, "'",
                                  error != 0 ? absl::StrCat(": ", std::strerror(error)) : ""));
  }
  return file;
}

absl::StatusOr<H5Handle> OpenFileReadOnly(const std::string& path) {
  SilenceHdf5ErrorsOnThisThread();
  struct stat info;
  if (stat(path.c_str(), &info) != 0) {
    return absl::NotFoundError(absl::StrCat("file '", path, "' does not exist"));
  }
  if (H5Fis_hdf5(path.c_str()) <= 0) {
    return absl::InvalidArgumentError(absl::StrCat("file '", path, "' is not an HDF5 file"));
  }
  RETURN_IF_ERROR(VerifyFileChecksum(path));
  H5Handle file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT));
  if (!file.valid()) return Hdf5Error(absl::StrCat("cannot open '", path, "'"));
  return file;
}

absl::Status CloseFile(H5Handle& file, const std::string& path) {
  if (!file.Close()) return Hdf5Error(absl::StrCat("closing (flushing) '", path, "' failed"));
  return WriteFileChecksum(path);
}

absl::StatusOr<H5Handle> CreateGroup(hid_t parent, const std::string& name) {
  H5Handle gcpl = TimelessPlist(H5P_GROUP_CREATE);
  H5Pset_link_creation_order(gcpl.get(), H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED);
  H5Pset_attr_creation_order(gcpl.get(), H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED);
  H5Handle group(H5Gcreate2(parent, name.c_str(), H5P_DEFAULT, gcpl.get(), H5P_DEFAULT));
  if (!group.valid()) return Hdf5Error(absl::StrCat("cannot create group '", name, "'"));
  return group;
}

absl::StatusOr<H5Handle> OpenGroup(hid_t parent, const std::string& name) {
  if (H5Lexists(parent, name.c_str(), H5P_DEFAULT) <= 0) {
    return absl::NotFoundError(absl::StrCat("no group '", name, "'"));
  }
  H5Handle group(H5Gopen2(parent, name.c_str(), H5P_DEFAULT));
  if (!group.valid()) return Hdf5Error(absl::StrCat("'", name, "' is not a group"));
  return group;
}

absl::StatusOr<H5Handle> OpenDataset(hid_t parent, const std::string& name) {
  if (H5Lexists(parent, name.c_str(), H5P_DEFAULT) <= 0) {
    return absl::NotFoundError(absl::StrCat("no dataset '", name, "'"));
  }
  H5Handle dataset(H5Dopen2(parent, name.c_str(), H5P_DEFAULT));
  if (!dataset.valid()) return Hdf5Error(absl::StrCat("'", name, "' is not a dataset"));
  return dataset;
}

absl::StatusOr<std::vector<std::string>> ListLinks(hid_t group) {
  std::vector<std::string> names;
  hsize_t index = 0;
  if (H5Literate(group, H5_INDEX_CRT_ORDER, H5_ITER_INC, &index, CollectLinkName, &names) >= 0) {
    return names;
  }
  names.clear();
  index = 0;
  if (H5Literate(group, H5_INDEX_NAME, H5_ITER_INC, &index, CollectLinkName, &names) < 0) {
    return Hdf5Error("cannot list the members of a group");
  }
  return names;
}

absl::Status WriteUint64Attribute(hid_t object, const std::string& name, uint64_t value) {
  H5Handle space(H5Screate(H5S_SCALAR));
  H5Handle attribute(
      H5Acreate2(object, name.c_str(), H5T_STD_U64LE, space.get(), H5P_DEFAULT, H5P_DEFAULT));
  if (!attribute.valid() || H5Awrite(attribute.get(), H5T_NATIVE_UINT64, &value) < 0) {
    return Hdf5Error(absl::StrCat("cannot write attribute '", name, "'"));
  }
  return absl::OkStatus();
}

absl::StatusOr<uint64_t> ReadUint64Attribute(hid_t object, const std::string& name) {
  if (H5Aexists(object, name.c_str()) <= 0) {
    return absl::NotFoundError(absl::StrCat("no attribute '", name, "'"));
  }
  H5Handle attribute(H5Aopen(object, name.c_str(), H5P_DEFAULT));
  H5Handle type(H5Aget_type(attribute.get()));
  uint64_t value = 0;
  if (H5Tget_class(type.get()) != H5T_INTEGER ||
      H5Aread(attribute.get(), H5T_NATIVE_UINT64, &value) < 0) {
    return absl::InvalidArgumentError(absl::StrCat("attribute '", name, "' is not an integer"));
  }
  return value;
}

absl::StatusOr<std::vector<std::pair<std::string, AttributeValue>>> ReadAllAttributes(
    hid_t object) {
  std::vector<std::string> names;
  hsize_t index = 0;
  if (H5Aiterate2(object, H5_INDEX_CRT_ORDER, H5_ITER_INC, &index, CollectAttributeName, &names) <
      0) {
    names.clear();
    index = 0;
    if (H5Aiterate2(object, H5_INDEX_NAME, H5_ITER_INC, &index, CollectAttributeName, &names) < 0) {
      return Hdf5Error("cannot list attributes");
    }
  }
  std::vector<std::pair<std::string, AttributeValue>> attributes;
  for (const std::string& name : names) {
    ASSIGN_OR_RETURN(AttributeValue value, ReadAttribute(object, name));
    attributes.emplace_back(name, std::move(value));
  }
  return attributes;
}

absl::Status WriteVectorDataset(hid_t parent, const std::string& name,
                                const std::vector<double>& values, bool chunked_compressed) {
  const hsize_t size = values.size();
  H5Handle space(H5Screate_simple(1, &size, nullptr));
  H5Handle dcpl = TimelessPlist(H5P_DATASET_CREATE);
  if (chunked_compressed && size > 0) {
    const hsize_t chunk = std::min<hsize_t>(size, kChunkElements);
    H5Pset_chunk(dcpl.get(), 1, &chunk);
    H5Pset_deflate(dcpl.get(), kDeflateLevel);
  }
  H5Handle dataset(H5Dcreate2(parent, name.c_str(), H5T_IEEE_F64LE, space.get(), H5P_DEFAULT,
                              dcpl.get(), H5P_DEFAULT));
  if (!dataset.valid() || (size > 0 && H5Dwrite(dataset.get(), H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL,
                                                H5P_DEFAULT, values.data()) < 0)) {
    return Hdf5Error(absl::StrCat("cannot write dataset '", name, "'"));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<double>> ReadVectorDataset(hid_t parent, const std::string& name) {
  ASSIGN_OR_RETURN(H5Handle dataset, OpenDataset(parent, name));
  H5Handle space(H5Dget_space(dataset.get()));
  if (H5Sget_simple_extent_ndims(space.get()) != 1) {
    return absl::InvalidArgumentError(absl::StrCat("dataset '", name, "' is not 1-D"));
  }
  hsize_t size = 0;
  H5Sget_simple_extent_dims(space.get(), &size, nullptr);
  std::vector<double> values(size);
  if (size > 0 &&
      H5Dread(dataset.get(), H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()) < 0) {
    return Hdf5Error(absl::StrCat("cannot read dataset '", name, "'"));
  }
  return values;
}

namespace {

// The rank and dims of the open `dataset` (named `name` in errors) into `shape`.
absl::Status ReadShape(hid_t dataset, const std::string& name, DatasetValues* shape) {
  H5Handle space(H5Dget_space(dataset));
  shape->rank = H5Sget_simple_extent_ndims(space.get());
  if (shape->rank != 1 && shape->rank != 2) {
    return absl::InvalidArgumentError(absl::StrCat("dataset '", name, "' is not 1-D or 2-D"));
  }
  hsize_t dims[2] = {0, 1};
  H5Sget_simple_extent_dims(space.get(), dims, nullptr);
  shape->rows = static_cast<int64_t>(dims[0]);
  shape->cols = static_cast<int64_t>(dims[1]);
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<DatasetValues> ReadDatasetShape(hid_t parent, const std::string& name) {
  ASSIGN_OR_RETURN(H5Handle dataset, OpenDataset(parent, name));
  DatasetValues shape;
  RETURN_IF_ERROR(ReadShape(dataset.get(), name, &shape));
  return shape;
}

absl::StatusOr<DatasetValues> ReadDataset(hid_t parent, const std::string& name) {
  ASSIGN_OR_RETURN(H5Handle dataset, OpenDataset(parent, name));
  DatasetValues result;
  RETURN_IF_ERROR(ReadShape(dataset.get(), name, &result));
  result.values.resize(static_cast<size_t>(result.rows * result.cols));
  if (!result.values.empty() && H5Dread(dataset.get(), H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL,
                                        H5P_DEFAULT, result.values.data()) < 0) {
    return Hdf5Error(absl::StrCat("cannot read dataset '", name, "'"));
  }
  return result;
}

absl::StatusOr<H5Handle> CreateMatrixDataset(hid_t parent, const std::string& name, int64_t rows,
                                             int64_t cols) {
  const hsize_t dims[2] = {static_cast<hsize_t>(rows), static_cast<hsize_t>(cols)};
  const hsize_t chunk[2] = {1, std::min<hsize_t>(dims[1], kChunkElements)};
  H5Handle space(H5Screate_simple(2, dims, nullptr));
  H5Handle dcpl = TimelessPlist(H5P_DATASET_CREATE);
  H5Pset_chunk(dcpl.get(), 2, chunk);
  H5Pset_deflate(dcpl.get(), kDeflateLevel);
  H5Handle dataset(H5Dcreate2(parent, name.c_str(), H5T_IEEE_F64LE, space.get(), H5P_DEFAULT,
                              dcpl.get(), H5P_DEFAULT));
  if (!dataset.valid()) return Hdf5Error(absl::StrCat("cannot create dataset '", name, "'"));
  return dataset;
}

absl::Status WriteMatrixRow(hid_t dataset, int64_t row, const std::vector<double>& values) {
  H5Handle file_space(H5Dget_space(dataset));
  hsize_t dims[2] = {0, 0};
  if (H5Sget_simple_extent_dims(file_space.get(), dims, nullptr) != 2 || values.size() != dims[1] ||
      row < 0 || static_cast<hsize_t>(row) >= dims[0]) {
    return absl::InvalidArgumentError(
        absl::StrFormat("row %d of length %d does not fit a [%d x %d] dataset", row, values.size(),
                        dims[0], dims[1]));
  }
  const hsize_t start[2] = {static_cast<hsize_t>(row), 0};
  const hsize_t count[2] = {1, dims[1]};
  H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, start, nullptr, count, nullptr);
  H5Handle memory_space(H5Screate_simple(2, count, nullptr));
  if (H5Dwrite(dataset, H5T_NATIVE_DOUBLE, memory_space.get(), file_space.get(), H5P_DEFAULT,
               values.data()) < 0) {
    return Hdf5Error(absl::StrCat("cannot write row ", row));
  }
  return absl::OkStatus();
}

bool SameAttributeValue(const AttributeValue& a, const AttributeValue& b) {
  if (a.index() != b.index()) return false;
  if (const double* x = std::get_if<double>(&a)) {
    const double y = std::get<double>(b);
    return std::memcmp(x, &y, sizeof(double)) == 0;
  }
  return a == b;
}

std::string AttributeToString(const AttributeValue& value) {
  if (const int64_t* i = std::get_if<int64_t>(&value)) return absl::StrCat(*i);
  if (const double* d = std::get_if<double>(&value)) return absl::StrFormat("%.17g", *d);
  return absl::StrCat("\"", std::get<std::string>(value), "\"");
}

}  // namespace dprl
