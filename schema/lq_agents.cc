#include "schema/lq_agents.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "schema/attribute_fields.h"
#include "glog/logging.h"
#include "common/registry.h"

namespace dprl {
namespace {

// A function-local static: registration may run during static initialisation of other files.
Registry<LqAgentType>& Agents() {
  static auto* registry = new Registry<LqAgentType>("LQ agent");
  return *registry;
}

// The choices of the structural options, named as ofu_agent.h names them.
template <typename Enum>
std::vector<std::pair<Enum, std::string>> Named(std::vector<Enum> values,
                                                const char* (*name)(Enum)) {
  std::vector<std::pair<Enum, std::string>> named;
  for (Enum value : values) named.emplace_back(value, name(value));
  return named;
}

// The parameter groups of the table in lq_agents.h.
void BindShared(OptionBinding<LqAgentOptions>& b) {
  b.Int(attribute_fields::kNumEpisodes,
        [](LqAgentOptions& o) -> int64_t& { return o.privacy.episodes; })
      .Float(
          "confidence_alpha",
          [](LqAgentOptions& o) -> double& { return o.privacy.confidence_alpha; },
          "alpha of the confidence sets (Lemma 1), in (0, 1)");
}
void BindStructure(OptionBinding<LqAgentOptions>& b) {
  b.Choice("planner", &LqAgentOptions::planner,
           Named({LqPlanner::kOfuStep, LqPlanner::kCertaintyEquivalence}, &LqPlannerName),
           "how Theta~_k is picked (algorithms/lqr/ofu_agent.h)")
      .Choice(attribute_fields::kCalibration, &LqAgentOptions::calibration,
              Named({LqCalibration::kNone, LqCalibration::kPaper, LqCalibration::kTight},
                    &LqCalibrationName),
              "the statistics it privatises (algorithms/lqr/ofu_agent.h)")
      .Choice("model", &LqAgentOptions::model,
              Named({LqModel::kShrunk, LqModel::kRidge}, &LqModelName),
              "certainty equivalence's point estimate (algorithms/lqr/ofu_agent.h)");
}
void BindExact(OptionBinding<LqAgentOptions>& b) {
  b.Float("regularizer_lambda", &LqAgentOptions::regularizer,
          "lambda of the non-private H_k = lambda I (> 0)");
}
void BindPrivacy(OptionBinding<LqAgentOptions>& b) {
  // An LQ agent's guarantee is (eps, delta)-JDP for the relation of its `neighbour` attribute
  // (not neighbour_relation): the qualifiers say so and give the ranges Validate() accepts.
  b.Float(attribute_fields::kPrivacyEpsilon,
          [](LqAgentOptions& o) -> double& { return o.privacy.privacy_epsilon; },
          "(eps, delta)-JDP for neighbour, > 0")
      .Float(attribute_fields::kTargetDelta,
             [](LqAgentOptions& o) -> double& { return o.privacy.target_delta; }, "in (0, 1)")
      .Choice(
          "neighbour", [](LqAgentOptions& o) -> EpisodeNeighbour& { return o.privacy.neighbour; },
          Named({EpisodeNeighbour::kReplaceEpisode, EpisodeNeighbour::kZeroOutEpisode},
                &EpisodeNeighbourName),
          "neighbour relation of the guarantee (algorithms/lqr/private_ofu_params.h)");
}
void BindRidge(OptionBinding<LqAgentOptions>& b) {
  b.Float("ce_ridge", &LqAgentOptions::ce_ridge,
          "lambda_ce of the ridge model: V = (T_1)_+ + lambda_ce I (> 0)");
}
void BindDither(OptionBinding<LqAgentOptions>& b) {
  b.Float("dither_scale", &LqAgentOptions::dither_scale,
          "input dither sigma_k = dither_scale * gamma * k^(-1/4) (>= 0)");
}
// Recorded only when it is not Ceres (the files of Ceres runs are as before the option existed).
void BindMinimiser(OptionBinding<LqAgentOptions>& b) {
  b.Choice(
       "ofu_minimiser", [](LqAgentOptions& o) -> OfuMinimiser& { return o.ofu.minimiser; },
       Named({OfuMinimiser::kCeres, OfuMinimiser::kLbfgspp}, &OfuMinimiserName),
       "the OFU step's minimiser (algorithms/lqr/ofu_step_options.h); absent: ceres")
      .OmittedWhenDefault();
}

}  // namespace

LqAgentOptions LqPreset(LqCalibration calibration, LqPlanner planner, LqModel model,
                        double dither_scale) {
  LqAgentOptions options;
  options.calibration = calibration;
  options.planner = planner;
  options.model = model;
  options.dither_scale = dither_scale;
  return options;
}

bool RegisterLqAgent(LqAgentType type) {
  const absl::Status valid = type.preset.Validate();
  CHECK(valid.ok()) << "LQ agent '" << type.name << "': " << valid;
  CHECK(!type.label.empty() && !type.citation.empty()) << type.name;
  const std::string name = type.name;
  Agents().Register(name, std::move(type));
  return true;
}

std::vector<std::string> LqAgentNames() { return Agents().Keys(); }

absl::StatusOr<const LqAgentType*> FindLqAgent(const std::string& name) {
  return Agents().Find(name);
}

std::string LqAgentsDoc() {
  std::vector<std::string> entries;
  for (const auto& [name, type] : Agents().entries()) {
    entries.push_back(absl::StrCat(name, " (", type.label, "; ", type.citation, ")"));
  }
  return absl::StrCat(absl::StrJoin(entries, "; "), "; the private ones at every eps");
}

const OptionBinding<LqConfigNames>& LqConfigNamesBinding() {
  static const auto* binding =
      &(*new OptionBinding<LqConfigNames>("LQ configuration"))
           .String(attribute_fields::kEnv, &LqConfigNames::env, "an LQ system (lq_registry.h)")
           .String(attribute_fields::kAgent, &LqConfigNames::agent, "an LQ agent (lq_agents.h)")
           .String(attribute_fields::kLabel, &LqConfigNames::label)
           .Optional();
  return *binding;
}

const OptionBinding<LqSystemSettings>& LqSystemBinding() {
  static const auto* binding = &(*new OptionBinding<LqSystemSettings>("LQ system"))
                                    .Int(attribute_fields::kHorizon, &LqSystemSettings::horizon);
  return *binding;
}

OptionBinding<LqAgentOptions> LqAgentParameterBinding(const LqAgentOptions& preset,
                                                      const std::string& owner) {
  OptionBinding<LqAgentOptions> binding(owner);
  BindShared(binding);
  if (IsPrivate(preset)) {
    BindPrivacy(binding);
  } else {
    BindExact(binding);
  }
  if (preset.model == LqModel::kRidge) BindRidge(binding);
  if (preset.dither_scale > 0.0) BindDither(binding);
  if (preset.planner == LqPlanner::kOfuStep) BindMinimiser(binding);
  return binding;
}

const OptionBinding<LqAgentOptions>& LqAgentStructureBinding() {
  static const auto* binding = [] {
    auto* structure = new OptionBinding<LqAgentOptions>("LQ agent structure");
    BindStructure(*structure);
    return structure;
  }();
  return *binding;
}

const OptionBinding<LqAgentOptions>& LqRecordedAgentBinding() {
  static const auto* binding = [] {
    auto* recorded = new OptionBinding<LqAgentOptions>("recorded LQ agent");
    BindStructure(*recorded);
    BindDither(*recorded);
    recorded->Optional();
    return recorded;
  }();
  return *binding;
}

const OptionBinding<LqAgentOptions>& AllLqAgentParametersBinding() {
  static const auto* binding = [] {
    auto* all = new OptionBinding<LqAgentOptions>("LQ agents");
    BindShared(*all);
    BindExact(*all);
    BindPrivacy(*all);
    BindRidge(*all);
    BindDither(*all);
    BindMinimiser(*all);
    return all;
  }();
  return *binding;
}

const OptionBinding<LqConfigRecord>& LqConfigRecordBinding() {
  static const auto* binding =
      &(*new OptionBinding<LqConfigRecord>("LQ record"))
           .Int("state_dim", &LqConfigRecord::state_dim, "n")
           .Int("control_dim", &LqConfigRecord::control_dim, "d")
           .Float("control_bound_gamma", &LqConfigRecord::control_bound, "gamma (Assumption 1)")
           .Float("noise_bound_C_w", &LqConfigRecord::noise_bound, "C_w (Assumption 1)")
           .Int("predicted_onset_episode", &LqConfigRecord::predicted_onset_episode,
                "first episode whose noiseless u = 0 statistics leave no A = 0 model in C_k");
  return *binding;
}

const OptionBinding<PrivateOfuParams>& LqCalibrationRecordBinding() {
  static const auto* binding =
      &(*new OptionBinding<PrivateOfuParams>("LQ calibration"))
           .Int("tree_levels_m", &PrivateOfuParams::levels, "m = ceil(log2 K)")
           .Float("sigma_1", &PrivateOfuParams::sigma1, "noise stddev of B_1")
           .Float("sigma_2", &PrivateOfuParams::sigma2, "noise stddev of B_2")
           .Float("Lambda", &PrivateOfuParams::big_lambda, "Lambda")
           .Float("eta", &PrivateOfuParams::eta, "eta = 2 Lambda")
           .Float("nu", &PrivateOfuParams::nu, "nu");
  return *binding;
}

}  // namespace dprl
