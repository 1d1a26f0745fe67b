// Registers the tabular agents psrl and psrl_per_step (algorithms/tabular/psrl.h): Osband, Russo,
// Van Roy 2013's PSRL with TabulaRL's priors, non-private; psrl pools one posterior per (s, a) over
// the steps of a time-homogeneous MDP, psrl_per_step keeps one per (h, s, a). Parameters:
// dirichlet_prior, reward_prior_mean, reward_prior_precision, reward_noise_precision (all
// optional).
#include "algorithms/tabular/psrl.h"

#include "experiments/core/task_cost_model.h"
#include "experiments/tabular/tabular_registry.h"
#include "experiments/vietri/vietri_task_names.h"

namespace dprl {
namespace {

// Both variants: posterior samples of the MDP.
const CostModel& kPsrlCost = RegisterCostModel({"psrl",
                                                "episode x S A H",
                                                9.74e-8,
                                                {{experiment_names::kVietriFig,
                                                  "default",
                                                  {"num_episodes=10000", "reference_agents=psrl"},
                                                  "riverswim-psrl"}}});

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
      PerCellEpisodeCost(kPsrlCost), /*privacy=*/std::nullopt, /*optimistic=*/false));
}

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

}  // namespace
}  // namespace dprl
