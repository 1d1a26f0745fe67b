// Two-player zero-sum Markov games (envs/markov_game.h, envs/markov_game_values.h) and DP-Nash-VI's
// self-play agent (algorithms/tabular/dp_nash_vi/dp_nash_vi_game_agent.h): dprl.random_markov_game,
// dprl.matching_pennies, dprl.solve_markov_game_nash, dprl.evaluate_best_responses and
// dprl.DpNashViGameAgent. The rules of python/ext/bindings.h: every number from the C++ library,
// C++ errors as ValueError, explicit streams, run_episodes without the GIL.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_game_agent.h"
#include "common/resource_limits.h"
#include "envs/markov_game.h"
#include "envs/markov_game_values.h"
#include "experiments/tabular/tabular_registry.h"
#include "python/ext/bindings.h"

namespace dprl::python {
namespace py = pybind11;

namespace {

// The agent with the episode budget its num_episodes allows.
class PyDpNashViGameAgent {
 public:
  PyDpNashViGameAgent(std::unique_ptr<DpNashViGameAgent> agent, int64_t num_episodes)
      : agent_(std::move(agent)), num_episodes_(num_episodes) {}

  py::array_t<double> RunEpisodes(const MarkovGame& game, int64_t num_episodes,
                                  const RandomStream& environment_stream,
                                  const RandomStream& policy_stream) {
    if (num_episodes < 0) {
      throw py::value_error(absl::StrCat("num_episodes must be >= 0, got ", num_episodes));
    }
    if (agent_->episodes_done() + num_episodes > num_episodes_) {
      throw py::value_error(absl::StrCat(
          "run_episodes: the agent was created for num_episodes = ", num_episodes_, " and has run ",
          agent_->episodes_done(), "; ", num_episodes, " more do not fit"));
    }
    ThrowIfError(CheckMemoryEstimate(
        absl::StrCat("run_episodes: num_episodes = ", num_episodes, " (8 bytes of regret each)"),
        8.0 * static_cast<double>(num_episodes)));
    absl::StatusOr<std::vector<double>> regrets;
    {
      py::gil_scoped_release release;
      regrets = RunGameEpisodes(game, *agent_, num_episodes, environment_stream, policy_stream);
    }
    const std::vector<double> values = ValueOrThrow(std::move(regrets));
    return py::array_t<double>(static_cast<py::ssize_t>(values.size()), values.data());
  }

  const DpNashViGameAgent& agent() const { return *agent_; }

