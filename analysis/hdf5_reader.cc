#include "analysis/hdf5_reader.h"

#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>
#include <variant>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "common/hdf5_attribute.h"
#include "common/hdf5_file_checksum.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"

namespace dprl {
namespace {

herr_t CollectName(hid_t, const char* name, const H5L_info_t*, void* data) {
  static_cast<std::vector<std::string>*>(data)->emplace_back(name);
  return 0;
}

herr_t CollectAttributeName(hid_t, const char* name, const H5A_info_t*, void* data) {
  static_cast<std::vector<std::string>*>(data)->emplace_back(name);
  return 0;
}

// The index HDF5 lists the links or attributes of an object by: creation order where the object
// tracks it (dprl results files do), else name order. Errors are the caller's to report.
absl::StatusOr<H5_index_t> LinkIndexOf(hid_t group) {
  const H5Handle plist(H5Gget_create_plist(group));
  unsigned flags = 0;
  if (!plist.valid() || H5Pget_link_creation_order(plist.get(), &flags) < 0) {
    return absl::DataLossError("cannot read its creation properties");
  }
  return (flags & H5P_CRT_ORDER_INDEXED) != 0 ? H5_INDEX_CRT_ORDER : H5_INDEX_NAME;
}

absl::StatusOr<H5_index_t> AttributeIndexOf(hid_t object, H5O_type_t type) {
  const H5Handle plist(type == H5O_TYPE_GROUP ? H5Gget_create_plist(object)
                                              : H5Dget_create_plist(object));
  unsigned flags = 0;
  if (!plist.valid() || H5Pget_attr_creation_order(plist.get(), &flags) < 0) {
    return absl::DataLossError("cannot read its creation properties");
  }
  return (flags & H5P_CRT_ORDER_INDEXED) != 0 ? H5_INDEX_CRT_ORDER : H5_INDEX_NAME;
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
  RETURN_IF_ERROR(VerifyFileChecksum(path));
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  if (file < 0) {
    return absl::InvalidArgumentError(absl::StrCat("cannot open HDF5 file '", path,
                                                   "' (damaged, truncated or not complete)"));
  }
  Hdf5Reader reader(path, file);
  const H5Handle root(H5Gopen2(file, "/", H5P_DEFAULT));
  if (!root.valid()) return reader.Damaged("cannot open the root group");
  RETURN_IF_ERROR(reader.WalkObject(root.get(), "/", H5O_TYPE_GROUP));
  return reader;
}

Hdf5Reader::Hdf5Reader(Hdf5Reader&& other) noexcept
    : path_(std::move(other.path_)), file_(other.file_), objects_(std::move(other.objects_)) {
  other.file_ = -1;
}

Hdf5Reader& Hdf5Reader::operator=(Hdf5Reader&& other) noexcept {
  if (this != &other) {
    if (file_ >= 0) H5Fclose(file_);
    path_ = std::move(other.path_);
    file_ = other.file_;
    objects_ = std::move(other.objects_);
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

absl::Status Hdf5Reader::Damaged(const std::string& what) const {
  return absl::DataLossError(
      absl::StrCat(path_, ": ", what, ": the file is damaged (or was not written completely)"));
}

absl::Status Hdf5Reader::WalkObject(hid_t object, const std::string& object_path,
                                    H5O_type_t type) {
  Object& entry = objects_[object_path];
  entry.is_group = type == H5O_TYPE_GROUP;
  H5O_info_t info;
  if (H5Oget_info(object, &info) < 0) {
    return Damaged(absl::StrCat("cannot read the header of '", object_path, "'"));
  }
  absl::StatusOr<H5_index_t> attribute_index = AttributeIndexOf(object, type);
  if (!attribute_index.ok()) {
    return Damaged(absl::StrCat("'", object_path, "': ", attribute_index.status().message()));
  }
  hsize_t position = 0;
  if (H5Aiterate2(object, *attribute_index, H5_ITER_INC, &position, CollectAttributeName,
                  &entry.attributes) < 0 ||
      entry.attributes.size() != info.num_attrs) {
    return Damaged(absl::StrCat("cannot list the attributes of '", object_path, "'"));
  }
  if (type != H5O_TYPE_GROUP) return absl::OkStatus();
  absl::StatusOr<H5_index_t> link_index = LinkIndexOf(object);
  if (!link_index.ok()) {
    return Damaged(absl::StrCat("group '", object_path, "': ", link_index.status().message()));
  }
  H5G_info_t group_info;
  std::vector<std::string> links;
  position = 0;
  if (H5Gget_info(object, &group_info) < 0 ||
      H5Literate(object, *link_index, H5_ITER_INC, &position, CollectName, &links) < 0 ||
      links.size() != group_info.nlinks) {
    return Damaged(absl::StrCat("cannot list the members of group '", object_path, "'"));
  }
  for (const std::string& link : links) {
    const std::string member_path =
        object_path == "/" ? absl::StrCat("/", link) : absl::StrCat(object_path, "/", link);
    const H5Handle member(H5Oopen(object, link.c_str(), H5P_DEFAULT));
    H5O_info_t member_info;
    if (!member.valid() || H5Oget_info(member.get(), &member_info) < 0) {
      return Damaged(absl::StrCat("cannot open '", member_path, "'"));
    }
    if (member_info.type == H5O_TYPE_GROUP) {
      entry.groups.push_back(link);
    } else if (member_info.type == H5O_TYPE_DATASET) {
      entry.datasets.push_back(link);
    } else {
      continue;  // named datatypes: no dprl file has one, and no reader looks for one
    }
    RETURN_IF_ERROR(WalkObject(member.get(), member_path, member_info.type));
  }
  return absl::OkStatus();
}

const Hdf5Reader::Object* Hdf5Reader::FindObject(const std::string& object_path) const {
  std::string normal = absl::StartsWith(object_path, "/") ? object_path : "/" + object_path;
  while (normal.size() > 1 && normal.back() == '/') normal.pop_back();
  auto it = objects_.find(normal);
  return it == objects_.end() ? nullptr : &it->second;
}

absl::StatusOr<const Hdf5Reader::Object*> Hdf5Reader::FindGroup(
    const std::string& group_path) const {
  const Object* group = FindObject(group_path);
  if (group == nullptr || !group->is_group) {
    return Error(absl::StatusCode::kNotFound, absl::StrCat("no group '", group_path, "'"));
  }
  return group;
}

absl::StatusOr<std::vector<std::string>> Hdf5Reader::ListGroups(
    const std::string& group_path) const {
  ASSIGN_OR_RETURN(const Object* group, FindGroup(group_path));
  return group->groups;
}

absl::StatusOr<std::vector<std::string>> Hdf5Reader::ListDatasets(
    const std::string& group_path) const {
  ASSIGN_OR_RETURN(const Object* group, FindGroup(group_path));
  return group->datasets;
}

absl::StatusOr<std::vector<std::string>> Hdf5Reader::ListAttributes(
    const std::string& object_path) const {
  const Object* object = FindObject(object_path);
  if (object == nullptr) {
    return Error(absl::StatusCode::kNotFound, absl::StrCat("no object '", object_path, "'"));
  }
  return object->attributes;
}

bool Hdf5Reader::HasObject(const std::string& object_path) const {
  return FindObject(object_path) != nullptr;
}

bool Hdf5Reader::HasAttribute(const std::string& object_path, const std::string& name) const {
  const Object* object = FindObject(object_path);
  if (object == nullptr) return false;
  return std::find(object->attributes.begin(), object->attributes.end(), name) !=
         object->attributes.end();
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
  if (!object.valid()) return Damaged(absl::StrCat("cannot open '", object_path, "'"));
  absl::StatusOr<AttributeValue> value = ReadAttribute(object.get(), name);
  if (!value.ok() && (value.status().code() == absl::StatusCode::kInternal ||
                      value.status().code() == absl::StatusCode::kNotFound)) {
    return Damaged(absl::StrCat("cannot read ", Describe(object_path, name)));
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
  {
    const Object* object = FindObject(dataset_path);
    const std::string parent = dataset_path.substr(0, dataset_path.find_last_of('/') + 1);
    const Object* group = FindObject(parent.empty() ? "/" : parent);
    const std::string name = dataset_path.substr(dataset_path.find_last_of('/') + 1);
    if (object == nullptr || group == nullptr ||
        std::find(group->datasets.begin(), group->datasets.end(), name) == group->datasets.end()) {
      return Error(absl::StatusCode::kInvalidArgument,
                   absl::StrCat("'", dataset_path, "' is not a dataset"));
    }
  }
  H5Handle dataset(H5Dopen2(file_, dataset_path.c_str(), H5P_DEFAULT));
  if (!dataset.valid()) return Damaged(absl::StrCat("cannot open dataset '", dataset_path, "'"));
  H5Handle type(H5Dget_type(dataset.get()));
  H5Handle space(H5Dget_space(dataset.get()));
  if (!type.valid() || !space.valid()) {
    return Damaged(absl::StrCat("cannot read the type or shape of dataset '", dataset_path, "'"));
  }
  const H5T_class_t type_class = H5Tget_class(type.get());
  const int rank = H5Sget_simple_extent_ndims(space.get());
  if ((type_class != H5T_FLOAT && type_class != H5T_INTEGER) || rank < 1 || rank > 2) {
    return Error(absl::StatusCode::kInvalidArgument,
                 absl::StrCat("dataset '", dataset_path, "' is not a numeric 1-D or 2-D array"));
  }
  hsize_t dims[2] = {0, 1};
  if (H5Sget_simple_extent_dims(space.get(), dims, nullptr) != rank) {
    return Damaged(absl::StrCat("cannot read the shape of dataset '", dataset_path, "'"));
  }
  Hdf5Matrix matrix;
  matrix.ndims = rank;
  matrix.rows = static_cast<int64_t>(dims[0]);
  matrix.cols = static_cast<int64_t>(dims[1]);
  matrix.values.resize(dims[0] * dims[1]);
  if (!matrix.values.empty() && H5Dread(dataset.get(), H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL,
                                        H5P_DEFAULT, matrix.values.data()) < 0) {
    return Damaged(absl::StrCat("cannot read dataset '", dataset_path, "'"));
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

absl::StatusOr<std::vector<std::string>> ListConfigGroups(const Hdf5Reader& reader) {
  ASSIGN_OR_RETURN(std::vector<std::string> groups, reader.ListGroups("/"));
  if (groups.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", reader.path(), "' contains no config groups"));
  }
  return groups;
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
