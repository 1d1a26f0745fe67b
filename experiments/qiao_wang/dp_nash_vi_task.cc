#include "experiments/qiao_wang/dp_nash_vi_task.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_agent.h"
#include "algorithms/tabular/pucb.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "common/validation.h"
#include "envs/value_iteration.h"
#include "experiments/core/experiment_registry.h"
#include "experiments/core/grid_validation.h"
#include "experiments/qiao_wang/dp_nash_vi_task_names.h"
#include "experiments/qiao_wang/dp_nash_vi_variants.h"
#include "experiments/tabular/agents/dp_nash_vi.h"
#include "experiments/tabular/agents/private_ucbvi.h"
#include "experiments/tabular/agents/pucb.h"
#include "experiments/tabular/tabular_registry.h"
#include "experiments/tabular/tabular_task.h"
#include "schema/attribute_fields.h"
#include "schema/tabular_records.h"

namespace dprl {
namespace {

constexpr char kPucb[] = "pucb";
constexpr char kPrivateUcbvi[] = "private_ucbvi";

// PUCB (Alg. 3's E) or Private-UCB-VI at privacy_epsilon, add_remove, with their guarantee.
absl::StatusOr<DpNashViVariantConfig> JdpBaselineConfig(const std::string& agent,
                                                        double privacy_epsilon,
                                                        const TabularShape& shape,
                                                        const TabularAgentSettings& settings) {
  DpNashViVariantConfig config{agent};
  if (agent == kPucb) {
    PucbOptions options;
    options.privacy_epsilon = privacy_epsilon;
    options.failure_probability = settings.failure_probability;
    options.num_episodes = settings.num_episodes;
    ASSIGN_OR_RETURN(config.attributes, PucbAttributes(shape, options));
  } else {
    ASSIGN_OR_RETURN(config.attributes, PrivateUcbviAttributes(shape, privacy_epsilon, settings));
  }
  return config;
}

// Lemma B.7's bracket (24) with B = 1 at h = 1 on the initial states (header).
class BracketRecorder : public TabularEpisodeRecorder {
 public:
  BracketRecorder(const TabularMdp& mdp, const DpNashViAgent& agent)
      : mdp_(mdp), agent_(agent), optimal_values_(SolveOptimal(mdp).values) {}

  void Observe(double) override {
    const std::vector<double>& policy = agent_.action_probabilities();
    if (policy != evaluated_policy_) {  // exact evaluation only when pi_k changed
      evaluated_policy_ = policy;
      policy_values_ = EvaluatePolicyValues(mdp_, policy);
    }
    const std::vector<double>& upper = agent_.plan().optimistic_values();
    const std::vector<double>& lower = agent_.lower_values();
    const std::vector<double>& initial = mdp_.initial_distribution();
    const double tolerance = kBracketTolerancePerStep * mdp_.horizon();
    bool violated = false;
    for (size_t s = 0; s < initial.size(); ++s) {
      if (initial[s] <= 0) continue;
      total_value_gap_ += initial[s] * (upper[s] - lower[s]);
      violated |=
          upper[s] < optimal_values_[s] - tolerance || policy_values_[s] < lower[s] - tolerance;
    }
    violation_episodes_ += violated ? 1 : 0;
  }

  void Finish(TaskResult& result) const override {
    result.scalars.push_back({hdf5_names::kTotalValueGap, total_value_gap_});
    result.scalars.push_back(
        {hdf5_names::kBracketViolationEpisodes, static_cast<double>(violation_episodes_)});
  }

