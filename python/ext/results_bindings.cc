// The schema check of results files, shared with the analysis binaries
// (analysis/hdf5_reader.h, CheckDprlSchema); dprl.results.load reads the file with h5py after it.
#include <pybind11/pybind11.h>

#include <string>

#include "analysis/hdf5_reader.h"
#include "common/hdf5_names.h"
#include "python/ext/bindings.h"

namespace py = pybind11;

namespace dprl::python {

void BindResults(py::module_& m) {
  m.def(
      "check_results_schema",
      [](const std::string& path) {
        const Hdf5Reader reader = ValueOrThrow(Hdf5Reader::Open(path));
        ThrowIfError(CheckDprlSchema(reader, hdf5_names::kResultsSchemaVersion));
      },
      py::arg("path"),
      "ValueError unless `path` is a dprl results file of the schema version this build reads "
      "(the analysis binaries' check).");
}

}  // namespace dprl::python
