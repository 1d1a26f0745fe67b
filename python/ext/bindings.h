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
//   - Registered types (the tabular agents and environments) are not bound one by one: they are
//     created by name with their registered parameters as keyword arguments (below), a keyword
//     no parameter names or a value of the wrong type raising TypeError.
#ifndef DPRL_PYTHON_EXT_BINDINGS_H_
#define DPRL_PYTHON_EXT_BINDINGS_H_

#include <pybind11/pybind11.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "schema/option_binding.h"
#include "schema/parameters.h"

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

// `value` when finite, else ValueError "<what> overflows a double (<value>) at <inputs>": no
// binding returns inf or NaN for finite inputs.
inline double FiniteOrThrow(const std::string& what, double value, const std::string& inputs) {
  if (!std::isfinite(value)) {
    throw pybind11::value_error(
        absl::StrCat(what, " overflows a double (", value, ") at ", inputs));
  }
  return value;
}

// Registered types are created from Python keyword arguments through their ParameterSpecs
// (registry_bindings.cc), so a newly registered type needs no binding code.
//
// The attributes of a registered type's parameters `specs` from the keyword arguments
// `keywords`: each given value converted to its spec's type (int: a Python int, bool or NumPy
// integer; float: a Python int or float or a NumPy number; string: a str), each parameter not
// given at its spec's default (the registered default). Raises TypeError naming `caller` and the
// keyword for a keyword that no spec names and for a value of another type, ValueError for an int
// beyond int64. Values are range-checked by the type's create (its Options' Validate).
AttributeList AttributesFromKeywords(const std::string& caller,
                                     const std::vector<ParameterSpec>& specs,
                                     const pybind11::dict& keywords);

// Raises ValueError("<caller>: <message>") for an error of a registered type's create called with
// a configuration whose group_name is `caller` (its "configuration <caller>: " prefix dropped, so
// the message names the call once).
[[noreturn]] void ThrowRegistryError(const std::string& caller, const absl::Status& status);

// `specs` as a list of dprl.ParameterSpec (name, type, default, doc).
pybind11::list ParameterSpecList(const std::vector<ParameterSpec>& specs);

void BindParameterSpec(pybind11::module_& m);  // registry_bindings.cc
void BindRandom(pybind11::module_& m);       // random_bindings.cc
void BindMechanisms(pybind11::module_& m);   // mechanisms_bindings.cc
void BindAccounting(pybind11::module_& m);   // accounting_bindings.cc
void BindTabular(pybind11::module_& m);      // tabular_bindings.cc (and tabular_bindings.h)
void BindResults(pybind11::module_& m);      // results_bindings.cc
void BindLq(pybind11::module_& m);           // lq_bindings.cc
void BindAudit(pybind11::module_& m);        // audit_bindings.cc
void BindGames(pybind11::module_& m);        // game_bindings.cc

}  // namespace dprl::python

#endif  // DPRL_PYTHON_EXT_BINDINGS_H_