 private:
  const TabularMdp& mdp_;
  const DpNashViAgent& agent_;
  const std::vector<double> optimal_values_;  // V*_h(s) at h S + s
  std::vector<double> evaluated_policy_;      // pi whose values policy_values_ holds
  std::vector<double> policy_values_;
  double total_value_gap_ = 0.0;
  int64_t violation_episodes_ = 0;
};

}  // namespace

absl::StatusOr<TaskResult> RunDpNashViRegretTask(const ConfigSpec& config,
                                                 const TaskContext& context) {
  return RunRecordedTabularRegretTask(
      config, context,
      [](const TabularMdp& mdp,
         const TabularAgent& agent) -> std::unique_ptr<TabularEpisodeRecorder> {
        const auto* dp_nash_vi = dynamic_cast<const DpNashViAgent*>(&agent);
        if (dp_nash_vi == nullptr) return nullptr;
        return std::make_unique<BracketRecorder>(mdp, *dp_nash_vi);
      });
}

std::vector<std::string> DpNashViFigPrivateVariants() {
  return {kPucb,
          kPrivateUcbvi,
          kDpNashViJdp,
          kDpNashViLdp,
          absl::StrCat(kDpNashViJdp, kAsPrintedSuffix),
          absl::StrCat(kDpNashViLdp, kAsPrintedSuffix),
          absl::StrCat(kDpNashViJdp, kScaledSuffix),
          absl::StrCat(kDpNashViLdp, kScaledSuffix)};
}

std::vector<std::string> DpNashViFigReferenceVariants() {
  return {absl::StrCat(kNashVi, kScaledSuffix)};
}

DpNashViGrid DpNashViGrid::ForScale(Scale scale) {
  DpNashViGrid grid;
  grid.environments = {"riverswim", "random_mdp"};
  grid.environment_parameters = TabularEnvironmentFields::Defaults();
  grid.reference_agents = {"ucbvi", kNashVi, absl::StrCat(kNashVi, kScaledSuffix)};
  grid.private_agents = DpNashViFigPrivateVariants();
  grid.failure_probability = 0.05;
  grid.scaled_constants = 0.01;
  switch (scale) {
    case Scale::kSmoke:
      grid.num_episodes = 2000;
      grid.privacy_epsilons = {10, 1000};
      break;
    case Scale::kDefault:
      grid.num_episodes = 100000;
      grid.privacy_epsilons = {10, 100, 1000, 10000, 100000};
      break;
    case Scale::kPaper:
      grid.num_episodes = 1000000;
      grid.privacy_epsilons = {1, 10, 100, 1000, 10000, 100000, 1000000};
      break;
  }
  return grid;
}

void DpNashViGrid::BindFields(ConfigFields& fields) {
  fields.Add("num_episodes", &num_episodes, "episodes K of every run (1 to 1e18)");
  fields.Add("environments", &environments,
             "environments, each run with every agent: riverswim (envs/riverswim.h, 2 actions), "
             "random_mdp (a Dirichlet MDP drawn once from --master_seed, Bernoulli rewards)");
  environment_parameters.BindFields(fields);
  fields.Add("reference_agents", &reference_agents,
             absl::StrCat("non-private reference agents, any of: ", TabularReferenceAgentsDoc(),
                          "; and nash_vi_scaled (nash_vi with C1, C2 x scaled_constants)"));
  fields.Add("private_agents", &private_agents,
             "private variants, each run at every privacy_epsilons value: pucb, private_ucbvi, "
             "dp_nash_vi_jdp (Central Privatizer, eps-JDP), dp_nash_vi_ldp (Local Privatizer, "
             "eps-LDP), each dp_nash_vi one also _as_printed (the paper's printed noise) and "
             "_scaled (C1, C2 x scaled_constants, outside Thm. 4.1)");
  fields.Add("privacy_epsilons", &privacy_epsilons,
             "eps of every private agent (> 0; JDP: add/remove one user's episode; LDP: any two "
             "trajectories)");
  fields.Add(
      "failure_probability", &failure_probability,
      "beta of PUCB, DP-Nash-VI and their references, delta of (Private-)UCB-VI, in [1e-50, 1)");
  fields.Add("scaled_constants", &scaled_constants,
             "the factor of C1 = 3 and C2 = 10 in the _scaled variants (> 0)");
}

absl::StatusOr<std::vector<ConfigSpec>> DpNashViGrid::MakeConfigs() const {
  RETURN_IF_ERROR(ValidateEpisodeCount("num_episodes", num_episodes));
  RETURN_IF_ERROR(ValidateChoices("environments", environments, TabularEnvironmentFields::Names()));
  std::vector<std::string> references = TabularReferenceAgentNames();
  for (const std::string& variant : DpNashViFigReferenceVariants()) references.push_back(variant);
  RETURN_IF_ERROR(ValidateChoices("reference_agents", reference_agents, references));
  ASSIGN_OR_RETURN(
      const TabularAgentSettings settings,
      ValidateDpNashViGridFields(num_episodes, private_agents, DpNashViFigPrivateVariants(),
                                 privacy_epsilons, failure_probability, scaled_constants));
  std::vector<ConfigSpec> configs;
  for (const std::string& env : environments) {
    ASSIGN_OR_RETURN(const TabularEnvironmentChoice choice, environment_parameters.Resolve(env));
    const TabularShape& shape = choice.shape;
    auto add = [&](const std::string& group, const std::string& agent, const std::string& label,
                   const AttributeList& agent_attributes) -> absl::Status {
      RETURN_IF_ERROR(AddTabularRegretConfig(choice, num_episodes, group, agent, label,
                                             agent_attributes, configs));
      // RunDpNashViRegretTask's two bracket scalars.
      if (DpNashViPrivatizerOf(agent).has_value()) configs.back().stored_values_per_seed += 2;
      return absl::OkStatus();
    };
    for (const std::string& name : reference_agents) {
      const DpNashViVariant variant = ParseDpNashViVariant(name);
      if (!variant.scaled) {
        const TabularAgentType& type = *FindTabularAgent(name);
        RETURN_IF_ERROR(add(name, name, type.label, type.attributes(settings)));
        continue;
      }
      ASSIGN_OR_RETURN(const DpNashViVariantConfig config,
                       MakeDpNashViVariantConfig(variant, 0.0, shape, settings, scaled_constants));
      RETURN_IF_ERROR(
          add(name, config.agent, DpNashViVariantLabel(config, 0.0), config.attributes));
    }
    for (const std::string& name : private_agents) {
      const DpNashViVariant variant = ParseDpNashViVariant(name);
      for (const double privacy_epsilon : privacy_epsilons) {
        absl::StatusOr<DpNashViVariantConfig> config =
            variant.agent == kPucb || variant.agent == kPrivateUcbvi
                ? JdpBaselineConfig(variant.agent, privacy_epsilon, shape, settings)
                : MakeDpNashViVariantConfig(variant, privacy_epsilon, shape, settings,
                                            scaled_constants);
        if (!config.ok()) {
          return PrivacyEpsilonRefused(privacy_epsilon, name, num_episodes, env, config.status());
        }
        RETURN_IF_ERROR(add(DpNashViPrivateGroup(name, privacy_epsilon), config->agent,
                            DpNashViVariantLabel(*config, privacy_epsilon), config->attributes));
      }
    }
  }
  return configs;
}

namespace {

// The claims profiles' grid fields after the default scale's: eps dense in [100, 1e4], where the
// privacy costs leave their burn-in and vanish, so that the shape rows fit more than two eps;
// only the private variants the claims read (the stated-eps calibration with the proof's
// constants and scaled), at 20 seeds; claims_reduced the same at K = 2e4.
std::vector<std::pair<std::string, FieldValue>> ClaimsGrid(bool reduced) {
  std::vector<std::pair<std::string, FieldValue>> grid;
  if (reduced) grid.push_back({"num_episodes", int64_t{20000}});
  grid.push_back({"privacy_epsilons", std::vector<double>{10, 100, 200, 300, 500, 700, 1000, 2000,
                                                          5000, 10000, 100000}});
  grid.push_back(
      {"private_agents", std::vector<std::string>{kDpNashViJdp, kDpNashViLdp,
                                                  absl::StrCat(kDpNashViJdp, kScaledSuffix),
                                                  absl::StrCat(kDpNashViLdp, kScaledSuffix)}});
  return grid;
}

// //experiments:dp_nash_vi_fig — DP-Nash-VI (B = 1) under JDP and LDP beside PUCB and
// Private-UCB-VI at matched eps (Qiao & Wang 2024, Thm. 5.2 and 5.5).
//   bazel run //experiments:dp_nash_vi_fig -- --scale=default
const bool kRegistered = RegisterExperiment(
    {/*order=*/80,
     /*paper_result=*/
     "Qiao & Wang 2024, Thm. 5.2 and 5.5 (B = 1): DP-Nash-VI's regret under eps-JDP and eps-LDP",
     /*definition=*/
     {experiment_names::kDpNashViFig,
      "Qiao & Wang 2024, Alg. 1 with B = 1: cumulative regret of DP-Nash-VI under eps-JDP "
      "(Central Privatizer) and eps-LDP (Local Privatizer), stated and printed calibrations, "
      "beside PUCB and Private-UCB-VI at matched eps and the non-private references, on "
      "RiverSwim and a random Dirichlet MDP",
      /*default seeds at smoke, default, paper=*/2, 4, 20, MakeTypedGrid<DpNashViGrid>,
      RunDpNashViRegretTask},
     // The claims of analysis/qiao_wang/qiao_wang_claims.cc (docs/claims_preregistration.md).
     /*claims_profiles=*/
     {/*claims=*/{Scale::kDefault, /*seeds=*/20, ClaimsGrid(/*reduced=*/false)},
      /*claims_reduced=*/{Scale::kDefault, /*seeds=*/20, ClaimsGrid(/*reduced=*/true)}}});

}  // namespace

}  // namespace dprl
