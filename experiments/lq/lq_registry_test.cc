// The LQ registries and their bindings (lq_registry.h), and a conformance run over EVERY
// registered system and agent (after OpenSpiel's RandomSimTest): each agent, on each system, is
// configured through its binding (written, then read back as the task reads it) and runs a short
// seeded episode loop under the LqAgent contract (algorithms/lqr/ofu_agent.h):
//   * gains: H of them, each d x n and finite;
//   * controls: finite, of size d; a private agent's within the clip level gamma, and the control
//     it applies is the control it counts (EndEpisode changes none: counter_input_clipped_steps);
//   * regret J(pi_k) - J* of every episode finite and >= 0 (J* is the optimum; a rounding
//     tolerance relative to J*);
//   * a rerun with the same streams is bit-identical;
//   * a bad value of each of its parameters is refused by the binding or by Validate(), the
//     message naming the parameter.
// A newly registered system or agent is covered without editing this file.
#include "experiments/lq/lq_registry.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "algorithms/lqr/lq_episode_loop.h"
#include "algorithms/lqr/riccati.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

constexpr uint64_t kSeed = 41;  // master seed of every stream of this file
constexpr int64_t kEpisodes = 8;
constexpr int64_t kHorizon = 4;
constexpr double kSmallClip = 0.02;  // a clip level that acts, well below the systems' gamma

// The configuration of `agent` on `system_name` as the grid writes it (names, system parameters,
// the agent's parameters and options), at privacy_epsilon 10 for a private agent.
ConfigSpec ConfigFor(const LqAgentType& agent, const std::string& system_name,
                     const LqSystem& system) {
  ConfigSpec config;
  config.group_name = absl::StrCat(system_name, "-", agent.name);
  LqAgentOptions options = agent.preset;
  SetLqSystemOptions(system, kEpisodes, options);
  options.privacy.privacy_epsilon = 10.0;
  LqConfigNamesBinding().Write({system_name, agent.name, agent.label}, config.attributes);
  LqSystemBinding().Write({kHorizon}, config.attributes);
  LqAgentParameterBinding(agent.preset, "agent").Write(options, config.attributes);
  LqAgentStructureBinding().Write(options, config.attributes);
  return config;
}

absl::StatusOr<LqAgent> MakeAgent(const LqAgentOptions& options, const LqSystem& system,
                                  uint64_t seed) {
  return LqAgent::Create(options, system.q(), system.r(), system.NoiseCovariance(),
                         TestStream(kSeed, TestPurpose::kPrivacyNoise, seed),
                         TestStream(kSeed, TestPurpose::kPolicy, seed));
}

// The episode loop with the contract checks of the header on every gain and control; returns the
// number of steps whose control was clipped.
int ExpectContract(const LqSystem& system, LqAgent& agent) {
  const int n = system.state_dim(), d = system.control_dim();
  const double gamma = agent.options().privacy.control_bound;
  const bool is_private = IsPrivate(agent.options());
  RandomStream env = TestStream(kSeed, TestPurpose::kEnvironment, 1);
  int clipped = 0;
  for (int64_t k = 1; k <= kEpisodes; ++k) {
    SCOPED_TRACE(absl::StrCat("episode ", k));
    const std::vector<Eigen::MatrixXd> gains = agent.BeginEpisode(system.initial_state());
    EXPECT_EQ(static_cast<int64_t>(gains.size()), kHorizon);
    for (const Eigen::MatrixXd& gain : gains) {
      EXPECT_EQ(gain.rows(), d);
      EXPECT_EQ(gain.cols(), n);
      EXPECT_TRUE(gain.allFinite());
    }
    std::vector<Eigen::VectorXd> states{system.initial_state()}, controls;
    for (int h = 0; h < kHorizon; ++h) {
      const Eigen::VectorXd u = agent.Control(h, states.back());
      EXPECT_EQ(u.size(), d);
      EXPECT_TRUE(u.allFinite());
      if (is_private) {
        EXPECT_LE(u.norm(), gamma) << "step " << h << ": the clip contract";
      }
      controls.push_back(u);
      states.push_back(system.Step(states.back(), u, env));
    }
    agent.EndEpisode(states, controls);
    clipped += agent.last_episode().clipped_steps;
    EXPECT_EQ(agent.last_episode().counter_input_clipped_steps, 0)
        << "the counted control differs from the applied one";
  }
  return clipped;
}

