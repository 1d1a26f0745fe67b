#include "analysis/hdf5_reader.h"

#include <sys/stat.h>

#include <cmath>
#include <cstring>
#include <utility>
#include <variant>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "common/hdf5_attribute.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

// The members of one object type (group or dataset) of a group, collected by H5Literate.
struct Members {
  H5O_type_t type;
  std::vector<std::string> names;
};

herr_t CollectMember(hid_t group, const char* name, const H5L_info_t*, void* data) {
  Members* members = static_cast<Members*>(data);
  H5O_info_t info;
  if (H5Oget_info_by_name(group, name, &info, H5P_DEFAULT) >= 0 && info.type == members->type) {
    members->names.emplace_back(name);
  }
  return 0;
}

std::string Describe(const std::string& object_path, const std::string& name) {
  return absl::StrCat("attribute '", name, "' of '", object_path, "'");
}

}  // namespace

absl::StatusOr<Hdf5Reader> Hdf5Reader::Open(const std::string& path) {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  struct stat info;
  if (stat(path.c_str(), &info) != 0) {
    return absl::NotFoundError(absl::StrCat("file '", path, "' does not exist"));
  }
  if (!S_ISREG(info.st_mode) || H5Fis_hdf5(path.c_str()) <= 0) {
    return absl::InvalidArgumentError(absl::StrCat("file '", path, "' is not an HDF5 file"));
  }
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  if (file < 0) {
    return absl::InvalidArgumentError(absl::StrCat("cannot open HDF5 file '", path, "'"));
  }
  return Hdf5Reader(path, file);
}

Hdf5Reader::Hdf5Reader(Hdf5Reader&& other) noexcept
    : path_(std::move(other.path_)), file_(other.file_) {
  other.file_ = -1;
}

Hdf5Reader& Hdf5Reader::operator=(Hdf5Reader&& other) noexcept {
  if (this != &other) {
    if (file_ >= 0) H5Fclose(file_);
    path_ = std::move(other.path_);
    file_ = other.file_;
    other.file_ = -1;
  }
  return *this;
}

Hdf5Reader::~Hdf5Reader() {
  if (file_ >= 0) H5Fclose(file_);
}

absl::Status Hdf5Reader::Error(absl::StatusCode code, const std::string& what) const {
  return absl::Status(code, absl::StrCat(path_, ": ", what));
}

absl::StatusOr<std::vector<std::string>> Hdf5Reader::ListMembers(const std::string& group_path,
                                                                 int object_type) const {
  H5Handle group(H5Gopen2(file_, group_path.c_str(), H5P_DEFAULT));
  if (!group.valid()) {
    return Error(absl::StatusCode::kNotFound, absl::StrCat("no group '", group_path, "'"));
  }
  Members members{static_cast<H5O_type_t>(object_type), {}};
  hsize_t index = 0;
  if (H5Literate(group.get(), H5_INDEX_CRT_ORDER, H5_ITER_INC, &index, CollectMember, &members) <
      0) {
    members.names.clear();
    index = 0;
    if (H5Literate(group.get(), H5_INDEX_NAME, H5_ITER_INC, &index, CollectMember, &members) < 0) {
      return Error(absl::StatusCode::kInternal,
                   absl::StrCat("cannot list the members of '", group_path, "'"));
    }
  }
  return members.names;
}

absl::StatusOr<std::vector<std::string>> Hdf5Reader::ListGroups(
    const std::string& group_path) const {
  return ListMembers(group_path, H5O_TYPE_GROUP);
}

absl::StatusOr<std::vector<std::string>> Hdf5Reader::ListDatasets(
    const std::string& group_path) const {
  return ListMembers(group_path, H5O_TYPE_DATASET);
}

bool Hdf5Reader::HasObject(const std::string& object_path) const {
  // Check every prefix so that a missing intermediate group is not an HDF5 error.
  size_t position = 0;
  while (position != std::string::npos) {
    position = object_path.find('/', position + 1);
    const std::string prefix = object_path.substr(0, position);
    if (prefix.empty() || prefix == "/") continue;
    if (H5Lexists(file_, prefix.c_str(), H5P_DEFAULT) <= 0) return false;
  }
  return true;
}

bool Hdf5Reader::HasAttribute(const std::string& object_path, const std::string& name) const {
  if (!HasObject(object_path)) return false;
  return H5Aexists_by_name(file_, object_path.c_str(), name.c_str(), H5P_DEFAULT) > 0;
}

