// The check of results files shared with the analysis binaries (analysis/results_check.h,
// CheckResultsFile); dprl.results.load reads the file with h5py after it. And the names a results
// file's readers need (dprl.attributes): every attribute field of the schema
// (schema/attribute_fields.h) with its type and doc, and the regret datasets' names.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <tuple>
#include <vector>

#include "analysis/hdf5_reader.h"
#include "analysis/results_check.h"
#include "common/hdf5_names.h"
#include "python/ext/bindings.h"
#include "schema/attribute_fields.h"

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
  m.def(
      "_attribute_fields",
      [] {
        std::vector<std::tuple<std::string, std::string, std::string>> fields;
        for (const AttributeFieldInfo& field : attribute_fields::AttributeFieldTable()) {
          fields.emplace_back(field.name, field.type, field.doc);
        }
        return fields;
      },
      "(name, HDF5 type, doc) of every attribute field of the results schema, in declaration "
      "order (schema/attribute_fields.h); dprl.attributes names them.");
  m.def(
      "_regret_dataset_names",
      [] {
        return std::vector<std::string>{hdf5_names::kEpisodeGrid, hdf5_names::kCumulativeRegret,
                                        hdf5_names::kTotalRegret};
      },
      "The datasets every regret group holds (common/hdf5_names.h).");
}

}  // namespace dprl::python
