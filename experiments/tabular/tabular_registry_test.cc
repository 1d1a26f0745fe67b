// The tabular registries and their typed parameters (tabular_registry.h, parameters.h), and a
// conformance run over EVERY registered environment and agent (after OpenSpiel's RandomSimTest):
// each environment passes the shared TabularMdp conformance suite, and each agent, on each
// environment, runs a short seeded episode loop under the TabularAgent contract. A newly
// registered type is covered without editing this file; a new required parameter needs a value
// in kConformanceValues below (the test says so, naming it).
#include "experiments/tabular/tabular_registry.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "algorithms/tabular/episode_loop.h"
#include "algorithms/tabular/rlsvi.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "envs/riverswim.h"
#include "envs/testing/tabular_mdp_conformance.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "schema/parameters.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::IsSupersetOf;

constexpr int64_t kConformanceEpisodes = 40;

// Values for the required parameters whose grid default is 0 (a value of the right type, not a
// valid one). Small MDPs keep the run short; every value is inside the parameter's documented
// range.
const std::map<std::string, AttributeValue>& ConformanceValues() {
  static const auto* values = new std::map<std::string, AttributeValue>{
      {"failure_probability", 0.1},
      {"privacy_epsilon", 1.0},
      // The contract checks use one episode before the loop's kConformanceEpisodes.
      {"num_episodes", kConformanceEpisodes + 1},
  };
  return *values;
}

// A configuration with every parameter of `specs`: its conformance value when it has one, else
// the spec's default.
ConfigSpec ConfigFor(const std::string& group_name,
                     const std::vector<std::vector<ParameterSpec>>& spec_lists) {
  ConfigSpec config;
  config.group_name = group_name;
  std::set<std::string> seen;
  for (const std::vector<ParameterSpec>& specs : spec_lists) {
    for (const ParameterSpec& spec : specs) {
      // Shared names (num_episodes) are read by both: one attribute.
      if (!seen.insert(spec.name).second) continue;
      const auto value = ConformanceValues().find(spec.name);
      config.attributes.emplace_back(
          spec.name, value != ConformanceValues().end() ? value->second : spec.default_value);
    }
  }
  return config;
}

ConfigSpec EnvironmentConfig(const TabularEnvironmentType& environment,
                             const std::vector<ParameterSpec>& agent_parameters = {}) {
  ConfigSpec config = ConfigFor(absl::StrCat("conformance_", environment.name),
                                {environment.parameters, agent_parameters});
  TabularEnvironmentNameBinding().Write(TabularTypeNames{environment.name, ""}, config.attributes);
  return config;
}

RandomStream GenerationStream() { return TestStream(7, TestPurpose::kEnvGeneration); }

TEST(ParametersTest, AttributeTypeNames) {
  EXPECT_EQ(AttributeTypeName(AttributeValue(int64_t{1})), "int");
  EXPECT_EQ(AttributeTypeName(AttributeValue(1.0)), "float");
  EXPECT_EQ(AttributeTypeName(AttributeValue(std::string("s"))), "string");
}

TEST(TabularRegistryTest, NamesAreSortedAndFindable) {
  const std::vector<std::string> environments = TabularEnvironmentNames();
  const std::vector<std::string> agents = TabularAgentNames();
  EXPECT_TRUE(std::is_sorted(environments.begin(), environments.end()));
  EXPECT_TRUE(std::is_sorted(agents.begin(), agents.end()));
  EXPECT_THAT(environments, IsSupersetOf({"random_mdp", "riverswim"}));
  EXPECT_THAT(agents, IsSupersetOf({"psrl", "psrl_per_step", "pucb", "pucb_noiseless", "rlsvi",
                                    "ubev", "ubev_as_run"}));
  for (const std::string& name : environments) {
    ASSERT_NE(FindTabularEnvironment(name), nullptr) << name;
    EXPECT_EQ(FindTabularEnvironment(name)->name, name);
    EXPECT_FALSE(FindTabularEnvironment(name)->description.empty()) << name;
  }
  for (const std::string& name : agents) {
    ASSERT_NE(FindTabularAgent(name), nullptr) << name;
    EXPECT_EQ(FindTabularAgent(name)->name, name);
    EXPECT_FALSE(FindTabularAgent(name)->description.empty()) << name;
  }
  // Agents with a privacy guarantee are not offered as non-private references.
  EXPECT_TRUE(FindTabularAgent("pucb")->privacy.has_value());
  EXPECT_TRUE(FindTabularAgent("rlsvi")->privacy.has_value());
  const std::vector<std::string> references = TabularReferenceAgentNames();
  EXPECT_THAT(references,
              IsSupersetOf({"psrl", "psrl_per_step", "pucb_noiseless", "ubev", "ubev_as_run"}));
  EXPECT_THAT(references, ::testing::Not(::testing::Contains("pucb")));
  for (const std::string& name : references) {
    EXPECT_FALSE(FindTabularAgent(name)->privacy.has_value()) << name;
    EXPECT_THAT(TabularReferenceAgentsDoc(),
                HasSubstr(absl::StrCat(name, " (", FindTabularAgent(name)->description, ")")));
  }
  EXPECT_EQ(FindTabularEnvironment("no_such_environment"), nullptr);
  EXPECT_EQ(FindTabularAgent("no_such_agent"), nullptr);
}

