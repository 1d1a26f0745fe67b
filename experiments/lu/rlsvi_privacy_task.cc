#include "experiments/lu/rlsvi_privacy_task.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/accounting/rlsvi_privacy.h"
#include "algorithms/tabular/pucb.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "experiments/core/episode_grid.h"
#include "experiments/core/experiment_registry.h"
#include "experiments/core/grid_validation.h"
#include "experiments/core/task_cost_model.h"
#include "experiments/lu/rlsvi_privacy_task_names.h"
#include "experiments/tabular/agents/pucb.h"
#include "experiments/tabular/tabular_registry.h"
#include "experiments/tabular/tabular_task.h"
#include "schema/option_binding.h"
#include "schema/rlsvi_privacy_records.h"

namespace dprl {
namespace {

// RLSVI's privacy curves (closed form). Unit: one point of a curve.
const CostModel& kPrivacyCurveCost = RegisterCostModel(
    {"privacy_curve",
     "curve point",
     1.15e-4,
     {{experiment_names::kRlsviPrivacyFig, "default", {}, "privacy-S=20-A=4-H=20-delta=1e-05"}}});

// The most log-spaced points per decade a curve may ask for (EpisodeGrid takes an int, and a
// curve of more points than distinct K values adds nothing).
constexpr int64_t kMaxCurvePointsPerDecade = 1000;

// The legend text of a regret group, plain UTF-8: "<agent> (<guarantee>, ε=<eps>[, δ=<delta>])"
// with eps to the integer from 100 on, else 3 significant digits, and delta when it is > 0; e.g.
// "rlsvi (reward-JDP, ε=1234, δ=1e-05)", "pucb (JDP, ε=1234)".
std::string PrivateRegretLabel(const std::string& agent, const std::string& guarantee,
                               double privacy_epsilon, double target_delta) {
  return absl::StrCat(agent, " (", guarantee, ", ε=",
                      privacy_epsilon >= 100 ? absl::StrFormat("%.0f", privacy_epsilon)
                                             : absl::StrFormat("%.3g", privacy_epsilon),
                      target_delta > 0 ? absl::StrFormat(", δ=%g", target_delta) : "", ")");
}

absl::StatusOr<TaskResult> RunPrivacyCurveTask(const ConfigSpec& config) {
  ASSIGN_OR_RETURN(const PrivacyCurveSettings curve, PrivacyCurveBinding().Read(config));
  const TabularShape& shape = curve.shape;
  std::vector<double> episodes, paper, improved;
  for (int64_t k : EpisodeGrid(curve.max_episodes, static_cast<int>(curve.points_per_decade))) {
    ASSIGN_OR_RETURN(
        RlsviEpsilonPair privacy_epsilons,
        RlsviEpsilons(shape.num_states, shape.num_actions, shape.horizon, k, curve.target_delta));
    episodes.push_back(static_cast<double>(k));
    paper.push_back(privacy_epsilons.paper);
    improved.push_back(privacy_epsilons.improved);
  }
  TaskResult result;
  result.series = {{hdf5_names::kEpisodes, std::move(episodes)},
                   {hdf5_names::kPrivacyEpsilonPaper, std::move(paper)},
                   {hdf5_names::kPrivacyEpsilonImproved, std::move(improved)}};
  return result;
}

}  // namespace

absl::StatusOr<RlsviEpsilonPair> RlsviEpsilons(int64_t num_states, int64_t num_actions,
                                               int64_t horizon, int64_t num_episodes,
                                               double target_delta) {
  RlsviPrivacyOptions options;
  options.num_states = num_states;
  options.num_actions = num_actions;
  options.horizon = horizon;
  options.num_episodes = num_episodes;
  ASSIGN_OR_RETURN(RlsviPrivacyReport report, ComputeRlsviPrivacy(options, target_delta));
  return RlsviEpsilonPair{report.corollary14_privacy_epsilon,
                          report.improved_conversion.privacy_epsilon};
}

absl::StatusOr<TabularShape> ParseShapeName(const std::string& text) {
  TabularShape shape;
  char tail = 0;
  if (std::sscanf(text.c_str(), "S%d_A%d_H%d%c", &shape.num_states, &shape.num_actions,
                  &shape.horizon, &tail) != 3 ||
      absl::StrFormat("S%d_A%d_H%d", shape.num_states, shape.num_actions, shape.horizon) != text) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", text, "' is not a shape name S<S>_A<A>_H<H> (e.g. S4_A2_H5)"));
  }
  return shape;
}

