#include "experiments/vietri/vietri_lower_bound_task.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "algorithms/tabular/episode_loop.h"
#include "algorithms/tabular/pucb.h"
#include "algorithms/tabular/vietri_bounds.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "envs/value_iteration.h"
#include "experiments/core/episode_grid.h"
#include "experiments/core/experiment_registry.h"
#include "experiments/core/grid_validation.h"
#include "experiments/tabular/agents/pucb.h"
#include "experiments/tabular/tabular_registry.h"
#include "experiments/tabular/tabular_task.h"
#include "experiments/vietri/vietri_lower_bound_task_names.h"
#include "schema/lower_bound_records.h"
#include "schema/option_binding.h"

namespace dprl {
namespace {

// One agent variant = one curve per instance. Private variants (PUCB) get one config per eps.
struct AgentVariant {
  std::string name;   // agent_variant attribute and group-name part
  std::string agent;  // agent attribute (MakeTabularAgent)
  bool is_private;
  PucbErrorBoundMethod error_bound_method = PucbErrorBoundMethod::kPaper;  // private variants
};

// The agents that can be compared: UBEV, PUCB's planner on exact counts, PUCB with the paper's
// E_eps, PUCB with the exact-tail E (PucbOptions::error_bound_method).
const std::vector<AgentVariant>& AgentVariants() {
  static const auto* variants = new std::vector<AgentVariant>{
      {"ubev", "ubev", false},
      {"pucb_noiseless", "pucb_noiseless", false},
      {"pucb", "pucb", true, PucbErrorBoundMethod::kPaper},
      {"pucb_exact_tail", "pucb", true, PucbErrorBoundMethod::kExactTail},
  };
  return *variants;
}

// The analysis reports Thm. 3's and Thm. 5's PAC shapes (algorithms/tabular/vietri_bounds.h:
// S A H^4 / alpha^2 + S^2 A H^4 / (eps alpha), S A H^2 / alpha^2 + ...) at every alpha of the
// grid, the smallest being kPacAlphaMultipliers[0] * alpha_unit. Refuses an alpha_primes value
// (and, for a private variant, an eps; privacy_epsilon = 0 for the non-private ones) for which one
// overflows a double, e.g. alpha_primes = 1e-300.
absl::Status CheckPacShapesFinite(const std::string& env, const TabularShape& shape,
                                  int rewarded_horizon, int64_t num_episodes,
                                  double failure_probability, double alpha_prime, double alpha_unit,
                                  double privacy_epsilon) {
  VietriBoundsParameters p;
  p.num_states = shape.num_states;
  p.num_actions = shape.num_actions;
  p.horizon = rewarded_horizon;
  p.num_episodes = num_episodes;
  p.privacy_epsilon = privacy_epsilon > 0 ? privacy_epsilon : 1.0;
  p.failure_probability = failure_probability;
  p.alpha = kPacAlphaMultipliers[0] * alpha_unit;
  auto largest = [&](const VietriBoundsParameters& parameters) {
    const BoundShape upper = PucbPacUpperBound(parameters), lower = JdpPacLowerBound(parameters);
    return privacy_epsilon > 0 ? std::max(upper.total(), lower.total())
                               : std::max(upper.non_private_term, lower.non_private_term);
  };
  if (std::isfinite(largest(p))) return absl::OkStatus();
  // Finite at the usual failure probability: the user's smaller one is what overflows.
  VietriBoundsParameters usual = p;
  usual.failure_probability = VietriLowerBoundGrid::ForScale(Scale::kDefault).failure_probability;
  if (failure_probability < usual.failure_probability && std::isfinite(largest(usual))) {
    return absl::InvalidArgumentError(absl::StrCat(
        "field 'failure_probability' = ", failure_probability, " on ", env,
        ": the PAC bound shapes of Thms. 3 and 5 are not finite at this failure probability (a "
        "count divided by it overflows a double before its log is taken); use a larger "
        "failure_probability"));
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "field 'alpha_primes' value ", alpha_prime,
      privacy_epsilon > 0 ? absl::StrCat(" with 'privacy_epsilons' value ", privacy_epsilon) : "",
      " on ", env, ": the PAC bound shapes of Thms. 3 and 5 at alpha = ", p.alpha,
      " overflow a double (they grow like 1/alpha^2); use a larger alpha'",
      privacy_epsilon > 0 ? " or eps" : ""));
}

// The configurations of one instance at one alpha' (MakeConfigs' loop body): per agent variant,
// per privacy_epsilons value for the private variants; `suffix` ends every group name.
absl::Status AppendInstanceConfigs(const VietriLowerBoundGrid& grid,
                                   const LowerBoundInstance& instance, double alpha_prime,
                                   const std::string& suffix, std::vector<ConfigSpec>& configs) {
  const int n = instance.num_initial_states, m = instance.num_arms;
  const int H = instance.rewarded_horizon;
  const std::string env = absl::StrCat("lower_bound_", LowerBoundInstanceName(instance));
  const TabularShape shape{n + 2, m + 1, H + 1};
  const double alpha_unit = H * alpha_prime / (2.0 * n);
  // The instance's attributes, checked once by the environment itself (n, m, H, alpha').
  LowerBoundMdpOptions mdp;
  mdp.num_initial_states = n;
  mdp.num_arms = m;
  mdp.rewarded_horizon = H;
  mdp.alpha_prime = alpha_prime;
  ConfigSpec instance_config;
  instance_config.group_name = env;
  instance_config.attributes = LowerBoundEnvironmentAttributes(env, mdp);
  if (absl::StatusOr<LowerBoundEnvironment> environment =
          MakeLowerBoundEnvironment(instance_config, 0);
      !environment.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("field 'instances': ", env, ": ", environment.status().message()));
  }
  TabularAgentSettings settings;
  settings.num_episodes = grid.num_episodes;
  settings.failure_probability = grid.failure_probability;
  for (const AgentVariant& variant : AgentVariants()) {
    if (std::find(grid.agent_variants.begin(), grid.agent_variants.end(), variant.name) ==
        grid.agent_variants.end()) {
      continue;
    }
    ConfigSpec base;
    base.attributes = instance_config.attributes;
    TabularRegretSettingsBinding().Write(TabularRegretSettings{grid.num_episodes}, base.attributes);
    TabularAgentNameBinding().Write(TabularTypeNames{"", variant.agent}, base.attributes);
    PacSettingsBinding().Write(
        PacSettings{variant.name, alpha_unit * kPacAlphaMultipliers[kPacAlphaFixedIndex],
                    alpha_unit},
        base.attributes);
    base.stored_values_per_seed =
        TabularRegretValuesPerSeed(grid.num_episodes) + 3 * std::size(kPacAlphaMultipliers) + n + 1;
    if (!variant.is_private) {
      RETURN_IF_ERROR(CheckPacShapesFinite(env, shape, H, grid.num_episodes,
                                           grid.failure_probability, alpha_prime, alpha_unit, 0.0));
      MergeAttributes(FindTabularAgent(variant.agent)->attributes(settings), base.attributes);
      base.estimated_core_seconds = TabularTaskCoreSeconds(base, shape, grid.num_episodes);
      base.group_name = absl::StrCat(env, "-", variant.name, suffix);
      configs.push_back(std::move(base));
      continue;
    }
    for (double privacy_epsilon : grid.privacy_epsilons) {
      ConfigSpec config = base;
      config.group_name =
          absl::StrCat(env, "-", variant.name, "-eps=", GroupNameNumber(privacy_epsilon), suffix);
      RETURN_IF_ERROR(CheckPacShapesFinite(env, shape, H, grid.num_episodes,
                                           grid.failure_probability, alpha_prime, alpha_unit,
                                           privacy_epsilon));
      PucbOptions options;
      options.privacy_epsilon = privacy_epsilon;
      options.failure_probability = grid.failure_probability;
      options.num_episodes = grid.num_episodes;
      options.error_bound_method = variant.error_bound_method;
      absl::StatusOr<AttributeList> pucb_attributes = PucbAttributes(shape, options);
      if (!pucb_attributes.ok()) {
        return absl::InvalidArgumentError(absl::StrCat("field 'privacy_epsilons' value ",
                                                       privacy_epsilon, " (", config.group_name,
                                                       "): ", pucb_attributes.status().message()));
      }
      MergeAttributes(*pucb_attributes, config.attributes);
      config.estimated_core_seconds = TabularTaskCoreSeconds(config, shape, grid.num_episodes);
      configs.push_back(std::move(config));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<LowerBoundInstance> ParseLowerBoundInstance(const std::string& text) {
  LowerBoundInstance instance;
  char tail = 0;
  if (std::sscanf(text.c_str(), "n%d_m%d_H%d%c", &instance.num_initial_states, &instance.num_arms,
                  &instance.rewarded_horizon, &tail) != 3 ||
      LowerBoundInstanceName(instance) != text) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", text,
                     "' is not an instance name n<N>_m<M>_H<H> (e.g. n2_m1_H2: n initial states, m "
                     "arms, rewarded horizon H)"));
  }
  if (instance.num_initial_states < 1 || instance.num_arms < 1 || instance.rewarded_horizon < 1) {
    return absl::InvalidArgumentError(absl::StrCat("'", text, "': n, m and H must all be >= 1"));
  }
  // The MDP's shape (n + 2, m + 1, H + 1) is held in ints; larger instances are refused later by
  // the environment's size limit anyway.
  constexpr int kMaxInstanceValue = 1 << 30;
  if (instance.num_initial_states > kMaxInstanceValue || instance.num_arms > kMaxInstanceValue ||
      instance.rewarded_horizon > kMaxInstanceValue) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", text, "': n, m and H must all be <= ", kMaxInstanceValue));
  }
  return instance;
}

