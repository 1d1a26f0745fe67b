// Tabular environments (envs/tabular_mdp.h, riverswim.h, random_mdp.h, lower_bound_mdp.h, exact
// policy evaluation of value_iteration.h), the registered tabular environments and agents by name
// (experiments/tabular/tabular_registry.h: every registered entry, its keyword arguments converted
// through its ParameterSpecs, so a newly registered type needs no code here), and the agents' step
// API (begin_episode / act / observe / end_episode) and run_episodes, the C++ episode loop
// (algorithms/tabular/episode_loop.h) run with the GIL released.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <cstdint>
#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "algorithms/tabular/episode_loop.h"
#include "algorithms/tabular/pucb.h"
#include "algorithms/tabular/tabular_agent.h"
#include "envs/lower_bound_mdp.h"
#include "envs/random_mdp.h"
#include "envs/riverswim.h"
#include "envs/tabular_mdp.h"
#include "envs/value_iteration.h"
#include "common/hdf5_names.h"
#include "common/resource_limits.h"
#include "common/status_macros.h"
#include "experiments/tabular/tabular_registry.h"
#include "python/ext/bindings.h"
#include "random/random_stream.h"

namespace py = pybind11;

namespace dprl::python {
namespace {

void CheckIndex(const char* what, int64_t value, int64_t bound) {
  if (value < 0 || value >= bound) {
    throw py::value_error(absl::StrCat(what, " must be in [0, ", bound, "), got ", value));
  }
}

// A copy of `values` as a NumPy array of the given shape.
py::array_t<double> ArrayOf(const std::vector<double>& values, std::vector<py::ssize_t> shape) {
  py::array_t<double> out(shape);
  std::copy(values.begin(), values.end(), out.mutable_data());
  return out;
}

// EvaluatePolicy CHECKs its argument; a policy from Python is validated here first.
std::vector<double> ValidatedPolicy(const TabularMdp& mdp, const std::vector<double>& policy) {
  const int64_t rows = static_cast<int64_t>(mdp.horizon()) * mdp.num_states();
  if (static_cast<int64_t>(policy.size()) != rows * mdp.num_actions()) {
    throw py::value_error(absl::StrCat("action_probabilities must have H*S*A = ",
                                       rows * mdp.num_actions(), " entries, got ", policy.size()));
  }
  for (int64_t row = 0; row < rows; ++row) {
    double sum = 0.0;
    for (int a = 0; a < mdp.num_actions(); ++a) {
      const double p = policy[row * mdp.num_actions() + a];
      if (!(p >= 0.0 && p <= 1.0)) {
        throw py::value_error(
            absl::StrCat("action_probabilities must be in [0, 1], got ", p, " in row ", row));
      }
      sum += p;
    }
    if (std::fabs(sum - 1.0) > kPolicyRowSumTolerance) {
      throw py::value_error(absl::StrCat("action_probabilities row ", row, " sums to ", sum));
    }
  }
  return policy;
}

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

// The registered type `type` found for `name`, or ValueError "<function>: unknown <what> 'name'
// (one of <names>)".
template <typename Type>
const Type& RegisteredOrThrow(const char* function, const char* what, const std::string& name,
                              const Type* type, const std::vector<std::string>& names) {
  if (type == nullptr) {
    throw py::value_error(absl::StrCat(function, ": unknown ", what, " '", name, "' (one of ",
                                       absl::StrJoin(names, ", "), ")"));
  }
  return *type;
}
const TabularAgentType& AgentTypeOrThrow(const char* function, const std::string& name) {
  return RegisteredOrThrow(function, "agent", name, FindTabularAgent(name), TabularAgentNames());
}
const TabularEnvironmentType& EnvironmentTypeOrThrow(const char* function,
                                                     const std::string& name) {
  return RegisteredOrThrow(function, "environment", name, FindTabularEnvironment(name),
                           TabularEnvironmentNames());
}

// The int value of the attribute `name`, if there is one.
std::optional<int64_t> IntAttribute(const AttributeList& attributes, const char* name) {
  const AttributeValue* value = FindAttribute(attributes, name);
  if (value == nullptr || !std::holds_alternative<int64_t>(*value)) return std::nullopt;
  return std::get<int64_t>(*value);
}

// At least 24 bytes per (h, s, a, s') entry of a TabularMdp: its transition probability (8) and
// its alias-table column (16: threshold and index, envs/tabular_mdp.h).
constexpr double kMdpBytesPerTransitionEntry = 24.0;

// Refuses, before a registered environment is built from `attributes`, a size whose tables would
// not fit in this machine's memory (CheckMemoryEstimate), naming num_states, horizon and
// num_actions (A is the type's fixed_num_actions when it has no num_actions parameter). Sizes
// that are not positive are left to the environment's own validation.
absl::Status CheckEnvironmentMemory(const std::string& caller, const TabularEnvironmentType& type,
                                    const AttributeList& attributes) {
  const std::optional<int64_t> num_states = IntAttribute(attributes, hdf5_names::kNumStates);
  const std::optional<int64_t> horizon = IntAttribute(attributes, hdf5_names::kHorizon);
  const std::optional<int64_t> num_actions = IntAttribute(attributes, hdf5_names::kNumActions);
  const int64_t actions = num_actions.value_or(type.fixed_num_actions);
  if (!num_states || !horizon || *num_states < 1 || *horizon < 1 || actions < 1) {
    return absl::OkStatus();
  }
  const double entries = static_cast<double>(*horizon) * static_cast<double>(*num_states) *
                         static_cast<double>(actions) * static_cast<double>(*num_states);
  return CheckMemoryEstimate(
      absl::StrCat(caller, ": num_states = ", *num_states, ", num_actions = ", actions,
                   ", horizon = ", *horizon, " (H S A S = ", absl::StrFormat("%.3g", entries),
                   " transition entries)"),
      kMdpBytesPerTransitionEntry * entries);
}

void BindRegisteredEnvironments(py::module_& m) {
  m.def(
      "_tabular_environment",
      [](const std::string& name, RandomStream& generation_stream, const py::dict& options) {
        const TabularEnvironmentType& type = EnvironmentTypeOrThrow("tabular_environment", name);
        const std::string caller = absl::StrCat("tabular_environment('", name, "')");
        ConfigSpec config;
        config.group_name = caller;
        config.attributes = AttributesFromKeywords(caller, type.parameters, options);
        ThrowIfError(CheckEnvironmentMemory(caller, type, config.attributes));
        absl::StatusOr<TabularMdp> mdp = type.create(config, generation_stream);
        if (!mdp.ok()) ThrowRegistryError(caller, mdp.status());
        return *std::move(mdp);
      },
      py::arg("name"), py::arg("generation_stream"), py::arg("options"),
      "The registered tabular environment `name` (dprl.tabular_environment).");
  m.def("tabular_environment_names", &TabularEnvironmentNames,
        "The registered tabular environments, sorted.");
  m.def(
      "tabular_environment_parameters",
      [](const std::string& name) {
        return ParameterSpecList(
            EnvironmentTypeOrThrow("tabular_environment_parameters", name).parameters);
      },
      py::arg("name"),
      "The parameters of the registered tabular environment `name`: the keyword arguments of "
      "tabular_environment, with their registered defaults.");
}

void BindEnvironments(py::module_& m) {
  py::class_<TabularShape>(m, "TabularShape", "(S, A, H) of a tabular problem.")
      .def(py::init([](int num_states, int num_actions, int horizon) {
             return TabularShape{num_states, num_actions, horizon};
           }),
           py::arg("num_states"), py::arg("num_actions"), py::arg("horizon"))
      .def_readwrite("num_states", &TabularShape::num_states)
      .def_readwrite("num_actions", &TabularShape::num_actions)
      .def_readwrite("horizon", &TabularShape::horizon)
      .def("__repr__", [](const TabularShape& s) {
        return py::str("TabularShape(num_states={}, num_actions={}, horizon={})")
            .format(s.num_states, s.num_actions, s.horizon);
      });

  py::class_<TabularMdp>(m, "TabularMdp",
                         "Episodic tabular MDP (Vietri et al. 2020, Sec. 2.1; envs/tabular_mdp.h).")
      .def(py::init([](std::string name, int num_states, int num_actions, int horizon,
                       std::vector<double> transitions, std::vector<double> mean_rewards,
                       std::vector<double> initial_distribution, const std::string& reward_model) {
             return ValueOrThrow(TabularMdp::Create(
                 std::move(name), num_states, num_actions, horizon, std::move(transitions),
                 std::move(mean_rewards), std::move(initial_distribution),
                 ValueOrThrow(ParseRewardModel(reward_model))));
           }),
           py::arg("name"), py::arg("num_states"), py::arg("num_actions"), py::arg("horizon"),
           py::arg("transitions"), py::arg("mean_rewards"), py::arg("initial_distribution"),
           py::arg("reward_model") = "bernoulli",
           "transitions: H*S*A*S flat (row (h,s,a)); mean_rewards: H*S*A in [0, 1].")
      .def_property_readonly("name", &TabularMdp::name)
      .def_property_readonly("num_states", &TabularMdp::num_states)
      .def_property_readonly("num_actions", &TabularMdp::num_actions)
      .def_property_readonly("horizon", &TabularMdp::horizon)
      .def_property_readonly("shape",
                             [](const TabularMdp& e) {
                               return TabularShape{e.num_states(), e.num_actions(), e.horizon()};
                             })
      .def_property_readonly("reward_model",
                             [](const TabularMdp& e) { return RewardModelName(e.reward_model()); })
      .def_property_readonly("transitions",
                             [](const TabularMdp& e) {
                               return ArrayOf(e.transitions(), {e.horizon(), e.num_states(),
                                                                e.num_actions(), e.num_states()});
                             })
      .def_property_readonly("mean_rewards",
                             [](const TabularMdp& e) {
                               return ArrayOf(e.mean_rewards(),
                                              {e.horizon(), e.num_states(), e.num_actions()});
                             })
      .def_property_readonly("initial_distribution",
                             [](const TabularMdp& e) {
                               return ArrayOf(e.initial_distribution(), {e.num_states()});
                             })
      .def("sample_initial_state", &TabularMdp::SampleInitialState, py::arg("stream"),
           "s_1 ~ p0 (one word of the stream).")
      .def(
          "step",
          [](const TabularMdp& e, int h, int s, int a, RandomStream& stream) {
            CheckIndex("h", h, e.horizon());
            CheckIndex("s", s, e.num_states());
            CheckIndex("a", a, e.num_actions());
            const TabularMdp::Transition t = e.SampleStep(h, s, a, stream);
            return py::make_tuple(t.next_state, t.reward);
          },
          py::arg("h"), py::arg("s"), py::arg("a"), py::arg("stream"),
          "(next_state, reward) from (h, s, a) (two words of the stream).")
      .def(
          "optimal_value", [](const TabularMdp& e) { return SolveOptimal(e).initial_value; },
          "rho* = sum_s p0(s) V*_0(s), by exact value iteration.")
      .def(
          "evaluate_policy",
          [](const TabularMdp& e, const std::vector<double>& action_probabilities) {
            return EvaluatePolicy(e, ValidatedPolicy(e, action_probabilities));
          },
          py::arg("action_probabilities"),
          "rho^pi for pi(a | s, h) given flat in (h, s, a) order (an agent's "
          "action_probabilities().ravel()), by exact policy evaluation.");

  m.def(
      "riverswim",
      [](int num_states, int horizon, const std::string& reward_model) {
        RiverSwimOptions options;
        options.num_states = num_states;
        options.horizon = horizon;
        options.reward_model = ValueOrThrow(ParseRewardModel(reward_model));
        return ValueOrThrow(MakeRiverSwim(options));
      },
      py::arg("num_states") = RiverSwimOptions().num_states,
      py::arg("horizon") = RiverSwimOptions().horizon,
      py::arg("reward_model") = RewardModelName(RiverSwimOptions().reward_model),
      "Episodic RiverSwim (Strehl & Littman 2008; Osband et al. 2013), envs/riverswim.h.");
  m.def(
      "random_dirichlet_mdp",
      [](int num_states, int num_actions, int horizon, double dirichlet_concentration,
         bool time_homogeneous, RandomStream& stream) {
        RandomMdpOptions options;
        options.num_states = num_states;
        options.num_actions = num_actions;
        options.horizon = horizon;
        options.dirichlet_concentration = dirichlet_concentration;
        options.time_homogeneous = time_homogeneous;
        return ValueOrThrow(MakeRandomDirichletMdp(options, stream));
      },
      py::arg("num_states") = RandomMdpOptions().num_states,
      py::arg("num_actions") = RandomMdpOptions().num_actions,
      py::arg("horizon") = RandomMdpOptions().horizon,
      py::arg("dirichlet_concentration") = RandomMdpOptions().dirichlet_concentration,
      py::arg("time_homogeneous") = RandomMdpOptions().time_homogeneous, py::arg("stream"),
      "Random MDP with Dirichlet transition rows (envs/random_mdp.h).");
  m.def(
      "lower_bound_mdp",
      [](int num_initial_states, int num_arms, double alpha_prime, int rewarded_horizon,
         std::vector<int> instance) {
        LowerBoundMdpOptions options;
        options.num_initial_states = num_initial_states;
        options.num_arms = num_arms;
        options.alpha_prime = alpha_prime;
        options.rewarded_horizon = rewarded_horizon;
        options.instance = std::move(instance);
        return ValueOrThrow(MakeLowerBoundMdp(options));
      },
      py::arg("num_initial_states") = LowerBoundMdpOptions().num_initial_states,
      py::arg("num_arms") = LowerBoundMdpOptions().num_arms,
      py::arg("alpha_prime") = LowerBoundMdpOptions().alpha_prime,
      py::arg("rewarded_horizon") = LowerBoundMdpOptions().rewarded_horizon,
      py::arg("instance") = LowerBoundMdpOptions().instance,
      "The hard-MDP family of Vietri et al. 2020, Sec. 6 / Fig. 1 (envs/lower_bound_mdp.h).");
  m.def(
      "sample_lower_bound_instance",
      [](int num_initial_states, int num_arms, RandomStream& stream) {
        return ValueOrThrow(SampleLowerBoundInstance(num_initial_states, num_arms, stream));
      },
      py::arg("num_initial_states"), py::arg("num_arms"), py::arg("stream"));
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

  m.def(
      "_tabular_agent",
      [](const std::string& name, const TabularShape& shape, const RandomStream& noise_stream,
         const py::dict& options) {
        const TabularAgentType& type = AgentTypeOrThrow("tabular_agent", name);
        const std::string caller = absl::StrCat("tabular_agent('", name, "')");
        ConfigSpec config;
        config.group_name = caller;
        config.attributes = AttributesFromKeywords(caller, type.parameters, options);
        ThrowIfError(CheckShapeFits(shape));
        absl::StatusOr<std::unique_ptr<TabularAgent>> agent =
            type.create(config, shape, noise_stream);
        if (!agent.ok()) ThrowRegistryError(caller, agent.status());
        // An agent with a num_episodes parameter (PUCB's T) is sized for that many episodes.
        return PyTabularAgent(name, *std::move(agent),
                              IntAttribute(config.attributes, hdf5_names::kNumEpisodes));
      },
      py::arg("name"), py::arg("shape"), py::arg("noise_stream"), py::arg("options"),
      "The registered tabular agent `name` (dprl.tabular_agent).");
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
  BindEnvironments(m);
  BindRegisteredEnvironments(m);
  BindAgents(m);
}

}  // namespace dprl::python
