// Linear-quadratic control (Chowdhury, Zhou, Shroff 2021): LQ systems (envs/lq_system.h), the LQ
// agents OFU-RL, Private-OFU-RL and private certainty equivalence (algorithms/lqr/ofu_agent.h)
// with a step API, run_lq_episodes (algorithms/lqr/lq_episode_loop.h, GIL released, exact
// per-episode regret from Riccati costs, algorithms/lqr/riccati.h), and the continuous 1-D walk
// of Wang & Hegde 2019 (envs/continuous_walk.h).
#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <Eigen/Dense>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "algorithms/lqr/lq_episode_loop.h"
#include "algorithms/lqr/ofu_agent.h"
#include "algorithms/lqr/riccati.h"
#include "common/resource_limits.h"
#include "envs/continuous_walk.h"
#include "envs/lq_system.h"
#include "experiments/lq/lq_registry.h"
#include "python/ext/bindings.h"
#include "random/random_stream.h"

namespace py = pybind11;

namespace dprl::python {
namespace {

// The Riccati recursion of `system` keeps H gains and value matrices (n^2 + d n doubles per
// step): refused before allocating when they exceed this machine's memory.
void CheckRiccatiMemory(const char* call, const LqSystem& system) {
  const double n = system.state_dim(), d = system.control_dim();
  ThrowIfError(CheckMemoryEstimate(
      absl::StrCat(call, ": horizon = ", system.horizon(), " (n = ", system.state_dim(),
                   ", d = ", system.control_dim(), ")"),
      8.0 * (n * n + d * n) * static_cast<double>(system.horizon())));
}

void CheckSize(const char* what, int64_t size, int64_t expected) {
  if (size != expected) {
    throw py::value_error(absl::StrCat(what, " must have ", expected, " entries, got ", size));
  }
}

// The agent's statistics (Gram matrices, counter inputs) need finite states and controls whose
// squares are finite: a NaN or an overflow would reach a CHECK of the counters or the OFU step.
template <typename Derived>
void CheckFinite(const char* what, const Eigen::MatrixBase<Derived>& v) {
  if (!std::isfinite(v.squaredNorm())) {
    throw py::value_error(absl::StrCat(
        what, " must be finite with a finite squared norm, got squared norm ", v.squaredNorm()));
  }
}

// `value` when finite; else ValueError naming `what`.
double FiniteOrThrow(const char* what, double value) {
  if (!std::isfinite(value)) {
    throw py::value_error(absl::StrCat(what, " is not finite (", value,
                                       "): the inputs are too large for double precision"));
  }
  return value;
}

// CheckSize and CheckFinite of every vector of a list, naming the first bad one by its index.
void CheckVectors(const char* what, const std::vector<Eigen::VectorXd>& vectors, int64_t size) {
  for (size_t i = 0; i < vectors.size(); ++i) {
    const std::string name = absl::StrCat(what, "[", i, "]");
    CheckSize(name.c_str(), vectors[i].size(), size);
    CheckFinite(name.c_str(), vectors[i]);
  }
}

// The preset of the registered LQ agent `name` (experiments/lq/lq_registry.h).
LqAgentOptions PresetOrThrow(const std::string& name) {
  absl::StatusOr<const LqAgentType*> type = FindLqAgent(name);
  if (!type.ok()) throw py::value_error(std::string(type.status().message()));
  return (*type)->preset;
}

// LqAgent CHECKs its protocol; this wrapper validates first and refuses calls during a run.
class PyLqAgent {
 public:
  explicit PyLqAgent(LqAgent agent) : agent_(std::move(agent)) {}

