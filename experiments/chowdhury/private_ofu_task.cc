#include "experiments/chowdhury/private_ofu_task.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "algorithms/lqr/lq_agent_options.h"
#include "algorithms/lqr/lq_episode_loop.h"
#include "algorithms/lqr/ofu_agent.h"
#include "algorithms/lqr/private_ofu_params.h"
#include "algorithms/lqr/zero_dynamics_model.h"
#include "common/hdf5_names.h"
#include "common/resource_limits.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "envs/lq_system.h"
#include "experiments/chowdhury/private_ofu_task_names.h"
#include "experiments/core/episode_grid.h"
#include "experiments/core/experiment_registry.h"
#include "experiments/core/grid_validation.h"
#include "experiments/core/task_cost_model.h"
#include "experiments/core/task_streams.h"
#include "experiments/lq/lq_registry.h"
#include "schema/option_binding.h"

namespace dprl {
namespace {

// The LQ agents' rows of the cost model. Unit: one episode x H/5 for certainty equivalence (which
// every episode is charged), plus for the OFU agents each episode past the predicted onset of
// learning x H/5 x n^2/4 (kOfuStepUnit).
constexpr char kOfuStepUnit[] = "OFU-step episode x H/5 x n^2/4";
// The OFU step (9) on exact statistics.
const CostModel& kOfuRlCost = RegisterCostModel({"ofu_rl",
                                                 kOfuStepUnit,
                                                 7.07e-4,
                                                 {{experiment_names::kPrivateOfuFig,
                                                   "default",
                                                   {"num_episodes=2048", "systems=chain_n2"},
                                                   "chain_n2-ofu_rl"}}});
// The paper's calibration.
const CostModel& kPrivateOfuRlCost =
    RegisterCostModel({"private_ofu_rl",
                       kOfuStepUnit,
                       7.20e-4,
                       {{experiment_names::kPrivateOfuFig,
                         "default",
                         {"num_episodes=2048", "systems=chain_n2", "privacy_epsilons=1000000"},
                         "chain_n2-private_ofu_rl-eps=1000000"}}});
const CostModel& kPrivateOfuRlTightCost =
    RegisterCostModel({"private_ofu_rl_tight",
                       kOfuStepUnit,
                       7.31e-4,
                       {{experiment_names::kPrivateOfuFig,
                         "default",
                         {"num_episodes=2048", "systems=chain_n2", "privacy_epsilons=1000000"},
                         "chain_n2-private_ofu_rl_tight-eps=1000000"}}});
// The private_ce* agents: one Riccati recursion per episode.
const CostModel& kCertaintyEquivalenceCost =
    RegisterCostModel({"private_ce",
                       "episode x H/5",
                       1.68e-5,
                       {{experiment_names::kPrivateOfuFig,
                         "default",
                         {"num_episodes=65536", "systems=chain_n2", "privacy_epsilons=100"},
                         "chain_n2-private_ce-eps=100"}}});

// Single-core seconds of one task, at H = 5 and n = 2 and taken to grow as H and, for the OFU step
// (Ceres' parameters), as n^2: every episode costs about a certainty-equivalence episode (one
// Riccati recursion; an OFU agent's episode while C_k meets the zero-dynamics set and it takes the
// exact u = 0 shortcut measured 1.3-1.5x that), and each episode from the onset
// `predicted_onset_episode` on (0: none within `episodes`; zero_dynamics_model.h, within 3 % of
// the measured onset on chain_n2) adds one OFU step (9) at the agent's measured cost.
double CoreSeconds(const LqAgentOptions& options, const LqSystem& system, int64_t episodes,
                   int64_t predicted_onset_episode) {
  const double horizon_scale = system.horizon() / 5.0;
  double seconds = kCertaintyEquivalenceCost.core_seconds_per_unit *
                   static_cast<double>(episodes) * horizon_scale;
  if (options.planner != LqPlanner::kOfuStep || predicted_onset_episode <= 0) return seconds;
  const CostModel* row = &kPrivateOfuRlCost;
  if (options.calibration == LqCalibration::kNone) row = &kOfuRlCost;
  if (options.calibration == LqCalibration::kTight) row = &kPrivateOfuRlTightCost;
  const double n = system.state_dim();
  const double step_episodes =
      static_cast<double>(std::max<int64_t>(0, episodes - predicted_onset_episode + 1));
  return seconds + row->core_seconds_per_unit * step_episodes * horizon_scale * n * n / 4.0;
}

// Refuses, before a task builds it, a horizon whose planner tables would not fit in this
// machine's memory (CheckMemoryEstimate). Every episode's finite-horizon Riccati solution holds
// H + 1 cost-to-go matrices P_h (n x n) and H gains K_h (d x n), each a heap-allocated Eigen
// matrix: at least 8 (n^2 + d n) bytes of entries and 2 x 24 bytes of matrix headers per step.
absl::Status CheckPlannerMemory(const std::string& system_name, const LqSystem& system,
                                int64_t horizon) {
  const double n = system.state_dim(), d = system.control_dim();
  const double bytes_per_step = 8.0 * (n * n + d * n) + 2 * 24.0;
  return CheckMemoryEstimate(
      absl::StrCat("field 'horizon' = ", horizon, " (system '", system_name,
                   "', n = ", system.state_dim(), ", d = ", system.control_dim(), ")"),
      bytes_per_step * static_cast<double>(horizon));
}

// "eps=100" for integral eps (the names of the default grids), otherwise GroupNameNumber
// ("eps=0.5", "eps=1e15"): valid and distinct for every valid eps.
std::string EpsilonLabel(double privacy_epsilon) {
  return privacy_epsilon == std::floor(privacy_epsilon) && privacy_epsilon < 1e15
             ? absl::StrFormat("eps=%.0f", privacy_epsilon)
             : absl::StrCat("eps=", GroupNameNumber(privacy_epsilon));
}

}  // namespace

PrivateOfuGrid PrivateOfuGrid::ForScale(Scale scale) {
  PrivateOfuGrid grid;
  grid.horizon = 5;
  grid.systems = {"chain_n2", "rotation_n2", "relay_n2"};
  grid.agents = {"ofu_rl",           "private_ofu_rl",   "private_ce", "private_ofu_rl_tight",
                 "private_ce_ridge", "private_ce_dither"};
  grid.target_delta = 1e-5;
  grid.confidence_alpha = 0.05;
  grid.regularizer_lambda = 1.0;
  grid.ce_ridge = 1.0;
  grid.dither_scale = 0.1;
  switch (scale) {
    case Scale::kSmoke:
      grid.num_episodes = 64;
      grid.privacy_epsilons = {1, 1000};
      break;
    case Scale::kDefault:
      // Every eps is past the onset of learning for at least one calibration (docs/
      // private_ofu_rl.md, "Onset of learning"): K = 65536 puts eps >= 100 past the onset of both
      // calibrations on all three systems, and eps = 10 past the tight calibration's onset on
      // all three (the paper's on chain_n2 and rotation_n2, late).
      grid.num_episodes = 65536;
      grid.privacy_epsilons = {10, 100, 1e3, 1e4, 1e6};
      break;
    case Scale::kPaper:
      grid.num_episodes = 65536;
      grid.systems = {"chain_n2", "rotation_n2", "relay_n2", "chain_n4", "rotation_n4"};
      grid.privacy_epsilons = {0.1, 1, 10, 100, 1e3, 1e4, 1e6};
      break;
  }
  return grid;
}

void PrivateOfuGrid::BindFields(ConfigFields& fields) {
  fields.Add("num_episodes", &num_episodes, "episodes K of every run (1 to 1e18)");
  fields.Add("horizon", &horizon, "episode length H (>= 1)");
  fields.Add("systems", &systems,
             absl::StrCat("LQ systems (experiments/lq/lq_registry.h): ",
                          absl::StrJoin(LqSystemNames(), ", ")));
  fields.Add("agents", &agents, LqAgentsDoc());
  fields.Add("privacy_epsilons", &privacy_epsilons,
             "eps of the private agents (> 0; (eps, delta)-JDP, one episode replaced)");
  fields.Add("target_delta", &target_delta, "delta of the private agents, in (0, 1)");
  fields.Add("confidence_alpha", &confidence_alpha,
             "alpha of the confidence sets (failure probability), in (0, 1)");
  fields.Add("regularizer_lambda", &regularizer_lambda,
             "lambda of ofu_rl's H_k = lambda I (1e-100 to 1e100)");
  fields.Add("ce_ridge", &ce_ridge,
             "lambda_ce of private_ce_ridge and private_ce_dither: V = (T_1)_+ + lambda_ce I "
             "(1e-100 to 1e100)");
  fields.Add("dither_scale", &dither_scale,
             "private_ce_dither's input noise sigma_k = dither_scale * gamma * k^(-1/4) (0 to 1e3)");
  fields.Add("ofu_minimiser", &ofu_minimiser,
             "the OFU step's minimiser of the ofu_step agents: ceres (the default, every committed "
             "result) or lbfgspp (LBFGS++; docs/private_ofu_rl.md, 'Choosing the OFU "
             "minimiser'); recorded as the groups' ofu_minimiser attribute when not ceres");
}

absl::StatusOr<std::vector<ConfigSpec>> PrivateOfuGrid::MakeConfigs() const {
  RETURN_IF_ERROR(ValidateEpisodeCount("num_episodes", num_episodes));
  RETURN_IF_ERROR(ValidateFieldAtLeast("horizon", horizon, 1));
  RETURN_IF_ERROR(ValidateFieldAtMost("horizon", horizon, std::numeric_limits<int>::max()));
  RETURN_IF_ERROR(ValidateChoices("systems", systems, LqSystemNames()));
  RETURN_IF_ERROR(ValidateChoices("agents", agents, LqAgentNames()));
  RETURN_IF_ERROR(ValidateEachFinitePositive("privacy_epsilons", privacy_epsilons));
  RETURN_IF_ERROR(ValidateOpenUnitInterval(GridFieldName("target_delta"), target_delta));
  RETURN_IF_ERROR(ValidateOpenUnitInterval(GridFieldName("confidence_alpha"), confidence_alpha));
  RETURN_IF_ERROR(ValidateScale(GridFieldName("regularizer_lambda"), regularizer_lambda));
  RETURN_IF_ERROR(ValidateScale(GridFieldName("ce_ridge"), ce_ridge));
  RETURN_IF_ERROR(ValidateDitherScale(GridFieldName("dither_scale"), dither_scale));
  const absl::StatusOr<OfuMinimiser> minimiser = ParseOfuMinimiser(ofu_minimiser);
  if (!minimiser.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(GridFieldName("ofu_minimiser"), ": ", minimiser.status().message()));
  }
  // The agents in the order of `agents` (each once): the non-private ones once per system, the
  // private ones at every eps.
  std::vector<const LqAgentType*> exact_agents, private_agents;
  for (const std::string& agent : agents) {
    ASSIGN_OR_RETURN(const LqAgentType* type, FindLqAgent(agent));
    std::vector<const LqAgentType*>& kind = IsPrivate(type->preset) ? private_agents : exact_agents;
    if (std::find(kind.begin(), kind.end(), type) == kind.end()) kind.push_back(type);
  }
  std::vector<ConfigSpec> configs;
  for (const std::string& name : systems) {
    ASSIGN_OR_RETURN(const LqSystemType* system_type, FindLqSystem(name));
    const LqSystemSettings system_settings{horizon};
    ASSIGN_OR_RETURN(const LqSystem system, system_type->create(system_settings));
    RETURN_IF_ERROR(CheckPlannerMemory(name, system, horizon));
    // The grid's value of every agent parameter; each agent's binding reads its own from these.
    LqAgentOptions grid_settings;
    SetLqSystemOptions(system, num_episodes, grid_settings);
    grid_settings.privacy.confidence_alpha = confidence_alpha;
    grid_settings.privacy.target_delta = target_delta;
    grid_settings.regularizer = regularizer_lambda;
    grid_settings.ce_ridge = ce_ridge;
    grid_settings.dither_scale = dither_scale;
    grid_settings.ofu.minimiser = *minimiser;
    // The configuration of `type` (at privacy_epsilon `eps` when private).
    auto add = [&](const LqAgentType& type, double eps) -> absl::Status {
      ConfigSpec c;
      c.group_name = IsPrivate(type.preset)
                         ? absl::StrCat(name, "-", type.name, "-", EpsilonLabel(eps))
                         : absl::StrCat(name, "-", type.name);
      grid_settings.privacy.privacy_epsilon = eps;
      const OptionBinding<LqAgentOptions> binding =
          LqAgentParameterBinding(type.preset, absl::StrCat("agent ", type.name));
      ASSIGN_OR_RETURN(LqAgentOptions o,
                       binding.Read(AllLqAgentParametersBinding().Attributes(grid_settings),
                                    absl::StrCat("configuration ", c.group_name), type.preset));
      SetLqSystemOptions(system, num_episodes, o);
      LqConfigNamesBinding().Write({name, type.name, type.label}, c.attributes);
      LqSystemBinding().Write(system_settings, c.attributes);
      binding.Write(o, c.attributes);
      LqAgentStructureBinding().Write(o, c.attributes);
      const LqAgentOptions calibrated = WithCalibration(o);
      // `params`: the private calibration (none for the non-private agents).
      std::optional<PrivateOfuParams> params;
      if (IsPrivate(o)) {
        absl::StatusOr<PrivateOfuParams> calibration = ComputePrivateOfuParams(calibrated.privacy);
        if (!calibration.ok()) {
          return absl::InvalidArgumentError(
              absl::StrCat("fields 'num_episodes' = ", num_episodes, ", 'horizon' = ", horizon,
                           ", 'privacy_epsilons' value ", eps, ", 'target_delta' = ", target_delta,
                           " (", c.group_name, "): ", calibration.status().message()));
        }
        params = *calibration;
        LqCalibrationRecordBinding().Write(*params, c.attributes);
      }
      // The onset the noiseless u = 0 statistics predict (zero_dynamics_model.h).
      const PrivateOfuParams* p = params ? &*params : nullptr;
      LqConfigRecord record;
      record.state_dim = system.state_dim();
      record.control_dim = system.control_dim();
      record.control_bound = system.control_bound();
      record.noise_bound = system.noise_bound();
      record.predicted_onset_episode = PredictZeroDynamicsOnset(
          system.a(), system.b(), system.NoiseCovariance(), system.initial_state(),
          system.horizon(), p != nullptr ? p->eta : calibrated.regularizer,
          AgentRadiusInputs(calibrated, p), num_episodes);
      LqConfigRecordBinding().Write(record, c.attributes);
      c.estimated_core_seconds =
          CoreSeconds(o, system, num_episodes, record.predicted_onset_episode);
      // On the grid: episode_grid, cumulative_regret, cumulative_ofu_iterations, 7 diagnostics,
      // 3 cumulative counts, cumulative_realized_regret; scalars total_regret,
      // empty_intersections, v_repairs, onset_episode, random_start_wins.
      c.stored_values_per_seed = 14 * EpisodeGridSize(num_episodes) + 5;
      configs.push_back(std::move(c));
      return absl::OkStatus();
    };
    for (const LqAgentType* type : exact_agents) RETURN_IF_ERROR(add(*type, 0.0));
    for (double eps : privacy_epsilons) {
      for (const LqAgentType* type : private_agents) RETURN_IF_ERROR(add(*type, eps));
    }
  }
  return configs;
}