 private:
  std::unique_ptr<DpNashViGameAgent> agent_;
  int64_t num_episodes_;
};

}  // namespace

void BindGames(py::module_& m) {
  py::class_<MarkovGame>(m, "MarkovGame",
                         "A two-player zero-sum Markov game, stored as the TabularMdp of its "
                         "joint actions j = a B + b (envs/markov_game.h).")
      .def_property_readonly(
          "joint", [](const MarkovGame& g) { return g.joint(); },
          "The joint-action TabularMdp (a copy).")
      .def_property_readonly("num_states", &MarkovGame::num_states)
      .def_property_readonly("num_max_actions", &MarkovGame::num_max_actions)
      .def_property_readonly("num_min_actions", &MarkovGame::num_min_actions)
      .def_property_readonly("horizon", &MarkovGame::horizon);
  m.def(
      "random_markov_game",
      [](int num_states, int num_max_actions, int num_min_actions, int horizon,
         double dirichlet_concentration, RandomStream& stream) {
        RandomMarkovGameOptions options;
        options.num_states = num_states;
        options.num_max_actions = num_max_actions;
        options.num_min_actions = num_min_actions;
        options.horizon = horizon;
        options.dirichlet_concentration = dirichlet_concentration;
        ThrowIfError(options.Validate());
        ThrowIfError(CheckMdpMemory("random_markov_game", num_states,
                                    static_cast<int64_t>(num_max_actions) * num_min_actions,
                                    horizon));
        return ValueOrThrow(MakeRandomMarkovGame(options, stream));
      },
      py::arg("num_states") = RandomMarkovGameOptions().num_states,
      py::arg("num_max_actions") = RandomMarkovGameOptions().num_max_actions,
      py::arg("num_min_actions") = RandomMarkovGameOptions().num_min_actions,
      py::arg("horizon") = RandomMarkovGameOptions().horizon,
      py::arg("dirichlet_concentration") = RandomMarkovGameOptions().dirichlet_concentration,
      py::arg("stream"), "The random Dirichlet zero-sum game (envs/markov_game.h).");
  m.def(
      "matching_pennies", [](int horizon) { return ValueOrThrow(MakeMatchingPennies(horizon)); },
      py::arg("horizon"), "Repeated matching pennies: Nash value (H - h)/2 (envs/markov_game.h).");
  m.def(
      "solve_markov_game_nash",
      [](const MarkovGame& game) {
        const MarkovGameNash nash = ValueOrThrow(SolveMarkovGameNash(game));
        py::dict result;
        result["values"] = nash.values;
        result["max_strategy"] = nash.max_strategy;
        result["min_strategy"] = nash.min_strategy;
        result["initial_value"] = nash.initial_value;
        return result;
      },
      py::arg("game"),
      "V*, the equilibrium strategies per (h, s) and V*(p0) (envs/markov_game_values.h).");
  m.def(
      "evaluate_best_responses",
      [](const MarkovGame& game, const std::vector<double>& max_policy,
         const std::vector<double>& min_policy) {
        const size_t rows = static_cast<size_t>(game.horizon()) * game.num_states();
        if (max_policy.size() != rows * game.num_max_actions() ||
            min_policy.size() != rows * game.num_min_actions()) {
          throw py::value_error(absl::StrCat(
              "evaluate_best_responses: max_policy needs H S A = ", rows * game.num_max_actions(),
              " and min_policy H S B = ", rows * game.num_min_actions(), " entries, got ",
              max_policy.size(), " and ", min_policy.size()));
        }
        const BestResponseValues values = EvaluateBestResponses(game, max_policy, min_policy);
        return py::make_tuple(values.max_best_response, values.min_best_response);
      },
      py::arg("game"), py::arg("max_policy"), py::arg("min_policy"),
      "(V^{dagger, nu}(p0), V^{mu, dagger}(p0)) of Markov policies mu, nu (flat, (h S + s) A + "
      "a and (h S + s) B + b).");
  py::class_<PyDpNashViGameAgent>(
      m, "DpNashViGameAgent",
      "DP-Nash-VI's self-play agent for a two-player zero-sum game "
      "(algorithms/tabular/dp_nash_vi/dp_nash_vi_game_agent.h; options as dp_nash_vi_options.h).")
      .def(
          py::init([](const MarkovGame& game, const std::string& privatizer, double privacy_epsilon,
                      const std::string& noise_calibration, const std::string& neighbour_relation,
                      double failure_probability, int64_t num_episodes, double gap_constant,
                      double bonus_constant, const RandomStream& noise_stream) {
            DpNashViOptions options;
            options.privatizer = ValueOrThrow(ParseDpNashViPrivatizer(privatizer));
            options.privacy_epsilon = privacy_epsilon;
            options.noise_calibration = ValueOrThrow(ParseDpNashViCalibration(noise_calibration));
            options.neighbour_relation =
                ValueOrThrow(ParsePucbNeighbourRelation(neighbour_relation));
            options.failure_probability = failure_probability;
            options.num_episodes = num_episodes;
            options.gap_constant = gap_constant;
            options.bonus_constant = bonus_constant;
            return PyDpNashViGameAgent(
                ValueOrThrow(DpNashViGameAgent::Create(game, options, noise_stream)), num_episodes);
          }),
          py::arg("game"), py::arg("privatizer") = "central",
          py::arg("privacy_epsilon") = DpNashViOptions().privacy_epsilon,
          py::arg("noise_calibration") = "stated_epsilon",
          py::arg("neighbour_relation") = "add_remove",
          py::arg("failure_probability") = DpNashViOptions().failure_probability,
          py::arg("num_episodes") = DpNashViOptions().num_episodes,
          py::arg("gap_constant") = DpNashViOptions().gap_constant,
          py::arg("bonus_constant") = DpNashViOptions().bonus_constant, py::arg("noise_stream"))
      .def("run_episodes", &PyDpNashViGameAgent::RunEpisodes, py::arg("game"),
           py::arg("num_episodes"), py::arg("environment_stream"), py::arg("policy_stream"),
           "Runs num_episodes episodes of self-play in C++ (GIL released) and returns each "
           "episode's exact regret V^{dagger, nu_k}(s_1) - V^{mu_k, dagger}(s_1). The streams are "
           "copied (not advanced).")
      .def_property_readonly("error_bound",
                             [](const PyDpNashViGameAgent& a) { return a.agent().error_bound(); })
      .def_property_readonly(
          "episodes", [](const PyDpNashViGameAgent& a) { return a.agent().episodes_done(); });
}

}  // namespace dprl::python
