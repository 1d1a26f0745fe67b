// The privacy auditor (audit/auditor.h) from Python: dprl._dprl._audit_neighbours, which
// dprl.audit (python/lib/dprl/audit.py) wraps. A sampler is any Python callable taking a
// dprl.RandomStream and returning a float or a sequence of floats; the callable runs with the GIL
// held (it is Python), and an exception it raises ends the audit and propagates unchanged.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <vector>

#include "audit/auditor.h"
#include "python/ext/bindings.h"
#include "random/random_stream.h"

namespace py = pybind11;

namespace dprl::python {
namespace {

// The observation of one trial as a vector: a float is a vector of one entry.
std::vector<double> ObservationOf(const py::object& value) {
  try {
    if (py::isinstance<py::sequence>(value) && !py::isinstance<py::str>(value)) {
      return value.cast<std::vector<double>>();
    }
    return {value.cast<double>()};
  } catch (const py::cast_error&) {
    throw py::type_error("an audit sampler must return a float or a sequence of floats, got " +
                         std::string(py::str(value.get_type().attr("__name__"))));
  }
}

ObservationVectorSampler VectorSampler(const py::function& sampler) {
  return [sampler](RandomStream& stream) {
    // The sampler gets its own copy of this trial's stream (it may keep or advance it).
    return ObservationOf(sampler(py::cast(RandomStream(stream))));
  };
}

// The options of an audit of `num_trials` per input at (confidence_beta, target_delta), the other
// fields at their defaults; ValueError (the C++ message) for a bad value.
AuditOptions ValidOptions(int64_t num_trials, double confidence_beta, double target_delta) {
  AuditOptions options;
  options.num_trials = num_trials;
  options.confidence_beta = confidence_beta;
  options.target_delta = target_delta;
  ThrowIfError(options.Validate());
  return options;
}

}  // namespace

void BindAudit(py::module_& m) {
  m.attr("AUDIT_TRIAL_PURPOSE") = kAuditTrialPurpose;
  py::class_<AuditResult>(m, "AuditResult",
                          "The result of an audit (audit/auditor.h, AuditResult): the held-out "
                          "lower bound, the event chosen on the training half, the counts.")
      .def_readonly("statistic", &AuditResult::statistic)
      .def_readonly("epsilon_lower", &AuditResult::privacy_epsilon_lower)
      .def_readonly("epsilon_point", &AuditResult::privacy_epsilon_point)
      .def_readonly("threshold", &AuditResult::threshold)
      .def_readonly("upper_tail", &AuditResult::upper_tail)
      .def_readonly("swapped", &AuditResult::swapped)
      .def_readonly("count_first", &AuditResult::count_first)
      .def_readonly("count_second", &AuditResult::count_second)
      .def_readonly("heldout_trials", &AuditResult::heldout_trials)
      .def_readonly("first_probability_lower", &AuditResult::first_probability_lower)
      .def_readonly("second_probability_upper", &AuditResult::second_probability_upper)
      .def("__repr__", &AuditResult::DebugString);

  m.def(
      "_audit_neighbours",
      [](const py::function& first, const py::function& second, const py::list& statistics,
         int64_t num_trials, double confidence_beta, double target_delta, int64_t max_thresholds,
         uint64_t seed) {
        AuditOptions options = ValidOptions(num_trials, confidence_beta, target_delta);
        options.max_thresholds = max_thresholds;
        options.seed = seed;
        std::vector<CandidateStatistic> candidates;
        for (const py::handle& item : statistics) {
          const auto pair = item.cast<py::tuple>();
          const py::function value = pair[1].cast<py::function>();
          candidates.push_back(
              {pair[0].cast<std::string>(), [value](const std::vector<double>& observation) {
                 return value(observation).cast<double>();
               }});
        }
        return ValueOrThrow(
            AuditNeighboursOver(VectorSampler(first), VectorSampler(second), candidates, options));
      },
      py::arg("first"), py::arg("second"), py::arg("statistics"), py::arg("num_trials"),
      py::arg("confidence_beta"), py::arg("target_delta"), py::arg("max_thresholds"),
      py::arg("seed"),
      "AuditNeighboursOver (audit/auditor.h) with Python samplers and (name, function) "
      "statistics; dprl.audit is the documented entry point.");

  m.def("_audit_observation", &ObservationOf, py::arg("value"),
        "A sampler's return value as the audit reads it (a float or a sequence of floats: a list "
        "of floats), or TypeError; dprl.audit's determinism check compares these.");

  m.def(
      "audit_verdict",
      [](const AuditResult& result, double claimed_epsilon) {
        return VerdictName(VerdictOf(result, claimed_epsilon));
      },
      py::arg("result"), py::arg("claimed_epsilon"),
      "'refuted' when the bound exceeds the claim, else 'no evidence against the claim' "
      "(audit/auditor.h, VerdictOf): an audit never shows that a claim holds.");

  m.def("audit_trial_stream", &AuditTrialStream, py::arg("seed"), py::arg("input"),
        py::arg("trial"),
        "The stream of trial `trial` of input `input` (0: first, 1: second) of an audit with "
        "seed `seed` (audit/auditor.h, AuditTrialStream).");

  m.def(
      "max_reportable_epsilon",
      [](int64_t num_trials, double confidence_beta, double target_delta) {
        return MaxReportableEpsilon(ValidOptions(num_trials, confidence_beta, target_delta));
      },
      py::arg("num_trials"), py::arg("confidence_beta") = 1e-6, py::arg("target_delta") = 0.0,
      "The largest lower bound an audit of these trials can report (a perfectly separating "
      "event).");

  m.def(
      "trials_needed_to_refute",
      [](double claimed_epsilon, double confidence_beta, double target_delta) {
        return ValueOrThrow(TrialsNeededToRefute(
            claimed_epsilon,
            ValidOptions(AuditOptions().num_trials, confidence_beta, target_delta)));
      },
      py::arg("claimed_epsilon"), py::arg("confidence_beta") = 1e-6, py::arg("target_delta") = 0.0,
      "The fewest trials per input at which an audit could refute `claimed_epsilon` at all "
      "(audit/auditor.h, TrialsNeededToRefute).");
}

}  // namespace dprl::python
