#include "schema/option_binding.h"

#include <cstdint>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace dprl {
namespace {

using ::testing::HasSubstr;

enum class Rule { kPaper, kAsRun };

struct Inner {
  double scale = 0.25;
};

struct TestOptions {
  double privacy_epsilon = 1.0;
  int num_counters = 4;
  int64_t num_episodes = 100;
  bool dithered = false;
  std::string name = "x";
  Rule rule = Rule::kPaper;
  Inner inner;
};

const OptionBinding<TestOptions>& Binding() {
  static const auto* binding =
      &(*new OptionBinding<TestOptions>("agent test"))
           .Float("privacy_epsilon", &TestOptions::privacy_epsilon, "eps")
           .Int("num_counters", &TestOptions::num_counters, "counters")
           .Int("num_episodes", &TestOptions::num_episodes, "T")
           .Bool("dithered", &TestOptions::dithered, "whether dithered")
           .Optional()
           .String("name", &TestOptions::name, "a name")
           .Optional()
           .Choice("rule", &TestOptions::rule, {{Rule::kPaper, "paper"}, {Rule::kAsRun, "as_run"}},
                   "bonus rule")
           .Optional()
           .Float(
               "inner_scale", [](TestOptions& o) -> double& { return o.inner.scale; }, "scale");
  return *binding;
}

TEST(OptionBindingTest, WriteThenReadRoundTrips) {
  TestOptions options;
  options.privacy_epsilon = 0.5;
  options.num_counters = 7;
  options.num_episodes = int64_t{1} << 40;
  options.dithered = true;
  options.name = "y";
  options.rule = Rule::kAsRun;
  options.inner.scale = 3.0;
  const AttributeList attributes = Binding().Attributes(options);
  ASSERT_EQ(attributes.size(), 7u);
  EXPECT_EQ(attributes[0].first, "privacy_epsilon");
  EXPECT_EQ(std::get<int64_t>(attributes[3].second), 1);  // bool stored as 0/1
  EXPECT_EQ(std::get<std::string>(attributes[5].second), "as_run");
  absl::StatusOr<TestOptions> read = Binding().Read(attributes, "configuration g");
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->privacy_epsilon, 0.5);
  EXPECT_EQ(read->num_counters, 7);
  EXPECT_EQ(read->num_episodes, int64_t{1} << 40);
  EXPECT_TRUE(read->dithered);
  EXPECT_EQ(read->name, "y");
  EXPECT_EQ(read->rule, Rule::kAsRun);
  EXPECT_EQ(read->inner.scale, 3.0);
}

TEST(OptionBindingTest, SpecsCarryTypesDefaultsAndDocs) {
  const std::vector<ParameterSpec> specs = Binding().Specs();
  ASSERT_EQ(specs.size(), 7u);
  EXPECT_EQ(specs[1].name, "num_counters");
  EXPECT_EQ(std::get<int64_t>(specs[1].default_value), 4);
  EXPECT_TRUE(specs[1].required);
  EXPECT_FALSE(specs[3].required);
  EXPECT_EQ(std::get<std::string>(specs[5].default_value), "paper");
  EXPECT_EQ(specs[5].doc, "bonus rule (paper | as_run)");
  EXPECT_EQ(std::get<double>(specs[6].default_value), 0.25);
  TestOptions grid;
  grid.num_counters = 9;
  EXPECT_EQ(std::get<int64_t>(Binding().Specs(grid)[1].default_value), 9);
}

TEST(OptionBindingTest, OptionalParametersKeepTheDefaults) {
  TestOptions defaults;
  defaults.rule = Rule::kAsRun;
  AttributeList attributes = {{"privacy_epsilon", 2.0},
                              {"num_counters", int64_t{1}},
                              {"num_episodes", int64_t{5}},
                              {"inner_scale", 1.0},
                              {"unrelated", std::string("ignored")}};
  absl::StatusOr<TestOptions> read = Binding().Read(attributes, "configuration g", defaults);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->rule, Rule::kAsRun);
  EXPECT_EQ(read->name, "x");
  EXPECT_FALSE(read->dithered);
}

