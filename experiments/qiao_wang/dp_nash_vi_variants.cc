#include "experiments/qiao_wang/dp_nash_vi_variants.h"

#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_options.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "experiments/core/grid_validation.h"
#include "experiments/tabular/agents/dp_nash_vi.h"
#include "experiments/tabular/tabular_task.h"
#include "schema/attribute_fields.h"
#include "schema/option_binding.h"

namespace dprl {

DpNashViVariant ParseDpNashViVariant(const std::string& name) {
  DpNashViVariant variant{name};
  if (absl::EndsWith(name, kAsPrintedSuffix)) {
    variant.agent = name.substr(0, name.size() - sizeof(kAsPrintedSuffix) + 1);
    variant.as_printed = true;
  } else if (absl::EndsWith(name, kScaledSuffix)) {
    variant.agent = name.substr(0, name.size() - sizeof(kScaledSuffix) + 1);
    variant.scaled = true;
  }
  return variant;
}

absl::StatusOr<DpNashViVariantConfig> MakeDpNashViVariantConfig(
    const DpNashViVariant& variant, double privacy_epsilon, const TabularShape& shape,
    const TabularAgentSettings& settings, double scaled_constants) {
  DpNashViVariantConfig config{variant.agent};
  DpNashViOptions options;
  // The grids pass only the variants they validated: one of the three agents.
  options.privatizer = DpNashViPrivatizerOf(variant.agent).value();
  options.num_episodes = settings.num_episodes;
  options.failure_probability = settings.failure_probability;
  config.attributes = FindTabularAgent(variant.agent)->attributes(settings);
  if (options.privatizer != DpNashViPrivatizer::kNone) {
    options.privacy_epsilon = privacy_epsilon;
    SetAttribute(config.attributes, hdf5_names::kPrivacyEpsilon, privacy_epsilon);
  }
  if (variant.as_printed) {
    options.noise_calibration = DpNashViCalibration::kAsPrinted;
    SetAttribute(config.attributes, attribute_fields::kNoiseCalibration.name,
                 DpNashViCalibrationName(options.noise_calibration));
    config.qualifier = "as printed";
  }
  if (variant.scaled) {
    options.gap_constant *= scaled_constants;
    options.bonus_constant *= scaled_constants;
    SetAttribute(config.attributes, attribute_fields::kGapConstant.name, options.gap_constant);
    SetAttribute(config.attributes, attribute_fields::kBonusConstant.name, options.bonus_constant);
    config.qualifier = absl::StrCat("C1, C2 x ", scaled_constants, ", outside Thm. 4.1");
  }
  ASSIGN_OR_RETURN(const double error_bound, DpNashViErrorBound(shape, options));
  SetAttribute(config.attributes, hdf5_names::kErrorBound, error_bound);
  if (options.privatizer != DpNashViPrivatizer::kNone) {
    // The guarantee's notion and relation as its registry entry declares them (the local
    // model's relation is no parameter).
    const TabularPrivacy& privacy = *FindTabularAgent(variant.agent)->privacy;
    SetAttribute(config.attributes, hdf5_names::kPrivacyNotion, privacy.notion);
    if (privacy.neighbour_parameter.empty()) {
      SetAttribute(config.attributes, hdf5_names::kNeighbourRelation, privacy.neighbour_relation);
    }
    SetAttribute(config.attributes, attribute_fields::kDeliveredEpsilon.name,
                 DpNashViDeliveredEpsilon(shape.horizon, options, options.neighbour_relation));
  }
  return config;
}

absl::StatusOr<TabularAgentSettings> ValidateDpNashViGridFields(
    int64_t num_episodes, const std::vector<std::string>& private_agents,
    const std::vector<std::string>& allowed_private_agents,
    const std::vector<double>& privacy_epsilons, double failure_probability,
    double scaled_constants) {
  RETURN_IF_ERROR(ValidateChoices("private_agents", private_agents, allowed_private_agents));
  RETURN_IF_ERROR(ValidateEachFinitePositive("privacy_epsilons", privacy_epsilons));
  RETURN_IF_ERROR(ValidateGridFailureProbability("failure_probability", failure_probability));
  RETURN_IF_ERROR(ValidateFinitePositive(GridFieldName("scaled_constants"), scaled_constants));
  TabularAgentSettings settings;
  settings.num_episodes = num_episodes;
  settings.failure_probability = failure_probability;
  return settings;
}

std::string DpNashViVariantLabel(const DpNashViVariantConfig& config, double privacy_epsilon) {
  const TabularAgentType& type = *FindTabularAgent(config.agent);
  if (type.privacy.has_value()) {
    return PrivateAgentLabel(absl::StrCat(type.label, ", ", type.privacy->legend_notion),
                             privacy_epsilon, config.qualifier);
  }
  return config.qualifier.empty() ? type.label
                                  : absl::StrCat(type.label, " (", config.qualifier, ")");
}

std::string DpNashViPrivateGroup(const std::string& name, double privacy_epsilon) {
  return absl::StrCat(name, "-eps=", GroupNameNumber(privacy_epsilon));
}

absl::Status PrivacyEpsilonRefused(double privacy_epsilon, const std::string& name,
                                   int64_t num_episodes, const std::string& env,
                                   const absl::Status& why) {
  return absl::InvalidArgumentError(
      absl::StrCat("field 'privacy_epsilons' value ", privacy_epsilon, " for private agent ", name,
                   " with num_episodes = ", num_episodes, " on ", env, ": ", why.message()));
}

}  // namespace dprl