RlsviPrivacyGrid RlsviPrivacyGrid::ForScale(Scale scale) {
  RlsviPrivacyGrid grid;
  grid.environments = {"riverswim", "random_mdp"};
  grid.environment_parameters = TabularEnvironmentFields::Defaults();
  grid.failure_probability = 0.05;  // beta of UBEV and PUCB (as vietri_fig)
  // The two MDPs' shapes and the accounting README's examples.
  grid.curve_shapes = {"S4_A2_H5", "S4_A2_H4", "S5_A2_H10", "S20_A4_H20"};
  grid.curve_target_deltas = {1e-3, 1e-5, 1e-7};
  switch (scale) {
    case Scale::kSmoke:
      grid.num_episodes = 2000;
      grid.curve_max_episodes = 1000000;
      grid.curve_points_per_decade = 4;
      break;
    case Scale::kDefault:
      grid.num_episodes = 500000;
      grid.curve_max_episodes = 10000000;
      grid.curve_points_per_decade = 10;
      break;
    case Scale::kPaper:
      grid.num_episodes = 10000000;
      grid.curve_max_episodes = 100000000;
      grid.curve_points_per_decade = 20;
      break;
  }
  return grid;
}

void RlsviPrivacyGrid::BindFields(ConfigFields& fields) {
  fields.Add("num_episodes", &num_episodes, "episodes K of the regret runs (>= 1)");
  fields.Add("environments", &environments,
             "environments of the regret runs, each with rlsvi, pucb and ubev: riverswim, "
             "random_mdp");
  environment_parameters.BindFields(fields);
  fields.Add("failure_probability", &failure_probability,
             "beta of PUCB, delta of UBEV, in [1e-50, 1)");
  fields.Add("curve_shapes", &curve_shapes,
             "shapes S<S>_A<A>_H<H> of the privacy_epsilon(K) curves (one per shape and delta)");
  fields.Add("curve_target_deltas", &curve_target_deltas, "delta of each curve, in (0, 1)");
  fields.Add("curve_max_episodes", &curve_max_episodes, "largest K of the curves (>= 1)");
  fields.Add("curve_points_per_decade", &curve_points_per_decade,
             absl::StrCat("log-spaced K values per decade on the curves, in [1, ",
                          kMaxCurvePointsPerDecade, "]"));
}

