// Registers the tabular agent pucb_noiseless (algorithms/tabular/noiseless_pucb.h): PUCB's planner
// on exact counts ("eps = infinity"), non-private. Parameter: failure_probability (beta of the
// bonuses).
#include "algorithms/tabular/noiseless_pucb.h"
#include "experiments/core/task_cost_model.h"
#include "experiments/tabular/tabular_registry.h"
#include "experiments/vietri/vietri_lower_bound_task_names.h"
#include "experiments/vietri/vietri_task_names.h"

namespace dprl {
namespace {

const CostModel& kPucbNoiselessCost =
    RegisterCostModel({"pucb_noiseless",
                       "episode x S A H",
                       2.61e-8,
                       {{experiment_names::kVietriFig,
                         "default",
                         {"num_episodes=100000"},
                         "riverswim-pucb_noiseless"},
                        {experiment_names::kVietriLowerBoundFig,
                         "default",
                         {"num_episodes=1000000", "instances=n2_m1_H2", "alpha_primes=0.5"},
                         "lower_bound_n2_m1_H2-pucb_noiseless"}}});

const bool kRegistered = RegisterTabularAgent(BoundTabularAgent<NoiselessPucbOptions>(
    "pucb_noiseless", "PUCB's planner on exact counts (eps = infinity), non-private",
    "PUCB, exact counts",
    NewFailureProbabilityBinding<NoiselessPucbOptions>("agent pucb_noiseless",
                                                       "beta of the bonuses, in (0, 1)"),
    NoiselessPucbOptions(), SetFailureProbability<NoiselessPucbOptions>,
    [](const NoiselessPucbOptions& options, const TabularShape& shape, const RandomStream&) {
      return AsTabularAgent(NoiselessPucbAgent::Create(shape, options));
    },
    PerCellEpisodeCost(kPucbNoiselessCost), /*privacy=*/std::nullopt));

}  // namespace
}  // namespace dprl
