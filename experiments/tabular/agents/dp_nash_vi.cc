// Registers DP-Nash-VI for one player (algorithms/tabular/dp_nash_vi/dp_nash_vi_agent.h; Qiao &
// Wang 2024, Alg. 1 with B = 1), in three forms of one algorithm:
//   dp_nash_vi_jdp  the Central Privatizer (binary counters), eps-JDP under neighbour_relation;
//   dp_nash_vi_ldp  the Local Privatizer (each user's randomised indicators), eps-LDP for any two
//                   trajectories;
//   nash_vi         no Privatizer (E = 0): the non-private reference (Nash-VI, Liu et al. 2021;
//                   with B = 1 a Bernstein-bonus UCB-VI).
// Each takes the environment's mean rewards (the paper's known rewards, Sec. 2.1), so its
// guarantee protects the trajectory's states; the rewards, a known function of (s, a, h), carry
// nothing more. noise_calibration = as_printed runs the paper's printed noise, which delivers
// more than privacy_epsilon (delivered_epsilon; dp_nash_vi_options.h). gap_constant and
// bonus_constant other than 3 and 10 are outside Thm. 4.1's proof.
#include "experiments/tabular/agents/dp_nash_vi.h"

#include "absl/strings/str_cat.h"
#include "algorithms/tabular/dp_nash_vi/dp_nash_vi_agent.h"
#include "common/hdf5_names.h"
#include "experiments/core/task_cost_model.h"
#include "experiments/qiao_wang/dp_nash_vi_task_names.h"
#include "experiments/tabular/tabular_registry.h"
#include "schema/attribute_fields.h"