absl::Status Hdf5Reader::CheckHasAttribute(const std::string& object_path,
                                           const std::string& name) const {
  if (HasAttribute(object_path, name)) return absl::OkStatus();
  return Error(absl::StatusCode::kNotFound, absl::StrCat("missing ", Describe(object_path, name)));
}

absl::StatusOr<AttributeValue> Hdf5Reader::ReadAnyAttribute(const std::string& object_path,
                                                            const std::string& name) const {
  RETURN_IF_ERROR(CheckHasAttribute(object_path, name));
  const H5Handle object(H5Oopen(file_, object_path.c_str(), H5P_DEFAULT));
  absl::StatusOr<AttributeValue> value = ReadAttribute(object.get(), name);
  if (!value.ok() && value.status().code() == absl::StatusCode::kInternal) {
    return Error(absl::StatusCode::kInternal,
                 absl::StrCat("cannot read ", Describe(object_path, name)));
  }
  return value;
}

absl::StatusOr<std::string> Hdf5Reader::ReadStringAttribute(const std::string& object_path,
                                                            const std::string& name) const {
  absl::StatusOr<AttributeValue> value = ReadAnyAttribute(object_path, name);
  if (value.ok() && std::holds_alternative<std::string>(*value)) {
    return std::get<std::string>(*std::move(value));
  }
  if (!value.ok() && value.status().code() != absl::StatusCode::kInvalidArgument) {
    return value.status();
  }
  return Error(absl::StatusCode::kInvalidArgument,
               absl::StrCat(Describe(object_path, name), " is not a scalar string"));
}

std::string Hdf5Reader::RecordContext(const std::string& object_path) const {
  return absl::StrCat(path_, ": group '", object_path, "'");
}

absl::StatusOr<AttributeList> Hdf5Reader::ReadAttributes(
    const std::string& object_path, const std::vector<ParameterSpec>& specs) const {
  AttributeList attributes;
  for (const ParameterSpec& spec : specs) {
    if (!HasAttribute(object_path, spec.name)) continue;
    if (std::holds_alternative<std::string>(spec.default_value)) {
      ASSIGN_OR_RETURN(std::string value, ReadStringAttribute(object_path, spec.name));
      attributes.emplace_back(spec.name, std::move(value));
    } else if (std::holds_alternative<double>(spec.default_value)) {
      ASSIGN_OR_RETURN(double value, ReadDoubleAttribute(object_path, spec.name));
      attributes.emplace_back(spec.name, value);
    } else {
      ASSIGN_OR_RETURN(int64_t value, ReadIntAttribute(object_path, spec.name));
      attributes.emplace_back(spec.name, value);
    }
  }
  return attributes;
}

absl::StatusOr<double> Hdf5Reader::ReadDoubleAttribute(const std::string& object_path,
                                                       const std::string& name) const {
  absl::StatusOr<AttributeValue> read = ReadAnyAttribute(object_path, name);
  if (!read.ok() && read.status().code() != absl::StatusCode::kInvalidArgument) {
    return read.status();
  }
  if (!read.ok() || std::holds_alternative<std::string>(*read)) {
    return Error(absl::StatusCode::kInvalidArgument,
                 absl::StrCat(Describe(object_path, name), " is not a numeric scalar"));
  }
  const double value = std::holds_alternative<double>(*read)
                           ? std::get<double>(*read)
                           : static_cast<double>(std::get<int64_t>(*read));
  // No dprl attribute stores NaN or inf; privacy levels (privacy_epsilon*) are > 0.
  if (!std::isfinite(value)) {
    return Error(absl::StatusCode::kInvalidArgument,
                 absl::StrCat(Describe(object_path, name), " is not finite (", value, ")"));
  }
  if (absl::StartsWith(name, "privacy_epsilon") && !(value > 0.0)) {
    return Error(absl::StatusCode::kInvalidArgument,
                 absl::StrCat(Describe(object_path, name), " must be > 0, got ", value));
  }
  return value;
}

absl::StatusOr<int64_t> Hdf5Reader::ReadIntAttribute(const std::string& object_path,
                                                     const std::string& name) const {
  absl::StatusOr<AttributeValue> value = ReadAnyAttribute(object_path, name);
  if (value.ok() && std::holds_alternative<int64_t>(*value)) return std::get<int64_t>(*value);
  if (!value.ok() && value.status().code() != absl::StatusCode::kInvalidArgument) {
    return value.status();
  }
  return Error(absl::StatusCode::kInvalidArgument,
               absl::StrCat(Describe(object_path, name), " is not an integer scalar"));
}

