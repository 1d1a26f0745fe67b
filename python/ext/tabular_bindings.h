// The pieces that the tabular bindings share: tabular_environment_bindings.cc (the environments,
// by class and by registered name) and tabular_bindings.cc (the registered agents, their step API
// and run_episodes).
#ifndef DPRL_PYTHON_EXT_TABULAR_BINDINGS_H_
#define DPRL_PYTHON_EXT_TABULAR_BINDINGS_H_

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "schema/option_binding.h"

namespace dprl::python {

// ValueError "<what> must be in [0, <bound>), got <value>" unless 0 <= value < bound.
void CheckIndex(const char* what, int64_t value, int64_t bound);

// A copy of `values` as a NumPy array of the given shape.
pybind11::array_t<double> ArrayOf(const std::vector<double>& values,
                                  std::vector<pybind11::ssize_t> shape);

// The int value of the attribute `name`, if there is one.
std::optional<int64_t> IntAttribute(const AttributeList& attributes, const char* name);

// The registered type `type` found for `name`, or ValueError "<function>: unknown <what> 'name'
// (one of <names>)".
template <typename Type>
const Type& RegisteredOrThrow(const char* function, const char* what, const std::string& name,
                              const Type* type, const std::vector<std::string>& names) {
  if (type == nullptr) {
    throw pybind11::value_error(absl::StrCat(function, ": unknown ", what, " '", name,
                                             "' (one of ", absl::StrJoin(names, ", "), ")"));
  }
  return *type;
}

// TabularShape, TabularMdp and the environments by class (riverswim, random_dirichlet_mdp,
// lower_bound_mdp, ...), then the registered environments by name (tabular_environment,
// tabular_environment_names, tabular_environment_parameters).
void BindTabularEnvironments(pybind11::module_& m);

}  // namespace dprl::python

#endif  // DPRL_PYTHON_EXT_TABULAR_BINDINGS_H_
