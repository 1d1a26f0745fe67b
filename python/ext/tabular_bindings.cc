// The registered tabular agents by name (experiments/tabular/tabular_registry.h: every registered
// entry, its keyword arguments converted through its ParameterSpecs, so a newly registered agent
// needs no code here), their step API (begin_episode / act / observe / end_episode) and
// run_episodes, the C++ episode loop (algorithms/tabular/episode_loop.h) run with the GIL
// released. The environments they run on: tabular_environment_bindings.cc.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "algorithms/tabular/episode_loop.h"
#include "algorithms/tabular/pucb.h"
#include "algorithms/tabular/tabular_agent.h"
#include "common/hdf5_names.h"
#include "common/resource_limits.h"
#include "common/status_macros.h"
#include "envs/tabular_mdp.h"
#include "envs/value_iteration.h"
#include "experiments/tabular/tabular_registry.h"
#include "python/ext/bindings.h"
#include "python/ext/tabular_bindings.h"
#include "random/random_stream.h"

namespace py = pybind11;

namespace dprl::python {
namespace {

// run_episodes looks for a pending signal (Ctrl-C) after every this many episodes: often enough
// to stop within milliseconds, rarely enough that taking the GIL costs nothing measurable.
constexpr int64_t kEpisodesBetweenSignalChecks = 1024;

// A tabular agent with the protocol of algorithms/tabular/tabular_agent.h enforced (TabularAgent
// leaves it to the caller): begin_episode / act / observe / end_episode in order, each step h
// observed at most once per episode (the privacy calibration of PUCB's counters and every agent's
// counts assume one transition per step), at most `episode_limit` episodes (PUCB's T: its
// counters end there), and no call while run_episodes is running on another thread.
class PyTabularAgent {
 public:
  PyTabularAgent(std::string kind, std::unique_ptr<TabularAgent> agent,
                 std::optional<int64_t> episode_limit = std::nullopt)
      : kind_(std::move(kind)),
        agent_(std::move(agent)),
        episode_limit_(episode_limit),
        observed_(agent_->shape().horizon, 0) {}

  void BeginEpisode() {
    Require(false, "begin_episode");
    RequireEpisodesLeft("begin_episode", 1);
    agent_->BeginEpisode();
    std::fill(observed_.begin(), observed_.end(), 0);
    in_episode_ = true;
  }
  int Act(int h, int s, RandomStream& policy_stream) {
    Require(true, "act");
    CheckIndex("h", h, agent_->shape().horizon);
    CheckIndex("s", s, agent_->shape().num_states);
    return agent_->Act(h, s, policy_stream);
  }
  void Observe(int h, int s, int a, double reward, int next_state) {
    Require(true, "observe");
    CheckIndex("h", h, agent_->shape().horizon);
    if (observed_[h]) {
      throw py::value_error(absl::StrCat("observe: step h = ", h,
                                         " was already observed in this episode (one "
                                         "transition per step; call end_episode first)"));
    }
    ThrowIfError(agent_->Observe(h, s, a, reward, next_state));
    observed_[h] = 1;
  }
  void EndEpisode() {
    Require(true, "end_episode");
    agent_->EndEpisode();
    in_episode_ = false;
    ++episodes_;
  }
  py::array_t<double> ActionProbabilities() {
    Require(true, "action_probabilities");
    const TabularShape& s = agent_->shape();
    return ArrayOf(agent_->action_probabilities(), {s.horizon, s.num_states, s.num_actions});
  }
  int64_t NumBelowCap() {
    Require(true, "num_below_cap");
    return agent_->num_below_cap();
  }

