// Registers the tabular agent private_ucbvi (algorithms/tabular/private_ucbvi.h): Chowdhury &
// Zhou 2022's Private-UCB-VI with tree-based private counts, eps-JDP. Parameters: privacy_epsilon,
// failure_probability (delta), num_episodes (K), neighbour_relation (add_remove | replacement;
// default add_remove).
#include "experiments/tabular/agents/private_ucbvi.h"

#include "algorithms/tabular/private_ucbvi.h"
#include "common/status_macros.h"
#include "experiments/chowdhury_zhou/jdp_tabular_task_names.h"
#include "experiments/core/task_cost_model.h"
#include "experiments/tabular/tabular_registry.h"
#include "schema/attribute_fields.h"
#include "schema/tabular_records.h"

namespace dprl {
namespace {

// It reads every tree counter of its 2SAH + S^2AH counts every episode, so its cost grows with
// S^2 A H.
const CostModel& kPrivateUcbviCost = RegisterCostModel(
    {"private_ucbvi",
     "episode x S^2 A H",
     7.22e-8,
     {{experiment_names::kJdpTabularFig,
       "default",
       {"environments=riverswim", "private_agents=private_ucbvi", "privacy_epsilons=1000"},
       "riverswim-private_ucbvi-eps=1000"}}});

double PrivateUcbviCoreSeconds(const ConfigSpec&, const TabularShape& shape, int64_t num_episodes) {
  const double unit = static_cast<double>(shape.StateActionSteps()) * shape.num_states;
  return kPrivateUcbviCost.core_seconds_per_unit * unit * static_cast<double>(num_episodes);
}

const bool kRegistered = RegisterTabularAgent(BoundTabularAgent<PrivateUcbviOptions>(
    "private_ucbvi", "Private-UCB-VI (Chowdhury & Zhou 2022, tree-based private counts), eps-JDP",
    "Private-UCB-VI",
    (*new OptionBinding<PrivateUcbviOptions>("agent private_ucbvi"))
        .Float(attribute_fields::kPrivacyEpsilon, &PrivateUcbviOptions::privacy_epsilon,
               "JDP under neighbour_relation")
        .Float(attribute_fields::kFailureProbability, &PrivateUcbviOptions::failure_probability,
               "delta, half for E and half for L, in (0, 1)")
        .Int(attribute_fields::kNumEpisodes, &PrivateUcbviOptions::num_episodes,
             "sizes the binary counters")
        .Choice(attribute_fields::kNeighbourRelation, &PrivateUcbviOptions::neighbour_relation,
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
    PrivateUcbviCoreSeconds,
    TabularPrivacy{"eps-JDP", "states_and_rewards", "JDP", hdf5_names::kPrivacyEpsilon,
                   hdf5_names::kNeighbourRelation, ""}));

}  // namespace

absl::StatusOr<AttributeList> PrivateUcbviAttributes(const TabularShape& shape,
                                                     double privacy_epsilon,
                                                     const TabularAgentSettings& settings) {
  PrivateUcbviOptions options;
  options.privacy_epsilon = privacy_epsilon;
  options.failure_probability = settings.failure_probability;
  options.num_episodes = settings.num_episodes;
  PucbGuarantee guarantee;
  ASSIGN_OR_RETURN(guarantee.error_bound, PrivateUcbviErrorBound(shape, options));
  guarantee.privacy_epsilon_replacement = 2 * privacy_epsilon;
  guarantee.counter_epsilon = PrivateUcbviCounterEpsilon(shape, options);
  // The registered binding writes the options; privacy_epsilon is the grid's, not the default.
  AttributeList attributes = FindTabularAgent("private_ucbvi")->attributes(settings);
  for (auto& [name, value] : attributes) {
    if (name == hdf5_names::kPrivacyEpsilon) value = privacy_epsilon;
  }
  PucbGuaranteeBinding().Write(guarantee, attributes);
  return attributes;
}

}  // namespace dprl
