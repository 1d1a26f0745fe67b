// The dprl Python extension module, imported as dprl._dprl by the pure-Python package dprl
// (python/lib/dprl/__init__.py). See python/ext/bindings.h for the rules of the bindings.
#include <pybind11/pybind11.h>

#include "common/build_info.h"
#include "common/hdf5_names.h"
#include "python/ext/bindings.h"

PYBIND11_MODULE(_dprl, m) {
  m.doc() = "dprl: exact privacy mechanisms, accountants and agents of the dprl C++ library";
  // The results-file schema the analysis binaries accept (common/hdf5_names.h).
  m.attr("RESULTS_SCHEMA_VERSION") = dprl::hdf5_names::kResultsSchemaVersion;
  m.attr("SCHEMA_VERSION_ATTRIBUTE") = dprl::hdf5_names::kSchemaVersion;
  // The build stamp's version (common/build_info.h), what every dprl binary's --version prints:
  // `git describe --tags --always --dirty` of the workspace it was built from, or "unknown".
  m.attr("__version__") = dprl::GetBuildInfo().version;
  dprl::python::BindRandom(m);
  dprl::python::BindMechanisms(m);
  dprl::python::BindAccounting(m);
  dprl::python::BindTabular(m);
  dprl::python::BindResults(m);
  dprl::python::BindLq(m);
  dprl::python::BindAudit(m);
  dprl::python::BindGames(m);
}