namespace dprl {
namespace {

// Every episode post-processes and backs up all S^2 A H (cell, next state) pairs; the local
// form also draws S A H (S + 1) noise values per user.
const CostModel& kDpNashViJdpCost = RegisterCostModel(
    {"dp_nash_vi_jdp",
     "episode x S^2 A H",
     7.91e-8,
     {{experiment_names::kDpNashViFig,
       "default",
       {"environments=riverswim", "private_agents=dp_nash_vi_jdp", "privacy_epsilons=1000"},
       "riverswim-dp_nash_vi_jdp-eps=1000"}}});
const CostModel& kDpNashViLdpCost = RegisterCostModel(
    {"dp_nash_vi_ldp",
     "episode x S^2 A H",
     5.38e-8,
     {{experiment_names::kDpNashViFig,
       "default",
       {"environments=riverswim", "private_agents=dp_nash_vi_ldp", "privacy_epsilons=1000"},
       "riverswim-dp_nash_vi_ldp-eps=1000"}}});
const CostModel& kNashViCost =
    RegisterCostModel({"nash_vi",
                       "episode x S^2 A H",
                       1.69e-8,
                       {{experiment_names::kDpNashViFig,
                         "default",
                         {"environments=riverswim", "reference_agents=nash_vi", "private_agents="},
                         "riverswim-nash_vi"}}});

TabularTaskCost SquaredStatesCost(const CostModel& row) {
  return [&row](const ConfigSpec&, const TabularShape& shape, int64_t num_episodes) {
    return row.core_seconds_per_unit * static_cast<double>(shape.StateActionSteps()) *
           shape.num_states * static_cast<double>(num_episodes);
  };
}

// The parameters every form has: beta, K and the two constants.
OptionBinding<DpNashViOptions>& CommonBinding(OptionBinding<DpNashViOptions>& binding) {
  return binding
      .Float(attribute_fields::kFailureProbability, &DpNashViOptions::failure_probability,
             "beta of Thm. 4.1, in (0, 1)")
      .Int(attribute_fields::kNumEpisodes, &DpNashViOptions::num_episodes,
           "K, sizes the Privatizer and iota")
      .Float(attribute_fields::kGapConstant, &DpNashViOptions::gap_constant,
             "3 by Thm. 4.1's proof; other values are outside it")
      .Optional()
      .Float(attribute_fields::kBonusConstant, &DpNashViOptions::bonus_constant,
             "10 by Thm. 4.1's proof; other values are outside it")
      .Optional();
}

OptionBinding<DpNashViOptions>& PrivateBinding(const std::string& agent,
                                               const std::string& epsilon_qualifier) {
  auto& binding = *new OptionBinding<DpNashViOptions>(absl::StrCat("agent ", agent));
  binding
      .Float(attribute_fields::kPrivacyEpsilon, &DpNashViOptions::privacy_epsilon,
             epsilon_qualifier)
      .Choice(attribute_fields::kNoiseCalibration, &DpNashViOptions::noise_calibration,
              {{DpNashViCalibration::kStatedEpsilon,
                DpNashViCalibrationName(DpNashViCalibration::kStatedEpsilon)},
               {DpNashViCalibration::kAsPrinted,
                DpNashViCalibrationName(DpNashViCalibration::kAsPrinted)}},
              "stated_epsilon: noise for privacy_epsilon; as_printed: the paper's noise")
      .Optional();
  return CommonBinding(binding);
}

const OptionBinding<DpNashViOptions>& JdpBinding() {
  static const auto* binding =
      &PrivateBinding(kDpNashViJdp, "JDP under neighbour_relation")
           .Choice(attribute_fields::kNeighbourRelation, &DpNashViOptions::neighbour_relation,
                   {{PucbNeighbourRelation::kAddRemove,
                     PucbNeighbourRelationName(PucbNeighbourRelation::kAddRemove)},
                    {PucbNeighbourRelation::kReplacement,
                     PucbNeighbourRelationName(PucbNeighbourRelation::kReplacement)}},
                   "add_remove: counters at eps/(2H); replacement: eps/(4H)")
           .Optional();
  return *binding;
}

const OptionBinding<DpNashViOptions>& LdpBinding() {
  static const auto* binding = &PrivateBinding(kDpNashViLdp, "LDP, any two trajectories");
  return *binding;
}

const OptionBinding<DpNashViOptions>& ReferenceBinding() {
  static const auto* binding =
      &CommonBinding(*new OptionBinding<DpNashViOptions>(absl::StrCat("agent ", kNashVi)));
  return *binding;
}

void SetSettings(const TabularAgentSettings& settings, DpNashViOptions& options) {
  options.num_episodes = settings.num_episodes;
  options.failure_probability = settings.failure_probability;
}

absl::StatusOr<std::unique_ptr<TabularAgent>> MakeAgent(DpNashViPrivatizer privatizer,
                                                        DpNashViOptions options,
                                                        const TabularShape& shape,
                                                        const std::vector<double>& mean_rewards,
                                                        const RandomStream& noise_stream) {
  options.privatizer = privatizer;
  return AsTabularAgent(DpNashViAgent::Create(shape, options, mean_rewards, noise_stream));
}

DpNashViOptions Defaults(DpNashViPrivatizer privatizer) {
  DpNashViOptions options;
  options.privatizer = privatizer;
  return options;
}

const bool kJdpRegistered = RegisterTabularAgent(BoundKnownRewardTabularAgent<DpNashViOptions>(
    kDpNashViJdp,
    "DP-Nash-VI (Qiao & Wang 2024, Alg. 1, B = 1), Central Privatizer, eps-JDP, known rewards",
    "DP-Nash-VI", JdpBinding(), Defaults(DpNashViPrivatizer::kCentral), SetSettings,
    [](const DpNashViOptions& options, const TabularShape& shape,
       const std::vector<double>& mean_rewards, const RandomStream& noise_stream) {
      return MakeAgent(DpNashViPrivatizer::kCentral, options, shape, mean_rewards, noise_stream);
    },
    SquaredStatesCost(kDpNashViJdpCost),
    TabularPrivacy{"eps-JDP", "states_and_rewards", "JDP", hdf5_names::kPrivacyEpsilon,
                   hdf5_names::kNeighbourRelation, ""}));

const bool kLdpRegistered = RegisterTabularAgent(BoundKnownRewardTabularAgent<DpNashViOptions>(
    kDpNashViLdp,
    "DP-Nash-VI (Qiao & Wang 2024, Alg. 1, B = 1), Local Privatizer, eps-LDP, known rewards",
    "DP-Nash-VI", LdpBinding(), Defaults(DpNashViPrivatizer::kLocal), SetSettings,
    [](const DpNashViOptions& options, const TabularShape& shape,
       const std::vector<double>& mean_rewards, const RandomStream& noise_stream) {
      return MakeAgent(DpNashViPrivatizer::kLocal, options, shape, mean_rewards, noise_stream);
    },
    SquaredStatesCost(kDpNashViLdpCost),
    TabularPrivacy{"eps-LDP", "states_and_rewards", "LDP", hdf5_names::kPrivacyEpsilon, "",
                   kAnyTwoTrajectories}));

const bool kReferenceRegistered =
    RegisterTabularAgent(BoundKnownRewardTabularAgent<DpNashViOptions>(
        kNashVi,
        "Nash-VI (Liu et al. 2021) with B = 1: DP-Nash-VI without a Privatizer (E = 0), "
        "known rewards, non-private",
        "Nash-VI (non-private)", ReferenceBinding(), Defaults(DpNashViPrivatizer::kNone),
        SetSettings,
        [](const DpNashViOptions& options, const TabularShape& shape,
           const std::vector<double>& mean_rewards, const RandomStream& noise_stream) {
          return MakeAgent(DpNashViPrivatizer::kNone, options, shape, mean_rewards, noise_stream);
        },
        SquaredStatesCost(kNashViCost), std::nullopt));

}  // namespace

std::optional<DpNashViPrivatizer> DpNashViPrivatizerOf(const std::string& agent) {
  if (agent == kDpNashViJdp) return DpNashViPrivatizer::kCentral;
  if (agent == kDpNashViLdp) return DpNashViPrivatizer::kLocal;
  if (agent == kNashVi) return DpNashViPrivatizer::kNone;
  return std::nullopt;
}

absl::StatusOr<DpNashViOptions> ReadDpNashViOptions(const ConfigSpec& config) {
  ASSIGN_OR_RETURN(const TabularTypeNames names, TabularAgentNameBinding().Read(config));
  const std::optional<DpNashViPrivatizer> privatizer = DpNashViPrivatizerOf(names.agent);
  if (!privatizer.has_value()) {
    return absl::InvalidArgumentError(absl::StrCat("configuration ", config.group_name, ": agent '",
                                                   names.agent, "' is not one of ", kDpNashViJdp,
                                                   ", ", kDpNashViLdp, ", ", kNashVi));
  }
  const OptionBinding<DpNashViOptions>& binding =
      *privatizer == DpNashViPrivatizer::kCentral ? JdpBinding()
      : *privatizer == DpNashViPrivatizer::kLocal ? LdpBinding()
                                                  : ReferenceBinding();
  return binding.Read(config, Defaults(*privatizer));
}

}  // namespace dprl
