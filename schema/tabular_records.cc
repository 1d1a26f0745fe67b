#include "schema/tabular_records.h"

#include "schema/attribute_fields.h"

namespace dprl {

namespace fields = attribute_fields;

const OptionBinding<TabularTypeNames>& TabularEnvironmentNameBinding() {
  static const auto* binding = &(*new OptionBinding<TabularTypeNames>("the tabular registry"))
                                    .String(fields::kEnv, &TabularTypeNames::env);
  return *binding;
}

const OptionBinding<TabularTypeNames>& TabularAgentNameBinding() {
  static const auto* binding = &(*new OptionBinding<TabularTypeNames>("the tabular registry"))
                                    .String(fields::kAgent, &TabularTypeNames::agent);
  return *binding;
}

const OptionBinding<TabularShape>& TabularShapeBinding() {
  static const auto* binding = &(*new OptionBinding<TabularShape>("the MDP"))
                                    .Int(fields::kNumStates, &TabularShape::num_states)
                                    .Int(fields::kNumActions, &TabularShape::num_actions)
                                    .Int(fields::kHorizon, &TabularShape::horizon);
  return *binding;
}

const OptionBinding<MarkovGameShape>& MarkovGameShapeBinding() {
  static const auto* binding = &(*new OptionBinding<MarkovGameShape>("the Markov game"))
                                    .Int(fields::kNumStates, &MarkovGameShape::num_states)
                                    .Int(fields::kNumMaxActions, &MarkovGameShape::num_max_actions)
                                    .Int(fields::kNumMinActions, &MarkovGameShape::num_min_actions)
                                    .Int(fields::kHorizon, &MarkovGameShape::horizon);
  return *binding;
}

const OptionBinding<TabularRegretSettings>& TabularRegretSettingsBinding() {
  static const auto* binding =
      &(*new OptionBinding<TabularRegretSettings>("the regret run"))
           .Int(fields::kNumEpisodes, &TabularRegretSettings::num_episodes);
  return *binding;
}

const OptionBinding<DisplayLabel>& DisplayLabelBinding() {
  static const auto* binding = &(*new OptionBinding<DisplayLabel>("the figure"))
                                    .String(fields::kLabel, &DisplayLabel::label);
  return *binding;
}

const OptionBinding<PucbGuarantee>& PucbGuaranteeBinding() {
  static const auto* binding =
      &(*new OptionBinding<PucbGuarantee>("PUCB's guarantee"))
           .Float(fields::kPrivacyEpsilonReplacement, &PucbGuarantee::privacy_epsilon_replacement)
           .Optional()
           .Float(fields::kErrorBound, &PucbGuarantee::error_bound)
           .Float(fields::kCounterEpsilon, &PucbGuarantee::counter_epsilon)
           .Optional();
  return *binding;
}

const OptionBinding<TabularAgentParameters>& TabularAgentParametersBinding() {
  using Parameters = TabularAgentParameters;
  static const auto* binding =
      &(*new OptionBinding<Parameters>("the tabular agent"))
           .Float(fields::kPrivacyEpsilon, &Parameters::privacy_epsilon)
           .Optional()
           .Float(fields::kFailureProbability, &Parameters::failure_probability)
           .Optional()
           .String(fields::kNeighbourRelation, &Parameters::neighbour_relation)
           .Optional()
           .String(fields::kErrorBoundMethod, &Parameters::error_bound_method)
           .Optional();
  return *binding;
}

// The qualifiers say what PUCB's parameters are in Vietri et al. 2020's Alg. 2-3: its
// failure_probability is the beta of its bonuses and of E_eps, its num_episodes sizes its
// counters, and its two choices select the counters' calibration and their E.
const OptionBinding<PucbOptions>& PucbBinding() {
  using Relation = PucbNeighbourRelation;
  using Method = PucbErrorBoundMethod;
  static const auto* binding =
      &(*new OptionBinding<PucbOptions>("agent pucb"))
           .Float(fields::kPrivacyEpsilon, &PucbOptions::privacy_epsilon)
           .Float(fields::kFailureProbability, &PucbOptions::failure_probability,
                  "beta of the bonuses and of E_eps, in (0, 1)")
           .Int(fields::kNumEpisodes, &PucbOptions::num_episodes, "sizes the binary counters")
           .Choice(fields::kNeighbourRelation, &PucbOptions::neighbour_relation,
                   {{Relation::kAddRemove, PucbNeighbourRelationName(Relation::kAddRemove)},
                    {Relation::kReplacement, PucbNeighbourRelationName(Relation::kReplacement)}},
                   "add_remove is Alg. 2's eps/(3H), replacement eps/(6H)")
           .Optional()
           .Choice(fields::kErrorBoundMethod, &PucbOptions::error_bound_method,
                   {{Method::kPaper, PucbErrorBoundMethodName(Method::kPaper)},
                    {Method::kExactTail, PucbErrorBoundMethodName(Method::kExactTail)}},
                   "paper is Alg. 3's E_eps, exact_tail the exact tail bound (same privacy)")
           .Optional();
  return *binding;
}

}  // namespace dprl