  std::vector<Eigen::MatrixXd> BeginEpisode(const Eigen::VectorXd& initial_state) {
    Require(false, "begin_episode");
    const PrivateOfuOptions& p = agent_.options().privacy;
    if (agent_.episodes_started() >= p.episodes) {
      throw py::value_error(
          absl::StrCat("begin_episode: all episodes = ", p.episodes, " episodes were run"));
    }
    CheckSize("initial_state", initial_state.size(), p.state_dim);
    CheckFinite("initial_state", initial_state);
    in_episode_ = true;
    return agent_.BeginEpisode(initial_state);
  }
  Eigen::VectorXd Control(int step, const Eigen::VectorXd& state) {
    Require(true, "control");
    const PrivateOfuOptions& p = agent_.options().privacy;
    if (step < 0 || step >= p.horizon) {
      throw py::value_error(
          absl::StrCat("control: step must be in [0, ", p.horizon, "), got ", step));
    }
    CheckSize("state", state.size(), p.state_dim);
    CheckFinite("state", state);
    return agent_.Control(step, state);
  }
  void EndEpisode(const std::vector<Eigen::VectorXd>& states,
                  const std::vector<Eigen::VectorXd>& controls) {
    Require(true, "end_episode");
    const PrivateOfuOptions& p = agent_.options().privacy;
    CheckSize("states", states.size(), p.horizon + 1);
    CheckSize("controls", controls.size(), p.horizon);
    CheckVectors("states", states, p.state_dim);
    CheckVectors("controls", controls, p.control_dim);
    if (!agent_.private_params().has_value()) {
      // The non-private agents plan with V = sum_h z_h z_h' + regularizer I (z = (x, u)), which
      // the OFU step needs numerically positive definite: its eigenvalues are computed to about
      // 2^-52 trace(V), so trace(sum z z') is kept below 2^40 regularizer (a private agent clips
      // z, so its statistics stay bounded).
      double trace = gram_trace_;
      for (int h = 0; h < p.horizon; ++h) {
        trace += states[h].squaredNorm() + controls[h].squaredNorm();
      }
      const double limit = std::ldexp(agent_.options().regularizer, 40);
      if (!(trace <= limit)) {
        throw py::value_error(absl::StrCat(
            "end_episode: sum of ||(x_h, u_h)||^2 over the episodes would be ", trace,
            ", above 2^40 * regularizer = ", limit,
            ": V = sum z z' + regularizer I would not be numerically positive definite"));
      }
      gram_trace_ = trace;
    }
    agent_.EndEpisode(states, controls);
    in_episode_ = false;
  }
  py::array_t<double> Run(const LqSystem& system, const RandomStream& environment_stream) {
    Require(false, "run_lq_episodes");
    const PrivateOfuOptions& p = agent_.options().privacy;
    if (agent_.episodes_started() != 0) {
      throw py::value_error("run_lq_episodes: needs a fresh agent (it runs all its episodes)");
    }
    if (p.state_dim != system.state_dim() || p.control_dim != system.control_dim() ||
        p.horizon != system.horizon()) {
      throw py::value_error(absl::StrCat("run_lq_episodes: the agent's (n, d, H) = (", p.state_dim,
                                         ", ", p.control_dim, ", ", p.horizon,
                                         ") differs from the system's (", system.state_dim(), ", ",
                                         system.control_dim(), ", ", system.horizon(), ")"));
    }
    // LqRunResult keeps 13 doubles per episode (lq_episode_loop.h), the agent its Riccati tables.
    ThrowIfError(CheckMemoryEstimate(
        absl::StrCat("run_lq_episodes: episodes = ", p.episodes, " (13 doubles each)"),
        13.0 * 8.0 * static_cast<double>(p.episodes)));
    LqRunResult result;
    busy_ = true;
    {
      py::gil_scoped_release release;
      result = RunLqEpisodes(system, agent_, environment_stream);
    }
    busy_ = false;
    py::array_t<double> regret(static_cast<py::ssize_t>(result.per_episode_regret.size()));
    std::copy(result.per_episode_regret.begin(), result.per_episode_regret.end(),
              regret.mutable_data());
    return regret;
  }
  const LqAgent& agent() const { return agent_; }

