// The one HDF5 attribute layer of dprl: the runner writes and reads configuration attributes
// with it (experiments/runner/hdf5_io.h) and the analysis reads them (analysis/hdf5_reader.h), so
// both agree on how each type is stored:
//   int64_t      H5T_STD_I64LE scalar        (read back from any integer type)
//   double       H5T_IEEE_F64LE scalar       (read back from any float type)
//   std::string  variable-length UTF-8 string (read back from a variable or fixed-length string)
// and H5Handle, the RAII owner of an HDF5 identifier that both use.
#ifndef DPRL_COMMON_HDF5_ATTRIBUTE_H_
#define DPRL_COMMON_HDF5_ATTRIBUTE_H_

#include <hdf5.h>

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "common/attribute_value.h"

namespace dprl {

// Owns one HDF5 identifier (file, group, dataset, attribute, dataspace, datatype or property
// list) and closes it with the matching H5?close on destruction.
class H5Handle {
 public:
  H5Handle() = default;
  explicit H5Handle(hid_t id) : id_(id) {}
  H5Handle(H5Handle&& other) noexcept : id_(other.id_) { other.id_ = -1; }
  H5Handle& operator=(H5Handle&& other) noexcept;
  H5Handle(const H5Handle&) = delete;
  H5Handle& operator=(const H5Handle&) = delete;
  ~H5Handle() { Close(); }

  hid_t get() const { return id_; }
  bool valid() const { return id_ >= 0; }
  // Closes now; returns false if HDF5 reported an error (e.g. flushing a file failed).
  bool Close();

 private:
  hid_t id_ = -1;
};

// Writes the scalar attribute `name` of `object` (types above). Error (Internal): "HDF5 error:
// cannot write attribute '<name>'".
absl::Status WriteAttribute(hid_t object, const std::string& name, const AttributeValue& value);

// Reads the scalar attribute `name` of `object` as an int64, a double or a string (types above).
// Errors: NotFound "no attribute '<name>'"; InvalidArgument "attribute '<name>' is not a scalar"
// or "... is not an integer, float or string"; Internal "HDF5 error: cannot read attribute
// '<name>'".
absl::StatusOr<AttributeValue> ReadAttribute(hid_t object, const std::string& name);

}  // namespace dprl

#endif  // DPRL_COMMON_HDF5_ATTRIBUTE_H_