TEST(LqRegistryTest, NamesAreSortedAndEntriesDescribed) {
  const std::vector<std::string> agents = LqAgentNames();
  const std::vector<std::string> systems = LqSystemNames();
  EXPECT_TRUE(std::is_sorted(agents.begin(), agents.end()));
  EXPECT_TRUE(std::is_sorted(systems.begin(), systems.end()));
  // The six agents of private_ofu_fig and the seven named systems of envs/lq_system.h, at least.
  EXPECT_GE(agents.size(), 6u);
  EXPECT_EQ(systems, [] {
    std::vector<std::string> named = NamedLqSystems();
    std::sort(named.begin(), named.end());
    return named;
  }());
  for (const std::string& name : agents) {
    const LqAgentType* type = FindLqAgent(name).value();
    EXPECT_EQ(type->name, name);
    EXPECT_FALSE(type->label.empty()) << name;
    EXPECT_FALSE(type->citation.empty()) << name;
    EXPECT_THAT(type->preset.Validate(), IsOk()) << name;
  }
  for (const std::string& name : systems) {
    EXPECT_FALSE(FindLqSystem(name).value()->description.empty()) << name;
  }
  EXPECT_THAT(FindLqAgent("lqr"), StatusIs(absl::StatusCode::kInvalidArgument,
                                           HasSubstr("unknown LQ agent 'lqr' (one of ofu_rl, ")));
  EXPECT_THAT(FindLqSystem("chain_n3"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("unknown LQ system 'chain_n3' (one of chain_n2, ")));
}

TEST(LqRegistryTest, SystemsRefuseBadHorizons) {
  for (const std::string& name : LqSystemNames()) {
    const LqSystemType* type = FindLqSystem(name).value();
    EXPECT_THAT(type->create({0}), StatusIs(absl::StatusCode::kInvalidArgument)) << name;
    EXPECT_THAT(type->create({int64_t{1} << 31}),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("horizon")))
        << name;
  }
}

// Every registered agent on every registered system under the contract of the header.
TEST(LqRegistryTest, EveryAgentOnEverySystemKeepsTheContract) {
  std::map<std::string, int> clipped_steps;  // per private agent, over the systems
  for (const std::string& system_name : LqSystemNames()) {
    absl::StatusOr<LqSystem> system = FindLqSystem(system_name).value()->create({kHorizon});
    ASSERT_THAT(system, IsOk()) << system_name;
    for (const std::string& agent_name : LqAgentNames()) {
      SCOPED_TRACE(absl::StrCat(agent_name, " on ", system_name));
      const LqAgentType& type = *FindLqAgent(agent_name).value();
      const ConfigSpec config = ConfigFor(type, system_name, *system);
      absl::StatusOr<LqAgentOptions> options = ReadLqAgentOptions(type, *system, config);
      ASSERT_THAT(options, IsOk());
      EXPECT_EQ(options->planner, type.preset.planner);
      EXPECT_EQ(options->calibration, type.preset.calibration);
      EXPECT_EQ(options->model, type.preset.model);
      EXPECT_EQ(options->dither_scale, type.preset.dither_scale);

      absl::StatusOr<LqAgent> agent = MakeAgent(*options, *system, 1);
      ASSERT_THAT(agent, IsOk());
      ExpectContract(*system, *agent);
      // The clip contract where the clip acts: a clip level well below the system's gamma (so
      // Assumption 1 still holds) and weak privacy, so that the estimates move within K.
      LqAgentOptions clipping = *options;
      clipping.privacy.control_bound = kSmallClip;
      clipping.privacy.privacy_epsilon = 1e6;
      absl::StatusOr<LqAgent> clipped_agent = MakeAgent(clipping, *system, 3);
      ASSERT_THAT(clipped_agent, IsOk());
      if (IsPrivate(clipping)) clipped_steps[agent_name] += ExpectContract(*system, *clipped_agent);

      absl::StatusOr<LqAgent> first = MakeAgent(*options, *system, 2);
      absl::StatusOr<LqAgent> second = MakeAgent(*options, *system, 2);
      ASSERT_THAT(first, IsOk());
      ASSERT_THAT(second, IsOk());
      const LqRunResult run =
          RunLqEpisodes(*system, *first, TestStream(kSeed, TestPurpose::kEnvironment, 2));
      const LqRunResult rerun =
          RunLqEpisodes(*system, *second, TestStream(kSeed, TestPurpose::kEnvironment, 2));
      ASSERT_EQ(static_cast<int64_t>(run.per_episode_regret.size()), kEpisodes);
      const double optimal =
          OptimalCost<double>(system->a(), system->b(), system->q(), system->r(), kHorizon,
                              system->initial_state(), system->NoiseCovariance());
      for (double regret : run.per_episode_regret) {
        EXPECT_TRUE(std::isfinite(regret));
        EXPECT_GE(regret, -1e-12 * optimal);
      }
      EXPECT_EQ(run.per_episode_regret, rerun.per_episode_regret) << "rerun not bit-identical";
      EXPECT_EQ(run.clipped_steps, rerun.clipped_steps);
      EXPECT_EQ(run.counter_input_clipped_steps, 0);
    }
  }
  // The clip contract was exercised: every private agent clipped somewhere.
  for (const auto& [agent_name, steps] : clipped_steps) {
    EXPECT_GT(steps, 0) << agent_name << " never clipped: the clip contract was not exercised";
  }
}