 private:
  void Require(bool in_episode, const char* call) const {
    if (busy_) throw py::value_error(absl::StrCat(call, ": run_lq_episodes is running"));
    if (in_episode_ != in_episode) {
      throw py::value_error(absl::StrCat(
          call, in_episode ? ": no episode in progress" : ": an episode is in progress"));
    }
  }
  LqAgent agent_;
  double gram_trace_ = 0.0;  // non-private agents: trace of sum z z' so far
  bool in_episode_ = false;
  bool busy_ = false;
};

void BindLqSystem(py::module_& m) {
  py::class_<LqSystem>(m, "LqSystem",
                       "x' = A x + B u + w, cost x'Qx + u'Ru (Chowdhury et al. 2021, Sec. II).")
      .def_property_readonly("name", &LqSystem::name)
      .def_property_readonly("state_dim", &LqSystem::state_dim)
      .def_property_readonly("control_dim", &LqSystem::control_dim)
      .def_property_readonly("horizon", &LqSystem::horizon)
      .def_property_readonly("a", &LqSystem::a)
      .def_property_readonly("b", &LqSystem::b)
      .def_property_readonly("q", &LqSystem::q)
      .def_property_readonly("r", &LqSystem::r)
      .def_property_readonly("initial_state", &LqSystem::initial_state)
      .def_property_readonly("noise_bound", &LqSystem::noise_bound)
      .def_property_readonly("control_bound", &LqSystem::control_bound)
      .def(
          "step",
          [](const LqSystem& s, const Eigen::VectorXd& x, const Eigen::VectorXd& u,
             RandomStream& stream) {
            CheckSize("x", x.size(), s.state_dim());
            CheckSize("u", u.size(), s.control_dim());
            CheckFinite("x", x);
            CheckFinite("u", u);
            const Eigen::VectorXd next = s.Step(x, u, stream);
            CheckFinite("the next state A x + B u + w", next);
            return next;
          },
          py::arg("x"), py::arg("u"), py::arg("stream"),
          "A x + B u + w (2n + 1 words). ValueError unless x, u and the result are finite with "
          "finite squared norms.")
      .def(
          "cost",
          [](const LqSystem& s, const Eigen::VectorXd& x, const Eigen::VectorXd& u) {
            CheckSize("x", x.size(), s.state_dim());
            CheckSize("u", u.size(), s.control_dim());
            CheckFinite("x", x);
            CheckFinite("u", u);
            return FiniteOrThrow("cost", s.Cost(x, u));
          },
          py::arg("x"), py::arg("u"), "x' Q x + u' R u. ValueError unless x, u and it are finite.")
      .def(
          "optimal_cost",
          [](const LqSystem& s) {
            CheckRiccatiMemory("optimal_cost", s);
            return OptimalCost<double>(s.a(), s.b(), s.q(), s.r(), s.horizon(), s.initial_state(),
                                       s.NoiseCovariance());
          },
          "J* from x_1, by the Riccati recursion.")
      .def(
          "policy_cost",
          [](const LqSystem& s, const std::vector<Eigen::MatrixXd>& gains) {
            CheckSize("gains", gains.size(), s.horizon());
            for (const Eigen::MatrixXd& k : gains) {
              if (k.rows() != s.control_dim() || k.cols() != s.state_dim()) {
                throw py::value_error(
                    absl::StrCat("each gain must be ", s.control_dim(), " x ", s.state_dim()));
              }
              CheckFinite("each gain", k);
            }
            return FiniteOrThrow("policy_cost",
                                 LinearPolicyCost(s.a(), s.b(), s.q(), s.r(), gains,
                                                  s.initial_state(), s.NoiseCovariance()));
          },
          py::arg("gains"),
          "Exact expected cost of u_h = K_h x_h from x_1. ValueError unless the gains and the "
          "cost are finite (gains too large for double give an infinite cost).");
  m.def(
      "named_lq_system",
      [](const std::string& name, int horizon) {
        return ValueOrThrow(MakeNamedLqSystem(name, horizon));
      },
      py::arg("name"), py::arg("horizon"),
      "chain_n2, chain_n4, chain_n8, rotation_n2, rotation_n4, rotation_n8 (envs/lq_system.h).");
  m.def("named_lq_systems", &NamedLqSystems);
  m.def(
      "lq_system",
      [](std::string name, Eigen::MatrixXd a, Eigen::MatrixXd b, Eigen::MatrixXd q,
         Eigen::MatrixXd r, Eigen::VectorXd initial_state, int horizon, double noise_bound,
         double a_norm_bound, double b_norm_bound, double control_bound) {
        return ValueOrThrow(LqSystem::Create(
            LqSystemParameters{std::move(name), std::move(a), std::move(b), std::move(q),
                               std::move(r), std::move(initial_state), horizon, noise_bound,
                               a_norm_bound, b_norm_bound, control_bound}));
      },
      py::arg("name"), py::arg("a"), py::arg("b"), py::arg("q"), py::arg("r"),
      py::arg("initial_state"), py::arg("horizon"), py::arg("noise_bound"), py::arg("a_norm_bound"),
      py::arg("b_norm_bound"), py::arg("control_bound"),
      "An LQ system; Assumption 1 is validated (the error names the violated condition).");
}

void BindLqAgent(py::module_& m) {
  py::class_<PyLqAgent>(m, "LqAgent",
                        "OFU-RL / Private-OFU-RL / private CE (Chowdhury et al. 2021).")
      .def("begin_episode", &PyLqAgent::BeginEpisode, py::arg("initial_state"),
           "The gains K_1..K_H of the episode (u_h = K_h x_h before clipping).")
      .def("control", &PyLqAgent::Control, py::arg("step"), py::arg("state"),
           "The control to apply at step in [0, H): K_h x, clipped to norm <= gamma by the "
           "private agents (the control the counters count).")
      .def("end_episode", &PyLqAgent::EndEpisode, py::arg("states"), py::arg("controls"),
           "States x_1..x_{H+1} and the applied controls u_1..u_H (from control()).")
      .def("run_lq_episodes", &PyLqAgent::Run, py::arg("system"), py::arg("environment_stream"),
           "All K episodes in C++ (GIL released); the exact per-episode regret J(K_k) - J*.")
      .def_property_readonly("episodes_started",
                             [](const PyLqAgent& a) { return a.agent().episodes_started(); })
      .def_property_readonly("private_params",
                             [](const PyLqAgent& a) { return a.agent().private_params(); });
  m.def(
      "lq_agent",
      [](const LqSystem& system, const std::string& kind, const PrivateOfuOptions& privacy,
         double regularizer, const RandomStream& noise_stream, const RandomStream& policy_stream) {
        LqAgentOptions options = PresetOrThrow(kind);
        options.regularizer = regularizer;
        options.privacy = privacy;
        return PyLqAgent(
            ValueOrThrow(LqAgent::Create(options, system.q(), system.r(), system.NoiseCovariance(),
                                         noise_stream, policy_stream)));
      },
      py::arg("system"), py::arg("kind"), py::arg("privacy"),
      py::arg("regularizer") = LqAgentOptions().regularizer, py::arg("noise_stream"),
      py::arg("policy_stream"),
      "kind: a registered LQ agent (lq_agent_names(); experiments/lq/lq_registry.h), e.g. "
      "'ofu_rl', 'private_ofu_rl'. privacy: PrivateOfuOptions (K, H, gamma, n, d, C_w, alpha; eps, "
      "delta, "
      "neighbour, conversion for the private agents); Q, R and W are the system's.");
  m.def("lq_agent_names", &LqAgentNames, "The registered LQ agents, sorted.");
}

void BindContinuousWalk(py::module_& m) {
  py::class_<ContinuousWalk>(
      m, "ContinuousWalk",
      "The 1-D walk on [0, 1] of Wang & Hegde 2019, Sec. 4 (actions 0 = left, "
      "1 = right; reward 0.5 - |s - 0.5|).")
      .def(py::init([](double max_step, int episode_length) {
             ContinuousWalkOptions o;
             o.max_step = max_step;
             o.episode_length = episode_length;
             return ValueOrThrow(ContinuousWalk::Create(o));
           }),
           py::arg("max_step") = ContinuousWalkOptions().max_step,
           py::arg("episode_length") = ContinuousWalkOptions().episode_length)
      .def_property_readonly("name", &ContinuousWalk::name)
      .def_property_readonly("episode_length", &ContinuousWalk::episode_length)
      .def_property_readonly("max_step", &ContinuousWalk::max_step)
      .def("sample_initial_state", &ContinuousWalk::SampleInitialState, py::arg("stream"))
      .def(
          "step",
          [](const ContinuousWalk& w, double state, int action, RandomStream& stream) {
            if (!(state >= ContinuousWalk::kStateLow && state <= ContinuousWalk::kStateHigh)) {
              throw py::value_error(absl::StrCat("state must be in [0, 1], got ", state));
            }
            if (action != kWalkLeft && action != kWalkRight) {
              throw py::value_error(absl::StrCat("action must be 0 or 1, got ", action));
            }
            const ContinuousWalk::Transition t = w.SampleStep(state, action, stream);
            return py::make_tuple(t.next_state, t.reward);
          },
          py::arg("state"), py::arg("action"), py::arg("stream"),
          "(next_state, reward) (one word of the stream).")
      .def_static("reward", &ContinuousWalk::Reward, py::arg("state"));
}

}  // namespace

void BindLq(py::module_& m) {
  BindLqSystem(m);
  BindLqAgent(m);
  BindContinuousWalk(m);
}

}  // namespace dprl::python
