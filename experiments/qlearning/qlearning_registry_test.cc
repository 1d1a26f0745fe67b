// The Q-learning registry (qlearning_registry.h) and a conformance run over EVERY registered agent
// (after OpenSpiel's RandomSimTest): each agent trains for a few episodes of the continuous walk
// (envs/continuous_walk.h) from a configuration made of its own parameter specs, under the shared
// contract:
//   - the returns are one per episode, each a sum of 50 rewards in [0, 0.5]; its Q-values (if it
//     has a Q-function) are finite;
//   - a rerun with the same streams is bit-identical;
//   - an agent with privacy noise draws it from its noise stream (another noise stream changes
//     its output) and refuses a negative or non-finite value of each noise parameter, naming it;
//     an agent without privacy noise does not read the noise stream at all;
//   - its Options' checks refuse a bad value (num_samples = 0), a missing parameter and a
//     parameter of the wrong type, naming the parameter.
// A newly registered agent is covered without editing this file.
#include "experiments/qlearning/qlearning_registry.h"

#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "envs/continuous_walk.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/random_streams.h"
#include "testing/status_matchers.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

// 10 episodes of 50 steps; the entries' default batch sizes fit it (B = 50 divides it, and the
// loop as run makes its first update of 128 transitions at step 128).
constexpr int64_t kConformanceSamples = 500;
// The value every noise parameter gets: noise on, at a level that changes what the agent does.
constexpr double kConformanceNoise = 1.0;

// A configuration of `type` from its specs' defaults, with the conformance values above and
// `overrides` (name -> value) on top.
ConfigSpec ConformanceConfig(const QLearningAgentType& type,
                             const std::map<std::string, AttributeValue>& overrides = {}) {
  ConfigSpec config;
  config.group_name = absl::StrCat("conformance_", type.name);
  for (const ParameterSpec& spec : type.parameters) {
    AttributeValue value = spec.default_value;
    if (spec.name == "num_samples") value = kConformanceSamples;
    for (const std::string& noise : type.noise_parameters) {
      if (spec.name == noise) value = kConformanceNoise;
    }
    if (auto it = overrides.find(spec.name); it != overrides.end()) value = it->second;
    config.attributes.emplace_back(spec.name, value);
  }
  return config;
}

ContinuousWalk Walk() { return *ContinuousWalk::Create(ContinuousWalkOptions()); }

// One training run with streams from `seed` (environment, policy) and `noise_seed` (privacy noise).
absl::StatusOr<WalkTrainingRun> Train(const QLearningAgentType& type, const ConfigSpec& config,
                                      uint64_t seed = 1, uint64_t noise_seed = 2) {
  RandomStream env_stream = TestStream(seed, TestPurpose::kEnvironment);
  RandomStream policy_stream = TestStream(seed, TestPurpose::kPolicy);
  const RandomStream noise_stream = TestStream(noise_seed, TestPurpose::kPrivacyNoise);
  return type.train(config, Walk(), env_stream, policy_stream, noise_stream);
}

std::vector<const QLearningAgentType*> AllAgents() {
  std::vector<const QLearningAgentType*> types;
  for (const std::string& name : QLearningAgentNames()) types.push_back(FindQLearningAgent(name));
  return types;
}

TEST(QLearningRegistryTest, ListsTheRegisteredAgentsSorted) {
  EXPECT_EQ(QLearningAgentNames(),
            (std::vector<std::string>{"dp_sgd", "frozen", "functional_noise", "input_perturbation",
                                      "output_perturbation", "replay_dqn_as_run", "scripted",
                                      "uniform"}));
  EXPECT_EQ(FindQLearningAgent("sarsa"), nullptr);
  EXPECT_THAT(FindQLearningAgentOrError("sarsa", "configuration g").status(),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("configuration g: unknown agent 'sarsa' (one of dp_sgd, frozen, "
                                 "functional_noise, input_perturbation, output_perturbation, "
                                 "replay_dqn_as_run, scripted, uniform)")));
}

TEST(QLearningRegistryTest, LabelsComeFromTheEntryLegend) {
  EXPECT_EQ(QLearningLabel("dp_sgd", "noise multiplier 30.2"), "DP-SGD, noise multiplier 30.2");
  EXPECT_EQ(QLearningLabel("replay_dqn_as_run", "paper's σ = 0.32"),
            "functional noise, paper's σ = 0.32, authors' loop as run");
  EXPECT_EQ(QLearningLabel("uniform"), "uniform random");
}

TEST(QLearningRegistryTest, EveryEntryIsDescribedAndTakesNumSamples) {
  for (const QLearningAgentType* type : AllAgents()) {
    SCOPED_TRACE(type->name);
    EXPECT_FALSE(type->description.empty());
    EXPECT_FALSE(type->legend.empty());
    bool has_num_samples = false;
    for (const ParameterSpec& spec : type->parameters) {
      EXPECT_FALSE(spec.doc.empty()) << spec.name;
      if (spec.name == "num_samples") {
        has_num_samples = std::holds_alternative<int64_t>(spec.default_value);
      }
    }
    EXPECT_TRUE(has_num_samples);
    for (const std::string& noise : type->noise_parameters) {
      bool bound = false;
      for (const ParameterSpec& spec : type->parameters) bound |= spec.name == noise;
      EXPECT_TRUE(bound) << "noise parameter " << noise << " is not a parameter";
    }
  }
}