// An OmittedWhenDefault() parameter is written only when it differs from a default-constructed
// Options, and read back as that default when absent.
TEST(OptionBindingTest, OmittedWhenDefaultWritesOnlyOtherValues) {
  OptionBinding<TestOptions> binding("agent test");
  binding.Float("privacy_epsilon", &TestOptions::privacy_epsilon, "eps")
      .Choice("rule", &TestOptions::rule, {{Rule::kPaper, "paper"}, {Rule::kAsRun, "as_run"}},
              "bonus rule")
      .OmittedWhenDefault();
  TestOptions options;
  EXPECT_EQ(binding.Attributes(options), (AttributeList{{"privacy_epsilon", 1.0}}));
  EXPECT_EQ(binding.Read(binding.Attributes(options), "configuration g")->rule, Rule::kPaper);
  options.rule = Rule::kAsRun;
  const AttributeList written = binding.Attributes(options);
  EXPECT_EQ(written, (AttributeList{{"privacy_epsilon", 1.0},
                                    {"rule", AttributeValue(std::string("as_run"))}}));
  EXPECT_EQ(binding.Read(written, "configuration g")->rule, Rule::kAsRun);
  EXPECT_FALSE(binding.Specs()[1].required);
}

TEST(OptionBindingTest, ErrorsNameTheConfigurationOwnerAndParameter) {
  const AttributeList complete = Binding().Attributes(TestOptions());
  auto without = [&](const std::string& name) {
    AttributeList attributes;
    for (const auto& entry : complete) {
      if (entry.first != name) attributes.push_back(entry);
    }
    return attributes;
  };
  auto with = [&](const std::string& name, AttributeValue value) {
    AttributeList attributes = without(name);
    attributes.emplace_back(name, std::move(value));
    return attributes;
  };
  EXPECT_EQ(Binding().Read(without("num_counters"), "configuration g").status().message(),
            "configuration g: agent test needs int parameter 'num_counters'");
  EXPECT_EQ(Binding().Read(with("num_episodes", 3.0), "configuration g").status().message(),
            "configuration g: parameter 'num_episodes' of agent test must be an int, got a float");
  EXPECT_EQ(
      Binding().Read(with("privacy_epsilon", int64_t{3}), "configuration g").status().message(),
      "configuration g: parameter 'privacy_epsilon' of agent test must be a float, got an int");
  EXPECT_EQ(
      Binding().Read(with("rule", std::string("other")), "configuration g").status().message(),
      "configuration g: parameter 'rule' of agent test: 'other' is not one of paper | as_run");
  EXPECT_THAT(Binding().Read(with("num_counters", int64_t{1} << 40), "c").status().message(),
              HasSubstr("out of this parameter's range"));
  EXPECT_THAT(Binding().Read(with("dithered", int64_t{2}), "c").status().message(),
              HasSubstr("must be 0 or 1"));
}

// A record with a group name and its attributes, as the runner's ConfigSpec.
struct NamedConfiguration {
  std::string group_name;
  AttributeList attributes;
};

TEST(OptionBindingTest, ReadsAConfigurationByItsGroupName) {
  NamedConfiguration config;
  config.group_name = "pucb_riverswim";
  absl::StatusOr<TestOptions> read = Binding().Read(config);
  EXPECT_EQ(read.status().message(),
            "configuration pucb_riverswim: agent test needs float parameter 'privacy_epsilon'");
}

TEST(OptionBindingDeathTest, BindingANameTwiceIsABug) {
  EXPECT_DEATH(OptionBinding<TestOptions>("agent t")
                   .Float("privacy_epsilon", &TestOptions::privacy_epsilon, "eps")
                   .Float("privacy_epsilon", &TestOptions::privacy_epsilon, "eps"),
               "bound twice");
}

// A configuration joins several bindings' attributes: a shared name is written once.
TEST(MergeAttributesTest, AppendsTheMissingAndKeepsASharedNameOnce) {
  AttributeList attributes = {{"num_episodes", int64_t{5}}, {"env", std::string("riverswim")}};
  MergeAttributes({{"num_episodes", int64_t{5}}, {"privacy_epsilon", 1.5}}, attributes);
  EXPECT_EQ(attributes, (AttributeList{{"num_episodes", int64_t{5}},
                                       {"env", std::string("riverswim")},
                                       {"privacy_epsilon", 1.5}}));
}

TEST(MergeAttributesDeathTest, TwoValuesForOneNameAreABug) {
  AttributeList attributes = {{"num_episodes", int64_t{5}}};
  EXPECT_DEATH(MergeAttributes({{"num_episodes", int64_t{6}}}, attributes),
               "written twice with different values");
}

}  // namespace
}  // namespace dprl