absl::StatusOr<Hdf5Matrix> Hdf5Reader::ReadMatrix(const std::string& dataset_path) const {
  if (!HasObject(dataset_path)) {
    return Error(absl::StatusCode::kNotFound, absl::StrCat("missing dataset '", dataset_path, "'"));
  }
  H5Handle dataset(H5Dopen2(file_, dataset_path.c_str(), H5P_DEFAULT));
  if (!dataset.valid()) {
    return Error(absl::StatusCode::kInvalidArgument,
                 absl::StrCat("'", dataset_path, "' is not a dataset"));
  }
  H5Handle type(H5Dget_type(dataset.get()));
  H5Handle space(H5Dget_space(dataset.get()));
  const H5T_class_t type_class = H5Tget_class(type.get());
  const int rank = H5Sget_simple_extent_ndims(space.get());
  if ((type_class != H5T_FLOAT && type_class != H5T_INTEGER) || rank < 1 || rank > 2) {
    return Error(absl::StatusCode::kInvalidArgument,
                 absl::StrCat("dataset '", dataset_path, "' is not a numeric 1-D or 2-D array"));
  }
  hsize_t dims[2] = {0, 1};
  H5Sget_simple_extent_dims(space.get(), dims, nullptr);
  Hdf5Matrix matrix;
  matrix.ndims = rank;
  matrix.rows = static_cast<int64_t>(dims[0]);
  matrix.cols = static_cast<int64_t>(dims[1]);
  matrix.values.resize(dims[0] * dims[1]);
  if (!matrix.values.empty() && H5Dread(dataset.get(), H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL,
                                        H5P_DEFAULT, matrix.values.data()) < 0) {
    return Error(absl::StatusCode::kInternal,
                 absl::StrCat("cannot read dataset '", dataset_path, "'"));
  }
  for (size_t i = 0; i < matrix.values.size(); ++i) {
    if (std::isfinite(matrix.values[i])) continue;
    const int64_t row = static_cast<int64_t>(i) / matrix.cols;
    const int64_t col = static_cast<int64_t>(i) % matrix.cols;
    return Error(
        absl::StatusCode::kInvalidArgument,
        absl::StrCat(
            "dataset '", dataset_path, "' holds a non-finite value (", matrix.values[i], " at ",
            rank == 1 ? absl::StrCat("index ", row) : absl::StrCat("row ", row, ", column ", col),
            ")"));
  }
  return matrix;
}

absl::StatusOr<std::vector<double>> Hdf5Reader::ReadVector(const std::string& dataset_path) const {
  ASSIGN_OR_RETURN(Hdf5Matrix matrix, ReadMatrix(dataset_path));
  if (matrix.ndims != 1) {
    return Error(absl::StatusCode::kInvalidArgument,
                 absl::StrCat("dataset '", dataset_path, "' is not 1-D"));
  }
  return std::move(matrix.values);
}

absl::Status CheckSeedsAttribute(const Hdf5Reader& reader, const std::string& dataset_path,
                                 int64_t rows) {
  if (!reader.HasAttribute("/", hdf5_names::kSeeds)) return absl::OkStatus();
  ASSIGN_OR_RETURN(const int64_t seeds, reader.ReadIntAttribute("/", hdf5_names::kSeeds));
  if (seeds == rows) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(reader.path(), ": root attribute 'seeds' is ",
                                                 seeds, " but dataset '", dataset_path, "' has ",
                                                 rows, " seeds (rows)"));
}

absl::Status CheckDprlSchema(const Hdf5Reader& reader, int64_t supported_version) {
  if (!reader.HasAttribute("/", hdf5_names::kSchemaVersion)) {
    return absl::InvalidArgumentError(
        absl::StrCat("file '", reader.path(), "' is not a dprl results file (no root attribute ",
                     hdf5_names::kSchemaVersion, ")"));
  }
  ASSIGN_OR_RETURN(int64_t version, reader.ReadIntAttribute("/", hdf5_names::kSchemaVersion));
  if (version != supported_version) {
    return absl::InvalidArgumentError(absl::StrCat(
        "file '", reader.path(), "' has ", hdf5_names::kSchemaVersion, " ", version,
        "; this binary reads version ", supported_version,
        version < supported_version ? " (an older layout: rerun the experiment)" : ""));
  }
  return absl::OkStatus();
}

}  // namespace dprl