TEST(TabularRegistryTest, UnknownNamesListTheRegisteredOnes) {
  RandomStream generation = GenerationStream();
  EXPECT_THAT(CreateTabularEnvironment(ConfigSpec{"g", {{hdf5_names::kEnv, std::string("nope")}}},
                                       generation),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("configuration g: unknown environment 'nope' (one of ")));
  EXPECT_THAT(CreateTabularEnvironment(ConfigSpec{"g", {}}, generation),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("configuration g: the tabular registry needs string parameter "
                                 "'env'")));
  const TabularShape shape{2, 2, 2};
  EXPECT_THAT(CreateTabularAgent(ConfigSpec{"g", {{hdf5_names::kAgent, std::string("nope")}}},
                                 shape, TestStream(1, TestPurpose::kPrivacyNoise)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("configuration g: unknown agent 'nope' (one of ")));
}

// Every spec's name is unique within its type, documented, and its default has a type.
TEST(TabularRegistryTest, EverySpecIsDocumentedOnce) {
  auto check = [](const std::string& owner, const std::vector<ParameterSpec>& specs) {
    std::map<std::string, int> count;
    for (const ParameterSpec& spec : specs) {
      EXPECT_FALSE(spec.doc.empty()) << owner << " parameter " << spec.name;
      EXPECT_EQ(++count[spec.name], 1) << owner << " declares " << spec.name << " twice";
    }
  };
  for (const std::string& name : TabularEnvironmentNames()) {
    check(name, FindTabularEnvironment(name)->parameters);
  }
  for (const std::string& name : TabularAgentNames()) {
    check(name, FindTabularAgent(name)->parameters);
  }
}

// A grid writes an agent's parameters with TabularAgentType::attributes: they are exactly its
// specs' names, carry the grid's settings where the agent has them, and are read back by create.
// A private agent's declared guarantee names parameters it binds, and exactly one neighbour
// relation (a parameter that chooses it, or the one fixed relation).
TEST(TabularRegistryTest, EveryPrivateAgentDeclaresItsGuaranteeThroughItsParameters) {
  int private_agents = 0;
  for (const std::string& name : TabularAgentNames()) {
    const TabularAgentType& type = *FindTabularAgent(name);
    if (!type.privacy.has_value()) continue;
    ++private_agents;
    const TabularPrivacy& privacy = *type.privacy;
    EXPECT_FALSE(privacy.notion.empty()) << name;
    EXPECT_FALSE(privacy.protects.empty()) << name;
    EXPECT_FALSE(privacy.legend_notion.empty()) << name;
    EXPECT_NE(privacy.neighbour_parameter.empty(), privacy.neighbour_relation.empty()) << name;
    std::vector<std::string> bound;
    for (const ParameterSpec& spec : type.parameters) bound.push_back(spec.name);
    for (const std::string& parameter : {privacy.level_parameter, privacy.neighbour_parameter}) {
      if (!parameter.empty()) {
        EXPECT_THAT(bound, Contains(parameter)) << name;
      }
    }
  }
  EXPECT_GE(private_agents, 2);  // pucb, rlsvi
}

