// All-or-nothing output files for analysis binaries: every output is first written to a
// temporary file next to its final name (".<base>.tmp.<pid>"), and only when all are complete
// are they fsync'ed and renamed into place. A failure leaves no partial output behind.
#ifndef DPRL_ANALYSIS_OUTPUT_FILES_H_
#define DPRL_ANALYSIS_OUTPUT_FILES_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace dprl {

class OutputFiles {
 public:
  // Creates an empty temporary file for each final path, first removing the temporary files of
  // that path left by a killed analysis (those of processes that no longer exist). The error
  // names `flag` (e.g. "--out_prefix") and the path that could not be created.
  static absl::StatusOr<OutputFiles> Reserve(const std::vector<std::string>& final_paths,
                                             const std::string& flag);
  OutputFiles(OutputFiles&& other) noexcept;
  OutputFiles& operator=(OutputFiles&&) = delete;
  OutputFiles(const OutputFiles&) = delete;
  OutputFiles& operator=(const OutputFiles&) = delete;
  // Removes the temporary files that were not committed.
  ~OutputFiles();

  // Where output i must be written.
  const std::string& temp_path(size_t i) const { return temp_paths_[i]; }
  // Checks every temp file is non-empty, fsyncs and renames them to their final names.
  absl::Status Commit();

 private:
  OutputFiles() = default;
  std::vector<std::string> final_paths_;
  std::vector<std::string> temp_paths_;
  bool committed_ = false;
};

}  // namespace dprl

#endif  // DPRL_ANALYSIS_OUTPUT_FILES_H_
