// Read-only access to dprl results files (docs/hdf5_schema.md) through the HDF5 C API, for the
// analysis binaries. Independent of //experiments and //algorithms: analysis reads HDF5 only.
//
// Every error message names the file and the object (group/dataset/attribute) concerned, so a
// binary can print it as is. HDF5's own error-stack printing is switched off on Open().
//
// A damaged file is refused, never read as a smaller valid one. Open first verifies the file's
// checksum (common/hdf5_file_checksum.h: every byte of a file the runner wrote), then walks the whole tree of
// the file once (every group's members, every object's header and attribute names, each listed
// by the index the object keeps, counted against the object's own count), and refuses the file
// (DataLoss, "the file is damaged") when any step of the walk fails; HasObject, HasAttribute and
// the List* calls then answer from that walk, so a failed HDF5 call can never read as "absent".
// Reading an attribute's value or a dataset that fails is DataLoss as well.
#ifndef DPRL_ANALYSIS_HDF5_READER_H_
#define DPRL_ANALYSIS_HDF5_READER_H_

#include <hdf5.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "common/attribute_value.h"
#include "schema/option_binding.h"
#include "schema/parameters.h"

namespace dprl {

// Row-major matrix read from a 2-D dataset (a 1-D dataset of length n reads as n x 1).
struct Hdf5Matrix {
  int ndims = 2;  // 1 or 2, as stored
  int64_t rows = 0;
  int64_t cols = 0;
  std::vector<double> values;  // values[r * cols + c]
  double at(int64_t r, int64_t c) const { return values[r * cols + c]; }
};

class Hdf5Reader {
 public:
  // Opens `path` read-only and walks its tree (above). Errors: the file does not exist / is not
  // an HDF5 file / cannot be opened / is damaged (DataLoss).
  static absl::StatusOr<Hdf5Reader> Open(const std::string& path);

  Hdf5Reader(Hdf5Reader&& other) noexcept;
  Hdf5Reader& operator=(Hdf5Reader&& other) noexcept;
  Hdf5Reader(const Hdf5Reader&) = delete;
  Hdf5Reader& operator=(const Hdf5Reader&) = delete;
  ~Hdf5Reader();

  const std::string& path() const { return path_; }

  // Names of the groups directly under `group_path` ("/" = root), in creation order when the
  // file tracks it (dprl results files do), else in name order.
  absl::StatusOr<std::vector<std::string>> ListGroups(const std::string& group_path) const;
  // Names of the datasets directly under `group_path`, in the same order.
  absl::StatusOr<std::vector<std::string>> ListDatasets(const std::string& group_path) const;
  // Names of the attributes of the group or dataset `object_path`, in the same order.
  absl::StatusOr<std::vector<std::string>> ListAttributes(const std::string& object_path) const;

  // Object paths are absolute or relative to the root, e.g. "chain_ucb" or "/chain_ucb/x".
  // Answered from the walk of Open: no HDF5 call.
  bool HasObject(const std::string& object_path) const;
  bool HasAttribute(const std::string& object_path, const std::string& name) const;
  absl::StatusOr<std::string> ReadStringAttribute(const std::string& object_path,
                                                  const std::string& name) const;
  // Integer or floating-point scalar attribute as double / as int64 (integers only). A double
  // must be finite (no dprl attribute stores NaN or inf), and a privacy level (a name starting
  // with "privacy_epsilon") > 0: errors name the file, object, attribute and value.
  absl::StatusOr<double> ReadDoubleAttribute(const std::string& object_path,
                                             const std::string& name) const;
  absl::StatusOr<int64_t> ReadIntAttribute(const std::string& object_path,
                                           const std::string& name) const;

  // The attribute `name` of `object_path` as stored (int64, double or string, through the shared
  // layer common/hdf5_attribute.h, no check of its value). NotFound when it is missing.
  absl::StatusOr<AttributeValue> ReadAnyAttribute(const std::string& object_path,
                                                  const std::string& name) const;

  // The attributes of `object_path` that `specs` name, each read as the type its spec gives
  // (ReadStringAttribute, ReadDoubleAttribute, ReadIntAttribute: the same checks and messages);
  // absent ones are left out. This is how analysis reads a results group: through the specs of
  // the OptionBinding (schema/option_binding.h) that wrote it, whose Read then checks what is
  // required and turns the list into its Options.
  absl::StatusOr<AttributeList> ReadAttributes(const std::string& object_path,
                                               const std::vector<ParameterSpec>& specs) const;

