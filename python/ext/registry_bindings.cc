// Registered types from Python keyword arguments (bindings.h): the conversion of keyword
// arguments through a type's ParameterSpecs, the error of its create, and dprl.ParameterSpec.
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "python/ext/bindings.h"

namespace py = pybind11;

namespace dprl::python {
namespace {

const char* TypeNameOf(const py::handle& value) { return Py_TYPE(value.ptr())->tp_name; }

[[noreturn]] void ThrowWrongType(const std::string& caller, const ParameterSpec& spec,
                                 const py::handle& value) {
  throw py::type_error(absl::StrCat(caller, ": parameter '", spec.name, "' must be ",
                                    AttributeTypeNameWithArticle(spec.default_value), ", got ",
                                    TypeNameOf(value)));
}

// `value` as the type of `spec` (see AttributesFromKeywords).
AttributeValue Converted(const std::string& caller, const ParameterSpec& spec,
                         const py::handle& value) {
  PyObject* object = value.ptr();
  if (std::holds_alternative<std::string>(spec.default_value)) {
    if (!PyUnicode_Check(object)) ThrowWrongType(caller, spec, value);
    return value.cast<std::string>();
  }
  if (std::holds_alternative<int64_t>(spec.default_value)) {
    if (!PyIndex_Check(object)) ThrowWrongType(caller, spec, value);
    const py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(object));
    if (!index) throw py::error_already_set();
    int overflow = 0;
    const long long integer = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
    if (overflow != 0) {
      throw py::value_error(absl::StrCat(caller, ": parameter '", spec.name, "' = ",
                                         std::string(py::str(index)), " is beyond int64"));
    }
    return int64_t{integer};
  }
  // A float parameter: a real number that is not a bool (True is no privacy_epsilon).
  if (PyBool_Check(object) || PyUnicode_Check(object) ||
      !(PyFloat_Check(object) || PyIndex_Check(object) || py::hasattr(value, "__float__"))) {
    ThrowWrongType(caller, spec, value);
  }
  const double real = PyFloat_AsDouble(object);
  if (real == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    throw py::value_error(absl::StrCat(caller, ": parameter '", spec.name, "' = ",
                                       std::string(py::str(value)), " is beyond float64"));
  }
  return real;
}

py::object PythonValue(const AttributeValue& value) {
  return std::visit([](const auto& v) -> py::object { return py::cast(v); }, value);
}

}  // namespace

AttributeList AttributesFromKeywords(const std::string& caller,
                                     const std::vector<ParameterSpec>& specs,
                                     const py::dict& keywords) {
  std::vector<std::string> names;
  for (const ParameterSpec& spec : specs) names.push_back(spec.name);
  for (const auto& [key, value] : keywords) {
    if (!PyUnicode_Check(key.ptr())) {
      throw py::type_error(absl::StrCat(caller, ": keywords must be strings, got ",
                                        TypeNameOf(key)));
    }
    const std::string name = key.cast<std::string>();
    if (!absl::c_linear_search(names, name)) {
      throw py::type_error(absl::StrCat(
          caller, ": unknown parameter '", name, "' (",
          names.empty() ? "it has no parameters"
                        : absl::StrCat("its parameters: ", absl::StrJoin(names, ", ")),
          ")"));
    }
  }
  AttributeList attributes;
  for (const ParameterSpec& spec : specs) {
    attributes.emplace_back(spec.name, keywords.contains(spec.name)
                                           ? Converted(caller, spec, keywords[py::str(spec.name)])
                                           : spec.default_value);
  }
  return attributes;
}

void ThrowRegistryError(const std::string& caller, const absl::Status& status) {
  absl::string_view message = status.message();
  absl::ConsumePrefix(&message, absl::StrCat("configuration ", caller, ": "));
  throw py::value_error(absl::StrCat(caller, ": ", message));
}

py::list ParameterSpecList(const std::vector<ParameterSpec>& specs) {
  py::list list;
  for (const ParameterSpec& spec : specs) list.append(py::cast(spec));
  return list;
}

void BindParameterSpec(py::module_& m) {
  py::class_<ParameterSpec>(m, "ParameterSpec",
                            "A parameter of a registered type: name, type ('int', 'float' or "
                            "'string'), its registered default and its documentation.")
      .def_readonly("name", &ParameterSpec::name)
      .def_property_readonly(
          "type", [](const ParameterSpec& s) { return AttributeTypeName(s.default_value); })
      .def_property_readonly("default",
                             [](const ParameterSpec& s) { return PythonValue(s.default_value); })
      .def_readonly("doc", &ParameterSpec::doc)
      .def("__repr__", [](const ParameterSpec& s) {
        return py::str("ParameterSpec(name={!r}, type={!r}, default={!r}, doc={!r})")
            .format(s.name, AttributeTypeName(s.default_value), PythonValue(s.default_value),
                    s.doc);
      });
}

}  // namespace dprl::python