// The baselines run Algorithm 1's loop without functional noise (their calibrations assume it).
TEST(QLearningRegistryTest, BaselinesRefuseFunctionalNoise) {
  for (const char* name : {"dp_sgd", "input_perturbation"}) {
    const QLearningAgentType& type = *FindQLearningAgent(name);
    EXPECT_THAT(type.check(ConformanceConfig(type, {{"noise_stddev", 0.4}})),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         HasSubstr(absl::StrCat("agent ", name, ": noise_stddev = 0.4, must be 0"))));
  }
}

TEST(QLearningConformanceTest, EveryAgentTrainsFinitelyAndReproducibly) {
  const int64_t episodes = kConformanceSamples / Walk().episode_length();
  const double max_return = Walk().episode_length() * ContinuousWalk::kRewardHigh;
  for (const QLearningAgentType* type : AllAgents()) {
    SCOPED_TRACE(type->name);
    const ConfigSpec config = ConformanceConfig(*type);
    ASSERT_THAT(type->check(config), IsOk());
    absl::StatusOr<WalkTrainingRun> run = Train(*type, config);
    ASSERT_THAT(run, IsOk());
    ASSERT_EQ(static_cast<int64_t>(run->episode_returns.size()), episodes);
    for (double r : run->episode_returns) {
      EXPECT_TRUE(std::isfinite(r) && r >= 0.0 && r <= max_return) << r;
    }
    EXPECT_TRUE(run->final_q.empty() || run->final_q.size() == 2 * kQProbeStates.size())
        << run->final_q.size();
    for (double q : run->final_q) EXPECT_TRUE(std::isfinite(q)) << q;
    absl::StatusOr<WalkTrainingRun> rerun = Train(*type, config);
    ASSERT_THAT(rerun, IsOk());
    EXPECT_EQ(run->episode_returns, rerun->episode_returns);
    EXPECT_EQ(run->final_q, rerun->final_q);
  }
}

TEST(QLearningConformanceTest, PrivacyNoiseComesFromTheNoiseStreamOnly) {
  for (const QLearningAgentType* type : AllAgents()) {
    SCOPED_TRACE(type->name);
    const ConfigSpec config = ConformanceConfig(*type);
    absl::StatusOr<WalkTrainingRun> run = Train(*type, config, 1, 2);
    absl::StatusOr<WalkTrainingRun> other_noise = Train(*type, config, 1, 3);
    ASSERT_THAT(run, IsOk());
    ASSERT_THAT(other_noise, IsOk());
    const bool same = run->episode_returns == other_noise->episode_returns &&
                      run->final_q == other_noise->final_q;
    EXPECT_EQ(same, type->noise_parameters.empty())
        << (same ? "its output does not depend on its noise stream"
                 : "an agent without noise parameters reads the noise stream");
  }
}

TEST(QLearningConformanceTest, BadNoiseParametersAreRefusedByName) {
  for (const QLearningAgentType* type : AllAgents()) {
    for (const std::string& noise : type->noise_parameters) {
      for (double bad : {-1.0, std::numeric_limits<double>::quiet_NaN(),
                         std::numeric_limits<double>::infinity()}) {
        SCOPED_TRACE(absl::StrCat(type->name, " ", noise, " = ", bad));
        const ConfigSpec config = ConformanceConfig(*type, {{noise, bad}});
        EXPECT_THAT(type->check(config),
                    StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr(noise)));
        EXPECT_THAT(Train(*type, config).status(),
                    StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr(noise)));
      }
    }
  }
}

TEST(QLearningConformanceTest, BadOptionsAreRefusedByName) {
  for (const QLearningAgentType* type : AllAgents()) {
    SCOPED_TRACE(type->name);
    // A value the Options' checks refuse.
    EXPECT_THAT(Train(*type, ConformanceConfig(*type, {{"num_samples", int64_t{0}}})).status(),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         HasSubstr(absl::StrCat("configuration conformance_", type->name))));
    EXPECT_THAT(type->check(ConformanceConfig(*type, {{"num_samples", int64_t{0}}})),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_samples")));
    // A value of the wrong type.
    EXPECT_THAT(type->check(ConformanceConfig(*type, {{"num_samples", 500.0}})),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         HasSubstr("parameter 'num_samples' of ")));
    // A missing parameter.
    ConfigSpec missing = ConformanceConfig(*type);
    missing.attributes.erase(missing.attributes.begin());
    EXPECT_THAT(type->check(missing),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         HasSubstr(absl::StrCat("parameter '", type->parameters[0].name, "'"))));
    // T not a multiple of the 50-step episode (the learners' batch rule may refuse it first).
    EXPECT_THAT(Train(*type, ConformanceConfig(*type, {{"num_samples", int64_t{525}}})).status(),
                StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("num_samples")));
  }
}

}  // namespace
}  // namespace dprl
