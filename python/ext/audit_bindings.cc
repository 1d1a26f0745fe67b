// The privacy auditor (audit/auditor.h) from Python. dprl.audit (python/lib/dprl/_audit.py) draws
// a Python sampler's trials (with the GIL: it is Python) and audits their statistics with
// _audit_sampled (AuditSampled); dprl.audit_tabular_agent runs the JDP audit of a registered
// agent (audit/registered_agent_audit.h) in C++, its trials on several threads with the GIL
// released.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "audit/audit_plot.h"
#include "audit/auditor.h"
#include "audit/registered_agent_audit.h"
#include "audit/tabular_views.h"
#include "experiments/tabular/tabular_registry.h"
#include "python/ext/bindings.h"
#include "python/ext/tabular_bindings.h"
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
      "_audit_sampled",
      [](const std::vector<std::string>& names, std::vector<std::vector<double>> first,
         std::vector<std::vector<double>> second, int64_t num_trials, double confidence_beta,
         double target_delta, int64_t max_thresholds, uint64_t seed) {
        AuditOptions options = ValidOptions(num_trials, confidence_beta, target_delta);
        options.max_thresholds = max_thresholds;
        options.seed = seed;
        return ValueOrThrow(
            AuditSampled(SampledStatistics{names, std::move(first), std::move(second)}, options));
      },
      py::arg("names"), py::arg("first"), py::arg("second"), py::arg("num_trials"),
      py::arg("confidence_beta"), py::arg("target_delta"), py::arg("max_thresholds"),
      py::arg("seed"),
      "AuditSampled (audit/auditor.h): first[s][i] is statistic names[s] of trial i of the "
      "first input; dprl.audit is the documented entry point.");

  py::class_<RegisteredAgentAudit>(
      m, "TabularAgentAudit",
      "The JDP audit of a registered tabular agent (audit/registered_agent_audit.h): str() is "
      "the report.")
      .def_readonly("result", &RegisteredAgentAudit::result)
      .def_readonly("claimed_epsilon", &RegisteredAgentAudit::claimed_epsilon)
      .def_readonly("claim_source", &RegisteredAgentAudit::claim_source)
      .def_readonly("trials_needed", &RegisteredAgentAudit::trials_needed)
      .def_readonly("agent_parameters", &RegisteredAgentAudit::agent_parameters)
      .def_readonly("environment_parameters", &RegisteredAgentAudit::environment_parameters)
      .def_property_readonly(
          "epsilon_lower",
          [](const RegisteredAgentAudit& a) { return a.result.privacy_epsilon_lower; })
      .def_property_readonly("verdict",
                             [](const RegisteredAgentAudit& a) { return VerdictName(a.verdict); })
      .def(
          "plot",
          [](const RegisteredAgentAudit& a, const std::string& path) {
            ThrowIfError(WriteAuditPlot(path, a.heldout.first, a.heldout.second, a.result,
                                        a.claimed_epsilon));
          },
          py::arg("path"),
          "Writes a PNG of the two held-out distributions of the chosen statistic and the event "
          "(audit/audit_plot.h).")
      .def("__str__", &RegisteredAgentAudit::Report)
      .def("__repr__", [](const RegisteredAgentAudit& a) { return a.result.DebugString(); });

  m.def(
      "_audit_tabular_agent",
      [](const std::string& agent, const py::dict& agent_parameters, const std::string& environment,
         const py::dict& environment_parameters, int64_t num_users, int64_t target,
         const std::string& relation, std::optional<double> claimed_epsilon, int64_t num_trials,
         double confidence_beta, double target_delta, uint64_t seed, int num_threads,
         int progress) {
        RegisteredAgentAuditOptions options;
        options.agent = agent;
        options.environment = environment;
        const std::string caller = "audit_tabular_agent";
        options.agent_parameters =
            AttributesFromKeywords(caller,
                                   RegisteredOrThrow(caller.c_str(), "agent", agent,
                                                     FindTabularAgent(agent), TabularAgentNames())
                                       .parameters,
                                   agent_parameters);
        options.environment_parameters = AttributesFromKeywords(
            caller,
            RegisteredOrThrow(caller.c_str(), "environment", environment,
                              FindTabularEnvironment(environment), TabularEnvironmentNames())
                .parameters,
            environment_parameters);
        // AttributesFromKeywords fills every default; the audit's own defaults (num_episodes,
        // the relation) apply only to what the caller did not give.
        auto given_only = [](AttributeList all, const py::dict& given) {
          AttributeList kept;
          for (auto& [name, value] : all) {
            if (given.contains(py::str(name))) kept.emplace_back(name, std::move(value));
          }
          return kept;
        };
        options.agent_parameters = given_only(options.agent_parameters, agent_parameters);
        options.environment_parameters =
            given_only(options.environment_parameters, environment_parameters);
        options.num_users = num_users;
        options.target = target;
        if (relation == "add_remove") {
          options.relation = JdpRelation::kAddRemove;
        } else if (relation == "replacement") {
          options.relation = JdpRelation::kReplacement;
        } else {
          throw py::value_error(
              "audit_tabular_agent: relation must be 'add_remove' or "
              "'replacement', got '" +
              relation + "'");
        }
        options.claimed_epsilon = claimed_epsilon;
        options.audit = ValidOptions(num_trials, confidence_beta, target_delta);
        options.audit.seed = seed;
        options.audit.num_threads = num_threads;
        // 0: no progress lines, 1: after 5 s, 2: always (dprl.audit_tabular_agent's progress).
        if (progress > 0) options.audit.progress = StderrAuditProgress(progress == 2);
        absl::StatusOr<RegisteredAgentAudit> audit;
        {
          py::gil_scoped_release release;
          audit = AuditRegisteredTabularAgent(options);
        }
        return ValueOrThrow(std::move(audit));
      },
      py::arg("agent"), py::arg("agent_parameters"), py::arg("environment"),
      py::arg("environment_parameters"), py::arg("num_users"), py::arg("target"),
      py::arg("relation"), py::arg("claimed_epsilon"), py::arg("num_trials"),
      py::arg("confidence_beta"), py::arg("target_delta"), py::arg("seed"), py::arg("num_threads"),
      py::arg("progress"),
      "AuditRegisteredTabularAgent (audit/registered_agent_audit.h); "
      "dprl.audit_tabular_agent is the documented entry point.");

  m.def(
      "_write_audit_plot",
      [](const std::string& path, const std::vector<double>& heldout_first,
         const std::vector<double>& heldout_second, const AuditResult& result,
         double claimed_epsilon) {
        ThrowIfError(WriteAuditPlot(path, heldout_first, heldout_second, result, claimed_epsilon));
      },
      py::arg("path"), py::arg("heldout_first"), py::arg("heldout_second"), py::arg("result"),
      py::arg("claimed_epsilon"),
      "WriteAuditPlot (audit/audit_plot.h); AuditReport.plot is the documented entry point.");

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
      "_check_audit_memory",
      [](int64_t num_trials, int64_t num_statistics, double extra_bytes_per_trial) {
        ThrowIfError(CheckAuditMemory(num_trials, num_statistics, extra_bytes_per_trial));
      },
      py::arg("num_trials"), py::arg("num_statistics"), py::arg("extra_bytes_per_trial"),
      "ValueError when an audit of num_trials per input would not fit in this machine's memory "
      "(audit/auditor.h, CheckAuditMemory).");

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