  // The record `binding` wrote on `object_path` (a results group): its attributes read as
  // ReadAttributes reads them, then binding.Read (a required one must be there; an optional one
  // keeps its value in `defaults`). Errors name the file and the object.
  template <typename Options>
  absl::StatusOr<Options> ReadRecord(const std::string& object_path,
                                     const OptionBinding<Options>& binding,
                                     Options defaults = Options()) const {
    absl::StatusOr<AttributeList> attributes = ReadAttributes(object_path, binding.Specs(defaults));
    if (!attributes.ok()) return attributes.status();
    return binding.Read(*attributes, RecordContext(object_path), std::move(defaults));
  }
  // The same for a record that a group may lack: nullopt when none of the binding's attributes is
  // there (e.g. the guarantee of a non-private agent's group); otherwise as ReadRecord.
  template <typename Options>
  absl::StatusOr<std::optional<Options>> ReadOptionalRecord(const std::string& object_path,
                                                            const OptionBinding<Options>& binding,
                                                            Options defaults = Options()) const {
    absl::StatusOr<AttributeList> attributes = ReadAttributes(object_path, binding.Specs(defaults));
    if (!attributes.ok()) return attributes.status();
    if (attributes->empty()) return std::optional<Options>();
    absl::StatusOr<Options> read =
        binding.Read(*attributes, RecordContext(object_path), std::move(defaults));
    if (!read.ok()) return read.status();
    return std::optional<Options>(*std::move(read));
  }

  // Numeric 1-D or 2-D dataset as float64. Every value must be finite: a NaN or +-inf anywhere
  // is an error naming the file, the dataset and the first bad entry ("holds a non-finite
  // value"), so no analysis binary summarises a corrupt result. No dprl dataset stores NaN or inf
  // as a sentinel (docs/hdf5_schema.md uses -1 for "never").
  absl::StatusOr<Hdf5Matrix> ReadMatrix(const std::string& dataset_path) const;
  // Numeric 1-D dataset as float64, finite as for ReadMatrix.
  absl::StatusOr<std::vector<double>> ReadVector(const std::string& dataset_path) const;

 private:
  // What Open's walk found at one object path ("/", "/group", "/group/dataset").
  struct Object {
    bool is_group = false;
    std::vector<std::string> groups;      // member groups, in listing order (groups only)
    std::vector<std::string> datasets;    // member datasets, in listing order (groups only)
    std::vector<std::string> attributes;  // attribute names, in listing order
  };

  Hdf5Reader(std::string path, hid_t file) : path_(std::move(path)), file_(file) {}
  absl::Status Error(absl::StatusCode code, const std::string& what) const;
  // DataLoss "<file>: <what>: the file is damaged (or was not written completely)".
  absl::Status Damaged(const std::string& what) const;
  // Records `object` (open, of `type`, at `object_path`) and, for a group, its members,
  // recursively, into objects_; Damaged at the first HDF5 call that fails.
  absl::Status WalkObject(hid_t object, const std::string& object_path, H5O_type_t type);
  // The walk's entry of `object_path` (absolute or relative to the root), or nullptr.
  const Object* FindObject(const std::string& object_path) const;
  // FindObject, or NotFound "no group '<group_path>'".
  absl::StatusOr<const Object*> FindGroup(const std::string& group_path) const;
  // "<file>: group '<object_path>'": the context of a record's errors.
  std::string RecordContext(const std::string& object_path) const;
  // NotFound "missing attribute 'name' of 'object_path'" unless it exists.
  absl::Status CheckHasAttribute(const std::string& object_path, const std::string& name) const;

  std::string path_;
  hid_t file_ = -1;
  std::map<std::string, Object> objects_;  // by absolute path, from Open's walk
};

// Checks that the file is a dprl results file: root attribute dprl_schema_version exists and
// equals `supported_version`. The error says "not a dprl results file" or names both versions.
absl::Status CheckDprlSchema(const Hdf5Reader& reader, int64_t supported_version);

// The config groups of the file (the groups under the root), in creation order; an error when
// there are none.
absl::StatusOr<std::vector<std::string>> ListConfigGroups(const Hdf5Reader& reader);

// Checks that the root attribute `seeds` (written by the merge), where the file has it, equals
// `rows`, the seed (row) count of the per-seed dataset `dataset_path`; the error names both.
absl::Status CheckSeedsAttribute(const Hdf5Reader& reader, const std::string& dataset_path,
                                 int64_t rows);

}  // namespace dprl

#endif  // DPRL_ANALYSIS_HDF5_READER_H_