TEST(TabularRegistryTest, EveryAgentReadsTheAttributesItsGridWrites) {
  TabularAgentSettings settings;
  settings.num_episodes = kConformanceEpisodes;
  settings.failure_probability = 0.125;
  for (const std::string& name : TabularAgentNames()) {
    SCOPED_TRACE(name);
    const TabularAgentType& type = *FindTabularAgent(name);
    EXPECT_FALSE(type.label.empty());
    ConfigSpec config{absl::StrCat("written_", name), type.attributes(settings)};
    std::vector<std::string> written, specified;
    for (const auto& [attribute, value] : config.attributes) written.push_back(attribute);
    for (const ParameterSpec& spec : type.parameters) {
      if (std::find(type.unwritten_parameters.begin(), type.unwritten_parameters.end(),
                    spec.name) == type.unwritten_parameters.end()) {
        specified.push_back(spec.name);
      }
    }
    EXPECT_EQ(written, specified);
    for (const ParameterSpec& spec : type.parameters) {
      const AttributeValue& value = *FindAttribute(config.attributes, spec.name);
      if (spec.name == hdf5_names::kFailureProbability) {
        EXPECT_EQ(value, AttributeValue(0.125));
      }
      if (spec.name == hdf5_names::kNumEpisodes) {
        EXPECT_EQ(value, AttributeValue(int64_t{kConformanceEpisodes}));
      }
    }
    // PUCB's privacy_epsilon has no grid-wide setting: its grids set it (the default, 1, here).
    TabularAgentNameBinding().Write(TabularTypeNames{"", name}, config.attributes);
    // An agent with known rewards is built for an MDP (and refuses a shape alone, naming
    // itself); every other agent for the shape.
    RiverSwimOptions river;
    river.num_states = 3;
    river.horizon = 2;
    const TabularMdp mdp = MakeRiverSwim(river).value();  // S, A, H = 3, 2, 2
    EXPECT_THAT(CreateTabularAgent(config, mdp, TestStream(1, TestPurpose::kPrivacyNoise)), IsOk());
    if (type.needs_environment) {
      EXPECT_THAT(CreateTabularAgent(config, TabularShape{3, 2, 2},
                                     TestStream(1, TestPurpose::kPrivacyNoise)),
                  StatusIs(absl::StatusCode::kInvalidArgument,
                           HasSubstr(absl::StrCat("agent ", name, " assumes the rewards known"))));
    } else {
      EXPECT_THAT(CreateTabularAgent(config, TabularShape{3, 2, 2},
                                     TestStream(1, TestPurpose::kPrivacyNoise)),
                  IsOk());
    }
  }
}

// RLSVI's beta_scale is a registered parameter that configurations may carry (and Python set),
// which the grids do not write: they run Alg. 1 (beta_scale = 1), as their accounting assumes.
TEST(TabularRegistryTest, RlsviReadsBetaScaleThatItsGridsDoNotWrite) {
  const TabularAgentType& rlsvi = *FindTabularAgent("rlsvi");
  ASSERT_EQ(rlsvi.parameters.size(), 1u);
  EXPECT_EQ(rlsvi.parameters[0].name, "beta_scale");
  EXPECT_EQ(rlsvi.parameters[0].default_value, AttributeValue(1.0));
  EXPECT_FALSE(rlsvi.parameters[0].required);
  EXPECT_EQ(rlsvi.unwritten_parameters, std::vector<std::string>{"beta_scale"});
  EXPECT_TRUE(rlsvi.attributes(TabularAgentSettings{}).empty());

  const TabularShape shape{3, 2, 2};
  auto beta_of = [&](const AttributeList& parameters) -> absl::StatusOr<double> {
    ConfigSpec config{"rlsvi_beta", parameters};
    TabularAgentNameBinding().Write(TabularTypeNames{"", "rlsvi"}, config.attributes);
    ASSIGN_OR_RETURN(std::unique_ptr<TabularAgent> agent,
                     CreateTabularAgent(config, shape, TestStream(1, TestPurpose::kPrivacyNoise)));
    agent->BeginEpisode();
    return dynamic_cast<const RlsviAgent&>(*agent).beta();
  };
  // beta_1 = c (1/2) S H^3 ln(2HSA): 12 c ln 24 at (S, A, H) = (3, 2, 2).
  const absl::StatusOr<double> paper = beta_of({});
  ASSERT_THAT(paper, IsOk());
  EXPECT_DOUBLE_EQ(*paper, 12.0 * std::log(24.0));
  const absl::StatusOr<double> scaled = beta_of({{"beta_scale", 0.25}});
  ASSERT_THAT(scaled, IsOk());
  EXPECT_DOUBLE_EQ(*scaled, 3.0 * std::log(24.0));

  for (const auto& [value, text] : std::vector<std::pair<double, std::string>>{
           {0.0, "got 0"}, {-2.0, "got -2"}, {std::nan(""), "got nan"},
           {std::numeric_limits<double>::infinity(), "got inf"}}) {
    EXPECT_THAT(beta_of({{"beta_scale", value}}),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         HasSubstr(absl::StrCat("configuration rlsvi_beta: beta_scale must be "
                                                "finite and > 0, ",
                                                text))));
  }
  EXPECT_THAT(beta_of({{"beta_scale", int64_t{2}}}),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("parameter 'beta_scale' of agent rlsvi must be a float")));
}

TEST(TabularRegistryConformanceTest, EveryEnvironmentConforms) {
  for (const std::string& name : TabularEnvironmentNames()) {
    SCOPED_TRACE(name);
    const TabularEnvironmentType& type = *FindTabularEnvironment(name);
    RandomStream generation = GenerationStream();
    const absl::StatusOr<TabularMdp> mdp =
        CreateTabularEnvironment(EnvironmentConfig(type), generation);
    ASSERT_TRUE(mdp.ok()) << mdp.status();
    if (type.fixed_num_actions > 0) {
      EXPECT_EQ(mdp->num_actions(), type.fixed_num_actions);
    }
    testing::TabularMdpConformanceOptions options;
    options.samples_per_row = 2000;
    options.initial_state_samples = 20000;
    testing::ExpectTabularMdpConforms(*mdp, options);
  }
}

