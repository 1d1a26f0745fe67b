// Tabular environments (envs/tabular_mdp.h, riverswim.h, random_mdp.h, lower_bound_mdp.h, exact
// policy evaluation of value_iteration.h), and the registered tabular environments by name
// (experiments/tabular/tabular_registry.h: every registered entry, its keyword arguments converted
// through its ParameterSpecs, so a newly registered environment needs no code here).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/hdf5_names.h"
#include "common/resource_limits.h"
#include "envs/lower_bound_mdp.h"
#include "envs/random_mdp.h"
#include "envs/riverswim.h"
#include "envs/tabular_mdp.h"
#include "envs/value_iteration.h"
#include "experiments/tabular/tabular_registry.h"
#include "python/ext/bindings.h"
#include "python/ext/tabular_bindings.h"
#include "random/random_stream.h"

namespace py = pybind11;

namespace dprl::python {

void CheckIndex(const char* what, int64_t value, int64_t bound) {
  if (value < 0 || value >= bound) {
    throw py::value_error(absl::StrCat(what, " must be in [0, ", bound, "), got ", value));
  }
}

py::array_t<double> ArrayOf(const std::vector<double>& values, std::vector<py::ssize_t> shape) {
  py::array_t<double> out(shape);
  std::copy(values.begin(), values.end(), out.mutable_data());
  return out;
}

std::optional<int64_t> IntAttribute(const AttributeList& attributes, const char* name) {
  const AttributeValue* value = FindAttribute(attributes, name);
  if (value == nullptr || !std::holds_alternative<int64_t>(*value)) return std::nullopt;
  return std::get<int64_t>(*value);
}

namespace {

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

const TabularEnvironmentType& EnvironmentTypeOrThrow(const char* function,
                                                     const std::string& name) {
  return RegisteredOrThrow(function, "environment", name, FindTabularEnvironment(name),
                           TabularEnvironmentNames());
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
        ThrowIfError(CheckMdpMemory("riverswim", num_states, 2, horizon));
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
        ThrowIfError(CheckMdpMemory("random_dirichlet_mdp", num_states, num_actions, horizon));
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

}  // namespace

void BindTabularEnvironments(py::module_& m) {
  BindEnvironments(m);
  BindRegisteredEnvironments(m);
}

}  // namespace dprl::python
