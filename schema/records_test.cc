// The records that analysis reads a results file through without linking the writer: the root
// attributes (run_records.h), the agents' parameters (tabular_records.h) and the selection keys
// (group_selection_records.h).
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "common/hdf5_names.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "schema/attribute_fields.h"
#include "schema/group_selection_records.h"
#include "schema/run_records.h"
#include "schema/tabular_records.h"

namespace dprl {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<std::string> Names(const AttributeList& attributes) {
  std::vector<std::string> names;
  for (const auto& [name, value] : attributes) names.push_back(name);
  return names;
}

TEST(RunRecordsTest, WritesTheRootAttributesInTheDocumentedOrder) {
  ResultsFileRecord run;
  run.experiment = "vietri_fig";
  run.git_dirty = true;
  run.scale = "smoke";
  run.seeds = 2;
  AttributeList attributes = ExperimentNameBinding().Attributes(run);
  ResultsFileBinding().Write(run, attributes);
  ClaimsProfileBinding().Write(ClaimsProfileRecord{"claims_reduced"}, attributes);
  EXPECT_THAT(Names(attributes),
              ElementsAre("experiment", "git_commit", "git_dirty", "dprl_version", "build_time",
                          "build_host", "command_line", "resolved_config", "scale", "seeds",
                          "claims_profile"));
  EXPECT_EQ(std::get<int64_t>(*FindAttribute(attributes, hdf5_names::kGitDirty)), 1);
  absl::StatusOr<ResultsFileRecord> read = ResultsFileBinding().Read(attributes, "file f");
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_TRUE(read->git_dirty);
  EXPECT_EQ(read->scale, "smoke");
  EXPECT_EQ(read->seeds, 2);
}

TEST(RunRecordsTest, BuildProvenanceIsOptionalTheRunIsNot) {
  // A file made by hand (the claims fixtures): no git_dirty and no build provenance.
  const AttributeList handmade = {{"git_commit", std::string("handmade")},
                                  {"command_line", std::string("make_fixtures.py")},
                                  {"scale", std::string("smoke")},
                                  {"seeds", int64_t{3}}};
  absl::StatusOr<ResultsFileRecord> read = ResultsFileBinding().Read(handmade, "file f");
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_FALSE(read->git_dirty);
  EXPECT_EQ(read->seeds, 3);
  AttributeList without_seeds = handmade;
  without_seeds.pop_back();
  EXPECT_THAT(std::string(ResultsFileBinding().Read(without_seeds, "file f").status().message()),
              HasSubstr("needs int parameter 'seeds'"));
}

TEST(TabularAgentParametersTest, EveryParameterIsOptionalButTyped) {
  absl::StatusOr<TabularAgentParameters> none =
      TabularAgentParametersBinding().Read(AttributeList(), "configuration g");
  ASSERT_TRUE(none.ok()) << none.status();
  EXPECT_EQ(none->privacy_epsilon, 0.0);
  EXPECT_EQ(none->neighbour_relation, "");
  const AttributeList pucb = {{"privacy_epsilon", 0.5},
                              {"failure_probability", 0.05},
                              {"neighbour_relation", std::string("add_remove")},
                              {"error_bound_method", std::string("paper")}};
  absl::StatusOr<TabularAgentParameters> read =
      TabularAgentParametersBinding().Read(pucb, "configuration g");
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->privacy_epsilon, 0.5);
  EXPECT_EQ(read->failure_probability, 0.05);
  EXPECT_EQ(read->error_bound_method, "paper");
  // What a grid refuses (FillTabularRegretConfig): an agent binding that recorded one of these
  // names with another type, which the analysis could not read.
  const AttributeList wrong = {{"privacy_epsilon", std::string("1")}};
  EXPECT_THAT(
      std::string(
          TabularAgentParametersBinding().Read(wrong, "configuration g").status().message()),
      HasSubstr("parameter 'privacy_epsilon' of the tabular agent must be a float, got a string"));
}

TEST(GroupSelectionTest, BindsTheFiltersAsStringsAndTheOrdersAsNumbers) {
  for (const ParameterSpec& spec : GroupSelectionBinding().Specs()) {
    const bool order = spec.name == hdf5_names::kPrivacyEpsilon ||
                       spec.name == hdf5_names::kNoiseStddev ||
                       spec.name == attribute_fields::kGapConstant.name;
    EXPECT_EQ(std::holds_alternative<double>(spec.default_value), order) << spec.name;
    EXPECT_EQ(std::holds_alternative<std::string>(spec.default_value), !order) << spec.name;
    EXPECT_FALSE(spec.required) << spec.name;
  }
  EXPECT_EQ(GroupSelectionBinding().Specs().size(), 8u);
}

}  // namespace
}  // namespace dprl
