// Registers the tabular agents ubev and ubev_as_run (algorithms/tabular/ubev.h): Dann et al.
// 2017's UBEV as printed and as its authors' code runs it, non-private. Parameter:
// failure_probability (delta of Alg. 1).
#include "algorithms/tabular/ubev.h"

#include "experiments/core/task_cost_model.h"
#include "experiments/tabular/tabular_registry.h"
#include "experiments/vietri/vietri_lower_bound_task_names.h"
#include "experiments/vietri/vietri_task_names.h"

namespace dprl {
namespace {

// Both variants: exact counts, Hoeffding-style bonus.
const CostModel& kUbevCost = RegisterCostModel(
    {"ubev",
     "episode x S A H",
     2.29e-8,
     {{experiment_names::kVietriFig, "default", {"num_episodes=100000"}, "riverswim-ubev"},
      {experiment_names::kVietriLowerBoundFig,
       "default",
       {"num_episodes=1000000", "instances=n2_m1_H2", "alpha_primes=0.5"},
       "lower_bound_n2_m1_H2-ubev"}}});

UbevOptions UbevAsRunDefaults() {
  UbevOptions options;
  options.transition_bonus = UbevTransitionBonus::kObservedValueRange;
  return options;
}

absl::StatusOr<std::unique_ptr<TabularAgent>> MakeUbev(const UbevOptions& options,
                                                       const TabularShape& shape,
                                                       const RandomStream&) {
  return AsTabularAgent(UbevAgent::Create(shape, options));
}

const bool kUbevRegistered = RegisterTabularAgent(BoundTabularAgent<UbevOptions>(
    "ubev", "UBEV (Dann et al. 2017, Alg. 1 as printed: transition bonus (H - t) phi), non-private",
    "UBEV (paper's Alg. 1)",
    NewFailureProbabilityBinding<UbevOptions>("agent ubev", "delta of Alg. 1, in (0, 1)"),
    UbevOptions(), SetFailureProbability<UbevOptions>, MakeUbev, PerCellEpisodeCost(kUbevCost),
    /*privacy=*/std::nullopt));

const bool kUbevAsRunRegistered = RegisterTabularAgent(BoundTabularAgent<UbevOptions>(
    "ubev_as_run",
    "UBEV as run in the authors' code (Dann et al., FiniteEpisodicRL.jl ubev.jl): transition "
    "bonus scaled by the observed range max V - min V of the next values, non-private",
    "UBEV (authors' code)",
    NewFailureProbabilityBinding<UbevOptions>("agent ubev_as_run", "delta of Alg. 1, in (0, 1)"),
    UbevAsRunDefaults(), SetFailureProbability<UbevOptions>, MakeUbev,
    PerCellEpisodeCost(kUbevCost), /*privacy=*/std::nullopt));

}  // namespace
}  // namespace dprl