absl::StatusOr<TaskResult> RunPrivateOfuTask(const ConfigSpec& config, const TaskContext& context) {
  ASSIGN_OR_RETURN(const LqConfigNames names, LqConfigNamesBinding().Read(config));
  ASSIGN_OR_RETURN(const LqSystemType* system_type, FindLqSystem(names.env));
  ASSIGN_OR_RETURN(const LqAgentType* agent_type, FindLqAgent(names.agent));
  ASSIGN_OR_RETURN(const LqSystemSettings system_settings, LqSystemBinding().Read(config));
  ASSIGN_OR_RETURN(const LqSystem system, system_type->create(system_settings));
  ASSIGN_OR_RETURN(const LqAgentOptions options, ReadLqAgentOptions(*agent_type, system, config));
  const TaskStreams streams(config, context);
  ASSIGN_OR_RETURN(LqAgent agent,
                   LqAgent::Create(options, system.q(), system.r(), system.NoiseCovariance(),
                                   streams.PrivacyNoise(), streams.Policy()));
  const int64_t total = options.privacy.episodes;
  const LqRunResult run =
      RunLqEpisodes(system, agent, streams.Environment(names.env), [&](int64_t k) {
        if ((k & 15) == 0) context.progress->Update(static_cast<double>(k) / total);
      });
  // K is small here (65536 at paper scale), so the loop's per-episode vectors are summed on the
  // grid afterwards, in episode order, as the tabular tasks do while running.
  CumulativeOnGrid regret(total), iterations(total);
  for (int64_t k = 0; k < total; ++k) {
    regret.Add(run.per_episode_regret[k]);
    iterations.Add(run.ofu_iterations[k]);
  }
  TaskResult result = RegretOnGridResult(regret, regret.total());
  result.series.push_back({hdf5_names::kCumulativeOfuIterations, iterations.cumulative()});
  // Diagnostics: the value at each grid episode, and counts summed on the grid.
  const std::vector<int64_t>& grid = regret.grid();
  auto on_grid = [&](const char* name, const std::vector<double>& values) {
    std::vector<double> sampled;
    sampled.reserve(grid.size());
    for (int64_t t : grid) sampled.push_back(values[t - 1]);
    result.series.push_back({name, sampled});
  };
  on_grid(hdf5_names::kLqBeta, run.beta);
  on_grid(hdf5_names::kLqVLambdaMin, run.v_lambda_min);
  on_grid(hdf5_names::kLqVLambdaMax, run.v_lambda_max);
  on_grid(hdf5_names::kLqVLogDet, run.v_log_det);
  on_grid(hdf5_names::kLqModelError, run.model_error);
  on_grid(hdf5_names::kLqFirstGainNorm, run.first_gain_norm);
  on_grid(hdf5_names::kLqCoverageRatio, run.coverage_ratio);
  auto cumulative = [&](const char* name, const std::vector<double>& values) {
    CumulativeOnGrid sum(total);
    for (double value : values) sum.Add(value);
    result.series.push_back({name, sum.cumulative()});
  };
  std::vector<double> covered_out(run.coverage_ratio.size());
  for (size_t k = 0; k < covered_out.size(); ++k) covered_out[k] = run.coverage_ratio[k] > 1.0;
  cumulative(hdf5_names::kCumulativeZeroDynamicsEpisodes, run.zero_dynamics_feasible);
  cumulative(hdf5_names::kCumulativeCoverageFailures, covered_out);
  cumulative(hdf5_names::kCumulativeClippedSteps, run.clipped_steps);
  cumulative(hdf5_names::kCumulativeRealizedRegret, run.per_episode_realized_regret);
  result.scalars.push_back({hdf5_names::kOnsetEpisode, static_cast<double>(run.onset_episode)});
  result.scalars.push_back(
      {hdf5_names::kRandomStartWins, static_cast<double>(run.random_start_wins)});
  result.scalars.push_back(
      {hdf5_names::kEmptyIntersections, static_cast<double>(run.empty_intersections)});
  result.scalars.push_back({hdf5_names::kVRepairs, static_cast<double>(run.v_repairs)});
  return result;
}

