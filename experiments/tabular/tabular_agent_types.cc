// Registers the tabular agents (tabular_agent_types.h) with the registry (tabular_registry.h).
#include "experiments/tabular/tabular_agent_types.h"

#include <memory>
#include <string>
#include <utility>

#include "algorithms/tabular/noiseless_pucb.h"
#include "algorithms/tabular/private_ucbvi.h"
#include "algorithms/tabular/psrl.h"
#include "algorithms/tabular/rlsvi.h"
#include "algorithms/tabular/ubev.h"
#include "algorithms/tabular/ucbvi.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "experiments/tabular/tabular_registry.h"

namespace dprl {
namespace {

// A std::unique_ptr<TabularAgent> from the StatusOr of a concrete agent.
template <typename Agent>
absl::StatusOr<std::unique_ptr<TabularAgent>> AsTabularAgent(
    absl::StatusOr<std::unique_ptr<Agent>> agent) {
  ASSIGN_OR_RETURN(std::unique_ptr<Agent> concrete, std::move(agent));
  return std::unique_ptr<TabularAgent>(std::move(concrete));
}

// A new binding (one per registered type, never freed) of an Options struct whose one parameter
// is failure_probability.
template <typename Options>
const OptionBinding<Options>& NewFailureProbabilityBinding(const std::string& owner,
                                                           const std::string& doc) {
  return (*new OptionBinding<Options>(owner))
      .Float(hdf5_names::kFailureProbability, &Options::failure_probability, doc);
}

template <typename Options>
void SetFailureProbability(const TabularAgentSettings& settings, Options& options) {
  options.failure_probability = settings.failure_probability;
}

UbevOptions UbevAsRunDefaults() {
  UbevOptions options;
  options.transition_bonus = UbevTransitionBonus::kObservedValueRange;
  return options;
}

template <typename Options>
void NoSettings(const TabularAgentSettings&, Options&) {}

// A new binding (one per registered PSRL type, never freed) of PSRL's priors; pool_over_steps
// is not a parameter: it is what tells `psrl` and `psrl_per_step` apart.
const OptionBinding<PsrlOptions>& NewPsrlBinding(const std::string& owner) {
  return (*new OptionBinding<PsrlOptions>(owner))
      .Float("dirichlet_prior", &PsrlOptions::dirichlet_prior,
             "alpha0 of the Dirichlet transition prior, > 0")
      .Optional()
      .Float("reward_prior_mean", &PsrlOptions::reward_prior_mean,
             "mu0 of the Normal prior on mean rewards")
      .Optional()
      .Float("reward_prior_precision", &PsrlOptions::reward_prior_precision,
             "tau0 of that prior, > 0")
      .Optional()
      .Float("reward_noise_precision", &PsrlOptions::reward_noise_precision,
             "tau, the known precision of a reward, > 0")
      .Optional();
}

PsrlOptions PsrlPerStepDefaults() {
  PsrlOptions options;
  options.pool_over_steps = false;
  return options;
}

// Registers a PSRL type with the presets `defaults`.
bool RegisterPsrl(const std::string& name, const std::string& description, const std::string& label,
                  const PsrlOptions& defaults) {
  return RegisterTabularAgent(BoundTabularAgent<PsrlOptions>(
      name, description, label, NewPsrlBinding("agent " + name), defaults, NoSettings<PsrlOptions>,
      [](const PsrlOptions& options, const TabularShape& shape, const RandomStream& stream) {
        return AsTabularAgent(PsrlAgent::Create(shape, options, stream));
      },
      CostKind::kPsrl, /*privacy=*/std::nullopt, /*optimistic=*/false));
}

const OptionBinding<RlsviOptions>& RlsviBinding() {
  static const auto* binding =
      &(*new OptionBinding<RlsviOptions>("agent rlsvi"))
           .Float("beta_scale", &RlsviOptions::beta_scale,
                  "c in beta_k = c (1/2) S H^3 ln(2HSAk) (1 = Alg. 1), finite, > 0")
           .Optional();
  return *binding;
}

const bool kUbevRegistered = RegisterTabularAgent(BoundTabularAgent<UbevOptions>(
    "ubev", "UBEV (Dann et al. 2017, Alg. 1 as printed: transition bonus (H - t) phi), non-private",
    "UBEV (paper's Alg. 1)",
    NewFailureProbabilityBinding<UbevOptions>("agent ubev", "delta of Alg. 1, in (0, 1)"),
    UbevOptions(), SetFailureProbability<UbevOptions>,
    [](const UbevOptions& options, const TabularShape& shape, const RandomStream&) {
      return AsTabularAgent(UbevAgent::Create(shape, options));
    },
    CostKind::kUbev, /*privacy=*/std::nullopt));

const bool kUbevAsRunRegistered = RegisterTabularAgent(BoundTabularAgent<UbevOptions>(
    "ubev_as_run",
    "UBEV as run in the authors' code (Dann et al., FiniteEpisodicRL.jl ubev.jl): transition "
    "bonus scaled by the observed range max V - min V of the next values, non-private",
    "UBEV (authors' code)",
    NewFailureProbabilityBinding<UbevOptions>("agent ubev_as_run", "delta of Alg. 1, in (0, 1)"),
    UbevAsRunDefaults(), SetFailureProbability<UbevOptions>,
    [](const UbevOptions& options, const TabularShape& shape, const RandomStream&) {
      return AsTabularAgent(UbevAgent::Create(shape, options));
    },
    CostKind::kUbev, /*privacy=*/std::nullopt));

const bool kNoiselessPucbRegistered = RegisterTabularAgent(BoundTabularAgent<NoiselessPucbOptions>(
    "pucb_noiseless", "PUCB's planner on exact counts (eps = infinity), non-private",
    "PUCB, exact counts",
    NewFailureProbabilityBinding<NoiselessPucbOptions>("agent pucb_noiseless",
                                                       "beta of the bonuses, in (0, 1)"),
    NoiselessPucbOptions(), SetFailureProbability<NoiselessPucbOptions>,
    [](const NoiselessPucbOptions& options, const TabularShape& shape, const RandomStream&) {
      return AsTabularAgent(NoiselessPucbAgent::Create(shape, options));
    },
    CostKind::kPucbNoiseless, /*privacy=*/std::nullopt));

const bool kPucbRegistered = RegisterTabularAgent(BoundTabularAgent<PucbOptions>(
    "pucb", "PUCB (Vietri et al. 2020, Alg. 2-3), eps-JDP", "PUCB", PucbBinding(), PucbOptions(),
    [](const TabularAgentSettings& settings, PucbOptions& options) {
      options.num_episodes = settings.num_episodes;
      options.failure_probability = settings.failure_probability;
    },
    [](const PucbOptions& options, const TabularShape& shape,
       const RandomStream& noise_stream) -> absl::StatusOr<std::unique_ptr<TabularAgent>> {
      RETURN_IF_ERROR(options.Validate());
      return AsTabularAgent(PucbAgent::Create(shape, options, noise_stream));
    },
    CostKind::kPucb,
    TabularPrivacy{"eps-JDP", "states_and_rewards", "JDP", hdf5_names::kPrivacyEpsilon,
                   hdf5_names::kNeighbourRelation, ""}));

const bool kRlsviRegistered = RegisterTabularAgent(BoundTabularAgent<RlsviOptions>(
    "rlsvi", "RLSVI (Lu et al. 2026, Alg. 1), (eps, delta)-JDP for rewards", "RLSVI",
    RlsviBinding(), RlsviOptions(), NoSettings<RlsviOptions>,
    [](const RlsviOptions& options, const TabularShape& shape, const RandomStream& noise_stream) {
      return AsTabularAgent(RlsviAgent::Create(shape, options, noise_stream));
    },
    CostKind::kRlsvi,
    TabularPrivacy{"(eps,delta)-JDP", "rewards", "reward-JDP", "", "", "replacement"},
    /*optimistic=*/false, /*unwritten_parameters=*/{"beta_scale"}));

const bool kPsrlRegistered = RegisterPsrl(
    "psrl",
    "PSRL (Osband, Russo, Van Roy 2013, Alg. 1; TabulaRL's priors): one posterior per (s, a) "
    "pooled over the steps of a time-homogeneous MDP, non-private",
    "PSRL (non-private)", PsrlOptions());

const bool kPsrlPerStepRegistered = RegisterPsrl(
    "psrl_per_step",
    "PSRL with one posterior per (h, s, a) (step-dependent MDPs; H times less data per posterior "
    "on a time-homogeneous one), non-private",
    "PSRL per step (non-private)", PsrlPerStepDefaults());

const bool kUcbviRegistered = RegisterTabularAgent(BoundTabularAgent<UcbviOptions>(
    "ucbvi", "UCB-VI (Azar et al. 2017, Alg. 1-2, Hoeffding bonus 7HL/sqrt(N)), non-private",
    "UCB-VI (Hoeffding)",
    (*new OptionBinding<UcbviOptions>("agent ucbvi"))
        .Float(hdf5_names::kFailureProbability, &UcbviOptions::failure_probability,
               "delta in L = ln(5SAT/delta), in (0, 1)")
        .Int(hdf5_names::kNumEpisodes, &UcbviOptions::num_episodes, "K (T = KH in L)"),
    UcbviOptions(),
    [](const TabularAgentSettings& settings, UcbviOptions& options) {
      options.num_episodes = settings.num_episodes;
      options.failure_probability = settings.failure_probability;
    },
    [](const UcbviOptions& options, const TabularShape& shape, const RandomStream&) {
      return AsTabularAgent(UcbviAgent::Create(shape, options));
    },
    CostKind::kUcbvi, /*privacy=*/std::nullopt));

const bool kPrivateUcbviRegistered = RegisterTabularAgent(BoundTabularAgent<PrivateUcbviOptions>(
    "private_ucbvi", "Private-UCB-VI (Chowdhury & Zhou 2022, tree-based private counts), eps-JDP",
    "Private-UCB-VI",
    (*new OptionBinding<PrivateUcbviOptions>("agent private_ucbvi"))
        .Float(hdf5_names::kPrivacyEpsilon, &PrivateUcbviOptions::privacy_epsilon,
               "eps of the JDP guarantee under neighbour_relation")
        .Float(hdf5_names::kFailureProbability, &PrivateUcbviOptions::failure_probability,
               "delta, half for E and half for L, in (0, 1)")
        .Int(hdf5_names::kNumEpisodes, &PrivateUcbviOptions::num_episodes,
             "K, which sizes the binary counters")
        .Choice(hdf5_names::kNeighbourRelation, &PrivateUcbviOptions::neighbour_relation,
                {{PucbNeighbourRelation::kAddRemove,
                  PucbNeighbourRelationName(PucbNeighbourRelation::kAddRemove)},
                 {PucbNeighbourRelation::kReplacement,
                  PucbNeighbourRelationName(PucbNeighbourRelation::kReplacement)}},
                "add_remove: counters at eps/(3H); replacement: eps/(6H)")
        .Optional(),
    PrivateUcbviOptions(),
    [](const TabularAgentSettings& settings, PrivateUcbviOptions& options) {
      options.num_episodes = settings.num_episodes;
      options.failure_probability = settings.failure_probability;
    },
    [](const PrivateUcbviOptions& options, const TabularShape& shape,
       const RandomStream& noise_stream) {
      return AsTabularAgent(PrivateUcbviAgent::Create(shape, options, noise_stream));
    },
    CostKind::kPrivateUcbvi,
    TabularPrivacy{"eps-JDP", "states_and_rewards", "JDP", hdf5_names::kPrivacyEpsilon,
                   hdf5_names::kNeighbourRelation, ""}));

}  // namespace

absl::StatusOr<AttributeList> PucbAttributes(const TabularShape& shape,
                                             const PucbOptions& options) {
  RETURN_IF_ERROR(options.Validate());
  PucbGuarantee guarantee;
  ASSIGN_OR_RETURN(guarantee.error_bound, CheckedPucbErrorBound(shape, options));
  guarantee.privacy_epsilon_replacement =
      PucbEpsilonUnder(options, PucbNeighbourRelation::kReplacement);
  guarantee.counter_epsilon = PucbCounterEpsilon(shape, options);
  AttributeList attributes = PucbBinding().Attributes(options);
  PucbGuaranteeBinding().Write(guarantee, attributes);
  return attributes;
}

}  // namespace dprl