  // The exact per-episode regret of num_episodes episodes (RunEpisodes), GIL released. Every
  // kEpisodesBetweenSignalChecks episodes it takes the GIL and runs Python's signal handlers
  // (PyErr_CheckSignals); when one raises (Ctrl-C: KeyboardInterrupt) the loop stops after the
  // episode it is in, `episodes` counts the episodes run, and the handler's exception is raised
  // with attribute partial_regret: the regret of those episodes (docs/python.md, "Interrupting
  // run_episodes").
  py::array_t<double> RunEpisodes(const TabularMdp& mdp, int64_t num_episodes,
                                  const RandomStream& environment_stream,
                                  const RandomStream& policy_stream) {
    Require(false, "run_episodes");
    const TabularShape& shape = agent_->shape();
    if (shape.num_states != mdp.num_states() || shape.num_actions != mdp.num_actions() ||
        shape.horizon != mdp.horizon()) {
      throw py::value_error(absl::StrCat(
          "run_episodes: the agent's (S, A, H) = (", shape.num_states, ", ", shape.num_actions,
          ", ", shape.horizon, ") differs from the environment's (", mdp.num_states(), ", ",
          mdp.num_actions(), ", ", mdp.horizon(), ")"));
    }
    if (num_episodes < 0) {
      throw py::value_error(absl::StrCat("num_episodes must be >= 0, got ", num_episodes));
    }
    RequireEpisodesLeft("run_episodes", num_episodes);
    ThrowIfError(CheckMemoryEstimate(absl::StrCat("run_episodes: num_episodes = ", num_episodes,
                                                  " (8 bytes of regret each)"),
                                     8.0 * static_cast<double>(num_episodes)));
    std::vector<double> regret;
    regret.reserve(num_episodes);
    absl::StatusOr<EpisodeLoopResult> result;
    PyObject* signal_type = nullptr;  // the exception a signal handler raised, if any
    PyObject* signal_value = nullptr;
    PyObject* signal_traceback = nullptr;
    int64_t since_check = 0;
    auto stop_requested = [&]() {
      if (++since_check < kEpisodesBetweenSignalChecks) return false;
      since_check = 0;
      py::gil_scoped_acquire acquire;
      if (PyErr_CheckSignals() == 0) return false;
      PyErr_Fetch(&signal_type, &signal_value, &signal_traceback);
      return true;
    };
    busy_ = true;
    {
      py::gil_scoped_release release;
      result = dprl::RunEpisodes(mdp, *agent_, num_episodes, environment_stream, policy_stream,
                                 /*progress=*/{}, /*pac_alphas=*/{},
                                 [&regret](double r) { regret.push_back(r); }, stop_requested);
    }
    busy_ = false;
    ThrowIfError(result.status());
    episodes_ += result->episodes;
    py::array_t<double> out = ArrayOf(regret, {static_cast<py::ssize_t>(regret.size())});
    if (signal_type != nullptr) {
      PyErr_NormalizeException(&signal_type, &signal_value, &signal_traceback);
      if (signal_value != nullptr) {
        PyObject_SetAttrString(signal_value, "partial_regret", out.ptr());
      }
      PyErr_Restore(signal_type, signal_value, signal_traceback);
      throw py::error_already_set();
    }
    return out;
  }

  const std::string& kind() const { return kind_; }
  const TabularShape& shape() const { return agent_->shape(); }
  int64_t episodes() const { return episodes_; }
  bool in_episode() const { return in_episode_; }
  TabularAgent& agent() { return *agent_; }

