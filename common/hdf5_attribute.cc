#include "common/hdf5_attribute.h"

#include <cstring>

#include "absl/strings/str_cat.h"

namespace dprl {
namespace {

absl::Status Hdf5Error(const std::string& what) {
  return absl::InternalError(absl::StrCat("HDF5 error: ", what));
}

}  // namespace

H5Handle& H5Handle::operator=(H5Handle&& other) noexcept {
  if (this != &other) {
    Close();
    id_ = other.id_;
    other.id_ = -1;
  }
  return *this;
}

bool H5Handle::Close() {
  if (id_ < 0) return true;
  herr_t status = -1;
  switch (H5Iget_type(id_)) {
    case H5I_FILE:
      status = H5Fclose(id_);
      break;
    case H5I_GROUP:
      status = H5Gclose(id_);
      break;
    case H5I_DATASET:
      status = H5Dclose(id_);
      break;
    case H5I_ATTR:
      status = H5Aclose(id_);
      break;
    case H5I_DATASPACE:
      status = H5Sclose(id_);
      break;
    case H5I_DATATYPE:
      status = H5Tclose(id_);
      break;
    case H5I_GENPROP_LST:
      status = H5Pclose(id_);
      break;
    default:
      status = H5Idec_ref(id_);
      break;
  }
  id_ = -1;
  return status >= 0;
}

absl::Status WriteAttribute(hid_t object, const std::string& name, const AttributeValue& value) {
  H5Handle space(H5Screate(H5S_SCALAR));
  H5Handle type;
  hid_t memory_type = -1;
  const void* buffer = nullptr;
  const char* text = nullptr;
  if (const int64_t* i = std::get_if<int64_t>(&value)) {
    type = H5Handle(H5Tcopy(H5T_STD_I64LE));
    memory_type = H5T_NATIVE_INT64;
    buffer = i;
  } else if (const double* d = std::get_if<double>(&value)) {
    type = H5Handle(H5Tcopy(H5T_IEEE_F64LE));
    memory_type = H5T_NATIVE_DOUBLE;
    buffer = d;
  } else {
    type = H5Handle(H5Tcopy(H5T_C_S1));
    H5Tset_size(type.get(), H5T_VARIABLE);
    H5Tset_cset(type.get(), H5T_CSET_UTF8);
    memory_type = type.get();
    text = std::get<std::string>(value).c_str();
    buffer = &text;
  }
  H5Handle attribute(
      H5Acreate2(object, name.c_str(), type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT));
  if (!attribute.valid() || H5Awrite(attribute.get(), memory_type, buffer) < 0) {
    return Hdf5Error(absl::StrCat("cannot write attribute '", name, "'"));
  }
  return absl::OkStatus();
}

absl::StatusOr<AttributeValue> ReadAttribute(hid_t object, const std::string& name) {
  if (H5Aexists(object, name.c_str()) <= 0) {
    return absl::NotFoundError(absl::StrCat("no attribute '", name, "'"));
  }
  H5Handle attribute(H5Aopen(object, name.c_str(), H5P_DEFAULT));
  H5Handle type(H5Aget_type(attribute.get()));
  H5Handle space(H5Aget_space(attribute.get()));
  if (!attribute.valid() || !type.valid() || H5Sget_simple_extent_npoints(space.get()) != 1) {
    return absl::InvalidArgumentError(absl::StrCat("attribute '", name, "' is not a scalar"));
  }
  switch (H5Tget_class(type.get())) {
    case H5T_INTEGER: {
      int64_t value = 0;
      if (H5Aread(attribute.get(), H5T_NATIVE_INT64, &value) < 0) break;
      return AttributeValue(value);
    }
    case H5T_FLOAT: {
      double value = 0;
      if (H5Aread(attribute.get(), H5T_NATIVE_DOUBLE, &value) < 0) break;
      return AttributeValue(value);
    }
    case H5T_STRING: {
      if (H5Tis_variable_str(type.get()) > 0) {
        char* text = nullptr;
        H5Handle memory_type(H5Tcopy(H5T_C_S1));
        H5Tset_size(memory_type.get(), H5T_VARIABLE);
        H5Tset_cset(memory_type.get(), H5Tget_cset(type.get()));
        if (H5Aread(attribute.get(), memory_type.get(), &text) < 0) break;
        std::string value = text == nullptr ? "" : text;
        H5free_memory(text);
        return AttributeValue(value);
      }
      const size_t size = H5Tget_size(type.get());
      std::string value(size, '\0');
      if (H5Aread(attribute.get(), type.get(), value.data()) < 0) break;
      value.resize(std::strlen(value.c_str()));
      return AttributeValue(value);
    }
    default:
      return absl::InvalidArgumentError(
          absl::StrCat("attribute '", name, "' is not an integer, float or string"));
  }
  return Hdf5Error(absl::StrCat("cannot read attribute '", name, "'"));
}

}  // namespace dprl
