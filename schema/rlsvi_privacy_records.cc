#include "schema/rlsvi_privacy_records.h"

#include "schema/attribute_fields.h"

namespace dprl {

namespace fields = attribute_fields;

const OptionBinding<RlsviPrivacyKindSetting>& RlsviPrivacyKindBinding() {
  static const auto* binding =
      &(*new OptionBinding<RlsviPrivacyKindSetting>("an RLSVI privacy group"))
           .Choice(fields::kKind, &RlsviPrivacyKindSetting::kind,
                   {{RlsviPrivacyKind::kPrivacyCurve, "privacy_curve"},
                    {RlsviPrivacyKind::kRegret, "regret"}});
  return *binding;
}

const OptionBinding<PrivacyCurveSettings>& PrivacyCurveBinding() {
  using Curve = PrivacyCurveSettings;
  static const auto* binding =
      &(*new OptionBinding<Curve>("the privacy curve"))
           .Int(fields::kNumStates, [](Curve& c) -> int& { return c.shape.num_states; })
           .Int(fields::kNumActions, [](Curve& c) -> int& { return c.shape.num_actions; })
           .Int(fields::kHorizon, [](Curve& c) -> int& { return c.shape.horizon; })
           .Float(fields::kTargetDelta, &Curve::target_delta, "of the curve")
           .Int(fields::kMaxEpisodes, &Curve::max_episodes)
           .Int(fields::kPointsPerDecade, &Curve::points_per_decade);
  return *binding;
}

const OptionBinding<PrivacyRecord>& PrivacyClaimBinding() {
  static const auto* binding =
      &(*new OptionBinding<PrivacyRecord>("the privacy claim"))
           .String(fields::kPrivacyProtects, &PrivacyRecord::privacy_protects)
           .String(fields::kPrivacyNotion, &PrivacyRecord::privacy_notion);
  return *binding;
}

const OptionBinding<PrivacyRecord>& PrivacyAccountingBinding() {
  static const auto* binding =
      &(*new OptionBinding<PrivacyRecord>("the privacy accounting"))
           .Float(fields::kTargetDelta, &PrivacyRecord::target_delta)
           .String(fields::kPrivacyAccounting, &PrivacyRecord::privacy_accounting)
           .Optional();
  return *binding;
}

// RLSVI's privacy_epsilon is not an input of the agent but the accountant's value at
// target_delta, and its neighbours are of one kind only: the qualifiers say which.
const OptionBinding<PrivacyRecord>& RlsviGuaranteeBinding() {
  static const auto* binding =
      &(*new OptionBinding<PrivacyRecord>("RLSVI's guarantee"))
           .Float(fields::kPrivacyEpsilon, &PrivacyRecord::privacy_epsilon,
                  "at target_delta, paper conversion (Cor. 14)")
           .Float(fields::kPrivacyEpsilonImproved, &PrivacyRecord::privacy_epsilon_improved)
           .Optional()
           .String(fields::kNeighbourRelation, &PrivacyRecord::neighbour_relation,
                   "neighbours replace one episode's rewards");
  return *binding;
}

}  // namespace dprl