std::string LowerBoundInstanceName(const LowerBoundInstance& instance) {
  return absl::StrFormat("n%d_m%d_H%d", instance.num_initial_states, instance.num_arms,
                         instance.rewarded_horizon);
}

VietriLowerBoundGrid VietriLowerBoundGrid::ForScale(Scale scale) {
  VietriLowerBoundGrid grid;
  grid.agent_variants = {"ubev", "pucb_noiseless", "pucb", "pucb_exact_tail"};
  grid.alpha_primes = {0.5};
  grid.failure_probability = 0.05;
  switch (scale) {
    case Scale::kSmoke:
      grid.num_episodes = 2000;
      grid.privacy_epsilons = {1000, 10000};
      grid.instances = {"n2_m1_H2"};
      break;
    case Scale::kDefault:
      grid.num_episodes = 200000;
      grid.privacy_epsilons = {1000, 3000, 10000, 30000, 100000};
      grid.instances = {"n2_m1_H2", "n3_m2_H2"};
      break;
    case Scale::kPaper:
      grid.num_episodes = 10000000;
      grid.privacy_epsilons = {30, 100, 300, 1000, 3000, 10000, 30000, 100000};
      grid.instances = {"n2_m1_H2", "n3_m2_H2", "n4_m2_H3"};
      break;
  }
  return grid;
}

