// Registers the tabular agent ucbvi (algorithms/tabular/ucbvi.h): Azar et al. 2017's UCB-VI,
// Alg. 1-2 with the Hoeffding bonus, non-private. Parameters: failure_probability (delta),
// num_episodes (K).
#include "algorithms/tabular/ucbvi.h"

#include "experiments/chowdhury_zhou/jdp_tabular_task_names.h"
#include "experiments/core/task_cost_model.h"
#include "experiments/tabular/tabular_registry.h"
#include "schema/attribute_fields.h"

namespace dprl {
namespace {

// UCB-VI's planner on exact counts.
const CostModel& kUcbviCost =
    RegisterCostModel({"ucbvi",
                       "episode x S A H",
                       2.36e-8,
                       {{experiment_names::kJdpTabularFig,
                         "default",
                         {"num_episodes=1000000", "environments=riverswim", "private_agents=pucb"},
                         "riverswim-ucbvi"}}});

const bool kRegistered = RegisterTabularAgent(BoundTabularAgent<UcbviOptions>(
    "ucbvi", "UCB-VI (Azar et al. 2017, Alg. 1-2, Hoeffding bonus 7HL/sqrt(N)), non-private",
    "UCB-VI (Hoeffding)",
    (*new OptionBinding<UcbviOptions>("agent ucbvi"))
        .Float(attribute_fields::kFailureProbability, &UcbviOptions::failure_probability,
               "delta in L = ln(5SAT/delta), in (0, 1)")
        .Int(attribute_fields::kNumEpisodes, &UcbviOptions::num_episodes, "T = KH in L"),
    UcbviOptions(),
    [](const TabularAgentSettings& settings, UcbviOptions& options) {
      options.num_episodes = settings.num_episodes;
      options.failure_probability = settings.failure_probability;
    },
    [](const UcbviOptions& options, const TabularShape& shape, const RandomStream&) {
      return AsTabularAgent(UcbviAgent::Create(shape, options));
    },
    PerCellEpisodeCost(kUcbviCost), /*privacy=*/std::nullopt));

}  // namespace
}  // namespace dprl