 private:
  void Require(bool in_episode, const char* call) const {
    if (busy_) throw py::value_error(absl::StrCat(call, ": run_episodes is running on this agent"));
    if (in_episode_ != in_episode) {
      throw py::value_error(absl::StrCat(call, in_episode ? ": no episode in progress (call begin_episode first)"
                                                          : ": an episode is in progress (call end_episode first)"));
    }
  }
  void RequireEpisodesLeft(const char* call, int64_t wanted) const {
    if (episode_limit_.has_value() && wanted > *episode_limit_ - episodes_) {
      throw py::value_error(absl::StrCat(call, ": the agent was created for num_episodes = ",
                                         *episode_limit_, " and has run ", episodes_,
                                         "; it cannot run ", wanted, " more"));
    }
  }
  std::string kind_;
  std::unique_ptr<TabularAgent> agent_;
  std::optional<int64_t> episode_limit_;
  std::vector<char> observed_;  // per step h: observed in the episode in progress
  bool in_episode_ = false;
  bool busy_ = false;
  int64_t episodes_ = 0;
};

const TabularAgentType& AgentTypeOrThrow(const char* function, const std::string& name) {
  return RegisteredOrThrow(function, "agent", name, FindTabularAgent(name), TabularAgentNames());
}

// A valid shape whose tables fit in this machine's memory (checked before an agent allocates).
absl::Status CheckShapeFits(const TabularShape& shape) {
  RETURN_IF_ERROR(ValidateTabularShape(shape));
  return CheckTabularAgentMemory(shape);
}

void BindAgents(py::module_& m) {
  py::class_<PyTabularAgent>(m, "TabularAgent",
                             "An episodic tabular agent (algorithms/tabular/tabular_agent.h).")
      .def("begin_episode", &PyTabularAgent::BeginEpisode, "Plans pi_t from episodes 1..t-1.")
      .def("act", &PyTabularAgent::Act, py::arg("h"), py::arg("s"), py::arg("policy_stream"))
      .def("observe", &PyTabularAgent::Observe, py::arg("h"), py::arg("s"), py::arg("a"),
           py::arg("reward"), py::arg("next_state"))
      .def("end_episode", &PyTabularAgent::EndEpisode)
      .def("action_probabilities", &PyTabularAgent::ActionProbabilities,
           "pi_t(a | s, h) as an (H, S, A) array (valid during an episode).")
      .def("num_below_cap", &PyTabularAgent::NumBelowCap,
           "Number of (s, a, h) whose optimistic value is below H in the current plan.")
      .def("run_episodes", &PyTabularAgent::RunEpisodes, py::arg("env"), py::arg("num_episodes"),
           py::arg("environment_stream"), py::arg("policy_stream"),
           "Runs num_episodes episodes in C++ (GIL released) and returns the exact per-episode "
           "regret rho* - rho^{pi_t}. The streams are copied (not advanced).")
      .def_property_readonly("kind", &PyTabularAgent::kind)
      .def_property_readonly(
          "shape", [](const PyTabularAgent& a) { return TabularShape(a.shape()); },
          "(S, A, H), a copy.")
      .def_property_readonly("episodes", &PyTabularAgent::episodes)
      .def_property_readonly("in_episode", &PyTabularAgent::in_episode)
      .def_property_readonly("error_bound", [](PyTabularAgent& a) {
        auto* pucb = dynamic_cast<PucbAgent*>(&a.agent());
        if (pucb == nullptr) throw py::value_error("error_bound: only PUCB agents have E");
        return pucb->error_bound();
      });

  // The agent for a target (a shape, or an MDP: tabular_registry.h's TabularAgentTarget).
  auto make_agent = [](const std::string& name, const TabularAgentTarget& target,
                       const RandomStream& noise_stream, const py::dict& options) {
    const TabularAgentType& type = AgentTypeOrThrow("tabular_agent", name);
    const std::string caller = absl::StrCat("tabular_agent('", name, "')");
    ConfigSpec config;
    config.group_name = caller;
    config.attributes = AttributesFromKeywords(caller, type.parameters, options);
    ThrowIfError(CheckShapeFits(target.shape));
    absl::StatusOr<std::unique_ptr<TabularAgent>> agent = type.create(config, target, noise_stream);
    if (!agent.ok()) ThrowRegistryError(caller, agent.status());
    // An agent with a num_episodes parameter (PUCB's T) is sized for that many episodes.
    return PyTabularAgent(name, *std::move(agent),
                          IntAttribute(config.attributes, hdf5_names::kNumEpisodes));
  };
  m.def(
      "_tabular_agent",
      [make_agent](const std::string& name, const TabularShape& shape,
                   const RandomStream& noise_stream, const py::dict& options) {
        return make_agent(name, shape, noise_stream, options);
      },
      py::arg("name"), py::arg("shape"), py::arg("noise_stream"), py::arg("options"),
      "The registered tabular agent `name` for a shape (dprl.tabular_agent).");
  m.def(
      "_tabular_agent",
      [make_agent](const std::string& name, const TabularMdp& environment,
                   const RandomStream& noise_stream, const py::dict& options) {
        return make_agent(name, environment, noise_stream, options);
      },
      py::arg("name"), py::arg("environment"), py::arg("noise_stream"), py::arg("options"),
      "The registered tabular agent `name` for an MDP (dprl.tabular_agent).");
  m.def("tabular_agent_names", &TabularAgentNames, "The registered tabular agents, sorted.");
  m.def(
      "tabular_agent_parameters",
      [](const std::string& name) {
        return ParameterSpecList(AgentTypeOrThrow("tabular_agent_parameters", name).parameters);
      },
      py::arg("name"),
      "The parameters of the registered tabular agent `name`: the keyword arguments of "
      "tabular_agent, with their registered defaults.");
}

}  // namespace

void BindTabular(py::module_& m) {
  BindParameterSpec(m);
  BindTabularEnvironments(m);
  BindAgents(m);
}

}  // namespace dprl::python