void VietriLowerBoundGrid::BindFields(ConfigFields& fields) {
  fields.Add("num_episodes", &num_episodes, "episodes T of every run (1 to 1e18)");
  fields.Add("instances", &instances,
             "lower-bound MDPs (Sec. 6.2) as n<N>_m<M>_H<H>: n initial states, m arms, the paper's "
             "horizon H (the MDP has H + 1 steps); each instance vector I is drawn from "
             "--master_seed");
  fields.Add("agent_variants", &agent_variants,
             "agents, one curve each: ubev, pucb_noiseless (non-private), pucb (paper's E_eps), "
             "pucb_exact_tail (exact-tail E); the last two at every privacy_epsilons value");
  fields.Add("privacy_epsilons", &privacy_epsilons,
             "eps of the private variants (> 0; eps-JDP, add/remove one user's episode; 2 eps "
             "under replacement). Below ~1000 PUCB stays at the cap H within T at default T");
  fields.Add("alpha_primes", &alpha_primes,
             "the family's gap parameter alpha' in (0, 0.5], one instance per value (gap "
             "g = H alpha'/(2n)); several values give the PAC count's order in 1/alpha (the "
             "lower bound's proof tunes alpha' to alpha) and add -ap=<alpha'> to the group names");
  fields.Add("failure_probability", &failure_probability,
             "beta of PUCB and pucb_noiseless, delta of UBEV, in [1e-50, 1)");
}

absl::StatusOr<std::vector<ConfigSpec>> VietriLowerBoundGrid::MakeConfigs() const {
  RETURN_IF_ERROR(ValidateEpisodeCount("num_episodes", num_episodes));
  std::vector<std::string> variant_names;
  for (const AgentVariant& variant : AgentVariants()) variant_names.push_back(variant.name);
  RETURN_IF_ERROR(ValidateChoices("agent_variants", agent_variants, variant_names));
  RETURN_IF_ERROR(ValidateEachFinitePositive("privacy_epsilons", privacy_epsilons));
  if (alpha_primes.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(GridFieldName("alpha_primes"), " must list at least one value in (0, 0.5]"));
  }
  for (size_t i = 0; i < alpha_primes.size(); ++i) {
    const std::string name = absl::StrCat(GridFieldName("alpha_primes"), " value #", i + 1);
    RETURN_IF_ERROR(ValidateFiniteInClosedRange(name, alpha_primes[i], 0, 0.5));
    RETURN_IF_ERROR(ValidateFinitePositive(name, alpha_primes[i]));
    if (std::find(alpha_primes.begin(), alpha_primes.begin() + i, alpha_primes[i]) !=
        alpha_primes.begin() + i) {
      return absl::InvalidArgumentError(
          absl::StrCat(GridFieldName("alpha_primes"), " lists ", alpha_primes[i], " twice"));
    }
  }
  RETURN_IF_ERROR(ValidateGridFailureProbability("failure_probability", failure_probability));
  std::vector<ConfigSpec> configs;
  for (size_t i = 0; i < instances.size(); ++i) {
    absl::StatusOr<LowerBoundInstance> instance = ParseLowerBoundInstance(instances[i]);
    if (!instance.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("field 'instances' value #", i + 1, ": ", instance.status().message()));
    }
    for (double alpha_prime : alpha_primes) {
      // One alpha': group names as before; several: each name ends in -ap=<alpha'>.
      const std::string suffix =
          alpha_primes.size() > 1 ? absl::StrCat("-ap=", GroupNameNumber(alpha_prime)) : "";
      RETURN_IF_ERROR(AppendInstanceConfigs(*this, *instance, alpha_prime, suffix, configs));
    }
  }
  return configs;
}

