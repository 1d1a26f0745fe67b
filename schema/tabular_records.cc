#include "schema/tabular_records.h"

#include "common/hdf5_names.h"

namespace dprl {

const OptionBinding<TabularTypeNames>& TabularEnvironmentNameBinding() {
  static const auto* binding = &(*new OptionBinding<TabularTypeNames>("the tabular registry"))
                                    .String(hdf5_names::kEnv, &TabularTypeNames::env,
                                            "a registered environment (or lower-bound instance)");
  return *binding;
}

const OptionBinding<TabularTypeNames>& TabularAgentNameBinding() {
  static const auto* binding =
      &(*new OptionBinding<TabularTypeNames>("the tabular registry"))
           .String(hdf5_names::kAgent, &TabularTypeNames::agent, "a registered agent");
  return *binding;
}

const OptionBinding<TabularShape>& TabularShapeBinding() {
  static const auto* binding =
      &(*new OptionBinding<TabularShape>("the MDP"))
           .Int(hdf5_names::kNumStates, &TabularShape::num_states, "S, states of the MDP")
           .Int(hdf5_names::kNumActions, &TabularShape::num_actions, "A, actions of the MDP")
           .Int(hdf5_names::kHorizon, &TabularShape::horizon, "H, steps of an episode");
  return *binding;
}

const OptionBinding<TabularRegretSettings>& TabularRegretSettingsBinding() {
  static const auto* binding =
      &(*new OptionBinding<TabularRegretSettings>("the regret run"))
           .Int(hdf5_names::kNumEpisodes, &TabularRegretSettings::num_episodes,
                "T, episodes of the run");
  return *binding;
}

const OptionBinding<DisplayLabel>& DisplayLabelBinding() {
  static const auto* binding =
      &(*new OptionBinding<DisplayLabel>("the figure"))
           .String(hdf5_names::kLabel, &DisplayLabel::label, "legend text of the group's curve");
  return *binding;
}

const OptionBinding<PucbGuarantee>& PucbGuaranteeBinding() {
  static const auto* binding =
      &(*new OptionBinding<PucbGuarantee>("PUCB's guarantee"))
           .Float(hdf5_names::kPrivacyEpsilonReplacement,
                  &PucbGuarantee::privacy_epsilon_replacement,
                  "the epsilon of the same run under replacement")
           .Optional()
           .Float(hdf5_names::kErrorBound, &PucbGuarantee::error_bound,
                  "E of the bonuses and of the 2E threshold")
           .Float(hdf5_names::kCounterEpsilon, &PucbGuarantee::counter_epsilon,
                  "eps' of every counter")
           .Optional();
  return *binding;
}

const OptionBinding<TabularAgentParameters>& TabularAgentParametersBinding() {
  using Parameters = TabularAgentParameters;
  static const auto* binding =
      &(*new OptionBinding<Parameters>("the tabular agent"))
           .Float(hdf5_names::kPrivacyEpsilon, &Parameters::privacy_epsilon,
                  "eps of the agent's guarantee under neighbour_relation")
           .Optional()
           .Float(hdf5_names::kFailureProbability, &Parameters::failure_probability,
                  "beta of the agent's bonuses")
           .Optional()
           .String(hdf5_names::kNeighbourRelation, &Parameters::neighbour_relation,
                   "what privacy_epsilon is for")
           .Optional()
           .String(hdf5_names::kErrorBoundMethod, &Parameters::error_bound_method,
                   "how PUCB's E is computed")
           .Optional();
  return *binding;
}

const OptionBinding<PucbOptions>& PucbBinding() {
  using Relation = PucbNeighbourRelation;
  using Method = PucbErrorBoundMethod;
  static const auto* binding =
      &(*new OptionBinding<PucbOptions>("agent pucb"))
           .Float(hdf5_names::kPrivacyEpsilon, &PucbOptions::privacy_epsilon,
                  "eps of the JDP guarantee under neighbour_relation")
           .Float(hdf5_names::kFailureProbability, &PucbOptions::failure_probability,
                  "beta of the bonuses and of E_eps, in (0, 1)")
           .Int(hdf5_names::kNumEpisodes, &PucbOptions::num_episodes,
                "T, which sizes the binary counters")
           .Choice(hdf5_names::kNeighbourRelation, &PucbOptions::neighbour_relation,
                   {{Relation::kAddRemove, PucbNeighbourRelationName(Relation::kAddRemove)},
                    {Relation::kReplacement, PucbNeighbourRelationName(Relation::kReplacement)}},
                   "what privacy_epsilon is for: add_remove is Alg. 2's eps/(3H), replacement "
                   "eps/(6H)")
           .Optional()
           .Choice(hdf5_names::kErrorBoundMethod, &PucbOptions::error_bound_method,
                   {{Method::kPaper, PucbErrorBoundMethodName(Method::kPaper)},
                    {Method::kExactTail, PucbErrorBoundMethodName(Method::kExactTail)}},
                   "E of the bonuses: paper is Alg. 3's E_eps, exact_tail the exact tail bound "
                   "(same privacy)")
           .Optional();
  return *binding;
}

}  // namespace dprl
