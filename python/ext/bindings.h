// The pieces of the dprl Python extension module `dprl._dprl` (python/ext/module.cc calls each).
//
// Rules every binding follows (docs/python.md, "How the bindings are built"):
//   - No logic of its own: every number comes from the C++ library the experiments use.
//   - C++ absl::Status errors are raised as Python ValueError carrying the C++ message.
//   - C++ preconditions that are CHECKed (a crash in C++) are validated first with the shared
//     validators of common/validation.h, so a bad argument from Python raises ValueError and never
//     aborts the interpreter.
//   - Randomness is always an explicit dprl.RandomStream (the C++ Philox stream), so the same key
//     gives the same bits in Python and in C++.
//   - Long C++ calls (run_episodes) release the GIL.
#ifndef DPRL_PYTHON_EXT_BINDINGS_H_
#define DPRL_PYTHON_EXT_BINDINGS_H_

#include <pybind11/pybind11.h>

#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace dprl::python {

// Raises ValueError(status.message()) when `status` is not OK.
inline void ThrowIfError(const absl::Status& status) {
  if (!status.ok()) throw pybind11::value_error(std::string(status.message()));
}

// The value, or ValueError(status.message()).
template <typename T>
T ValueOrThrow(absl::StatusOr<T> result) {
  ThrowIfError(result.status());
  return *std::move(result);
}

void BindRandom(pybind11::module_& m);       // random_bindings.cc
void BindMechanisms(pybind11::module_& m);   // mechanisms_bindings.cc
void BindAccounting(pybind11::module_& m);   // accounting_bindings.cc
void BindTabular(pybind11::module_& m);      // tabular_bindings.cc
void BindResults(pybind11::module_& m);      // results_bindings.cc
void BindLq(pybind11::module_& m);           // lq_bindings.cc

}  // namespace dprl::python

#endif  // DPRL_PYTHON_EXT_BINDINGS_H_