absl::StatusOr<TaskResult> RunVietriLowerBoundTask(const ConfigSpec& config,
                                                   const TaskContext& context) {
  ASSIGN_OR_RETURN(LowerBoundEnvironment environment,
                   MakeLowerBoundEnvironment(config, context.master_seed));
  ASSIGN_OR_RETURN(const TabularTypeNames names, TabularEnvironmentNameBinding().Read(config));
  ASSIGN_OR_RETURN(const TabularRegretSettings settings,
                   TabularRegretSettingsBinding().Read(config));
  ASSIGN_OR_RETURN(const PacSettings measurement, PacSettingsBinding().Read(config));
  const TabularMdp& mdp = environment.mdp;
  ASSIGN_OR_RETURN(std::unique_ptr<TabularAgent> agent, MakeTabularAgent(config, mdp, context));

  std::vector<double> alphas;
  for (double multiplier : kPacAlphaMultipliers) {
    alphas.push_back(measurement.pac_alpha_unit * multiplier);
  }
  CumulativeOnGrid regret(settings.num_episodes);
  ASSIGN_OR_RETURN(EpisodeLoopResult run,
                   RunTaskEpisodes(mdp, *agent, config, names.env, context, alphas, &regret));

  std::vector<double> counts, settled, instance;
  for (const PacMeasurement& pac : run.pac) {
    counts.push_back(static_cast<double>(pac.non_alpha_optimal_episodes));
    settled.push_back(static_cast<double>(pac.alpha_optimal_from_episode));
  }
  for (int arm : environment.instance) instance.push_back(arm);
  TaskResult result = RegretOnGridResult(regret, run.total_regret);
  result.series.push_back({hdf5_names::kPacAlphaGrid, alphas});
  result.series.push_back({hdf5_names::kNonAlphaOptimalEpisodes, std::move(counts)});
  result.series.push_back({hdf5_names::kAlphaOptimalFromEpisode, std::move(settled)});
  result.series.push_back({hdf5_names::kInstance, std::move(instance)});
  result.scalars.push_back({hdf5_names::kFirstEpisodeBonusBelowHorizon,
                            static_cast<double>(run.first_episode_below_cap)});
  result.scalars.push_back({hdf5_names::kOptimalValue, SolveOptimal(mdp).initial_value});
  return result;
}

namespace {

// //experiments:vietri_lower_bound_fig — PAC sample complexity and regret of UBEV and PUCB on the
// lower-bound MDP family (Vietri et al. 2020, Sec. 6).
//   bazel run //experiments:vietri_lower_bound_fig -- --scale=default --out=/tmp/lbfig
//   mpirun -np 64 bazel-bin/experiments/vietri_lower_bound_fig --scale=paper --out=/shared/lbfig
const bool kRegistered = RegisterExperiment(
    {/*order=*/20,
     /*paper_result=*/
     "Vietri et al. 2020, Sec. 6 / Thms. 3, 5, 6: PAC counts and regret on the lower-bound family",
     /*definition=*/
     {experiment_names::kVietriLowerBoundFig,
      "Vietri et al. 2020: non-alpha-optimal episodes (PAC) and regret of UBEV and PUCB on the "
      "lower-bound MDP family (Sec. 6.2, Fig. 1) against the Thm. 3/5/6 shapes",
      /*default seeds at smoke, default, paper=*/2, 3, 20, MakeTypedGrid<VietriLowerBoundGrid>,
      RunVietriLowerBoundTask},
     // Two or more alpha' per instance (the 1/alpha order) and, in the full profile, three S at
     // one gap (the S order); claims_profile.h.
     /*claims_profiles=*/
     {/*claims=*/{
          Scale::kDefault,
          /*seeds=*/20,
          {{"instances", std::vector<std::string>{"n2_m1_H2", "n3_m2_H2", "n3_m1_H2", "n4_m1_H2"}},
           {"alpha_primes", std::vector<double>{0.5, 0.375, 0.25}}}},
      /*claims_reduced=*/{
          Scale::kDefault,
          /*seeds=*/20,
          {{"num_episodes", int64_t{50000}}, {"alpha_primes", std::vector<double>{0.5, 0.35}}}}}});

}  // namespace

}  // namespace dprl
