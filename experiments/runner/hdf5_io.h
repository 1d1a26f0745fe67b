// Thin RAII wrappers over the HDF5 C API used by the runner to write task files and the merged
// results file reproducibly (docs/hdf5_schema.md):
//  * object modification/creation time stamps are disabled (H5Pset_obj_track_times false), so
//    the same data written in the same order gives the same bytes;
//  * link and attribute creation order are tracked, so readers (this code, h5py) list groups,
//    datasets and attributes in the order they were written.
// Every function returns a Status naming the file/object on failure; the HDF5 error stack is
// silenced on every thread: SilenceHdf5Errors() once per process (RunExperimentMain does), and
// CreateReproducibleFile and OpenFileReadOnly, through which every file is reached, silence the
// thread they run on.
#ifndef DPRL_EXPERIMENTS_RUNNER_HDF5_IO_H_
#define DPRL_EXPERIMENTS_RUNNER_HDF5_IO_H_

#include <hdf5.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "common/hdf5_attribute.h"
#include "experiments/runner/experiment.h"

namespace dprl {

// Turns off HDF5's library clean-up at exit and its automatic error-stack printing on this
// thread.
void SilenceHdf5Errors();
// Turns off HDF5's automatic error-stack printing on the calling thread (a thread-safe HDF5
// keeps the setting per thread); cheap after the first call on a thread.
void SilenceHdf5ErrorsOnThisThread();

// Creates a new file (fails if it exists) with time stamps off, creation order tracked and the
// checksum block reserved (common/hdf5_file_checksum.h).
absl::StatusOr<H5Handle> CreateReproducibleFile(const std::string& path);
// Opens an existing file read-only once its checksum verifies (VerifyFileChecksum: a damaged file
// is DataLoss); the message says whether it is missing, not HDF5 or damaged.
absl::StatusOr<H5Handle> OpenFileReadOnly(const std::string& path);
// Closes a file handle, reporting a failed final flush as an error naming `path`, then writes
// the file's checksum (WriteFileChecksum).
absl::Status CloseFile(H5Handle& file, const std::string& path);

// Creates a group (time stamps off, link and attribute creation order tracked).
absl::StatusOr<H5Handle> CreateGroup(hid_t parent, const std::string& name);
absl::StatusOr<H5Handle> OpenGroup(hid_t parent, const std::string& name);
absl::StatusOr<H5Handle> OpenDataset(hid_t parent, const std::string& name);

// Names of the links (groups, datasets) in `group`, in creation order when tracked, else by name.
absl::StatusOr<std::vector<std::string>> ListLinks(hid_t group);

// Scalar attributes: WriteAttribute and ReadAttribute (int64, double, string) are the shared layer
// of common/hdf5_attribute.h; a uint64 (the master seed) only the runner stores.
absl::Status WriteUint64Attribute(hid_t object, const std::string& name, uint64_t value);
absl::StatusOr<uint64_t> ReadUint64Attribute(hid_t object, const std::string& name);
// All attributes of `object`, in creation order when tracked, else by name.
absl::StatusOr<std::vector<std::pair<std::string, AttributeValue>>> ReadAllAttributes(hid_t object);

// Filters of every series dataset (task files and results file): chunks of at most
// kChunkElements values (one row of a matrix), deflate (zlib) at kDeflateLevel, no shuffle.
// Measured on the default-scale results (docs/hdf5_schema.md, "Compression"): per-episode series
// repeat whole 8-byte values for long stretches, which deflate finds directly; the byte shuffle
// splits them into planes and made vietri_fig.h5 3.2 times larger (69 vs 22 MB) and slower to
// write and read. Level 4: level 6 saves 6% more at 2.6 times the write time.
inline constexpr unsigned long long kChunkElements = 65536;
inline constexpr unsigned kDeflateLevel = 4;

// 1-D float64 dataset. `chunked_compressed` selects chunking + deflate (non-empty only).
absl::Status WriteVectorDataset(hid_t parent, const std::string& name,
                                const std::vector<double>& values, bool chunked_compressed);
// Reads a 1-D dataset of any numeric type as float64.
absl::StatusOr<std::vector<double>> ReadVectorDataset(hid_t parent, const std::string& name);
// A 1-D [n] or 2-D [rows x cols] float64 dataset, whole: rank, dims (cols = 1 for 1-D) and the
// values row-major.
struct DatasetValues {
  int rank = 1;
  int64_t rows = 0;
  int64_t cols = 1;
  std::vector<double> values;
};
absl::StatusOr<DatasetValues> ReadDataset(hid_t parent, const std::string& name);
// The same without the values (`values` stays empty): the shape only.
absl::StatusOr<DatasetValues> ReadDatasetShape(hid_t parent, const std::string& name);

// Creates a [rows x cols] float64 dataset, chunked per row (at most kChunkElements columns per
// chunk), deflate compressed. rows, cols >= 1.
absl::StatusOr<H5Handle> CreateMatrixDataset(hid_t parent, const std::string& name, int64_t rows,
                                             int64_t cols);
// Writes one row (values.size() must equal the column count).
absl::Status WriteMatrixRow(hid_t dataset, int64_t row, const std::vector<double>& values);

// Bitwise equality of attribute values (same alternative; doubles compared by bits).
bool SameAttributeValue(const AttributeValue& a, const AttributeValue& b);
// Human-readable value, e.g. 3, 0.5, "chain".
std::string AttributeToString(const AttributeValue& value);

}  // namespace dprl

#endif  // DPRL_EXPERIMENTS_RUNNER_HDF5_IO_H_
