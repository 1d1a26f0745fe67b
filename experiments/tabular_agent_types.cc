// Registers the tabular agents (tabular_agent_types.h) with the registry (tabular_registry.h).
#include "experiments/tabular_agent_types.h"

#include <memory>
#include <string>

#include "algorithms/tabular/noiseless_pucb.h"
#include "algorithms/tabular/psrl.h"
#include "algorithms/tabular/rlsvi.h"
#include "algorithms/tabular/ubev.h"
#include "common/hdf5_names.h"
#include "common/status_macros.h"
#include "experiments/tabular_registry.h"

namespace dprl {
namespace {

ParameterSpec FailureProbability(const std::string& doc) {
  return Required("failure_probability", 0.0, doc);
}

// A std::unique_ptr<TabularAgent> from the StatusOr of a concrete agent.
template <typename Agent>
absl::StatusOr<std::unique_ptr<TabularAgent>> AsTabularAgent(
    absl::StatusOr<std::unique_ptr<Agent>> agent) {
  ASSIGN_OR_RETURN(std::unique_ptr<Agent> concrete, std::move(agent));
  return std::unique_ptr<TabularAgent>(std::move(concrete));
}

const bool kUbevRegistered = RegisterTabularAgent(TabularAgentType{
    "ubev",
    "UBEV (Dann et al. 2017, Alg. 1 as printed: transition bonus (H - t) phi), non-private",
    {FailureProbability("delta of Alg. 1, in (0, 1)")},
    [](const Parameters& parameters, const TabularShape& shape, const RandomStream&) {
      UbevOptions options;
      options.failure_probability = parameters.Float("failure_probability");
      return AsTabularAgent(UbevAgent::Create(shape, options));
    }});

const bool kUbevAsRunRegistered = RegisterTabularAgent(TabularAgentType{
    "ubev_as_run",
    "UBEV as run in the authors' code (Dann et al., FiniteEpisodicRL.jl ubev.jl): transition "
    "bonus scaled by the observed range max V - min V of the next values, non-private",
    {FailureProbability("delta of Alg. 1, in (0, 1)")},
    [](const Parameters& parameters, const TabularShape& shape, const RandomStream&) {
      UbevOptions options;
      options.failure_probability = parameters.Float("failure_probability");
      options.transition_bonus = UbevTransitionBonus::kObservedValueRange;
      return AsTabularAgent(UbevAgent::Create(shape, options));
    }});

const bool kNoiselessPucbRegistered = RegisterTabularAgent(TabularAgentType{
    "pucb_noiseless",
    "PUCB's planner on exact counts (eps = infinity), non-private",
    {FailureProbability("beta of the bonuses, in (0, 1)")},
    [](const Parameters& parameters, const TabularShape& shape, const RandomStream&) {
      NoiselessPucbOptions options;
      options.failure_probability = parameters.Float("failure_probability");
      return AsTabularAgent(NoiselessPucbAgent::Create(shape, options));
    }});

const bool kPucbRegistered = RegisterTabularAgent(TabularAgentType{
    "pucb", "PUCB (Vietri et al. 2020, Alg. 2-3), eps-JDP", PucbParameters(),
    [](const Parameters& parameters, const TabularShape& shape,
       const RandomStream& noise_stream) -> absl::StatusOr<std::unique_ptr<TabularAgent>> {
      ASSIGN_OR_RETURN(const PucbOptions options, PucbOptionsFromParameters(parameters));
      return AsTabularAgent(PucbAgent::Create(shape, options, noise_stream));
    },
    /*differentially_private=*/true});

const bool kRlsviRegistered = RegisterTabularAgent(TabularAgentType{
    "rlsvi",
    "RLSVI (Lu et al. 2026, Alg. 1), (eps, delta)-JDP for rewards",
    {},
    [](const Parameters&, const TabularShape& shape, const RandomStream& noise_stream) {
      return AsTabularAgent(RlsviAgent::Create(shape, RlsviOptions{}, noise_stream));
    },
    /*differentially_private=*/true});

const bool kPsrlRegistered = RegisterTabularAgent(TabularAgentType{
    "psrl",
    "PSRL (Osband, Russo, Van Roy 2013, Alg. 1; TabulaRL's priors), per-step posteriors, "
    "non-private",
    {Optional("dirichlet_prior", 1.0, "alpha0 of the Dirichlet transition prior, > 0"),
     Optional("reward_prior_mean", 0.0, "mu0 of the Normal prior on mean rewards"),
     Optional("reward_prior_precision", 1.0, "tau0 of that prior, > 0"),
     Optional("reward_noise_precision", 1.0, "tau, the known precision of a reward, > 0")},
    [](const Parameters& parameters, const TabularShape& shape, const RandomStream& stream) {
      PsrlOptions options;
      options.dirichlet_prior = parameters.Float("dirichlet_prior");
      options.reward_prior_mean = parameters.Float("reward_prior_mean");
      options.reward_prior_precision = parameters.Float("reward_prior_precision");
      options.reward_noise_precision = parameters.Float("reward_noise_precision");
      return AsTabularAgent(PsrlAgent::Create(shape, options, stream));
    }});

}  // namespace

std::vector<ParameterSpec> PucbParameters() {
  return {
      Required("privacy_epsilon", 0.0, "eps of the JDP guarantee under neighbour_relation"),
      FailureProbability("beta of the bonuses and of E_eps, in (0, 1)"),
      Required("num_episodes", int64_t{0}, "T, which sizes the binary counters"),
      Optional("neighbour_relation", std::string("add_remove"),
               "add_remove (Alg. 2's eps/(3H)) | replacement (eps/(6H))"),
      Optional(hdf5_names::kErrorBoundMethod, std::string("paper"),
               "paper (Alg. 3's E_eps) | exact_tail (the exact tail bound, same privacy)"),
  };
}

absl::StatusOr<PucbOptions> PucbOptionsFromParameters(const Parameters& parameters) {
  PucbOptions options;
  options.privacy_epsilon = parameters.Float("privacy_epsilon");
  options.failure_probability = parameters.Float("failure_probability");
  options.num_episodes = parameters.Int("num_episodes");
  ASSIGN_OR_RETURN(options.neighbour_relation,
                   ParsePucbNeighbourRelation(parameters.String("neighbour_relation")));
  ASSIGN_OR_RETURN(options.error_bound_method,
                   ParsePucbErrorBoundMethod(parameters.String(hdf5_names::kErrorBoundMethod)));
  RETURN_IF_ERROR(options.Validate());
  return options;
}

}  // namespace dprl
