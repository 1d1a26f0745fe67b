// Registers the tabular agent toy_bonus (toy_bonus_agent.h), the worked example of
// docs/extending.md, in the place of experiments/tabular/agents/<agent>.cc: its cost-model row,
// its parameters bound once and its registry entry. Linked only into the testonly targets of
// tests/extending. Parameters: failure_probability (delta), num_episodes (K).
#include "experiments/core/task_cost_model.h"
#include "experiments/tabular/tabular_registry.h"
#include "schema/attribute_fields.h"
#include "tests/extending/toy_bonus_agent.h"
#include "tests/extending/toy_bonus_task_names.h"

namespace dprl {
namespace {

// Its planner on exact counts costs what UCB-VI's does (the same planning and statistics); the
// probe is the toy result's configuration that //experiments:cost_model_calibration would time.
const CostModel& kToyBonusCost = RegisterCostModel({"toy_bonus",
                                                    "episode x S A H",
                                                    2.36e-8,
                                                    {{experiment_names::kToyBonusFig,
                                                      "default",
                                                      {"num_episodes=1000000"},
                                                      "riverswim-toy_bonus"}}});

const bool kRegistered = RegisterTabularAgent(BoundTabularAgent<ToyBonusOptions>(
    "toy_bonus",
    "the worked example of docs/extending.md: optimistic value iteration with the bonus "
    "H sqrt(L/(2N)); no guarantee, non-private",
    "Toy bonus (non-private)",
    (*new OptionBinding<ToyBonusOptions>("agent toy_bonus"))
        .Float(attribute_fields::kFailureProbability, &ToyBonusOptions::failure_probability,
               "delta in L = ln(2SAT/delta), in (0, 1)")
        .Int(attribute_fields::kNumEpisodes, &ToyBonusOptions::num_episodes, "T = KH in L"),
    ToyBonusOptions(),
    [](const TabularAgentSettings& settings, ToyBonusOptions& options) {
      options.num_episodes = settings.num_episodes;
      options.failure_probability = settings.failure_probability;
    },
    [](const ToyBonusOptions& options, const TabularShape& shape, const RandomStream&) {
      return AsTabularAgent(ToyBonusAgent::Create(shape, options));
    },
    PerCellEpisodeCost(kToyBonusCost), /*privacy=*/std::nullopt));

}  // namespace
}  // namespace dprl
