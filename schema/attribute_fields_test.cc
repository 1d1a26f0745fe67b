// The attribute fields (attribute_fields.h) and the record bindings of //schema that bind them:
// every attribute a record writes is a field, stored with the field's type and documented with
// the field's doc (plus at most a qualifier), so the doc string exists once.
#include "schema/attribute_fields.h"

#include <map>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "schema/group_selection_records.h"
#include "schema/lower_bound_records.h"
#include "schema/lq_agents.h"
#include "schema/option_binding.h"
#include "schema/rlsvi_privacy_records.h"
#include "schema/run_records.h"
#include "schema/tabular_records.h"
#include "schema/wang_hegde_records.h"

namespace dprl {
namespace {

using attribute_fields::AttributeFieldTable;

std::map<std::string, AttributeFieldInfo> FieldsByName() {
  std::map<std::string, AttributeFieldInfo> by_name;
  for (const AttributeFieldInfo& field : AttributeFieldTable()) by_name.emplace(field.name, field);
  return by_name;
}

TEST(AttributeFieldsTest, EachAttributeIsDeclaredOnceWithATypeAndADoc) {
  std::map<std::string, int> count;
  for (const AttributeFieldInfo& field : AttributeFieldTable()) {
    ++count[field.name];
    EXPECT_FALSE(field.doc.empty()) << field.name;
    EXPECT_THAT(field.type, ::testing::AnyOf("int64", "float64", "string")) << field.name;
  }
  for (const auto& [name, times] : count) EXPECT_EQ(times, 1) << name;
  EXPECT_EQ(AttributeFieldInfo::Of(attribute_fields::kPrivacyEpsilon).type, "float64");
  EXPECT_EQ(AttributeFieldInfo::Of(attribute_fields::kGitDirty).type, "int64");  // a flag
  EXPECT_EQ(AttributeFieldInfo::Of(attribute_fields::kSeeds).type, "int64");
  EXPECT_EQ(AttributeFieldInfo::Of(attribute_fields::kEnv).type, "string");
}

TEST(AttributeFieldsTest, ABindingTakesNameAndDocFromTheFieldAndMayQualifyIt) {
  struct Options {
    double privacy_epsilon = 1.0;
    double failure_probability = 0.05;
  };
  const OptionBinding<Options> binding =
      OptionBinding<Options>("agent a")
          .Float(attribute_fields::kPrivacyEpsilon, &Options::privacy_epsilon)
          .Float(attribute_fields::kFailureProbability, &Options::failure_probability,
                 "beta of the bonuses");
  const std::vector<ParameterSpec> specs = binding.Specs();
  ASSERT_EQ(specs.size(), 2u);
  EXPECT_EQ(specs[0].name, "privacy_epsilon");
  EXPECT_EQ(specs[0].doc, attribute_fields::kPrivacyEpsilon.doc);
  EXPECT_EQ(specs[1].name, "failure_probability");
  EXPECT_EQ(specs[1].doc,
            std::string(attribute_fields::kFailureProbability.doc) + "; beta of the bonuses");
}

// Every record binding of //schema (what analysis reads a file through).
template <typename Options>
void ExpectBoundThroughFields(const OptionBinding<Options>& binding) {
  static const std::map<std::string, AttributeFieldInfo> fields = FieldsByName();
  for (const ParameterSpec& spec : binding.Specs()) {
    const auto field = fields.find(spec.name);
    ASSERT_NE(field, fields.end()) << binding.owner() << ": '" << spec.name << "' is no field";
    EXPECT_EQ(AttributeTypeName(spec.default_value), field->second.type == "float64" ? "float"
                                                     : field->second.type == "int64" ? "int"
                                                                                     : "string")
        << binding.owner() << ": " << spec.name;
    EXPECT_TRUE(absl::StartsWith(spec.doc, field->second.doc))
        << binding.owner() << ": '" << spec.name << "' is documented '" << spec.doc
        << "', not from its field '" << field->second.doc << "'";
  }
}

TEST(AttributeFieldsTest, EverySchemaRecordBindsItsAttributesThroughTheirFields) {
  ExpectBoundThroughFields(ExperimentNameBinding());
  ExpectBoundThroughFields(ResultsFileBinding());
  ExpectBoundThroughFields(ClaimsProfileBinding());
  ExpectBoundThroughFields(TabularEnvironmentNameBinding());
  ExpectBoundThroughFields(TabularAgentNameBinding());
  ExpectBoundThroughFields(TabularShapeBinding());
  ExpectBoundThroughFields(TabularRegretSettingsBinding());
  ExpectBoundThroughFields(DisplayLabelBinding());
  ExpectBoundThroughFields(PucbBinding());
  ExpectBoundThroughFields(PucbGuaranteeBinding());
  ExpectBoundThroughFields(TabularAgentParametersBinding());
  ExpectBoundThroughFields(GroupSelectionBinding());
  ExpectBoundThroughFields(RlsviPrivacyKindBinding());
  ExpectBoundThroughFields(PrivacyCurveBinding());
  ExpectBoundThroughFields(PrivacyClaimBinding());
  ExpectBoundThroughFields(PrivacyAccountingBinding());
  ExpectBoundThroughFields(RlsviGuaranteeBinding());
  ExpectBoundThroughFields(LowerBoundBinding());
  ExpectBoundThroughFields(PacSettingsBinding());
  ExpectBoundThroughFields(WalkGroupBinding());
  ExpectBoundThroughFields(WalkEnvironmentBinding());
  ExpectBoundThroughFields(Fig2MethodBinding());
  ExpectBoundThroughFields(CalibrationBinding());
  ExpectBoundThroughFields(NeighbourRelationBinding());
  ExpectBoundThroughFields(QLearningNoiseBinding());
  ExpectBoundThroughFields(LqConfigNamesBinding());
  ExpectBoundThroughFields(LqSystemBinding());
}

}  // namespace
}  // namespace dprl