// Per-episode regrets of one run of `agent_name` on `mdp` with fixed streams.
std::vector<double> RunAgent(const std::string& agent_name, const ConfigSpec& base,
                             const TabularMdp& mdp) {
  ConfigSpec config = base;
  TabularAgentNameBinding().Write(TabularTypeNames{"", agent_name}, config.attributes);
  const TabularShape shape{mdp.num_states(), mdp.num_actions(), mdp.horizon()};
  absl::StatusOr<std::unique_ptr<TabularAgent>> agent =
      CreateTabularAgent(config, mdp, TestStream(11, TestPurpose::kPrivacyNoise));
  EXPECT_TRUE(agent.ok()) << agent.status()
                          << " (a new required parameter needs a value in ConformanceValues)";
  if (!agent.ok()) return {};
  EXPECT_EQ((*agent)->shape().num_states, shape.num_states);
  EXPECT_EQ((*agent)->shape().num_actions, shape.num_actions);
  EXPECT_EQ((*agent)->shape().horizon, shape.horizon);

  // Contract of Observe: rewards outside [0, 1] and states/actions/steps outside the shape are
  // refused with InvalidArgument.
  (*agent)->BeginEpisode();
  EXPECT_THAT((*agent)->Observe(0, 0, 0, 1.5, 0), StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT((*agent)->Observe(0, 0, 0, -0.1, 0), StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT((*agent)->Observe(0, shape.num_states, 0, 0.5, 0),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT((*agent)->Observe(0, 0, shape.num_actions, 0.5, 0),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_THAT((*agent)->Observe(shape.horizon, 0, 0, 0.5, 0),
              StatusIs(absl::StatusCode::kInvalidArgument));
  // pi_t(. | s, h) is a probability vector for every (h, s).
  const std::vector<double>& pi = (*agent)->action_probabilities();
  EXPECT_EQ(static_cast<int64_t>(pi.size()),
            static_cast<int64_t>(shape.horizon) * shape.num_states * shape.num_actions);
  for (int h = 0; h < shape.horizon; ++h) {
    for (int s = 0; s < shape.num_states; ++s) {
      double total = 0.0;
      for (int a = 0; a < shape.num_actions; ++a) {
        const double p = pi[shape.Index(h, s, a)];
        EXPECT_TRUE(p >= 0.0 && p <= 1.0) << "pi(" << a << " | " << s << ", " << h << ") = " << p;
        total += p;
      }
      EXPECT_NEAR(total, 1.0, 1e-12) << "pi(. | " << s << ", " << h << ")";
    }
  }
  (*agent)->EndEpisode();

  std::vector<double> regrets;
  absl::StatusOr<EpisodeLoopResult> result =
      RunEpisodes(mdp, **agent, kConformanceEpisodes, TestStream(12, TestPurpose::kEnvironment),
                  TestStream(13, TestPurpose::kPolicy), {}, {},
                  [&](double regret) { regrets.push_back(regret); });
  EXPECT_TRUE(result.ok()) << result.status();
  if (!result.ok()) return {};
  EXPECT_EQ(static_cast<int64_t>(regrets.size()), kConformanceEpisodes);
  double total = 0.0;
  for (double regret : regrets) {
    // rho* - rho^pi of one episode is in [0, H] (rewards in [0, 1]); a tiny negative value would
    // be rounding of the exact evaluation.
    EXPECT_GE(regret, -1e-9);
    EXPECT_LE(regret, shape.horizon + 1e-9);
    total += regret;
  }
  EXPECT_DOUBLE_EQ(result->total_regret, total);
  return regrets;
}

TEST(TabularRegistryConformanceTest, EveryAgentRunsOnEveryEnvironmentDeterministically) {
  for (const std::string& environment_name : TabularEnvironmentNames()) {
    const TabularEnvironmentType& environment = *FindTabularEnvironment(environment_name);
    for (const std::string& agent_name : TabularAgentNames()) {
      SCOPED_TRACE(absl::StrCat(agent_name, " on ", environment_name));
      const ConfigSpec config =
          EnvironmentConfig(environment, FindTabularAgent(agent_name)->parameters);
      RandomStream generation = GenerationStream();
      const absl::StatusOr<TabularMdp> mdp = CreateTabularEnvironment(config, generation);
      ASSERT_TRUE(mdp.ok()) << mdp.status();
      const std::vector<double> first = RunAgent(agent_name, config, *mdp);
      const std::vector<double> second = RunAgent(agent_name, config, *mdp);
      // Same configuration and streams: the same episodes, bit for bit.
      EXPECT_EQ(first, second);
    }
  }
}

}  // namespace
}  // namespace dprl