namespace {

// //experiments:private_ofu_fig — regret of OFU-RL, Private-OFU-RL and private certainty
// equivalence on LQ systems (Chowdhury, Zhou, Shroff 2021).
//   bazel run //experiments:private_ofu_fig -- --scale=default
//   mpirun -np 64 bazel-bin/experiments/private_ofu_fig --scale=paper --out=/shared/private_ofu
const bool kRegistered = RegisterExperiment(
    {/*order=*/40,
     /*paper_result=*/"Chowdhury et al. 2021, Thms. 1-3: Private-OFU-RL on LQ systems",
     /*definition=*/
     {experiment_names::kPrivateOfuFig,
      "Chowdhury, Zhou, Shroff 2021: cumulative regret of OFU-RL, Private-OFU-RL (Alg. 1) and "
      "private certainty equivalence on LQ systems at several privacy_epsilon",
      /*default seeds at smoke, default, paper=*/2, 4, 20, MakeTypedGrid<PrivateOfuGrid>,
      RunPrivateOfuTask},
     // >= 3 eps past the onset where the privacy cost dominates, on every system
     // (claims_profile.h).
     /*claims_profiles=*/
     {/*claims=*/{
          Scale::kDefault,
          /*seeds=*/20,
          {{"privacy_epsilons", std::vector<double>{10, 30, 100, 300, 1000, 10000, 1000000}}}},
      /*claims_reduced=*/{Scale::kSmoke, /*seeds=*/20}}});

}  // namespace

}  // namespace dprl