// The option an attribute sets, as Validate() names it, where the two names differ.
std::string OptionName(const std::string& attribute) {
  if (attribute == "num_episodes") return "episodes";
  if (attribute == "regularizer_lambda") return "regularizer";
  return attribute;
}

// Each parameter of each agent, set to a value outside its range (or of an unknown name), is
// refused with a message naming it: by the binding when the value cannot be represented, else by
// Validate(); and a configuration whose recorded options are not its agent's is refused.
TEST(LqRegistryTest, EveryParameterRefusesABadValueNamingIt) {
  const LqSystem system = FindLqSystem("relay_n2").value()->create({kHorizon}).value();
  for (const std::string& agent_name : LqAgentNames()) {
    const LqAgentType& type = *FindLqAgent(agent_name).value();
    const ConfigSpec good = ConfigFor(type, "relay_n2", system);
    for (const ParameterSpec& spec :
         LqAgentParameterBinding(type.preset, "agent").Specs(type.preset)) {
      SCOPED_TRACE(absl::StrCat(agent_name, ": ", spec.name));
      ConfigSpec bad = good;
      auto make_bad = [](AttributeValue& value) {
        if (std::holds_alternative<double>(value)) value = -1.0;
        if (std::holds_alternative<int64_t>(value)) value = int64_t{0};
        if (std::holds_alternative<std::string>(value)) value = std::string("no_such_value");
      };
      bool present = false;
      for (auto& [name, value] : bad.attributes) {
        if (name != spec.name) continue;
        present = true;
        make_bad(value);
      }
      if (!present) {  // an optional parameter written only away from its default
        AttributeValue value = spec.default_value;
        make_bad(value);
        bad.attributes.emplace_back(spec.name, value);
      }
      absl::StatusOr<LqAgentOptions> options = ReadLqAgentOptions(type, system, bad);
      const absl::Status status = options.ok() ? options->Validate() : options.status();
      EXPECT_THAT(status, StatusIs(absl::StatusCode::kInvalidArgument,
                                   HasSubstr(options.ok() ? OptionName(spec.name) : spec.name)));
    }
    ConfigSpec other = good;
    for (auto& [name, value] : other.attributes) {
      if (name == "planner") {
        value = std::string(type.preset.planner == LqPlanner::kOfuStep ? "certainty_equivalence"
                                                                       : "ofu_step");
      }
    }
    EXPECT_THAT(ReadLqAgentOptions(type, system, other),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         HasSubstr(absl::StrCat("agent ", agent_name, " is planner"))));
  }
}

}  // namespace
}  // namespace dprl