absl::StatusOr<std::vector<ConfigSpec>> RlsviPrivacyGrid::MakeConfigs() const {
  RETURN_IF_ERROR(ValidateFieldAtLeast("num_episodes", num_episodes, 1));
  RETURN_IF_ERROR(ValidateChoices("environments", environments, TabularEnvironmentFields::Names()));
  RETURN_IF_ERROR(ValidateGridFailureProbability("failure_probability", failure_probability));
  for (size_t i = 0; i < curve_target_deltas.size(); ++i) {
    RETURN_IF_ERROR(ValidateOpenUnitInterval(
        absl::StrCat(GridFieldName("curve_target_deltas"), " value #", i + 1),
        curve_target_deltas[i]));
  }
  RETURN_IF_ERROR(ValidateFieldAtLeast("curve_max_episodes", curve_max_episodes, 1));
  RETURN_IF_ERROR(ValidateFieldAtLeast("curve_points_per_decade", curve_points_per_decade, 1));
  RETURN_IF_ERROR(ValidateFieldAtMost("curve_points_per_decade", curve_points_per_decade,
                                      kMaxCurvePointsPerDecade));
  const int64_t curve_points =
      static_cast<int64_t>(EpisodeGrid(curve_max_episodes, curve_points_per_decade).size());
  std::vector<ConfigSpec> configs;
  for (size_t i = 0; i < curve_shapes.size(); ++i) {
    absl::StatusOr<TabularShape> shape = ParseShapeName(curve_shapes[i]);
    if (!shape.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("field 'curve_shapes' value #", i + 1, ": ", shape.status().message()));
    }
    for (double delta : curve_target_deltas) {
      ConfigSpec curve;
      curve.group_name =
          absl::StrFormat("privacy-S=%d-A=%d-H=%d-delta=%s", shape->num_states, shape->num_actions,
                          shape->horizon, GroupNameNumber(delta));
      curve.attributes = RlsviPrivacyKindBinding().Attributes({RlsviPrivacyKind::kPrivacyCurve});
      TabularAgentNameBinding().Write(TabularTypeNames{"", "rlsvi"}, curve.attributes);
      PrivacyCurveBinding().Write(
          PrivacyCurveSettings{*shape, delta, curve_max_episodes, curve_points_per_decade},
          curve.attributes);
      curve.estimated_core_seconds = kPrivacyCurveCost.core_seconds_per_unit * curve_points;
      curve.stored_values_per_seed = 3 * curve_points;
      // The accountant's own checks (S, A, H >= 1, delta), at the largest K.
      if (absl::StatusOr<RlsviEpsilonPair> check = RlsviEpsilons(
              shape->num_states, shape->num_actions, shape->horizon, curve_max_episodes, delta);
          !check.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat("field 'curve_shapes' value #", i + 1, ": ", check.status().message()));
      }
      configs.push_back(std::move(curve));
    }
  }
  for (const std::string& env : environments) {
    ASSIGN_OR_RETURN(const TabularEnvironmentChoice choice, environment_parameters.Resolve(env));
    const TabularShape& shape = choice.shape;
    ASSIGN_OR_RETURN(const RlsviEpsilonPair rlsvi_privacy_epsilon,
                     RlsviEpsilons(shape.num_states, shape.num_actions, shape.horizon, num_episodes,
                                   kRlsviRegretTargetDelta));
    TabularAgentSettings settings;
    settings.num_episodes = num_episodes;
    settings.failure_probability = failure_probability;
    // kind, env, agent, shape, num_episodes, the privacy claim, then the agent's parameters.
    auto regret_config = [&](const std::string& agent, const std::string& label,
                             const PrivacyRecord& privacy, const AttributeList& agent_attributes) {
      ConfigSpec config;
      config.group_name = absl::StrCat(env, "-", agent);
      config.attributes = RlsviPrivacyKindBinding().Attributes({RlsviPrivacyKind::kRegret});
      TabularEnvironmentNameBinding().Write(TabularTypeNames{env, ""}, config.attributes);
      TabularAgentNameBinding().Write(TabularTypeNames{"", agent}, config.attributes);
      DisplayLabelBinding().Write(DisplayLabel{label}, config.attributes);
      TabularShapeBinding().Write(shape, config.attributes);
      TabularRegretSettingsBinding().Write(TabularRegretSettings{num_episodes}, config.attributes);
      PrivacyClaimBinding().Write(privacy, config.attributes);
      MergeAttributes(agent_attributes, config.attributes);
      config.estimated_core_seconds = TabularTaskCoreSeconds(config, shape, num_episodes);
      config.stored_values_per_seed = TabularRegretValuesPerSeed(num_episodes);
      return config;
    };
    // The guarantees as the registry entries declare them (experiments/tabular/agents/).
    const TabularAgentType& rlsvi_type = *FindTabularAgent("rlsvi");
    const TabularPrivacy& rlsvi_guarantee = *rlsvi_type.privacy;
    PrivacyRecord rlsvi_privacy;
    rlsvi_privacy.privacy_protects = rlsvi_guarantee.protects;
    rlsvi_privacy.privacy_notion = rlsvi_guarantee.notion;
    rlsvi_privacy.privacy_epsilon = rlsvi_privacy_epsilon.paper;
    rlsvi_privacy.privacy_epsilon_improved = rlsvi_privacy_epsilon.improved;
    rlsvi_privacy.target_delta = kRlsviRegretTargetDelta;
    // Lu et al. 2026: neighbouring reward sequences differ in one episode's rewards (replaced).
    rlsvi_privacy.neighbour_relation = rlsvi_guarantee.neighbour_relation;
    rlsvi_privacy.privacy_accounting = "Lu et al. 2026 Cor. 14 (paper conversion)";
    ConfigSpec rlsvi = regret_config(
        rlsvi_type.name,
        PrivateRegretLabel(rlsvi_type.name, rlsvi_guarantee.legend_notion,
                           rlsvi_privacy.privacy_epsilon, rlsvi_privacy.target_delta),
        rlsvi_privacy, rlsvi_type.attributes(settings));
    RlsviGuaranteeBinding().Write(rlsvi_privacy, rlsvi.attributes);
    PrivacyAccountingBinding().Write(rlsvi_privacy, rlsvi.attributes);
    rlsvi.stored_values_per_seed -= 1;  // no first_episode_bonus_below_horizon (see above)
    configs.push_back(std::move(rlsvi));

    PucbOptions options;
    options.privacy_epsilon = rlsvi_privacy_epsilon.paper;
    options.failure_probability = failure_probability;
    options.num_episodes = num_episodes;
    // Like with like: PUCB's epsilon is for REPLACING one user's episode, as RLSVI's (eps' =
    // eps / (6H)); Alg. 2's eps / (3H) would be 2 eps-JDP under replacement.
    options.neighbour_relation = PucbNeighbourRelation::kReplacement;
    ASSIGN_OR_RETURN(const AttributeList pucb_attributes, PucbAttributes(shape, options));
    const TabularAgentType& pucb_type = *FindTabularAgent("pucb");
    const TabularPrivacy& pucb_guarantee = *pucb_type.privacy;
    PrivacyRecord pucb_privacy;
    pucb_privacy.privacy_protects = pucb_guarantee.protects;
    pucb_privacy.privacy_notion = pucb_guarantee.notion;
    pucb_privacy.target_delta = 0.0;
    pucb_privacy.privacy_accounting =
        absl::StrFormat("privacy_epsilon of rlsvi at K=%d, target_delta=%g (Cor. 14)", num_episodes,
                        kRlsviRegretTargetDelta);
    ConfigSpec pucb = regret_config(pucb_type.name,
                                    PrivateRegretLabel(pucb_type.name, pucb_guarantee.legend_notion,
                                                       options.privacy_epsilon,
                                                       pucb_privacy.target_delta),
                                    pucb_privacy, pucb_attributes);
    PrivacyAccountingBinding().Write(pucb_privacy, pucb.attributes);
    configs.push_back(std::move(pucb));

    PrivacyRecord ubev_privacy;
    ubev_privacy.privacy_protects = "nothing";
    ubev_privacy.privacy_notion = "none";
    configs.push_back(regret_config("ubev", "ubev (non-private)", ubev_privacy,
                                    FindTabularAgent("ubev")->attributes(settings)));
  }
  return configs;
}

