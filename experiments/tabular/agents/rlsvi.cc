// Registers the tabular agent rlsvi (algorithms/tabular/rlsvi.h): Lu et al. 2026's RLSVI, Alg. 1,
// (eps, delta)-JDP for rewards. Parameter: beta_scale (optional, default 1: Alg. 1), not written by
// the grids, whose privacy accounting is Alg. 1's (TabularAgentType::unwritten_parameters).
#include "algorithms/tabular/rlsvi.h"

#include "experiments/core/task_cost_model.h"
#include "experiments/lu/rlsvi_privacy_task_names.h"
#include "experiments/tabular/tabular_registry.h"

namespace dprl {
namespace {

// Perturbed value iteration.
const CostModel& kRlsviCost = RegisterCostModel({"rlsvi",
                                                 "episode x S A H",
                                                 7.26e-8,
                                                 {{experiment_names::kRlsviPrivacyFig,
                                                   "default",
                                                   {"num_episodes=100000"},
                                                   "riverswim-rlsvi"}}});

const OptionBinding<RlsviOptions>& RlsviBinding() {
  static const auto* binding =
      &(*new OptionBinding<RlsviOptions>("agent rlsvi"))
           .Float("beta_scale", &RlsviOptions::beta_scale,
                  "c in beta_k = c (1/2) S H^3 ln(2HSAk) (1 = Alg. 1), finite, > 0")
           .Optional();
  return *binding;
}

const bool kRegistered = RegisterTabularAgent(BoundTabularAgent<RlsviOptions>(
    "rlsvi", "RLSVI (Lu et al. 2026, Alg. 1), (eps, delta)-JDP for rewards", "RLSVI",
    RlsviBinding(), RlsviOptions(), NoSettings<RlsviOptions>,
    [](const RlsviOptions& options, const TabularShape& shape, const RandomStream& noise_stream) {
      return AsTabularAgent(RlsviAgent::Create(shape, options, noise_stream));
    },
    PerCellEpisodeCost(kRlsviCost),
    TabularPrivacy{"(eps,delta)-JDP", "rewards", "reward-JDP", "", "", "replacement"},
    /*optimistic=*/false, /*unwritten_parameters=*/{"beta_scale"}));

}  // namespace
}  // namespace dprl
