// The check of results files shared with the analysis binaries (analysis/results_check.h,
// CheckResultsFile); dprl.results.load reads the file with h5py after it.
#include <pybind11/pybind11.h>

#include <string>

#include "analysis/hdf5_reader.h"
#include "analysis/results_check.h"
#include "common/hdf5_names.h"
#include "python/ext/bindings.h"

namespace py = pybind11;

namespace dprl::python {

void BindResults(py::module_& m) {
  m.def(
      "check_results_file",
      [](const std::string& path) {
        const Hdf5Reader reader = ValueOrThrow(Hdf5Reader::Open(path));
        ThrowIfError(CheckResultsFile(reader));
      },
      py::arg("path"),
      "ValueError unless `path` is a dprl results file the analysis binaries read: the schema "
      "version this build reads, finite per-seed datasets, complete regret groups "
      "(analysis/results_check.h).");
}

}  // namespace dprl::python