absl::StatusOr<TaskResult> RunRlsviPrivacyTask(const ConfigSpec& config,
                                               const TaskContext& context) {
  ASSIGN_OR_RETURN(const RlsviPrivacyKindSetting kind, RlsviPrivacyKindBinding().Read(config));
  if (kind.kind == RlsviPrivacyKind::kPrivacyCurve) return RunPrivacyCurveTask(config);
  ASSIGN_OR_RETURN(const TabularTypeNames names, TabularAgentNameBinding().Read(config));
  absl::StatusOr<TaskResult> result = RunTabularRegretTask(config, context);
  if (!result.ok()) return result;
  const TabularAgentType* type = FindTabularAgent(names.agent);
  if (type != nullptr && !type->optimistic) {  // no optimistic cap to leave
    std::vector<std::pair<std::string, double>>& scalars = result->scalars;
    scalars.erase(std::remove_if(scalars.begin(), scalars.end(),
                                 [](const std::pair<std::string, double>& scalar) {
                                   return scalar.first ==
                                          hdf5_names::kFirstEpisodeBonusBelowHorizon;
                                 }),
                  scalars.end());
  }
  return result;
}

namespace {

// //experiments:rlsvi_privacy_fig — RLSVI is joint-DP (Lu et al. 2026): privacy_epsilon(delta)
// against K and regret next to PUCB (same epsilon) and UBEV.
//   bazel run //experiments:rlsvi_privacy_fig -- --scale=default
//   mpirun -np 64 bazel-bin/experiments/rlsvi_privacy_fig --scale=paper --out=/shared/rlsvi
const bool kRegistered = RegisterExperiment(
    {/*order=*/30,
     /*paper_result=*/"Lu et al. 2026, Thm. 13 / Cor. 14: eps(delta) of RLSVI and its regret",
     /*definition=*/
     {experiment_names::kRlsviPrivacyFig,
      "Lu et al. 2026: RLSVI's joint-DP privacy_epsilon(delta) against K (paper and improved "
      "conversions), and its regret next to PUCB at the same epsilon and UBEV",
      /*default seeds at smoke, default, paper=*/2, 4, 20, MakeTypedGrid<RlsviPrivacyGrid>,
      RunRlsviPrivacyTask},
     // Closed forms: seeds do not matter.
     /*claims_profiles=*/{/*claims=*/{Scale::kDefault}, /*claims_reduced=*/{Scale::kSmoke}}});

}  // namespace

}  // namespace dprl
